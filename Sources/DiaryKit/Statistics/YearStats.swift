/// Stage 4 of the pipeline: the numbers of a year in review (`YYYY/recap/`), the
/// monthly recap's figures for the whole year and what only a year shows: its
/// twelve monthly averages, its best and hardest month, and mood by weekday.
public struct YearStats: Sendable {
    public let year: Int
    public let entries: Int
    public let daysWritten: Int
    /// Every configured mood, in configured order, zero counts included. Entries
    /// written without a mood count in `entries`, `daysWritten` and `words` only.
    public let moods: [RecapStats.MoodShare]
    /// Nil, like the verdict and the best and hardest month, when no entry of the year has a mood.
    public let averageScore: Double?
    /// The mood nearest the average, by the rule that gives a day its mood.
    public let averageMood: Mood?
    public let verdict: RecapStats.Verdict?
    /// The longest run of days written within the year (a run from December before
    /// counts from 1 January); nil for a year without entries.
    public let longestStreak: Streaks.Run?
    public let words: Int
    /// Every tag by count (most first, then by name).
    public let tags: [(tag: String, count: Int)]
    /// January to December.
    public let months: MonthlyAverages
    /// In the week order `weekStart` gives.
    public let weekdays: WeekdayMoods

    /// `weekStart` is 1 = Sunday … 7 = Saturday, as `SiteConfig.weekStart`.
    public init(year: Int, diary: Diary, weekStart: Int) {
        let days = diary.months.filter { $0.month.year == year }.flatMap(\.days)
        let figures = RecapFigures(entries: days.flatMap(\.entries), moods: diary.moods)
        self.year = year
        self.entries = figures.entries
        self.daysWritten = days.count
        self.moods = figures.moods
        self.averageScore = figures.averageScore
        self.averageMood = figures.averageMood
        self.verdict = figures.verdict
        self.words = figures.words
        self.tags = figures.tags
        self.longestStreak = Streaks(dates: days.map(\.date)).longest
        self.months = MonthlyAverages(year: year, diary: diary)
        self.weekdays = WeekdayMoods(days: days, moods: diary.moods, weekStart: weekStart)
    }

    public var dayCount: Int { CivilDate.isLeap(year) ? 366 : 365 }

    /// The top eight tags, then one "other" share for the rest.
    public var topTags: [RecapStats.TagShare] { RecapFigures.topTags(tags) }

    /// Whether the year has not ended by `today`: its review speaks of it "so far".
    public func isInProgress(today: CivilDate) -> Bool { year >= today.year }
}
