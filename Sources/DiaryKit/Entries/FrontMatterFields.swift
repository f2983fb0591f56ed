import Yams

/// Front-matter read into its keys, each with the line it is on: what `EntryParser`
/// checks. Most front-matter is a few `key: value` lines, which `quick` reads
/// itself, much faster than Yams composes them; anything else goes through Yams.
struct FrontMatterFields: Equatable {
    struct Value: Equatable {
        enum Kind: Equatable {
            /// `isNull` for what YAML reads as nothing: an empty or `~`/`null` plain value.
            case text(String, isNull: Bool)
            case list([Value])
            /// A set of keys, each with its value.
            case mapping([String: Value])
            /// A set of keys or an alias, named as messages name it.
            case other(String)
        }

        let kind: Kind
        /// In the file.
        let line: Int

        /// The text of a single value, null or not.
        var text: String? {
            if case .text(let text, _) = kind { return text }
            return nil
        }

        /// How messages name a kind of value.
        var kindName: String {
            switch kind {
            case .text: "a single value"
            case .list: "a list"
            case .mapping: "a set of keys"
            case .other(let name): name
            }
        }
    }

    struct Field: Equatable {
        let keyLine: Int
        let value: Value
    }

    let fields: [String: Field]

    /// More values than any diary's front-matter holds (tags are a few dozen at most).
    static let valueLimit = 100_000

    /// `yaml` starts on line `firstLine` of the file. A problem is an error at its line.
    static func read(_ yaml: String, path: String, firstLine: Int) -> Result<FrontMatterFields, Diagnostic> {
        if let fields = quick(yaml, firstLine: firstLine) { return .success(fields) }
        return viaYams(yaml, path: path, firstLine: firstLine)
    }

    static func viaYams(_ yaml: String, path: String, firstLine: Int) -> Result<FrontMatterFields, Diagnostic> {
        let root: Node?
        switch YAMLReading.compose(yaml, path: path, firstLine: firstLine) {
        case .success(let node): root = node
        case .failure(let problem): return .failure(problem)
        }
        guard let root else { return .success(FrontMatterFields(fields: [:])) }
        guard case let .mapping(mapping) = root else {
            return .failure(.error(path, line: firstLine, "front-matter should be keys such as `mood: good`, one a line"))
        }
        // Aliases of aliases make a few lines stand for billions of values: the
        // values read are counted, and past a limit no front-matter needs, it is an error.
        var valuesLeft = FrontMatterFields.valueLimit
        func value(_ node: Node) -> Value {
            let line = YAMLReading.line(of: node, firstLine: firstLine)
            valuesLeft -= 1
            guard valuesLeft >= 0 else { return Value(kind: .other("too many values"), line: line) }
            switch node {
            case .scalar(let scalar): return Value(kind: .text(scalar.string, isNull: node.null != nil), line: line)
            case .sequence(let items): return Value(kind: .list(items.map(value)), line: line)
            case .mapping(let pairs):
                var mapping: [String: Value] = [:]
                for (key, item) in pairs { if let name = key.string { mapping[name] = value(item) } }
                return Value(kind: .mapping(mapping), line: line)
            default: return Value(kind: .other(YAMLReading.kindName(node)), line: line)
            }
        }
        var fields: [String: Field] = [:]
        for (key, node) in mapping {
            guard let name = key.string else { continue }
            let keyLine = YAMLReading.line(of: key, firstLine: firstLine)
            fields[name] = Field(keyLine: keyLine, value: value(node))
            if valuesLeft < 0 {
                return .failure(.error(path, line: keyLine, "`\(name)` holds more than \(FrontMatterFields.valueLimit) values once its YAML aliases (`*name`) are expanded; write the values out instead"))
            }
        }
        return .success(FrontMatterFields(fields: fields))
    }

    /// Reads front-matter made only of lines such as `mood: good`, `title: "A day"` and
    /// `tags: [work, rain]`, exactly as Yams would; nil for anything else (comments,
    /// indented or continued lines, escapes, other quoting, a key written twice), which
    /// Yams reads instead.
    static func quick(_ yaml: String, firstLine: Int) -> FrontMatterFields? {
        var yaml = yaml
        // Read as bytes: every key, indicator and separator it knows is ASCII.
        return yaml.withUTF8 { quick(lines: $0[...], firstLine: firstLine) }
    }

    private typealias Bytes = YAMLLine.Bytes

    private static func quick(lines yaml: Bytes, firstLine: Int) -> FrontMatterFields? {
        // Room for the usual keys from the start, rather than growing the table twice.
        var fields = [String: Field](minimumCapacity: 8)
        var lineNumber = firstLine - 1
        var lineStart = yaml.startIndex
        while lineStart <= yaml.endIndex {
            let lineEnd = yaml[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? yaml.endIndex
            let rawLine = yaml[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            lineNumber += 1
            guard YAMLLine.hasOnlyOrdinaryCharacters(rawLine) else { return nil }
            let line = YAMLLine.trimmingSpaces(rawLine)
            if line.isEmpty { continue }
            // An indented line belongs to the one before it.
            guard rawLine.first != UInt8(ascii: " ") else { return nil }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = line[..<colon]
            guard YAMLLine.isKey(key) else { return nil }
            let rest = line[(colon + 1)...]
            if rest.isEmpty {
                // `key:` and nothing else is a null.
                guard fields.updateValue(Field(keyLine: lineNumber, value: Value(kind: .text("", isNull: true), line: lineNumber)),
                                         forKey: text(key)) == nil else { return nil }
                continue
            }
            guard rest.first == UInt8(ascii: " "), let value = value(YAMLLine.trimmingSpaces(rest), line: lineNumber),
                  fields.updateValue(Field(keyLine: lineNumber, value: value), forKey: text(key)) == nil else { return nil }
        }
        return FrontMatterFields(fields: fields)
    }

    private static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func value(_ text: Bytes, line: Int) -> Value? {
        switch text.first {
        case UInt8(ascii: "\""):
            guard let inner = quoted(text) else { return nil }
            return Value(kind: .text(self.text(inner), isNull: false), line: line)
        case UInt8(ascii: "["):
            guard text.last == UInt8(ascii: "]") else { return nil }
            let inner = YAMLLine.trimmingSpaces(text[(text.startIndex + 1)..<(text.endIndex - 1)])
            if inner.isEmpty { return Value(kind: .list([]), line: line) }
            var items: [Value] = []
            for part in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let item = YAMLLine.trimmingSpaces(part)
                if item.first == UInt8(ascii: "\"") {
                    guard let unquoted = quoted(item) else { return nil }
                    items.append(Value(kind: .text(self.text(unquoted), isNull: false), line: line))
                } else {
                    guard isPlain(item, inList: true) else { return nil }
                    items.append(Value(kind: .text(self.text(item), isNull: isNull(item)), line: line))
                }
            }
            return Value(kind: .list(items), line: line)
        default:
            guard isPlain(text, inList: false) else { return nil }
            return Value(kind: .text(self.text(text), isNull: isNull(text)), line: line)
        }
    }

    /// What YAML's core schema reads as null, written plainly.
    private static func isNull(_ text: Bytes) -> Bool {
        switch text.count {
        case 1: text.first == UInt8(ascii: "~")
        case 4: ["null", "Null", "NULL"].contains { text.elementsEqual($0.utf8) }
        default: false
        }
    }

    /// The text between double quotes that hold no escape and no other quote.
    private static func quoted(_ text: Bytes) -> Bytes? {
        guard text.count >= 2, text.first == UInt8(ascii: "\""), text.last == UInt8(ascii: "\"") else { return nil }
        let inner = text[(text.startIndex + 1)..<(text.endIndex - 1)]
        guard !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return nil }
        return inner
    }

    /// A plain value with nothing YAML could read otherwise: no indicator first, no
    /// `: ` or ` #`, no quotes or brackets, no control characters; in a list, no commas.
    private static func isPlain(_ text: Bytes, inList: Bool) -> Bool {
        guard let first = text.first, !YAMLLine.indicators[Int(first)] else { return false }
        var previous: UInt8 = 0
        for byte in text {
            if byte < 0x20 || byte == 0x7F { return false }
            switch byte {
            case UInt8(ascii: "#") where previous == UInt8(ascii: " "): return false
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return false
            case UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: ":"):
                if inList { return false }
            case UInt8(ascii: " ") where previous == UInt8(ascii: ":"): return false
            default: break
            }
            previous = byte
        }
        return previous != UInt8(ascii: ":")
    }
}
