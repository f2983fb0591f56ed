import Mustache

/// Logseq's page properties: `key:: value` lines that open a page, the first one
/// perhaps a bullet (`- mood:: good`), the others under it. They are the entry's
/// front-matter: `mood::`, `tags:: work, [[tired out]]`, `title::`, `public::`.
enum PageProperties {
    /// The file split into its properties and the rest, or nil when it does not open with one.
    static func split(_ text: String) -> FrontMatter? {
        var lines: [Substring] = []
        var rest = text[...]
        while !rest.isEmpty {
            let line = rest.prefix { $0 != "\n" }
            let property = lines.isEmpty ? line.drop(while: { $0 == " " }).droppingPrefix("- ") : line.drop { $0 == " " || $0 == "\t" }
            guard isProperty(property) else { break }
            lines.append(property)
            rest = rest.dropFirst(line.count).dropFirst()
        }
        // Other keys alone (Dataview's `Physical:: 😐` opening an Obsidian note) stay text.
        guard lines.contains(where: { EntryParser.knownKeys.contains(key(of: $0).lowercased()) }) else { return nil }
        return FrontMatter(format: .properties, text: lines.joined(separator: "\n"), textFirstLine: 1,
                           body: String(rest), bodyFirstLine: lines.count + 1)
    }

    /// The properties as front-matter fields. A value's page links and tags are its
    /// words (`[[tired out]]` and `#work` are `tired out` and `work`).
    static func fields(_ text: String, firstLine: Int) -> [String: FrontMatterFields.Field] {
        var fields: [String: FrontMatterFields.Field] = [:]
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let separator = line.range(of: "::") else { continue }
            // The keys diarygen reads in whichever case; others as written.
            let written = key(of: line)
            let key = EntryParser.knownKeys.contains(written.lowercased()) ? written.lowercased() : written
            var value = String(line[separator.upperBound...]).trimmingSpaces
            if key == "tags" || key == "alias" {
                value = value.split(separator: ",").map { part in
                    var word = String(part).trimmingSpaces
                    if word.hasPrefix("#") { word.removeFirst() }
                    if word.hasPrefix("[[") && word.hasSuffix("]]") { word = String(word.dropFirst(2).dropLast(2)) }
                    return word
                }.joined(separator: ", ")
            }
            let lineNumber = firstLine + offset
            if fields[key] == nil {
                fields[key] = FrontMatterFields.Field(keyLine: lineNumber, value: .init(kind: .text(value, isNull: value.isEmpty), line: lineNumber))
            }
        }
        return fields
    }

    private static func key(of line: Substring) -> String {
        String(line.prefix { $0 != ":" }).trimmingSpaces
    }

    /// `key:: value`, the key a word of letters, digits, `-` and `_`.
    private static func isProperty(_ line: Substring) -> Bool {
        guard let separator = line.range(of: "::") else { return false }
        let key = line[..<separator.lowerBound]
        return !key.isEmpty && key.count <= 60 && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}

private extension Substring {
    func droppingPrefix(_ prefix: String) -> Substring { hasPrefix(prefix) ? dropFirst(prefix.count) : self }
}
