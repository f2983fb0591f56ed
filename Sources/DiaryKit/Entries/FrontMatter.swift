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
        var utf8 = text
        // Lines are found among the bytes (newlines and fences are ASCII); the parts are then
        // cut from `text` itself, whose UTF-8 needs no checking again.
        func part(_ range: Range<Int>) -> String {
            let bytes = text.utf8
            return String(text[bytes.index(bytes.startIndex, offsetBy: range.lowerBound)..<bytes.index(bytes.startIndex, offsetBy: range.upperBound)])
        }
        return utf8.withUTF8(fences(in:)).map { found in
            FrontMatter(format: found.format, text: part(found.text), textFirstLine: 2, body: part(found.body), bodyFirstLine: found.bodyFirstLine)
        }
    }

    /// The front-matter's format, where its text and the body lie among the bytes, and the
    /// body's first line.
    private static func fences(in bytes: UnsafeBufferPointer<UInt8>)
        -> Result<(format: Format, text: Range<Int>, body: Range<Int>, bodyFirstLine: Int), Problem> {
        /// Where the line that starts at `start` ends, before its newline.
        func end(ofLineAt start: Int) -> Int { bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count }
        let firstEnd = end(ofLineAt: 0)
        let format: Format
        if isLine(bytes[..<firstEnd], "---") { format = .yaml } else if isLine(bytes[..<firstEnd], "+++") { format = .toml } else { return .failure(.missing) }
        let start = min(firstEnd + 1, bytes.count)
        var lineStart = start
        var lineNumber = 2
        while lineStart < bytes.count {
            let lineEnd = end(ofLineAt: lineStart)
            let line = bytes[lineStart..<lineEnd]
            let next = min(lineEnd + 1, bytes.count)
            if format == .yaml ? isLine(line, "---") || isLine(line, "...") : isLine(line, "+++") {
                // The front-matter ends before the newline that ends its last line.
                let end = lineStart == start ? start : lineStart - 1
                return .success((format, start..<end, next..<bytes.count, lineNumber + 1))
            }
            lineStart = next
            lineNumber += 1
        }
        return .failure(.neverClosed)
    }

    /// Whether `line` is `mark`, with spaces or tabs after it or not.
    private static func isLine(_ line: Slice<UnsafeBufferPointer<UInt8>>, _ mark: StaticString) -> Bool {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return line[..<end].elementsEqual(UnsafeBufferPointer(start: mark.utf8Start, count: mark.utf8CodeUnitCount))
    }
}
