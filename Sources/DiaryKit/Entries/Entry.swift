/// Who may see an entry in the public build (the local build shows everything).
public enum Visibility: String, Sendable {
    /// Its mood counts in public calendars and recaps; its words stay private.
    case moodOnly = "default"
    /// Published in full.
    case `public`
    /// Nothing of it is published, not even its mood.
    case `private`
}

/// One diary entry, parsed and rendered. A class, though it never changes: days,
/// months, recaps and pages all hold entries, and copying a struct of this many
/// fields was a large part of a rebuild.
public final class Entry: Sendable {
    public let source: SourceFile
    public let date: CivilDate
    /// Seconds since midnight when the date had a time; orders a day's entries.
    public let secondsIntoDay: Int?
    public let mood: Mood
    public let title: String?
    public let tags: [String]
    public let visibility: Visibility
    public let body: RenderedMarkdown
    /// Whether this build shows the entry's words and gives it a day page: always
    /// in the author's build, only for `public: true` entries in the public build.
    public let isPublished: Bool
    /// Content paths of the files in content/ the entry links to or shows.
    public let linkedAssets: [String]

    public init(source: SourceFile, date: CivilDate, secondsIntoDay: Int?, mood: Mood, title: String?, tags: [String],
                visibility: Visibility, body: RenderedMarkdown, isPublished: Bool, linkedAssets: [String]) {
        self.source = source
        self.date = date
        self.secondsIntoDay = secondsIntoDay
        self.mood = mood
        self.title = title
        self.tags = tags
        self.visibility = visibility
        self.body = body
        self.isPublished = isPublished
        self.linkedAssets = linkedAssets
    }
}

/// Who a build is for.
public enum Audience: Sendable {
    /// The diary's author: everything.
    case author
    /// The world: moods of entries that are not private, words of public entries only.
    case world
}
