/// A trophy, earned by writing: worked out from the days written at every build,
/// never stored, so a diary edited or imported later earns them where they fall.
public struct Trophy: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// So many days written in a row, the first time.
        case streak(days: Int)
        /// The diary's so-manyth entry.
        case entries(Int)
        /// Every day of a calendar month written.
        case fullMonth(YearMonth)
        /// Every month of a year written in.
        case fullYear(Int)
        /// The first entry of a year.
        case firstOfYear(Int)
    }

    public let kind: Kind
    /// The day it was earned on: the day that completed it.
    public let day: CivilDate
}

/// Every trophy a diary has earned, in the order earned, and the ones it is on its
/// way to, each with how far it has come.
public struct TrophyCase: Sendable {
    public static let streakLengths = [7, 30, 100, 365]
    public static let entryCounts = [100, 500, 1000]

    /// A trophy not earned yet: `done` of `goal` days, entries or months.
    public struct Progress: Equatable, Sendable {
        public let kind: Trophy.Kind
        public let done: Int
        public let goal: Int
    }

    /// A written day as trophies see it: its date and how many entries it has.
    public struct WrittenDay: Sendable {
        public let date: CivilDate
        public let entries: Int

        public init(_ date: CivilDate, entries: Int = 1) {
            self.date = date
            self.entries = entries
        }
    }

    /// In the order earned; on one day, in the order of `Trophy.Kind`'s cases.
    public let earned: [Trophy]
    /// The next step of each kind that can still be reached, as of `today`.
    public let next: [Progress]

    public init(diary: Diary, today: CivilDate) {
        self.init(days: diary.days.map { WrittenDay($0.date, entries: $0.entries.count) }, today: today)
    }

    /// `days` in calendar order, each once.
    public init(days: [WrittenDay], today: CivilDate) {
        var earned: [Trophy] = []
        var streakRun = 0, entriesSoFar = 0, daysInMonth = 0, monthsInYear = 0
        var previous: CivilDate?
        // The lengths of the runs ending today and yesterday, for the streak going on today.
        let yesterday = today.adding(days: -1)
        var runToday: Int?, runYesterday: Int?
        for day in days {
            let date = day.date
            var found: [Trophy.Kind] = []
            let continuesRun = previous.map { $0.dayNumber + 1 == date.dayNumber } ?? false
            let newYear = previous?.year != date.year
            let newMonth = newYear || previous?.month != date.month
            streakRun = continuesRun ? streakRun + 1 : 1
            if date == today { runToday = streakRun } else if date == yesterday { runYesterday = streakRun }
            daysInMonth = newMonth ? 1 : daysInMonth + 1
            monthsInYear = newYear ? 1 : monthsInYear + (newMonth ? 1 : 0)
            let entriesBefore = entriesSoFar
            entriesSoFar += day.entries

            if newYear { found.append(.firstOfYear(date.year)) }
            // A run reaches each length once; only the first run to reach it earns it.
            if TrophyCase.streakLengths.contains(streakRun), !earned.contains(where: { $0.kind == .streak(days: streakRun) }) {
                found.append(.streak(days: streakRun))
            }
            found += TrophyCase.entryCounts.filter { entriesBefore < $0 && $0 <= entriesSoFar }.map { .entries($0) }
            if daysInMonth == date.yearMonth.dayCount { found.append(.fullMonth(date.yearMonth)) }
            if newMonth, monthsInYear == 12 { found.append(.fullYear(date.year)) }
            earned += found.map { Trophy(kind: $0, day: date) }
            previous = date
        }
        self.earned = earned

        let kinds = Set(earned.map(\.kind))
        var next: [Progress] = []
        // Today may not be written yet: yesterday's run still goes on.
        let currentRun = runToday ?? runYesterday ?? 0
        if let length = TrophyCase.streakLengths.first(where: { !kinds.contains(.streak(days: $0)) }) {
            next.append(Progress(kind: .streak(days: length), done: currentRun, goal: length))
        }
        if let count = TrophyCase.entryCounts.first(where: { !kinds.contains(.entries($0)) }) {
            next.append(Progress(kind: .entries(count), done: min(entriesSoFar, count), goal: count))
        }
        let writtenSoFar = days.filter { $0.date <= today }.map(\.date)
        // This month and this year, while every day (month) before today's is written.
        let monthDays = writtenSoFar.filter { $0.yearMonth == today.yearMonth }.count
        let month = today.yearMonth
        if !kinds.contains(.fullMonth(month)), monthDays >= today.day - 1 {
            next.append(Progress(kind: .fullMonth(month), done: monthDays, goal: month.dayCount))
        }
        let yearMonths = Set(writtenSoFar.filter { $0.year == today.year }.map(\.month)).count
        if !kinds.contains(.fullYear(today.year)), yearMonths >= today.month - 1 {
            next.append(Progress(kind: .fullYear(today.year), done: yearMonths, goal: 12))
        }
        self.next = next
    }

    /// The trophies earned on `date`.
    public func earned(on date: CivilDate) -> [Trophy] { earned(\.day, date) }

    /// The trophies earned in `month`, in the order earned.
    public func earned(in month: YearMonth) -> [Trophy] { earned(\.day.yearMonth, month) }

    /// The run of `earned` whose `key` is `value`, found by binary search: they are in
    /// the order of their days, and every day page asks.
    private func earned<Key: Comparable>(_ key: (Trophy) -> Key, _ value: Key) -> [Trophy] {
        let first = earned.partitioningIndex { key($0) >= value }
        return Array(earned[first...].prefix { key($0) == value })
    }
}
