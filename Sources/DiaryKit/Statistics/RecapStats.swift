/// Stage 4 of the pipeline: the numbers of a monthly recap.
public struct RecapStats: Sendable, RecapFiguresHolder {
    public struct MoodShare: Sendable, Equatable {
        public let mood: Mood
        public let count: Int
        public let percent: Int
    }

    public struct TagShare: Sendable, Equatable {
        /// nil for the "other" slice that gathers the tags past the top eight.
        public let tag: String?
        public let count: Int
        public let percent: Int
    }

    /// How a month felt: said of the average's mood, by where that mood stands on
    /// the scale, so the verdict never contradicts the average shown beside it.
    public enum Verdict: String, Sendable, CaseIterable {
        case wonderful, good, mixed, hard, veryHard = "very_hard"

        public init(of mood: Mood, on scale: MoodScale) {
            let range = scale.scoreRange
            let position = range.upperBound > range.lowerBound ? (mood.score - range.lowerBound) / (range.upperBound - range.lowerBound) : 0.5
            self = switch position {
            case 0.875...: .wonderful
            case 0.625..<0.875: .good
            case 0.375..<0.625: .mixed
            case 0.125..<0.375: .hard
            default: .veryHard
            }
        }
    }

    public static let topTagCount = 8

    public let month: YearMonth
    public let figures: RecapFigures
    public let daysWritten: Int
    public let longestStreak: Int
    /// Nil, like the average and the verdict, when no entry of the month has a mood.
    public let bestDay: DiaryDay?
    public let worstDay: DiaryDay?

    public init(month: DiaryMonth, moods scale: MoodScale) {
        self.month = month.month
        self.figures = RecapFigures(entries: month.entries, moods: scale)
        self.daysWritten = month.days.count
        self.longestStreak = Streaks(dates: month.days.map(\.date)).longest?.days ?? 0

        // Ties go to the earlier day, so the choice is stable.
        let scored = month.days.compactMap { day in day.score.map { (day, $0) } }
        self.bestDay = scored.max { $0.1 < $1.1 }?.0
        self.worstDay = scored.min { $0.1 < $1.1 }?.0
    }

    /// Whole percents by the largest remainder method, worked on groups of equal
    /// counts so equal counts always show equal percents: the groups with the
    /// largest remainders get one more, largest first, while a whole group fits in
    /// what is missing to 100. The first group that does not fit is rounded up too
    /// if that takes the total nearer 100. The total may then miss 100 by less than
    /// that group's size (`areRounded` says so). All zeros stay zeros.
    public static func percents(_ counts: [Int]) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return counts.map { _ in 0 } }
        var missing = 100 - counts.map { $0 * 100 / total }.reduce(0, +)
        var roundedUp: Set<Int> = []
        let groups = Set(counts).sorted { a, b in
            let ra = a * 100 % total, rb = b * 100 % total
            return ra != rb ? ra > rb : a > b
        }
        for count in groups where count * 100 % total > 0 {
            let size = counts.filter { $0 == count }.count
            if size <= missing || size - missing < missing { roundedUp.insert(count) }
            guard size <= missing else { break }
            missing -= size
        }
        return counts.map { $0 * 100 / total + (roundedUp.contains($0) ? 1 : 0) }
    }

    /// Whether shown percents fall short of 100, so a legend says they are rounded.
    public static func areRounded(_ percents: [Int]) -> Bool { percents.reduce(0, +) != 100 }
}
