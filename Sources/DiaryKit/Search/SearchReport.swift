/// A search's matches as `diarygen search` prints them: for each entry its date,
/// mood, title, then `path:LINE: text` for each line that matches, as grep and
/// editors read them; or as a JSON array.
public enum SearchReport {
    public enum Format: String, CaseIterable, Sendable { case text, json }

    public static func formatted(_ matches: [DiarySearch.Match], _ format: Format) -> String {
        switch format {
        case .text: text(matches)
        case .json: json(matches)
        }
    }

    static func text(_ matches: [DiarySearch.Match]) -> String {
        matches.map { match in
            let entry = match.entry
            let heading = [entry.date.description, entry.mood.map { "\($0.emoji) \($0.id)" } ?? "(no mood)", entry.title]
                .compactMap { $0 }.joined(separator: "  ")
            let lines = match.lines.map { "\(entry.source.displayPath):\($0.number): \(trimmed($0.text))" }
            return ([heading] + lines).joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// One object an entry, keys in a fixed order; `line` and `text` are the first line that matches.
    static func json(_ matches: [DiarySearch.Match]) -> String {
        let objects = matches.map { match in
            let entry = match.entry
            let members = [
                "\"date\": \(doubleQuoted(entry.date.description))",
                "\"mood\": \(entry.mood.map { doubleQuoted($0.id) } ?? "null")",
                "\"title\": \(entry.title.map(doubleQuoted) ?? "null")",
                "\"tags\": [" + entry.tags.map(doubleQuoted).joined(separator: ", ") + "]",
                "\"path\": \(doubleQuoted(entry.source.displayPath))",
                "\"line\": \(match.line.number)",
                "\"text\": \(doubleQuoted(trimmed(match.line.text)))",
            ]
            return "  {" + members.joined(separator: ", ") + "}"
        }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    private static func trimmed(_ line: String) -> String {
        guard let first = line.firstIndex(where: { !$0.isWhitespace }), let last = line.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(line[first...last])
    }
}
