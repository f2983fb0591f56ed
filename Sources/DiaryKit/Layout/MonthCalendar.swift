/// Stage 5 of the pipeline: a month laid out as weeks, starting on the configured weekday.
public struct MonthCalendar: Sendable {
    public struct Cell: Sendable {
        public let date: CivilDate
        /// nil when nothing was written that day.
        public let day: DiaryDay?
    }

    public let month: YearMonth
    /// 1 = Sunday … 7 = Saturday.
    public let weekStart: Int
    /// Rows of seven; nil cells pad the first and last week.
    public let weeks: [[Cell?]]

    public init(month: YearMonth, weekStart: Int, diary: Diary) {
        self.month = month
        self.weekStart = weekStart
        let lead = (month.firstDay.weekday - weekStart + 7) % 7
        var cells: [Cell?] = Array(repeating: nil, count: lead)
        cells += month.days.map { Cell(date: $0, day: diary.day($0)) }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The weekday numbers of the columns, left to right.
    public var columnWeekdays: [Int] { (0..<7).map { (weekStart - 1 + $0) % 7 + 1 } }
}

/// A year as a grid of days (rows 1–31) by months (columns), like a "year in pixels".
public struct YearInPixels: Sendable {
    public struct Cell: Sendable {
        /// nil for dates that do not exist, such as 30 February.
        public let date: CivilDate?
        public let day: DiaryDay?
    }

    public let year: Int
    /// 31 rows of 12 cells.
    public let rows: [[Cell]]

    public init(year: Int, diary: Diary) {
        self.year = year
        rows = (1...31).map { dayOfMonth in
            (1...12).map { month in
                let date = CivilDate(year: year, month: month, day: dayOfMonth)
                return Cell(date: date, day: date.flatMap { diary.day($0) })
            }
        }
    }
}
