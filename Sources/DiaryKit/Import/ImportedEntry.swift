/// One entry read from another diary app's export, before its mood is mapped and
/// its file is planned: the shape every importer hands on.
public struct ImportedEntry: Equatable, Sendable {
    /// The row or entry number messages name it by (`row 5`, `entry 3`).
    public let number: Int
    public let date: CivilDate
    /// Seconds since midnight, when the app kept a time.
    public let secondsIntoDay: Int?
    /// Seconds east of UTC where the entry was written, when the app kept it; written
    /// after the time (`+09:00`), which orders a day's entries but never moves them.
    public let utcOffset: Int?
    /// The app's own mood name, as written there; nil for apps without moods.
    public let moodName: String?
    /// The name the mood is mapped by when `moodName` maps to none of the diary's moods:
    /// for a custom mood in Daylio's backup, the default name of its level (`rad` … `awful`).
    public let fallbackMoodName: String?
    public let title: String?
    public let tags: [String]
    public let body: String
    /// What has no field of its own (Daylio's mood name, Day One's uuid, …), kept in
    /// the front-matter in this order so a later re-import or export loses nothing.
    public let extraFields: [FrontMatterField]
    /// Files the entry shows, copied beside it.
    public let attachments: [Attachment]

    public init(number: Int, date: CivilDate, secondsIntoDay: Int?, utcOffset: Int? = nil, moodName: String?, fallbackMoodName: String? = nil,
                title: String?, tags: [String], body: String, extraFields: [FrontMatterField] = [], attachments: [Attachment] = []) {
        self.number = number
        self.date = date
        self.secondsIntoDay = secondsIntoDay
        self.utcOffset = utcOffset
        self.moodName = moodName
        self.fallbackMoodName = fallbackMoodName
        self.title = title
        self.tags = tags
        self.body = body
        self.extraFields = extraFields
        self.attachments = attachments
    }

    /// A file in the export that the entry links to.
    public struct Attachment: Hashable, Sendable {
        /// Where it is in the export: `photos/0b3c….jpeg`.
        public let exportPath: String
        /// Its name beside the entry, as the entry's body links to it.
        public let name: String
    }

    /// The entry's file: front-matter diarygen's parser reads, then the body.
    func fileText(mood: Mood?) -> String {
        var text = "---\ndate: \(date)"
        if let secondsIntoDay {
            text += "T\(pad(secondsIntoDay / 3600, 2)):\(pad(secondsIntoDay / 60 % 60, 2))"
            if secondsIntoDay % 60 != 0 { text += ":\(pad(secondsIntoDay % 60, 2))" }
            if let utcOffset {
                let minutes = abs(utcOffset) / 60
                text += "\(utcOffset < 0 ? "-" : "+")\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
            }
        }
        text += "\n"
        if let mood { text += "mood: \(mood.id)\n" }
        if let title { text += "title: \(doubleQuoted(title))\n" }
        if !tags.isEmpty { text += "tags: [\(tags.map(doubleQuoted).joined(separator: ", "))]\n" }
        for field in extraFields { text += "\(field.key): \(field.value.yaml)\n" }
        text += "---\n"
        let trimmedBody = body.withoutTrailingWhitespace
        if !trimmedBody.isEmpty { text += "\n\(trimmedBody)\n" }
        return text
    }
}

/// A front-matter key and its value, as an importer keeps it.
public struct FrontMatterField: Equatable, Sendable {
    public let key: String
    public let value: FrontMatterValue

    public init(_ key: String, _ value: FrontMatterValue) {
        self.key = key
        self.value = value
    }
}

/// A value kept in front-matter, written as YAML that reads back as the same value.
public indirect enum FrontMatterValue: Equatable, Sendable {
    case text(String)
    /// As the source wrote it, so nothing is lost to rounding.
    case number(String)
    case bool(Bool)
    case list([FrontMatterValue])
    case keys([FrontMatterField])

    /// One line of YAML: strings double-quoted, lists and keys in flow style.
    var yaml: String {
        switch self {
        case .text(let text): doubleQuoted(text)
        case .number(let number): number
        case .bool(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(\.yaml).joined(separator: ", ") + "]"
        case .keys(let fields): "{" + fields.map { "\(doubleQuoted($0.key)): \($0.value.yaml)" }.joined(separator: ", ") + "}"
        }
    }
}

extension String {
    var withoutTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isNewline || last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
