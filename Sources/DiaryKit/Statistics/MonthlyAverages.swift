/// The average mood of each month of a span, in order, months without a mood
/// included (as nil) so a line of them shows the gap. Each average is the one the
/// month's recap shows: the mean of the scores of its entries with a mood.
public struct MonthlyAverages: Sendable {
    public struct Month: Sendable, Equatable {
        public let month: YearMonth
        /// Entries with a mood in the month.
        public let entries: Int
        public let averageScore: Double?
        /// The mood nearest the average, by the rule that gives a day its mood.
        public let averageMood: Mood?
    }

    public let months: [Month]

    /// Every month from `first` to `last`, both included.
    public init(from first: YearMonth, through last: YearMonth, diary: Diary) {
        var months: [Month] = []
        var month = first
        while month <= last {
            let scores = diary.month(month)?.entries.compactMap(\.mood?.score) ?? []
            months.append(Month(
                month: month, entries: scores.count,
                averageScore: scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count),
                averageMood: scores.isEmpty ? nil : diary.moods.dayMood(scores: scores)))
            month = month.next
        }
        self.months = months
    }

    /// The twelve months of `year`.
    public init(year: Int, diary: Diary) {
        self.init(from: YearMonth(year: year, month: 1), through: YearMonth(year: year, month: 12), diary: diary)
    }

    /// The month with the highest average mood (the earlier of equal ones); nil unless the
    /// months' averages differ: one month with moods, or months all alike, has none that
    /// stands out, and would be named both the best and the hardest.
    public var best: Month? { standsOut ? scored.min { $0.score != $1.score ? $0.score > $1.score : $0.month.month < $1.month.month }?.month : nil }
    /// The month with the lowest average mood (the earlier of equal ones); nil, as `best`,
    /// unless the months' averages differ.
    public var hardest: Month? { standsOut ? scored.min { $0.score != $1.score ? $0.score < $1.score : $0.month.month < $1.month.month }?.month : nil }

    private var scored: [(month: Month, score: Double)] { months.compactMap { month in month.averageScore.map { (month, $0) } } }
    private var standsOut: Bool { Set(scored.map(\.score)).count > 1 }
}
