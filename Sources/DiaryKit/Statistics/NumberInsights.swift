/// Numbers beside moods: each front-matter key the diarist writes as a number
/// (`sleep: 7.5`) on enough entries, set against the mood of the days it was
/// written on. A day's value is the mean of its entries' values, its mood the
/// day's (as calendars show it). Only entries whose fields this build shows count:
/// the public build keeps no field of an entry that is not public.
public struct NumberInsights: Sendable {
    public struct Row: Sendable, Equatable {
        public let key: String
        /// Entries with a mood and a number under the key.
        public let entries: Int
        /// The key's mean on the days of the best mood among its days, and on those of the worst.
        public let best: MoodDays
        public let worst: MoodDays
        /// The days at or above the median and those below it; nil when every day has the same number.
        public let split: Split?
    }

    public struct MoodDays: Sendable, Equatable {
        public let mood: Mood
        public let days: Int
        /// The key's mean on those days.
        public let average: Double
    }

    public struct Split: Sendable, Equatable {
        /// The median, or, when no day is below the median, the smallest number above it,
        /// so neither side is empty (`coffee: 0` on most days splits at 1).
        public let threshold: Double
        public let aboveDays: Int
        /// The mean of the days' scores at or above `threshold`.
        public let aboveScore: Double
        public let belowDays: Int
        public let belowScore: Double
    }

    /// A key on fewer entries with a mood than this says too little to show.
    public static let minimumEntries = 10

    /// By key.
    public let rows: [Row]

    /// `ignored`: the keys diarygen.yml's `insights: {ignore: […]}` leaves out.
    public init(diary: Diary, ignored: Set<String> = []) {
        var entryCounts: [String: Int] = [:]
        // Each key's days: the day's score, and the sum and count of its values.
        var days: [String: [(day: DiaryDay, sum: Double, count: Int)]] = [:]
        for day in diary.days {
            var values: [String: (sum: Double, count: Int)] = [:]
            for entry in day.entries where entry.isPublished {
                for (key, text) in entry.otherFields where !ignored.contains(key) {
                    guard let value = Double(text.trimmingSpaces), value.isFinite else { continue }
                    values[key, default: (0, 0)].sum += value
                    values[key, default: (0, 0)].count += 1
                    if entry.mood != nil { entryCounts[key, default: 0] += 1 }
                }
            }
            guard day.mood != nil else { continue }
            for (key, value) in values { days[key, default: []].append((day, value.sum, value.count)) }
        }
        self.rows = days.keys.sorted().compactMap { key -> Row? in
            guard entryCounts[key, default: 0] >= NumberInsights.minimumEntries, let keyDays = days[key] else { return nil }
            let points = keyDays.map { (mood: $0.day.mood!, score: $0.day.score!, value: $0.sum / Double($0.count)) }
            let bestMood = points.max { $0.mood.score < $1.mood.score }!.mood
            let worstMood = points.min { $0.mood.score < $1.mood.score }!.mood
            guard bestMood.id != worstMood.id else { return nil }
            func moodDays(_ mood: Mood) -> MoodDays {
                let values = points.filter { $0.mood.id == mood.id }.map(\.value)
                return MoodDays(mood: mood, days: values.count, average: values.reduce(0, +) / Double(values.count))
            }
            return Row(key: key, entries: entryCounts[key]!, best: moodDays(bestMood), worst: moodDays(worstMood),
                       split: NumberInsights.split(points.map { ($0.value, $0.score) }))
        }
    }

    static func split(_ points: [(value: Double, score: Double)]) -> Split? {
        let values = points.map(\.value).sorted()
        let middle = values.count / 2
        let median = values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
        guard let threshold = values.first! < median ? median : values.first(where: { $0 > median }) else { return nil }
        let above = points.filter { $0.value >= threshold }.map(\.score), below = points.filter { $0.value < threshold }.map(\.score)
        return Split(threshold: threshold, aboveDays: above.count, aboveScore: above.reduce(0, +) / Double(above.count),
                     belowDays: below.count, belowScore: below.reduce(0, +) / Double(below.count))
    }
}
