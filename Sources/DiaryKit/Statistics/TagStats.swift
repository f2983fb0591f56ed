/// Every tag of the entries this build shows, with its entries and their moods,
/// for the tags pages. Tags whose names give the same folder (`Work` and `work`)
/// share a page: `check` warns about them.
public struct TagStats: Sendable {
    public struct Tag: Sendable {
        /// The page's folder under `tags/`.
        public let folder: String
        /// The names written that lead here, most used first: usually one.
        public let names: [String]
        /// Newest first; an entry is here once, however many of the names it has.
        public let entries: [Entry]
        /// Per mood of the scale, in its order: how many of the entries have it.
        public let moodCounts: [Int]
        /// The entries written without a mood.
        public var withoutMood: Int { entries.count - moodCounts.reduce(0, +) }
        public var name: String { names.joined(separator: " / ") }
        /// The years of its entries, newest first: each has a page of the tag's entries.
        public let years: [Int]

        init(folder: String, names: [String], entries: [Entry], moodCounts: [Int]) {
            self.folder = folder
            self.names = names
            self.entries = entries
            self.moodCounts = moodCounts
            years = entries.map(\.date.year).reduce(into: []) { years, year in if years.last != year { years.append(year) } }
        }

        /// Its entries of `year`, newest first: a run of `entries`, found by halving, for a
        /// tag of a hundred years has a hundred pages.
        public func entries(of year: Int) -> ArraySlice<Entry> {
            entries[entries.partitioningIndex { $0.date.year <= year }..<entries.partitioningIndex { $0.date.year < year }]
        }
    }

    /// Most entries first, then by name.
    public let tags: [Tag]

    public init(diary: Diary) {
        var grouped: [String: (names: [String: Int], entries: [Entry])] = [:]
        // A tag's folder is worked out once, not at every entry that has it.
        var folderOf: [String: String] = [:]
        // Newest first: the days from the last, each day's entries from its last.
        for day in diary.days.reversed() {
            for entry in day.entries.reversed() where entry.isPublished && !entry.tags.isEmpty {
                var folders: Set<String> = []
                for tag in entry.tags {
                    let folder = folderOf[tag] ?? SitePaths.tagFolder(tag)
                    folderOf[tag] = folder
                    grouped[folder, default: ([:], [])].names[tag, default: 0] += 1
                    if folders.insert(folder).inserted { grouped[folder]!.entries.append(entry) }
                }
            }
        }
        let moodIndex = Dictionary(diary.moods.moods.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.tags = grouped.map { folder, group in
            var counts = Array(repeating: 0, count: diary.moods.moods.count)
            for entry in group.entries { if let index = entry.mood.flatMap({ moodIndex[$0.id] }) { counts[index] += 1 } }
            let names = group.names.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
            return Tag(folder: folder, names: names, entries: group.entries, moodCounts: counts)
        }.sorted { $0.entries.count != $1.entries.count ? $0.entries.count > $1.entries.count : $0.name < $1.name }
    }
}
