/// "Often together": for each tag on enough entries, the average mood of entries
/// with it and of those without it. Only entries whose tags this build shows count
/// (published ones: mood-only entries of the public build have no tags, and would
/// pass for entries without any), and only those with a mood.
public struct TagEffects: Sendable {
    public struct Row: Sendable, Equatable {
        public let tag: String
        /// Entries with the tag and a mood, and their mean score.
        public let withCount: Int
        public let withAverage: Double
        /// Entries with a mood but not the tag, and their mean score.
        public let withoutCount: Int
        public let withoutAverage: Double
        /// The mood most of the tag's entries have; of equal counts, the one the scale lists first.
        public let commonMood: Mood
        public var effect: Double { withAverage - withoutAverage }
    }

    /// Fewer entries than this say too little to show.
    public static let minimumEntries = 5

    /// Largest effect first; equal effects by more entries, then by name.
    public let rows: [Row]

    public init(diary: Diary) {
        var totalSum = 0.0, totalCount = 0
        var sums: [String: (sum: Double, count: Int, moods: [String: Int])] = [:]
        for entry in diary.entries where entry.isPublished {
            guard let mood = entry.mood else { continue }
            totalSum += mood.score
            totalCount += 1
            // A tag written twice on one entry counts once.
            for tag in Set(entry.tags) {
                var tally = sums[tag, default: (0, 0, [:])]
                tally.sum += mood.score
                tally.count += 1
                tally.moods[mood.id, default: 0] += 1
                sums[tag] = tally
            }
        }
        let scale = diary.moods
        self.rows = sums.compactMap { tag, tally -> Row? in
            let withoutCount = totalCount - tally.count
            guard tally.count >= TagEffects.minimumEntries, withoutCount > 0 else { return nil }
            let most = tally.moods.values.max()!
            let common = scale.moods.first { tally.moods[$0.id] == most }!
            return Row(tag: tag, withCount: tally.count, withAverage: tally.sum / Double(tally.count),
                       withoutCount: withoutCount, withoutAverage: (totalSum - tally.sum) / Double(withoutCount), commonMood: common)
        }.sorted { a, b in
            if a.effect != b.effect { return a.effect > b.effect }
            return a.withCount != b.withCount ? a.withCount > b.withCount : a.tag < b.tag
        }
    }
}
