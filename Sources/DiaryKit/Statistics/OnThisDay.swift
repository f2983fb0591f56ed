/// "On this day": the days written on a date's month and day in other years. 29
/// February finds only 29 Februaries, and no other date finds it: a diary is not
/// reminded of 1 March on 29 February, nor of 29 February on 28 February.
public struct OnThisDay: Sendable {
    public struct Memory: Sendable {
        public let day: DiaryDay
        /// Positive for a year before the date, negative for one after it.
        public let yearsAgo: Int
    }

    /// The written days with pages of their own, newest first.
    private let days: [DiaryDay]
    /// Each of `days`' dates and moods, read without copying the day: every day page
    /// asks for its date's days, and copying them counted references to their entries
    /// up and down from both cores. A mood by its place in the diary's scale (a day's
    /// mood is one of the scale's; -1 for none), for the same reason: the five moods
    /// are shared by every day.
    private let dates: [CivilDate]
    private let moodPlaces: [Int]
    /// The places in `days` of those of month m and day d, newest first, are
    /// `places[starts[m * 32 + d]..<starts[m * 32 + d + 1]]`.
    private let places: [Int]
    private let starts: [Int]

    public init(diary: Diary) {
        days = diary.days.reversed().filter(\.hasPage)
        dates = days.map(\.date)
        let scale = diary.moods.moods
        moodPlaces = days.map { day in day.mood.flatMap { mood in scale.firstIndex { $0 === mood } } ?? -1 }
        var counts = [Int](repeating: 0, count: 13 * 32 + 1)
        for day in days { counts[OnThisDay.key(day.date) + 1] += 1 }
        for key in 1..<counts.count { counts[key] += counts[key - 1] }
        starts = counts
        var places = [Int](repeating: 0, count: days.count)
        for (place, day) in days.enumerated() {
            let key = OnThisDay.key(day.date)
            places[counts[key]] = place
            counts[key] += 1
        }
        self.places = places
    }

    private static func key(_ date: CivilDate) -> Int { date.month * 32 + date.day }

    /// The `count` days on `date`'s month and day nearest to it in years, newest
    /// first; of two as near, the earlier.
    public func nearest(_ count: Int, of date: CivilDate) -> [Memory] {
        var memories: [Memory] = []
        eachNearestPlace(count, of: date) { memories.append(Memory(day: days[$0], yearsAgo: date.year - dates[$0].year)) }
        return memories
    }

    /// The date of each of `nearest`'s days in turn and its mood's place in the diary's
    /// scale (-1 for none), for a day page's plan.
    func eachNearest(_ count: Int, of date: CivilDate, _ body: (CivilDate, Int) -> Void) {
        eachNearestPlace(count, of: date) { body(dates[$0], moodPlaces[$0]) }
    }

    /// The places in `days` of `nearest`'s days, newest first: a run of the date's places
    /// (less its own year), grown from the date's place outwards by the nearer of the next
    /// later and the next earlier year each time. Sorting all of them for every day page
    /// made planning a hundred years grow with the square of the years.
    private func eachNearestPlace(_ count: Int, of date: CivilDate, _ body: (Int) -> Void) {
        let key = OnThisDay.key(date)
        let mine = places[starts[key]..<starts[key + 1]]
        var older = mine.partitioningIndex { dates[$0].year <= date.year }
        var newer = older - 1
        let own = older < mine.endIndex && dates[mine[older]].year == date.year ? older : nil
        if own != nil { older += 1 }
        var taken = 0
        while taken < count, newer >= mine.startIndex || older < mine.endIndex {
            let laterBy = newer >= mine.startIndex ? dates[mine[newer]].year - date.year : Int.max
            let earlierBy = older < mine.endIndex ? date.year - dates[mine[older]].year : Int.max
            if earlierBy <= laterBy { older += 1 } else { newer -= 1 }
            taken += 1
        }
        for index in (newer + 1)..<older where index != own { body(mine[index]) }
    }

    /// The days on `date`'s month and day in other years, newest first; `earlierOnly`
    /// keeps those before it.
    public func memories(of date: CivilDate, earlierOnly: Bool) -> [Memory] {
        let key = OnThisDay.key(date)
        return places[starts[key]..<starts[key + 1]].compactMap { place in
            let year = dates[place].year
            guard year != date.year, !(earlierOnly && year > date.year) else { return nil }
            return Memory(day: days[place], yearsAgo: date.year - year)
        }
    }
}
