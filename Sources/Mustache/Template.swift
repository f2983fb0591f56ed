// Mustache: diarygen's own small engine for the theme's templates.
//
// It follows the Mustache spec's interpolation (`{{name}}` HTML-escaped, `{{{name}}}`
// and `{{& name}}` not), dotted names, `{{.}}`, sections and inverted sections,
// comments, partials (indented when they stand on a line of their own), delimiter
// changes and standalone-line rules. A value is text, a flag, a list or a group of
// named values (`TemplateValue`). Lambdas, template inheritance (`{{< }}`, `{{$ }}`),
// pragmas and dynamic partials are refused with an error naming the line, as is a
// section left open.

/// A Mustache template, parsed once into a tree: rendering is then a walk over
/// typed values. (swift-mustache looked every `{{name}}` up through `Any` with a
/// dynamic cast per context level; that was over half of a build's own CPU time.)
public struct Template: Sendable {
    /// A dotted name split once: `a.b` is `["a", "b"]`, and `.` (the current item) is `[]`.
    typealias Name = [String]

    enum Node: Sendable {
        /// UTF-8, as pages are rendered.
        case text([UInt8])
        case value(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
        /// A standalone partial's indentation goes before each of its lines.
        case partial(String, indentation: String, line: Int)
    }

    let nodes: [Node]
    /// Kept to make indented copies for standalone partials.
    let source: String

    public init(source: String) throws(TemplateError) {
        self.source = source
        var scanner = TemplateScanner(source)
        let tokens = try scanner.tokens()
        nodes = try Template.tree(Template.removingStandaloneLines(tokens))
    }

    private init(nodes: [Node], source: String) {
        self.nodes = nodes
        self.source = source
    }

    /// This template with every `{{name}}` and `{{name.more}}` whose first part is one
    /// of `constants`' names written in as text, joined to the text beside it.
    func fillingIn(_ constants: TemplateFields) -> Template {
        constants.isEmpty ? self : Template(nodes: Template.filling(nodes, from: constants), source: source)
    }

    private static func filling(_ nodes: [Node], from constants: TemplateFields) -> [Node] {
        var filled: [Node] = []
        filled.reserveCapacity(nodes.count)
        func append(_ node: Node) {
            if case .text(let text) = node, case .text(let previous)? = filled.last {
                filled[filled.count - 1] = .text(previous + text)
            } else {
                filled.append(node)
            }
        }
        for node in nodes {
            switch node {
            case .value(let name, let escaped):
                guard let first = name.first, var value = constants[first] else {
                    append(node)
                    continue
                }
                for part in name.dropFirst() { value = value.field(part) ?? .text("") }
                append(.text(Array((escaped ? escapeXML(value.interpolated) : value.interpolated).utf8)))
            case .section(let name, let inverted, let children):
                append(.section(name, inverted: inverted, filling(children, from: constants)))
            case .text, .partial:
                append(node)
            }
        }
        return filled
    }

    /// `source` with `indentation` before every line, as the spec has a standalone
    /// partial rendered.
    static func indenting(_ source: String, by indentation: String) -> String {
        guard !source.isEmpty else { return source }
        // Cut at the `\n` byte: `\r\n` is one Character and would hide the line ends.
        var lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        return lines.map { indentation + $0 }.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    // MARK: - Standalone lines

    /// A line holding only whitespace and one section, inverted, closing, comment,
    /// partial or delimiter tag disappears with its line ending, so templates can
    /// put those tags on lines of their own without leaving blank lines behind.
    private static func removingStandaloneLines(_ tokens: [TemplateToken]) -> [TemplateToken] {
        var kept: [TemplateToken] = []
        kept.reserveCapacity(tokens.count)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                lineEnd += 1
                if case .text(let text) = tokens[lineEnd - 1].kind, text.utf8.last == UInt8(ascii: "\n") { break }
            }
            let line = tokens[lineStart..<lineEnd]
            let tags = line.filter { if case .text = $0.kind { false } else { true } }
            let blank = line.allSatisfy { token in
                guard case .text(let text) = token.kind else { return true }
                return Template.isBlank(text)
            }
            if tags.count == 1, tags[0].canStandAlone, blank {
                var tag = tags[0]
                if case .partial(let name, _) = tag.kind {
                    // What comes before the tag on its line is its indentation.
                    let before = line.prefix { if case .text = $0.kind { true } else { false } }
                    let indentation = before.map { if case .text(let text) = $0.kind { text } else { "" } }.joined()
                    tag.kind = .partial(name, indentation: indentation)
                }
                kept.append(tag)
            } else {
                kept.append(contentsOf: line)
            }
            lineStart = lineEnd
        }
        return kept
    }

    /// Whether text holds only spaces, tabs and line endings (`\r` only before `\n`).
    private static func isBlank(_ text: String) -> Bool {
        var afterReturn = false
        for byte in text.utf8 {
            if afterReturn, byte != UInt8(ascii: "\n") { return false }
            afterReturn = byte == UInt8(ascii: "\r")
            guard afterReturn || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { return false }
        }
        return !afterReturn
    }

    // MARK: - The tree

    private static func tree(_ tokens: [TemplateToken]) throws(TemplateError) -> [Node] {
        struct OpenSection { let name: String; let inverted: Bool; let line: Int; var nodes: [Node] = [] }
        var open: [OpenSection] = [OpenSection(name: "", inverted: false, line: 0)]
        func append(_ node: Node) {
            // Neighbouring text is joined, so rendering appends one string, not a run of them.
            if case .text(let text) = node, case .text(var previous)? = open[open.count - 1].nodes.last {
                // Taken out first, so the text grows in place rather than being copied each line.
                open[open.count - 1].nodes.removeLast()
                previous += text
                open[open.count - 1].nodes.append(.text(previous))
            } else {
                open[open.count - 1].nodes.append(node)
            }
        }
        for token in tokens {
            switch token.kind {
            case .text(let text): append(.text(Array(text.utf8)))
            case .value(let name, let escaped): append(.value(Template.split(name), escaped: escaped))
            case .partial(let name, let indentation): append(.partial(name, indentation: indentation, line: token.line))
            case .comment, .delimiters: break
            case .section(let name, let inverted):
                open.append(OpenSection(name: name, inverted: inverted, line: token.line))
            case .close(let name):
                guard open.count > 1 else {
                    throw TemplateError(line: token.line, message: "`{{/\(name)}}` closes a section that was never opened")
                }
                let section = open.removeLast()
                guard section.name == name else {
                    throw TemplateError(
                        line: token.line,
                        message: "`{{/\(name)}}` does not close `{{\(section.inverted ? "^" : "#")\(section.name)}}` opened on line \(section.line)")
                }
                append(.section(Template.split(section.name), inverted: section.inverted, section.nodes))
            }
        }
        if let unclosed = open.last, open.count > 1 {
            throw TemplateError(line: unclosed.line, message: "`{{\(unclosed.inverted ? "^" : "#")\(unclosed.name)}}` is never closed with `{{/\(unclosed.name)}}`")
        }
        return open[0].nodes
    }

    private static func split(_ name: String) -> Name {
        guard name != "." else { return [] }
        // In ASCII each Character is one byte; elsewhere a mark after a dot makes another Character.
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
        return name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A template that cannot be read or rendered, and the line of its source that says why.
public struct TemplateError: Error, Equatable {
    public let line: Int
    public let message: String
    /// Which template, when the error is met while rendering another one.
    public var template: String? = nil
}

struct TemplateToken {
    enum Kind {
        /// Literal text, cut after every line ending so lines can be told apart.
        case text(String)
        case value(String, escaped: Bool)
        case section(String, inverted: Bool)
        case close(String)
        case partial(String, indentation: String)
        case comment
        case delimiters
    }

    var kind: Kind
    let line: Int

    var canStandAlone: Bool {
        switch kind {
        case .text, .value: false
        case .section, .close, .partial, .comment, .delimiters: true
        }
    }
}

/// Cuts a template's source into text and tags, following delimiter changes.
struct TemplateScanner {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)

    init(_ source: String) { bytes = Array(source.utf8) }

    mutating func tokens() throws(TemplateError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        while position < bytes.count {
            let tagStart = bytes.withUnsafeBufferPointer { byteOffset(of: opening, in: $0, from: position) } ?? bytes.count
            tokens += text(upTo: tagStart)
            if tagStart < bytes.count { tokens.append(try tag()) }
        }
        return tokens
    }

    /// The text from `position` up to `end`, cut after every line ending.
    private mutating func text(upTo end: Int) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var start = position
        while let newline = bytes[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
            tokens.append(TemplateToken(kind: .text(String(decoding: bytes[start...newline], as: UTF8.self)), line: line))
            line += 1
            start = newline + 1
        }
        if start < end { tokens.append(TemplateToken(kind: .text(String(decoding: bytes[start..<end], as: UTF8.self)), line: line)) }
        position = end
        return tokens
    }

    /// Reads the tag at `position`, moving past it.
    private mutating func tag() throws(TemplateError) -> TemplateToken {
        let tagLine = line
        let shown = String(decoding: opening, as: UTF8.self)
        let contentStart = position + opening.count
        let triple = contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
        let end = triple ? [UInt8(ascii: "}")] + closing : closing
        guard let contentEnd = bytes.withUnsafeBufferPointer({ byteOffset(of: end, in: $0, from: contentStart) }) else {
            throw TemplateError(line: tagLine, message: "`\(shown)` is never closed with `\(String(decoding: end, as: UTF8.self))`")
        }
        let content = bytes[contentStart..<contentEnd]
        line += content.count { $0 == UInt8(ascii: "\n") }
        position = contentEnd + end.count

        var body = String(decoding: content, as: UTF8.self).trimmingSpaces
        let sigil = triple ? "{" : body.first.flatMap { $0.asciiValue.map(TemplateScanner.sigils.contains) == true ? String($0) : nil } ?? ""
        if !sigil.isEmpty { body = String(body.dropFirst()).trimmingSpaces }
        func named(_ make: (String) -> TemplateToken.Kind) throws(TemplateError) -> TemplateToken {
            guard !body.isEmpty else { throw TemplateError(line: tagLine, message: "`\(shown)\(sigil)…` names nothing") }
            guard !TemplateScanner.holdsSpaceOrBracket(body) else {
                throw TemplateError(line: tagLine, message: "`\(body)` is not a name (names have no spaces or brackets)")
            }
            return TemplateToken(kind: make(body), line: tagLine)
        }
        switch sigil {
        case "!": return TemplateToken(kind: .comment, line: tagLine)
        case "=": return try delimiterChange(body, line: tagLine)
        case "{", "&": return try named { .value($0, escaped: false) }
        case "#": return try named { .section($0, inverted: false) }
        case "^": return try named { .section($0, inverted: true) }
        case "/": return try named { .close($0) }
        case ">":
            if body.hasPrefix("*") {
                throw TemplateError(line: tagLine, message: "dynamic partials (`\(shown)>*name…`) are not supported")
            }
            return try named { .partial($0, indentation: "") }
        case "<", "$":
            throw TemplateError(line: tagLine, message: "template inheritance (`\(shown)<…` and `\(shown)$…`) is not supported; use partials")
        case "%":
            throw TemplateError(line: tagLine, message: "pragmas (`\(shown)%…`) are not supported")
        default: return try named { .value($0, escaped: true) }
        }
    }

    /// The bytes that can open a tag's content to say what kind of tag it is.
    private static let sigils = Set("{&#^/>!=<$%".utf8)

    /// Whether a tag's name holds white space or a bracket, which no name can.
    private static func holdsSpaceOrBracket(_ name: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.contains { $0.isWhitespace || $0 == "(" } }
        // In ASCII, white space is the bytes 0x09–0x0D and 0x20.
        return name.utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) || $0 == UInt8(ascii: "(") }
    }

    /// `{{=<% %>=}}`: two delimiters, separated by space, between equals signs.
    private mutating func delimiterChange(_ body: String, line: Int) throws(TemplateError) -> TemplateToken {
        let parts = body.hasSuffix("=") ? body.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw TemplateError(line: line, message: "a delimiter change is written `{{=<% %>=}}`: two delimiters between equals signs")
        }
        opening = Array(parts[0].utf8)
        closing = Array(parts[1].utf8)
        return TemplateToken(kind: .delimiters, line: line)
    }
}
