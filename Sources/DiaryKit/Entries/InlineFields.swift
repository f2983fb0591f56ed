import Mustache

/// Obsidian's Dataview inline fields: a line such as `mood:: 😐` on its own in the
/// body. They stand for front-matter keys the front-matter does not set.
enum InlineFields {
    /// The body's inline fields, the first of each key; none inside fenced code.
    static func read(_ body: String, firstLine: Int) -> [String: FrontMatterFields.Field] {
        var body = body
        // Most bodies have no `::` at all, and a byte search says so at once.
        guard body.withUTF8({ byteOffset(of: Array("::".utf8), in: $0, from: 0) }) != nil else { return [:] }
        var fields: [String: FrontMatterFields.Field] = [:]
        var inCode = false
        for (offset, rawLine) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine).trimmingSpaces
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inCode.toggle(); continue }
            guard !inCode, let separator = line.range(of: "::") else { continue }
            // Dataview also reads `**key**:: value`.
            let key = String(line[..<separator.lowerBound]).trimmingSpaces.trimmingCharacters(in: "*_").trimmingSpaces
            guard isKey(key) else { continue }
            let value = String(line[separator.upperBound...]).trimmingSpaces
            let lineNumber = firstLine + offset
            if fields[key] == nil {
                fields[key] = FrontMatterFields.Field(keyLine: lineNumber, value: .init(kind: .text(value, isNull: value.isEmpty), line: lineNumber))
            }
        }
        return fields
    }

    /// A name as Dataview allows one: words, digits, spaces, `-` and `_`, not starting a
    /// Markdown block (a list item, a heading, a quote, a table).
    private static func isKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, key.count <= 60, !"-*+#>|`[".unicodeScalars.contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || " -_".unicodeScalars.contains($0) || $0.properties.isEmoji && $0.value > 0xFF }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
