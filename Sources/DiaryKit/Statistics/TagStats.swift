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
        // Each tag as written is looked up once an entry, and counted by number: hashing
        // its name again for its folder, its group and its count was most of planning
        // the tags pages. `tagGroup[t]` is tag t's page, `uses[t]` how often it is written.
        var tagNumber: [String: Int] = [:]
        var tagNames: [String] = [], tagGroup: [Int] = [], uses: [Int] = []
        var groupNumber: [String: Int] = [:]
        var folders: [String] = [], groupEntries: [[Entry]] = []
        // Newest first: the days from the last, each day's entries from its last.
        for day in diary.days.reversed() {
            for entry in day.entries.reversed() where entry.isPublished && !entry.tags.isEmpty {
                var groupsOfEntry: [Int] = []
                for tag in entry.tags {
                    let number: Int
                    if let known = tagNumber[tag] {
                        number = known
                    } else {
                        let folder = SitePaths.tagFolder(tag)
                        let group = groupNumber[folder] ?? folders.count
                        if group == folders.count {
                            groupNumber[folder] = group
                            folders.append(folder)
                            groupEntries.append([])
                        }
                        number = tagNames.count
                        tagNumber[tag] = number
                        tagNames.append(tag)
                        tagGroup.append(group)
                        uses.append(0)
                    }
                    uses[number] += 1
                    let group = tagGroup[number]
                    if !groupsOfEntry.contains(group) {
                        groupsOfEntry.append(group)
                        groupEntries[group].append(entry)
                    }
                }
            }
        }
        var groupNames = [[(name: String, uses: Int)]](repeating: [], count: folders.count)
        for (number, name) in tagNames.enumerated() { groupNames[tagGroup[number]].append((name, uses[number])) }
        let moodIndex = Dictionary(diary.moods.moods.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.tags = folders.indices.map { group in
            var counts = Array(repeating: 0, count: diary.moods.moods.count)
            for entry in groupEntries[group] { if let index = entry.mood.flatMap({ moodIndex[$0.id] }) { counts[index] += 1 } }
            let names = groupNames[group].sorted { $0.uses != $1.uses ? $0.uses > $1.uses : $0.name < $1.name }.map(\.name)
            return Tag(folder: folders[group], names: names, entries: groupEntries[group], moodCounts: counts)
        }.sorted { $0.entries.count != $1.entries.count ? $0.entries.count > $1.entries.count : $0.name < $1.name }
    }
}
