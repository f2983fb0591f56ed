/// One diary entry, parsed and converted. A class, though it never changes: days,
/// months, recaps and pages all hold entries, and share them rather than copy
/// this many fields. Its front-matter's fields read as its own (`entry.date`, `entry.mood`).
public final class Entry: Sendable, EntryMetadataHolder {
    public let source: SourceFile
    public let metadata: EntryMetadata
    public let body: EntryBody
    /// Whether this build shows the entry's words and gives it a day page: always
    /// in the author's build, only for `public: true` entries in the public build.
    public let isPublished: Bool
    /// Content paths of the files in content/ the entry links to or shows.
    public let linkedAssets: [String]
    /// Each review's cover as pages link it: a path from the site's root, or a web
    /// address; nil when the review has none or it is not there.
    public let reviewCovers: [String?]
    /// The photos the entry shows or links, each once, in the order written.
    public let photos: [Photo]
    /// What a list of entries shows of it (its date, mood, title and excerpt), taken once:
    /// a tag's pages and the lists of entries each add it to their inputs.
    let summary: Fingerprint

    public init(source: SourceFile, metadata: EntryMetadata, body: EntryBody, isPublished: Bool, linkedAssets: [String],
                reviewCovers: [String?] = [], photos: [Photo] = []) {
        self.source = source
        self.metadata = metadata
        self.body = body
        self.isPublished = isPublished
        self.linkedAssets = linkedAssets
        self.reviewCovers = reviewCovers
        self.photos = photos
        var summary = Fingerprint()
        summary.add(metadata.date.dayNumber)
        summary.optional(metadata.mood?.id)
        summary.optional(metadata.title)
        summary.add(body.excerptFingerprint.value)
        self.summary = summary
    }
}

/// Who a build is for.
public enum Audience: Sendable {
    /// The diary's author: everything.
    case author
    /// The world: moods of entries that are not private, words of public entries only.
    case world
}
