/// "On this day": the days written on a date's month and day in other years. 29
/// February finds only 29 Februaries, and no other date finds it: a diary is not
/// reminded of 1 March on 29 February, nor of 29 February on 28 February.
public struct OnThisDay: Sendable {
    public struct Memory: Sendable {
        public let day: DiaryDay
        /// Positive for a year before the date, negative for one after it.
        public let yearsAgo: Int
    }

    private struct MonthDay: Hashable {
        let month: Int, day: Int
    }

    /// The written days with pages of their own, by month and day, newest first.
    private let days: [MonthDay: [DiaryDay]]

    public init(diary: Diary) {
        var days: [MonthDay: [DiaryDay]] = [:]
        for day in diary.days.reversed() where day.hasPage {
            days[MonthDay(month: day.date.month, day: day.date.day), default: []].append(day)
        }
        self.days = days
    }

    /// The `count` days on `date`'s month and day nearest to it in years, newest
    /// first; of two as near, the earlier.
    public func nearest(_ count: Int, of date: CivilDate) -> [Memory] {
        let all = memories(of: date, earlierOnly: false)
        guard all.count > count else { return all }
        let kept = all.sorted { (abs($0.yearsAgo), -$0.yearsAgo) < (abs($1.yearsAgo), -$1.yearsAgo) }.prefix(count)
        return kept.sorted { $0.yearsAgo < $1.yearsAgo }
    }

    /// The days on `date`'s month and day in other years, newest first; `earlierOnly`
    /// keeps those before it.
    public func memories(of date: CivilDate, earlierOnly: Bool) -> [Memory] {
        guard let days = days[MonthDay(month: date.month, day: date.day)] else { return [] }
        // Every day page asks: an array grown one memory at a time was a sixth of planning the site.
        var memories: [Memory] = []
        memories.reserveCapacity(days.count)
        for day in days where day.date.year != date.year && !(earlierOnly && day.date.year > date.year) {
            memories.append(Memory(day: day, yearsAgo: date.year - day.date.year))
        }
        return memories
    }
}
