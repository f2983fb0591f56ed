/// Mood by weekday over any set of days (a month, a year, the whole diary): the
/// average of the moods of the entries written on each weekday, in the locale's
/// week order. Entries count as they do in recaps (two on a day count twice), and
/// only entries with a mood count; a weekday with none has no average.
public struct WeekdayMoods: Sendable {
    public struct Weekday: Sendable, Equatable {
        /// 1 = Sunday … 7 = Saturday, as `CivilDate.weekday`.
        public let weekday: Int
        /// Entries with a mood written on this weekday.
        public let entries: Int
        public let averageScore: Double?
        /// The mood nearest the average, by the rule that gives a day its mood.
        public let averageMood: Mood?

        /// The English name, the key `recap.json` writes it under (`monday`).
        public var key: String { WeekdayMoods.keys[weekday - 1] }
    }

    static let keys = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Seven weekdays, starting on `weekStart`.
    public let weekdays: [Weekday]

    /// `weekStart` is 1 = Sunday … 7 = Saturday, as `SiteConfig.weekStart`.
    public init(days: some Sequence<DiaryDay>, moods scale: MoodScale, weekStart: Int) {
        var scores = Array(repeating: [Double](), count: 7)
        for day in days {
            scores[day.date.weekday - 1] += day.entries.compactMap(\.mood?.score)
        }
        weekdays = (0..<7).map { offset in
            let weekday = (weekStart - 1 + offset) % 7 + 1
            let written = scores[weekday - 1]
            return Weekday(
                weekday: weekday, entries: written.count,
                averageScore: written.isEmpty ? nil : written.reduce(0, +) / Double(written.count),
                averageMood: written.isEmpty ? nil : scale.dayMood(scores: written))
        }
    }

    /// The same weekdays from another week start.
    public init(weekdays moods: WeekdayMoods, weekStart: Int) {
        let byWeekday = Dictionary(uniqueKeysWithValues: moods.weekdays.map { ($0.weekday, $0) })
        weekdays = (0..<7).map { byWeekday[(weekStart - 1 + $0) % 7 + 1]! }
    }

    /// Whether any weekday has a mood: without one there is nothing to chart.
    public var hasMoods: Bool { weekdays.contains { $0.entries > 0 } }
}
