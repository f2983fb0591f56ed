/// Every written year's review figures, each counted when a file first asks for it:
/// a year's review page and its `recap.json` show the same figures, and a rebuild
/// that makes one year's files counts that year alone.
struct YearRecaps: Sendable {
    private let diary: Diary
    private let weekStart: Int
    /// The first written year: each year's slot is its distance from it.
    private let firstYear: Int
    private let made: OnceSlots<YearStats>

    /// `weekStart` as `SiteConfig.weekStart`.
    init(_ diary: Diary, weekStart: Int) {
        self.diary = diary
        self.weekStart = weekStart
        let first = diary.months.first?.month.year ?? 0
        let last = diary.months.last?.month.year ?? first - 1
        firstYear = first
        made = OnceSlots(count: last - first + 1)
    }

    subscript(year: Int) -> YearStats {
        made.value(at: year - firstYear) { YearStats(year: year, diary: diary, weekStart: weekStart) }
    }
}
