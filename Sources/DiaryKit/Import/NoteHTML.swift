/// A note written as a little HTML, as Markdown: Daylio's backup (`<b>`, `<i>`, `<br>`,
/// `<div>` and `<p>` lines, `<ul>`/`<ol>` lists; older notes plain text with line
/// breaks) and Journey's entries (`<p dir="auto">` paragraphs, `<strong>`, `<em>`, lists,
/// `<a href>` links). Bold, italic, links to web and mail addresses, line breaks,
/// paragraphs and list items become Markdown; a script's or a style sheet's content is
/// dropped; any other tag is dropped and its text kept; entities (`&nbsp;`, `&amp;`,
/// numeric ones such as `&#54620;`) are decoded. Text stays text: the characters Markdown
/// would read as inline markup or HTML are escaped, so nothing of the note reaches a page
/// as HTML. Block syntax typed at a line's start (`- `, `1. `) keeps its Markdown meaning,
/// as in the notes of Daylio's CSV.
enum NoteHTML {
    /// `newlinesBreakLines`: whether a line break in the text is one in the note (Daylio's
    /// notes, typed by hand), or white space between words and tags (HTML an editor wrote).
    static func markdown(_ note: String, newlinesBreakLines: Bool = true) -> String {
        var reader = Reader(newlinesBreakLines: newlinesBreakLines)
        reader.read(note)
        return render(reader.lines)
    }

    private enum Style: Equatable {
        case link(String)
        case bold, italic

        var opening: String {
            switch self {
            case .link: "["
            case .bold: "**"
            case .italic: "*"
            }
        }

        var closing: String {
            switch self {
            case .link(let url): "](\(url))"
            case .bold: "**"
            case .italic: "*"
            }
        }
    }

    private struct Run {
        var text: String
        /// A link first, so that it encloses the emphasis inside it.
        var styles: [Style]
    }

    private struct Line {
        /// `- ` or `1. ` for a list item.
        var marker: String?
        var runs: [Run] = []

        var isBlank: Bool { marker == nil && runs.allSatisfy { $0.text.allSatisfy(\.isSpaceOrTab) } }
    }

    /// The note as lines of styled text; a blank line between two paragraphs.
    private struct Reader {
        let newlinesBreakLines: Bool
        var lines: [Line] = []
        var line = Line()
        var bold = 0, italic = 0
        /// Where the open `<a>` leads, when it is an address a page may link to.
        var link: String?
        /// The open lists, innermost last: ordered or not, and the items so far.
        var lists: [(ordered: Bool, items: Int)] = []

        mutating func read(_ note: String) {
            var rest = Substring(note)
            while let first = rest.first {
                if first == "<", let (name, closing, attributes, after) = Reader.tag(at: rest) {
                    rest = after
                    apply(name, closing: closing, attributes: attributes)
                    // `<br>` and the newline some versions write after it are one break.
                    if name == "br", rest.first?.isNewline == true { rest = rest.dropFirst() }
                    // A script's or a style sheet's content is code, not the note's text.
                    if !closing, name == "script" || name == "style" {
                        let end = rest.range(of: "</\(name)", options: .caseInsensitive)
                        rest = end.map { rest[$0.upperBound...].drop { $0 != ">" }.dropFirst() } ?? rest[rest.endIndex...]
                    }
                } else if first == "&", let (text, after) = Reader.entity(at: rest) {
                    append(text)
                    rest = after
                } else if first.isNewline {
                    if newlinesBreakLines { endLine() } else { append(" ") }
                    rest = rest.dropFirst()
                } else {
                    // Text up to the next tag, entity or line break; a `<` or `&` that starts neither is text.
                    let end = rest.dropFirst().firstIndex { $0 == "<" || $0 == "&" || $0.isNewline } ?? rest.endIndex
                    append(String(rest[..<end]))
                    rest = rest[end...]
                }
            }
            endBlock()
        }

        mutating func apply(_ name: String, closing: Bool, attributes: Substring) {
            switch name {
            case "b", "strong": bold = max(0, bold + (closing ? -1 : 1))
            case "i", "em": italic = max(0, italic + (closing ? -1 : 1))
            case "a": link = closing ? nil : Reader.attribute("href", in: attributes).flatMap(Reader.linkTarget)
            case "br": endLine()
            case "div": endBlock()
            case "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote":
                endBlock()
                // A paragraph ends with a blank line.
                if closing { endLine() }
            case "ul", "ol":
                endBlock()
                if closing { _ = lists.popLast() } else { lists.append((name == "ol", 0)) }
            case "li":
                endBlock()
                guard !closing else { return }
                if lists.isEmpty { lists.append((false, 0)) }
                lists[lists.count - 1].items += 1
                line.marker = lists[lists.count - 1].ordered ? "\(lists[lists.count - 1].items). " : "- "
            default: break
            }
        }

        mutating func append(_ text: String) {
            let styles = (link.map { [Style.link($0)] } ?? []) + (bold > 0 ? [.bold] : []) + (italic > 0 ? [.italic] : [])
            if let last = line.runs.last, last.styles == styles {
                line.runs[line.runs.count - 1].text += text
            } else {
                line.runs.append(Run(text: text, styles: styles))
            }
        }

        mutating func endLine() {
            lines.append(line)
            line = Line()
        }

        /// Ends the line unless nothing is on it yet: `<div>a</div><div>b</div>` is two lines.
        mutating func endBlock() {
            if !line.isBlank { endLine() }
        }

        /// A tag at the start of `text` (`<b>`, `</div>`, `<br/>`, `<p dir="ltr">`): its
        /// name lowercased, whether it closes, its attributes, and what follows. Nil for a
        /// `<` that starts no tag (`<3`, `a < b`), which is text.
        static func tag(at text: Substring) -> (String, Bool, Substring, Substring)? {
            var rest = text.dropFirst()
            let closing = rest.first == "/"
            if closing { rest = rest.dropFirst() }
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard let first = name.first, first.isLetter, let end = rest.firstIndex(of: ">") else { return nil }
            let after = rest[name.endIndex...]
            guard let next = after.first, next == ">" || next == "/" || next.isSpaceOrTab || next.isNewline else { return nil }
            return (name.lowercased(), closing, after[..<end], rest[rest.index(after: end)...])
        }

        /// The value of the attribute `name` (`href="…"`, `href='…'` or `href=…`), its entities decoded.
        static func attribute(_ name: String, in attributes: Substring) -> String? {
            var rest = attributes
            while let found = rest.range(of: name, options: .caseInsensitive) {
                let before = rest[..<found.lowerBound].last
                var after = rest[found.upperBound...].drop { $0.isSpaceOrTab || $0.isNewline }
                rest = rest[found.upperBound...]
                guard before.map({ $0.isSpaceOrTab || $0.isNewline }) ?? true, after.first == "=" else { continue }
                after = after.dropFirst().drop { $0.isSpaceOrTab || $0.isNewline }
                var value = after.prefix { !$0.isSpaceOrTab && !$0.isNewline }
                if let quote = after.first, quote == "\"" || quote == "'" { value = after.dropFirst().prefix { $0 != quote } }
                var decoded = "", text = value
                while let first = text.first {
                    if first == "&", let (character, next) = entity(at: text) {
                        decoded += character
                        text = next
                    } else {
                        decoded.append(first)
                        text = text.dropFirst()
                    }
                }
                return decoded
            }
            return nil
        }

        /// `href` as a Markdown link's destination, when it is a web or mail address: any
        /// other (`javascript:`, a file of the phone's) is no link, and its text stays.
        static func linkTarget(_ href: String) -> String? {
            let trimmed = href.trimmingCharacters(where: { $0.isSpaceOrTab || $0.isNewline })
            guard ["http://", "https://", "mailto:"].contains(where: { trimmed.lowercased().hasPrefix($0) }),
                  trimmed.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else { return nil }
            // What would end or break the destination, percent-encoded.
            let encoded: [Character: String] = [" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "\\": "%5C"]
            return trimmed.map { encoded[$0] ?? String($0) }.joined()
        }

        /// An entity at the start of `text`, decoded (`&nbsp;` as a plain space), and what
        /// follows; a high and a low surrogate written as two entities are one character.
        static func entity(at text: Substring) -> (String, Substring)? {
            guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
            let name = text[text.index(after: text.startIndex)..<semicolon]
            var after = text[text.index(after: semicolon)...]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#39": "'", "nbsp": " "]
            if let decoded = named[name.lowercased()] { return (decoded, after) }
            guard var code = number(name) else { return nil }
            if (0xD800..<0xDC00).contains(code), after.first == "&", let (low, rest) = surrogate(at: after) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                after = rest
            }
            // NUL, a lone surrogate or a number past Unicode is the replacement character.
            let scalar = code == 0 ? nil : Unicode.Scalar(UInt32(code))
            return (String(Character(scalar ?? "\u{FFFD}")), after)
        }

        /// `#123` or `#x1F600` as a number.
        private static func number(_ name: Substring) -> Int? {
            guard name.first == "#" else { return nil }
            var digits = name.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            if hex { digits = digits.dropFirst() }
            guard (1...8).contains(digits.count), digits.allSatisfy({ $0.isASCII && (hex ? $0.isHexDigit : $0.isNumber) }) else { return nil }
            return Int(digits, radix: hex ? 16 : 10)
        }

        private static func surrogate(at text: Substring) -> (Int, Substring)? {
            guard let semicolon = text.prefix(12).firstIndex(of: ";"),
                  let code = number(text[text.index(after: text.startIndex)..<semicolon]), (0xDC00..<0xE000).contains(code) else { return nil }
            return (code, text[text.index(after: semicolon)...])
        }
    }

    /// Lines in one paragraph are joined by a hard break (`\` at the line's end), list
    /// items by a newline; a blank line, or a list's start or end, starts a paragraph.
    private static func render(_ lines: [Line]) -> String {
        var markdown = ""
        var previous: Line?
        var blankSince = false
        for line in lines {
            if line.isBlank {
                blankSince = previous != nil
                continue
            }
            if let previous {
                if blankSince || (previous.marker == nil) != (line.marker == nil) {
                    markdown += "\n\n"
                } else {
                    markdown += line.marker == nil ? "\\\n" : "\n"
                }
            }
            markdown += (line.marker ?? "") + render(line.runs)
            previous = line
            blankSince = false
        }
        return markdown
    }

    /// Styled runs as Markdown: a marker always touches text, never a space, so that
    /// `<b>Hello </b>world` is `**Hello** world`, which Markdown reads as bold; a link
    /// encloses its emphasis (`[**a**](…)`).
    private static func render(_ runs: [Run]) -> String {
        var markdown = "", open: [Style] = [], spaces = ""
        for run in runs {
            let core = run.text.trimmingCharacters(where: \.isSpaceOrTab)
            guard !core.isEmpty else {
                spaces += run.text
                continue
            }
            let leading = run.text.prefix { $0.isSpaceOrTab }, trailing = run.text.reversed().prefix { $0.isSpaceOrTab }
            spaces += leading
            // Close what this run has not, innermost first, then open what it adds.
            while let last = open.last, !open.allSatisfy(run.styles.contains) {
                markdown += last.closing
                open.removeLast()
            }
            markdown += markdown.isEmpty ? "" : spaces
            for style in run.styles where !open.contains(style) {
                markdown += style.opening
                open.append(style)
            }
            markdown += escaped(core)
            spaces = String(trailing)
        }
        return markdown + open.reversed().map(\.closing).joined()
    }

    /// `text` with each character Markdown reads as markup or HTML backslash-escaped;
    /// `_` only where it could start or end emphasis (not inside a word, as in URLs).
    private static func escaped(_ text: String) -> String {
        var result = ""
        var previous: Character?
        var characters = text.makeIterator(), next = characters.next()
        while let character = next {
            next = characters.next()
            let inWord = previous.map { $0.isLetter || $0.isNumber } == true && next.map { $0.isLetter || $0.isNumber } == true
            if "\\`*[]<>&~".contains(character) || (character == "_" && !inWord) { result.append("\\") }
            result.append(character)
            previous = character
        }
        return result
    }
}

private extension Character {
    var isSpaceOrTab: Bool { self == " " || self == "\t" }
}

private extension String {
    func trimmingCharacters(where isTrimmed: (Character) -> Bool) -> String {
        String(drop(while: isTrimmed).reversed().drop(while: isTrimmed).reversed())
    }
}
