/// Runs of consecutive days written, across months and years: the one still going
/// today and the longest ever. Any written day counts, with a mood or without.
public struct Streaks: Sendable {
    public struct Run: Sendable, Equatable {
        public let first: CivilDate
        public let last: CivilDate
        public var days: Int { last.dayNumber - first.dayNumber + 1 }
    }

    /// The run that reaches today, or yesterday while today is not written yet (the
    /// day is not over); nil when neither was written.
    public let current: Run?
    /// The longest run up to today; the earliest of equal ones.
    public let longest: Run?

    /// Days after `today` (a stand-in date in the past) are not counted.
    public init(diary: Diary, today: CivilDate) {
        var runs: [Run] = []
        for day in diary.days where day.date <= today {
            if let last = runs.last, last.last.adding(days: 1) == day.date {
                runs[runs.count - 1] = Run(first: last.first, last: day.date)
            } else {
                runs.append(Run(first: day.date, last: day.date))
            }
        }
        self.longest = runs.reduce(nil) { best, run in best.map { run.days > $0.days ? run : $0 } ?? run }
        self.current = runs.last.flatMap { $0.last >= today.adding(days: -1) ? $0 : nil }
    }
}
