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

    /// `text` has LF line endings and no byte order mark.
    static func split(_ text: String) -> Result<FrontMatter, Problem> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), isFence(first, closing: false) else { return .failure(.missing) }
        var yaml: [Substring] = []
        var lineNumber = 1
        while let line = lines.popFirst() {
            lineNumber += 1
            if isFence(line, closing: true) {
                return .success(FrontMatter(
                    yaml: yaml.joined(separator: "\n"),
                    yamlFirstLine: 2,
                    body: lines.joined(separator: "\n"),
                    bodyFirstLine: lineNumber + 1
                ))
            }
            yaml.append(line)
        }
        return .failure(.neverClosed)
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var line = line
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return line == "---" || (closing && line == "...")
    }
}
