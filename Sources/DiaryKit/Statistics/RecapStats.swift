/// Stage 4 of the pipeline: the numbers of a monthly recap.
public struct RecapStats: Sendable {
    public struct MoodShare: Sendable, Equatable {
        public let mood: Mood
        public let count: Int
        public let percent: Int
    }

    public struct TagShare: Sendable, Equatable {
        /// nil for the "other" slice that gathers the tags past the top eight.
        public let tag: String?
        public let count: Int
    }

    /// How a month felt, chosen by where the average falls on the mood scale.
    public enum Verdict: String, Sendable, CaseIterable {
        case wonderful, good, mixed, hard, veryHard = "very_hard"
    }

    public static let topTagCount = 8

    public let month: YearMonth
    public let entries: Int
    public let daysWritten: Int
    /// Every configured mood, in configured order, zero counts included. Entries
    /// written without a mood count in `entries`, `daysWritten` and `words` only.
    public let moods: [MoodShare]
    /// Nil, like the best and hardest day and the verdict, when no entry of the month has a mood.
    public let averageScore: Double?
    public let longestStreak: Int
    public let words: Int
    /// Every tag by count (most first, then by name).
    public let tags: [(tag: String, count: Int)]
    public let bestDay: DiaryDay?
    public let worstDay: DiaryDay?
    public let verdict: Verdict?

    public init(month: DiaryMonth, moods scale: MoodScale) {
        let entries = month.entries
        self.month = month.month
        self.entries = entries.count
        self.daysWritten = month.days.count

        let moods = entries.compactMap(\.mood)
        let counts = scale.moods.map { mood in moods.filter { $0.id == mood.id }.count }
        let percents = RecapStats.percents(counts)
        self.moods = zip(scale.moods, zip(counts, percents)).map { MoodShare(mood: $0, count: $1.0, percent: $1.1) }

        let average = moods.isEmpty ? nil : moods.map(\.score).reduce(0, +) / Double(moods.count)
        self.averageScore = average
        self.words = entries.map(\.body.words).reduce(0, +)

        var streak = 0, longest = 0
        var previous: CivilDate?
        for day in month.days {
            streak = previous.map { $0.adding(days: 1) == day.date } == true ? streak + 1 : 1
            longest = max(longest, streak)
            previous = day.date
        }
        self.longestStreak = longest

        var tagCounts: [String: Int] = [:]
        for entry in entries { for tag in entry.tags { tagCounts[tag, default: 0] += 1 } }
        self.tags = tagCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }

        // Ties go to the earlier day, so the choice is stable.
        let scored = month.days.compactMap { day in day.score.map { (day, $0) } }
        self.bestDay = scored.reduce(nil) { best, next in best.map { next.1 > $0.1 ? next : $0 } ?? next }?.0
        self.worstDay = scored.reduce(nil) { worst, next in worst.map { next.1 < $0.1 ? next : $0 } ?? next }?.0

        guard let average else {
            self.verdict = nil
            return
        }
        let range = scale.scoreRange
        let position = range.upperBound > range.lowerBound ? (average - range.lowerBound) / (range.upperBound - range.lowerBound) : 0.5
        self.verdict = switch position {
        case 0.875...: .wonderful
        case 0.625..<0.875: .good
        case 0.375..<0.625: .mixed
        case 0.125..<0.375: .hard
        default: .veryHard
        }
    }

    /// The top eight tags, then one "other" share for the rest.
    public var topTags: [TagShare] {
        var shares = tags.prefix(RecapStats.topTagCount).map { TagShare(tag: $0.tag, count: $0.count) }
        let rest = tags.dropFirst(RecapStats.topTagCount).map(\.count).reduce(0, +)
        if rest > 0 { shares.append(TagShare(tag: nil, count: rest)) }
        return shares
    }

    /// Whole percents that add up to exactly 100 (largest remainder method);
    /// equal remainders go to the earlier item. All zeros stay zeros.
    public static func percents(_ counts: [Int]) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return counts.map { _ in 0 } }
        var floors = counts.map { $0 * 100 / total }
        let remainders = counts.map { $0 * 100 % total }
        let missing = 100 - floors.reduce(0, +)
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(missing) { floors[index] += 1 }
        return floors
    }
}
