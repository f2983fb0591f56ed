/// Who may see an entry in the public build (the local build shows everything).
public enum Visibility: String, Sendable {
    /// Its mood counts in public calendars and recaps; its words stay private.
    case moodOnly = "default"
    /// Published in full.
    case `public`
    /// Nothing of it is published, not even its mood.
    case `private`
}

/// One diary entry, parsed and rendered.
public struct Entry: Sendable {
    public let source: SourceFile
    public let date: CivilDate
    /// Seconds since midnight when the date had a time; orders a day's entries.
    public let secondsIntoDay: Int?
    public let mood: Mood
    public let title: String?
    public let tags: [String]
    public let visibility: Visibility
    public let body: RenderedMarkdown
}
