/// An entry file split into its front-matter and its Markdown body.
///
/// Only the first line of the file opens front-matter: `---` for YAML, `+++` for
/// TOML (as Hugo writes it). The first `---` or `...` line after it (`+++` for TOML)
/// closes it: a thematic break or a setext heading in the body is body, never front-matter.
struct FrontMatter: Equatable {
    /// `none` for a file with no front-matter at all, such as an Obsidian daily note;
    /// `properties` for Logseq's page properties (`PageProperties`).
    enum Format: Equatable { case yaml, toml, properties, none }

    let format: Format
    let text: String
    /// The file line the front-matter's text starts on (line 2 of the file).
    let textFirstLine: Int
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
        let (first, start) = line(at: text.startIndex)
        let format: Format
        if isFence(first, closing: false) { format = .yaml } else if withoutTrailingBlanks(first) == "+++" { format = .toml } else { return .failure(.missing) }
        var lineStart = start
        var lineNumber = 2
        while lineStart < text.endIndex {
            let (current, next) = line(at: lineStart)
            if format == .yaml ? isFence(current, closing: true) : withoutTrailingBlanks(current) == "+++" {
                // The front-matter ends before the newline that ends its last line.
                let end = lineStart == start ? start : utf8.index(before: lineStart)
                return .success(FrontMatter(format: format, text: String(text[start..<end]), textFirstLine: 2,
                                            body: String(text[next...]), bodyFirstLine: lineNumber + 1))
            }
            lineStart = next
            lineNumber += 1
        }
        return .failure(.neverClosed)
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        let line = withoutTrailingBlanks(line)
        return line == "---" || (closing && line == "...")
    }

    private static func withoutTrailingBlanks(_ line: Substring) -> Substring {
        var line = line
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return line
    }
}
