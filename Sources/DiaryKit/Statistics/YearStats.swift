/// Stage 4 of the pipeline: the numbers of a year in review (`YYYY/recap/`), the
/// monthly recap's figures for the whole year and what only a year shows: its
/// twelve monthly averages, its best and hardest month, and mood by weekday.
public struct YearStats: Sendable, RecapFiguresHolder {
    public let year: Int
    public let figures: RecapFigures
    public let daysWritten: Int
    /// The longest run of days written within the year (a run from December before
    /// counts from 1 January); nil for a year without entries.
    public let longestStreak: Streaks.Run?
    /// January to December.
    public let months: MonthlyAverages
    /// In the week order `weekStart` gives.
    public let weekdays: WeekdayMoods

    /// `weekStart` is 1 = Sunday … 7 = Saturday, as `SiteConfig.weekStart`.
    public init(year: Int, diary: Diary, weekStart: Int) {
        let days = diary.months(of: year).flatMap(\.days)
        self.year = year
        self.figures = RecapFigures(entries: days.flatMap(\.entries), moods: diary.moods)
        self.daysWritten = days.count
        self.longestStreak = Streaks(dates: days.map(\.date)).longest
        self.months = MonthlyAverages(year: year, diary: diary)
        self.weekdays = WeekdayMoods(days: days, moods: diary.moods, weekStart: weekStart)
    }

    public var dayCount: Int { CivilDate.isLeap(year) ? 366 : 365 }

    /// Whether the year has not ended by `today`: its review speaks of it "so far".
    public func isInProgress(today: CivilDate) -> Bool { year >= today.year }
}
