/// A day with at least one entry.
public struct DiaryDay: Sendable {
    public let date: CivilDate
    /// In the order they were written: by time of day, then by file.
    public let entries: [Entry]
    /// The mood that stands for the day in calendars and year grids; nil when the
    /// day was written without one.
    public let mood: Mood?

    /// The entries whose words this build shows.
    public var publishedEntries: [Entry] { entries.filter(\.isPublished) }
    /// Whether the day gets a page of its own.
    public var hasPage: Bool { entries.contains(where: \.isPublished) }

    /// The mean of the day's moods' scores, as days are compared in recaps; nil without moods.
    public var score: Double? {
        let scores = entries.compactMap(\.mood?.score)
        return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
    }
}

/// A month with at least one entry.
public struct DiaryMonth: Sendable {
    public let month: YearMonth
    public let days: [DiaryDay]
    public var entries: [Entry] { days.flatMap(\.entries) }
}

/// Stage 3 of the pipeline: entries grouped into days and months, in calendar order.
public struct Diary: Sendable {
    public let moods: MoodScale
    public let months: [DiaryMonth]
    public let days: [DiaryDay]
    private let monthIndex: [YearMonth: Int]
    /// The years with an entry whose words this build shows, newest first: each has a list
    /// of entries. Kept, as each of those lists and each tag's pages ask.
    public let yearsWithPublishedEntries: [Int]
    /// Whether an entry whose words this build shows has a review: the site then has a
    /// shelf. Kept, as the plan and every depth of page ask.
    public let hasReviews: Bool

    public init(entries: [Entry], moods: MoodScale) {
        self.moods = moods
        let clocks = Diary.dayClockOffsets(entries)
        func time(_ entry: Entry) -> Int {
            guard let seconds = entry.secondsIntoDay else { return -1 }
            guard let offset = entry.utcOffset, let clock = clocks[entry.date] else { return seconds }
            return seconds - offset + clock
        }
        let ordered = entries.sorted { x, y in
            if x.date != y.date { return x.date < y.date }
            let tx = time(x), ty = time(y)
            return tx != ty ? tx < ty : x.source.contentPath < y.source.contentPath
        }
        let days = ordered.runs(by: \.date).map { run in
            let scores = run.compactMap(\.mood?.score)
            return DiaryDay(date: run.first!.date, entries: Array(run), mood: scores.isEmpty ? nil : moods.dayMood(scores: scores))
        }
        self.months = days.runs(by: \.date.yearMonth).map { DiaryMonth(month: $0.first!.date.yearMonth, days: Array($0)) }
        self.days = days
        self.monthIndex = Dictionary(uniqueKeysWithValues: months.enumerated().map { ($1.month, $0) })
        self.yearsWithPublishedEntries = Array(Set(days.lazy.filter(\.hasPage).map(\.date.year))).sorted(by: >)
        self.hasReviews = entries.contains { $0.isPublished && !$0.reviews.isEmpty }
    }

    /// For each day with a time written with a UTC offset, the offset of the earliest
    /// such moment: the clock the day began on. Entries with offsets are ordered by the
    /// moment they were written, told on that clock, so on the night clocks go back
    /// `01:30-04:00` comes before `01:10-05:00`; entries without one are taken as written
    /// on that clock. One time per entry, so the order is the same whatever is compared.
    static func dayClockOffsets(_ entries: [Entry]) -> [CivilDate: Int] {
        var earliest: [CivilDate: (moment: Int, offset: Int)] = [:]
        for entry in entries {
            guard let seconds = entry.secondsIntoDay, let offset = entry.utcOffset else { continue }
            let moment = seconds - offset
            if let known = earliest[entry.date], (known.moment, -known.offset) <= (moment, -offset) { continue }
            earliest[entry.date] = (moment, offset)
        }
        return earliest.mapValues(\.offset)
    }

    public var entries: [Entry] { days.flatMap(\.entries) }
    public var years: [Int] { Array(Set(months.map(\.month.year))).sorted() }
    /// From the first day of the first written month to the last written day; nil for an empty diary.
    public var dateRange: ClosedRange<CivilDate>? {
        guard let first = days.first, let last = days.last else { return nil }
        return first.date.yearMonth.firstDay...last.date
    }

    /// Found by halving: a table of every day, built by each build, took a rebuild longer
    /// than all its lookups do.
    public func day(_ date: CivilDate) -> DiaryDay? {
        let place = days.partitioningIndex { $0.date >= date }
        return place < days.count && days[place].date == date ? days[place] : nil
    }
    /// The written months of `year`, found by halving: the pages of each of a hundred
    /// years looked at every month.
    func months(of year: Int) -> ArraySlice<DiaryMonth> {
        months[months.partitioningIndex { $0.month.year >= year }..<months.partitioningIndex { $0.month.year > year }]
    }
    public func month(_ month: YearMonth) -> DiaryMonth? { monthPlace(month).map { months[$0] } }
    /// Where `month` is in `months`.
    func monthPlace(_ month: YearMonth) -> Int? { monthIndex[month] }

    /// The written months before and after `month`, skipping months with no entries.
    public func neighbours(of month: YearMonth) -> (previous: YearMonth?, next: YearMonth?) {
        let index = months.partitioningIndex { $0.month >= month }
        let previous = index > 0 ? months[index - 1].month : nil
        let afterIndex = index < months.count && months[index].month == month ? index + 1 : index
        return (previous, afterIndex < months.count ? months[afterIndex].month : nil)
    }
}

extension Array {
    /// The array cut where `key` changes: runs of neighbours with the same key, in order.
    func runs<Key: Equatable>(by key: (Element) -> Key) -> [ArraySlice<Element>] {
        var runs: [ArraySlice<Element>] = []
        var start = startIndex
        while start < endIndex {
            let runKey = key(self[start])
            var end = start + 1
            while end < endIndex, key(self[end]) == runKey { end += 1 }
            runs.append(self[start..<end])
            start = end
        }
        return runs
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, for a predicate that is
    /// false then true along the collection (a binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
