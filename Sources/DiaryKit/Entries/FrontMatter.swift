/// An entry file split into its YAML front-matter and its Markdown body.
///
/// Only the first `---` line of the file opens front-matter, and the first
/// `---` or `...` line after it closes it: a thematic break or a setext heading
/// in the body is body, never front-matter.
struct FrontMatter: Equatable {
    let yaml: String
    /// The file line the YAML starts on (line 2 of the file).
    let yamlFirstLine: Int
    let body: String
    let bodyFirstLine: Int

    enum Problem: Error, Equatable {
        case missing
        /// The opening `---` is on line 1 and nothing closes it.
        case neverClosed
    }

    /// `text` has LF line endings and no byte order mark. Only the front-matter is
    /// read line by line; the body is taken whole.
    static func split(_ text: String) -> Result<FrontMatter, Problem> {
        let utf8 = text.utf8
        /// The line that starts at `start`, and where the next one starts.
        func line(at start: String.Index) -> (text: Substring, next: String.Index) {
            guard let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else { return (text[start...], text.endIndex) }
            return (text[start..<end], utf8.index(after: end))
        }
        let (first, yamlStart) = line(at: text.startIndex)
        guard isFence(first, closing: false) else { return .failure(.missing) }
        var lineStart = yamlStart
        var lineNumber = 2
        while lineStart < text.endIndex {
            let (current, next) = line(at: lineStart)
            if isFence(current, closing: true) {
                // The YAML ends before the newline that ends its last line.
                let yamlEnd = lineStart == yamlStart ? yamlStart : utf8.index(before: lineStart)
                return .success(FrontMatter(yaml: String(text[yamlStart..<yamlEnd]), yamlFirstLine: 2,
                                            body: String(text[next...]), bodyFirstLine: lineNumber + 1))
            }
            lineStart = next
            lineNumber += 1
        }
        return .failure(.neverClosed)
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var line = line
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return line == "---" || (closing && line == "...")
    }
}
