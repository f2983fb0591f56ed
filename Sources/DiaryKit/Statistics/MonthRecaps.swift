/// Every written month's recap figures, each counted when a page first asks for it:
/// a rebuild that makes one month's pages counts that month alone.
struct MonthRecaps: Sendable {
    private let diary: Diary
    private let made: OnceSlots<RecapStats>

    init(_ diary: Diary) {
        self.diary = diary
        made = OnceSlots(count: diary.months.count)
    }

    /// Nil for a month without entries.
    subscript(month: YearMonth) -> RecapStats? {
        guard let place = diary.monthPlace(month) else { return nil }
        return made.value(at: place) { RecapStats(month: diary.months[place], moods: diary.moods) }
    }
}
