/// `YYYY/MM/recap.json`: the recap as data, keys in a fixed order so builds are byte-identical.
public enum RecapJSON {
    public static func encode(_ stats: RecapStats) -> String {
        var out = "{\n"
        out += "  \"month\": \(doubleQuoted(stats.month.description)),\n"
        out += "  \"entries\": \(stats.entries),\n"
        out += "  \"days_written\": \(stats.daysWritten),\n"
        out += "  \"moods\": {" + stats.moods.map { "\(doubleQuoted($0.mood.id)): \($0.count)" }.joined(separator: ", ") + "},\n"
        out += "  \"average_score\": \(stats.averageScore.map { decimalText($0, maxFractionDigits: 2) } ?? "null"),\n"
        out += "  \"longest_streak\": \(stats.longestStreak),\n"
        out += "  \"words\": \(stats.words),\n"
        out += "  \"tags\": {" + stats.tags.map { "\(doubleQuoted($0.tag)): \($0.count)" }.joined(separator: ", ") + "}\n"
        return out + "}\n"
    }
}
