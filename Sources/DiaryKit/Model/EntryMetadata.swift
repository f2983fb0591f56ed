/// Who may see an entry in the public build (the local build shows everything).
public enum Visibility: String, Sendable, CaseIterable {
    /// Its mood counts in public calendars and recaps; its words stay private.
    case moodOnly = "default"
    /// Published in full.
    case `public`
    /// Nothing of it is published, not even its mood.
    case `private`
}

/// What an entry's front-matter says, in the one shape that the parser fills, the
/// cache keeps and the entry holds. A new front-matter field is added here (with its
/// line in `EntryMetadataHolder` below), read in `EntryParser`, kept by `CacheArchive`,
/// and hashed in `PageInputs` for the pages that show it.
public struct EntryMetadata: Sendable, Equatable {
    public let date: CivilDate
    /// Seconds since midnight when the date had a time; orders a day's entries.
    public let secondsIntoDay: Int?
    /// Seconds east of UTC when the time had an offset; orders a day's entries by the moment they were written.
    public let utcOffset: Int?
    /// Nil for a day written without a mood: it counts in entries, days and words,
    /// never in mood figures.
    public let mood: Mood?
    public let title: String?
    public let tags: [String]
    public let visibility: Visibility
    /// `draft: true`: left out of every build.
    public let isDraft: Bool
    /// The front-matter's keys that diarygen does not read (`sleep: 7.5`), as written.
    public let otherFields: [String: String]
    public let reviews: [Review]

    public init(date: CivilDate, secondsIntoDay: Int? = nil, utcOffset: Int? = nil, mood: Mood?, title: String? = nil, tags: [String] = [],
                visibility: Visibility = .moodOnly, isDraft: Bool = false, otherFields: [String: String] = [:], reviews: [Review] = []) {
        self.date = date
        self.secondsIntoDay = secondsIntoDay
        self.utcOffset = utcOffset
        self.mood = mood
        self.title = title
        self.tags = tags
        self.visibility = visibility
        self.isDraft = isDraft
        self.otherFields = otherFields
        self.reviews = reviews
    }

    /// What the world may know of a mood-only entry: its day, its time and its mood.
    var moodOnly: EntryMetadata {
        EntryMetadata(date: date, secondsIntoDay: secondsIntoDay, utcOffset: utcOffset, mood: mood, visibility: visibility)
    }
}

/// Something that holds an entry's front-matter: its fields read as its own
/// (`entry.date`, `header.mood`). Plain properties, not a key-path lookup, which
/// costs a runtime type look-up on every read of every entry.
public protocol EntryMetadataHolder {
    var metadata: EntryMetadata { get }
}

extension EntryMetadataHolder {
    public var date: CivilDate { metadata.date }
    public var secondsIntoDay: Int? { metadata.secondsIntoDay }
    public var utcOffset: Int? { metadata.utcOffset }
    public var mood: Mood? { metadata.mood }
    public var title: String? { metadata.title }
    public var tags: [String] { metadata.tags }
    public var visibility: Visibility { metadata.visibility }
    public var isDraft: Bool { metadata.isDraft }
    public var otherFields: [String: String] { metadata.otherFields }
    public var reviews: [Review] { metadata.reviews }
}
