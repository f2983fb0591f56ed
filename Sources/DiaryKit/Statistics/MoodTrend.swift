/// Mood over time: each month's average mood and a smoothed trend through them,
/// for the insights page's line. Months without a mood have no point.
public struct MoodTrend: Sendable {
    public struct Point: Sendable, Equatable {
        public let month: YearMonth
        /// The mean score of the month's entries with a mood, as its recap averages them.
        public let average: Double
        /// How many entries with a mood the average is of.
        public let moods: Int
        /// The mean score of every mood in the five calendar months centred on this
        /// one: a wobble of one month barely moves it.
        public let trend: Double
    }

    /// How many calendar months either side of a point its trend takes in.
    public static let trendReach = 2

    /// In calendar order.
    public let points: [Point]

    public init(diary: Diary) {
        let sums = diary.months.compactMap { month -> (month: YearMonth, sum: Double, count: Int)? in
            let scores = month.entries.compactMap(\.mood?.score)
            return scores.isEmpty ? nil : (month.month, scores.reduce(0, +), scores.count)
        }
        func index(_ month: YearMonth) -> Int { month.year * 12 + month.month - 1 }
        // A sliding window over the months, in order: each month's sums enter and leave once.
        var points: [Point] = []
        var low = 0, high = 0, windowSum = 0.0, windowCount = 0
        for month in sums {
            let centre = index(month.month)
            while high < sums.count, index(sums[high].month) <= centre + MoodTrend.trendReach {
                windowSum += sums[high].sum; windowCount += sums[high].count; high += 1
            }
            while index(sums[low].month) < centre - MoodTrend.trendReach {
                windowSum -= sums[low].sum; windowCount -= sums[low].count; low += 1
            }
            points.append(Point(month: month.month, average: month.sum / Double(month.count), moods: month.count,
                                trend: windowSum / Double(windowCount)))
        }
        self.points = points
    }
}
