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
        // Read as Dataview's inline fields are; the keys diarygen reads in whichever case.
        for (written, field) in InlineFields.read(text, firstLine: firstLine).sorted(by: { $0.value.keyLine < $1.value.keyLine }) {
            let key = EntryParser.knownKeys.contains(written.lowercased()) ? written.lowercased() : written
            guard fields[key] == nil else { continue }
            guard key == "tags" || key == "alias", let value = field.value.text else {
                fields[key] = field
                continue
            }
            let words = value.split(separator: ",").map { part in
                var word = String(part).trimmingSpaces
                if word.hasPrefix("#") { word.removeFirst() }
                if word.hasPrefix("[[") && word.hasSuffix("]]") { word = String(word.dropFirst(2).dropLast(2)) }
                return word
            }.joined(separator: ", ")
            fields[key] = FrontMatterFields.Field(keyLine: field.keyLine, value: .init(kind: .text(words, isNull: words.isEmpty), line: field.value.line))
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
