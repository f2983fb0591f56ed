/// `YYYY/MM/recap.json` and `YYYY/recap.json`: a recap as data, keys in a fixed
/// order so builds are byte-identical. A year has the month's keys for the whole
/// year, then each month's and each weekday's average mood (null without one).
public enum RecapJSON {
    public static func encode(_ stats: RecapStats) -> String {
        object(["\"month\": \(doubleQuoted(stats.month.description))"] + figures(
            entries: stats.entries, daysWritten: stats.daysWritten, moods: stats.moods, averageScore: stats.averageScore,
            longestStreak: stats.longestStreak, words: stats.words, tags: stats.tags))
    }

    /// Weekdays from Monday whatever the locale's week start: data reads the same everywhere.
    public static func encode(_ stats: YearStats) -> String {
        let weekdays = WeekdayMoods(weekdays: stats.weekdays, weekStart: 2)
        return object(["\"year\": \(stats.year)"] + figures(
            entries: stats.entries, daysWritten: stats.daysWritten, moods: stats.moods, averageScore: stats.averageScore,
            longestStreak: stats.longestStreak?.days ?? 0, words: stats.words, tags: stats.tags) + [
            "\"months\": {" + stats.months.months.map { "\(doubleQuoted($0.month.description)): \(score($0.averageScore))" }.joined(separator: ", ") + "}",
            "\"weekdays\": {" + weekdays.weekdays.map { "\(doubleQuoted($0.key)): \(score($0.averageScore))" }.joined(separator: ", ") + "}",
        ])
    }

    private static func figures(entries: Int, daysWritten: Int, moods: [RecapStats.MoodShare], averageScore: Double?,
                                longestStreak: Int, words: Int, tags: [(tag: String, count: Int)]) -> [String] {
        [
            "\"entries\": \(entries)",
            "\"days_written\": \(daysWritten)",
            "\"moods\": {" + moods.map { "\(doubleQuoted($0.mood.id)): \($0.count)" }.joined(separator: ", ") + "}",
            "\"average_score\": \(score(averageScore))",
            "\"longest_streak\": \(longestStreak)",
            "\"words\": \(words)",
            "\"tags\": {" + tags.map { "\(doubleQuoted($0.tag)): \($0.count)" }.joined(separator: ", ") + "}",
        ]
    }

    private static func score(_ value: Double?) -> String { value.map { decimalText($0, maxFractionDigits: 2) } ?? "null" }

    private static func object(_ members: [String]) -> String { "{\n" + members.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n" }
}
