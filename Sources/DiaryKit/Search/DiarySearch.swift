/// The entries that match a query and filters, newest first, each with the lines
/// of its file that match: what `diarygen search` prints.
public struct DiarySearch: Sendable {
    /// What narrows a search besides its words; nil lets everything through.
    public struct Filters: Sendable, Equatable {
        public var mood: Mood?
        /// A tag, folded as words are: `--tag travel` finds `Travel`.
        public var tag: String?
        public var from: CivilDate?
        public var to: CivilDate?

        public init(mood: Mood? = nil, tag: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil) {
            self.mood = mood
            self.tag = tag
            self.from = from
            self.to = to
        }

        func admit(_ entry: Entry, tag folded: String?) -> Bool {
            if let from, entry.date < from { return false }
            if let to, entry.date > to { return false }
            if let mood, entry.mood?.id != mood.id { return false }
            if let folded, !entry.tags.contains(where: { SearchText.folded($0) == folded }) { return false }
            return true
        }
    }

    /// An entry found, and where.
    public struct Match: Sendable {
        public let entry: Entry
        /// The file lines (1-based) that hold a word or phrase searched for, in order;
        /// the title's or a tag's front-matter line when only they match; never empty.
        public let lines: [Line]

        public struct Line: Sendable, Equatable {
            public let number: Int
            /// The line as written, without its line break.
            public let text: String
        }

        /// The first line that matches, the one `path:LINE` points at.
        public var line: Line { lines[0] }
    }

    public let query: SearchQuery
    public let filters: Filters

    public init(query: SearchQuery, filters: Filters = Filters()) {
        self.query = query
        self.filters = filters
    }

    /// Searches the entries, reading the files of those the filters let through.
    /// Entries whose file can no longer be read are left out.
    public func matches(in entries: [Entry]) -> [Match] {
        let tag = filters.tag.map(SearchText.folded)
        let admitted = entries.filter { filters.admit($0, tag: tag) }
        let needed = query.wanted.flatMap(\.terms)
        return admitted.concurrentMap { entry in SearchableEntry(entry, needing: needed).flatMap(match) }
            .compactMap { $0 }
            .sorted(by: DiarySearch.newerFirst)
    }

    /// Searches entries already read (filters are applied too).
    public func matches(in entries: [SearchableEntry]) -> [Match] {
        let tag = filters.tag.map(SearchText.folded)
        return entries.filter { filters.admit($0.entry, tag: tag) }.compactMap(match).sorted(by: DiarySearch.newerFirst)
    }

    /// The entry's match, or nil when it lacks a wanted phrase or has one left out.
    func match(_ searchable: SearchableEntry) -> Match? {
        guard query.wanted.allSatisfy(searchable.contains), !query.leftOut.contains(where: searchable.contains) else { return nil }
        var numbers = searchable.bodyLines(matching: query.wanted)
        if numbers.isEmpty {
            let line = searchable.headerLine(matching: query.wanted) ?? searchable.firstWrittenLine ?? searchable.bodyFirstLine
            numbers = [line]
        }
        let lines = numbers.map { Match.Line(number: $0, text: String(searchable.lines[$0] ?? "")) }
        return Match(entry: searchable.entry, lines: lines)
    }

    /// Newest first: by date, then by time of day (an entry without one before those with), then by file.
    static func newerFirst(_ a: Match, _ b: Match) -> Bool {
        let x = a.entry, y = b.entry
        if x.date != y.date { return x.date > y.date }
        if x.secondsIntoDay != y.secondsIntoDay { return (x.secondsIntoDay ?? -1) > (y.secondsIntoDay ?? -1) }
        return x.source.contentPath > y.source.contentPath
    }
}
