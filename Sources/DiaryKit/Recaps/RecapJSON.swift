/// `YYYY/MM/recap.json`: the recap as data, keys in a fixed order so builds are byte-identical.
public enum RecapJSON {
    public static func encode(_ stats: RecapStats) -> String {
        var out = "{\n"
        out += "  \"month\": \(quote(stats.month.description)),\n"
        out += "  \"entries\": \(stats.entries),\n"
        out += "  \"days_written\": \(stats.daysWritten),\n"
        out += "  \"moods\": {" + stats.moods.map { "\(quote($0.mood.id)): \($0.count)" }.joined(separator: ", ") + "},\n"
        out += "  \"average_score\": \(decimalText(stats.averageScore, maxFractionDigits: 2)),\n"
        out += "  \"longest_streak\": \(stats.longestStreak),\n"
        out += "  \"words\": \(stats.words),\n"
        out += "  \"tags\": {" + stats.tags.map { "\(quote($0.tag)): \($0.count)" }.joined(separator: ", ") + "}\n"
        return out + "}\n"
    }

    /// A JSON string literal.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
