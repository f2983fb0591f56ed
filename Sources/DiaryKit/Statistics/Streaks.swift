/// Runs of consecutive days written, over any set of dates: a month's, a year's
/// (cut at its ends) or the whole diary's (crossing month and year ends).
public struct Streaks: Sendable {
    public struct Run: Sendable, Equatable {
        public let first: CivilDate
        public let last: CivilDate
        public var days: Int { last.dayNumber - first.dayNumber + 1 }
    }

    /// In date order.
    public let runs: [Run]

    /// `dates` in ascending order, each once (as `Diary.days` holds them).
    public init(dates: some Sequence<CivilDate>) {
        var runs: [Run] = []
        for date in dates {
            if let last = runs.last, last.last.adding(days: 1) == date {
                runs[runs.count - 1] = Run(first: last.first, last: date)
            } else {
                runs.append(Run(first: date, last: date))
            }
        }
        self.runs = runs
    }

    /// The longest run; of equal ones the earliest, so the choice is stable.
    public var longest: Run? {
        runs.reduce(nil) { best, run in best.map { run.days > $0.days ? run : $0 } ?? run }
    }

    /// The run still going on `today`: one that ends today, or yesterday, since a
    /// day not written yet has not broken it. Nil when there is none.
    public func current(today: CivilDate) -> Run? {
        guard let last = runs.last(where: { $0.first <= today }) else { return nil }
        let end = min(last.last, today)
        guard end == today || end == today.adding(days: -1) else { return nil }
        return Run(first: last.first, last: end)
    }
}
