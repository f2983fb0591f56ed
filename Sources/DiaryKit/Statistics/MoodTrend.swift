/// Mood over time: every month from the diary's first to its last with its
/// average mood (nil for a month without one, a gap in the line), and a smoothed
/// trend through them for the insights page.
public struct MoodTrend: Sendable {
    public struct Point: Sendable, Equatable {
        public let month: MonthlyAverages.Month
        /// The mean score of every mood in the five calendar months centred on this
        /// one, so a wobble of one month barely moves it; nil when they hold none.
        public let trend: Double?
    }

    /// How many calendar months either side of a point its trend takes in.
    public static let trendReach = 2

    /// In calendar order, without a gap.
    public let points: [Point]

    public init(diary: Diary) {
        guard let first = diary.months.first?.month, let last = diary.months.last?.month else {
            self.points = []
            return
        }
        let months = MonthlyAverages(from: first, through: last, diary: diary).months
        self.points = months.indices.map { index in
            let window = months[max(0, index - MoodTrend.trendReach)...min(months.count - 1, index + MoodTrend.trendReach)]
            let count = window.map(\.entries).reduce(0, +)
            let sum = window.map { ($0.averageScore ?? 0) * Double($0.entries) }.reduce(0, +)
            return Point(month: months[index], trend: count == 0 ? nil : sum / Double(count))
        }
    }

    /// Whether any month has a mood: without one there is nothing to draw.
    public var hasMoods: Bool { points.contains { $0.month.averageScore != nil } }
}
