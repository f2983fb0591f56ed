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
        guard let days = days[MonthDay(month: date.month, day: date.day)] else { return [] }
        // From the date's place among them outwards, the nearer of the next later and the
        // next earlier year each time: sorting all of them for every day page made
        // planning a hundred years grow with the square of the years.
        var older = days.partitioningIndex { $0.date.year <= date.year }
        var newer = older - 1
        if older < days.count, days[older].date.year == date.year { older += 1 }
        var kept: [Memory] = []
        while kept.count < count, newer >= 0 || older < days.count {
            let laterBy = newer >= 0 ? days[newer].date.year - date.year : Int.max
            let earlierBy = older < days.count ? date.year - days[older].date.year : Int.max
            if earlierBy <= laterBy {
                kept.append(Memory(day: days[older], yearsAgo: earlierBy))
                older += 1
            } else {
                kept.append(Memory(day: days[newer], yearsAgo: -laterBy))
                newer -= 1
            }
        }
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
