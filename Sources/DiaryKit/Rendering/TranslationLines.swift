import Yams

/// A translation file (`i18n/ko.yml`) read into its phrases. Most are `key: text` lines,
/// comments, and keys with their plural forms indented under them, which `quick` reads
/// itself, much faster than Yams composes them: the built-in words are read by every
/// command, a Korean site's on the way to its first page. Anything else goes through Yams.
enum TranslationLines {
    static func read(_ text: String, path: String) throws(DiagnosticsError) -> [String: Translations.Phrase] {
        if let phrases = quick(text) { return phrases }
        return try viaYams(text, path: path)
    }

    /// `key: text` lines (plain, or double-quoted with no escape but `\"` and `\\`), lines
    /// of plural forms indented alike under a `key:`, comments and blank lines, exactly as
    /// Yams and `viaYams` read them; nil for anything else (a key written twice, continued
    /// lines, other quoting or escapes, a form that is no plural category, a key with no
    /// `other:` form, no key at all), which `viaYams` reads or reports.
    static func quick(_ text: String) -> [String: Translations.Phrase]? {
        var text = text
        return text.withUTF8 { quick(lines: $0[...]) }
    }

    private static func quick(lines file: YAMLLine.Bytes) -> [String: Translations.Phrase]? {
        var phrases: [String: Translations.Phrase] = [:]
        // The key whose plural forms are being read, and the indentation of its first form.
        var pluralKey: String?
        var forms: [PluralCategory: String] = [:]
        var formIndentation = 0
        func closeForms() -> Bool {
            guard let key = pluralKey else { return true }
            guard forms[.other] != nil else { return false }
            phrases[key] = .plural(forms)
            (pluralKey, forms) = (nil, [:])
            return true
        }
        var lineStart = file.startIndex
        while lineStart < file.endIndex {
            let lineEnd = file[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? file.endIndex
            let rawLine = file[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard YAMLLine.hasOnlyOrdinaryCharacters(rawLine) else { return nil }
            let line = YAMLLine.trimmingSpaces(rawLine)
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = line[..<colon], rest = line[(colon + 1)...]
            guard YAMLLine.isKey(key) else { return nil }
            let indentation = line.startIndex - rawLine.startIndex
            if indentation > 0 {
                // A plural form of the key above.
                guard pluralKey != nil, forms.isEmpty || indentation == formIndentation,
                      let category = PluralCategory(rawValue: String(decoding: key, as: UTF8.self)), forms[category] == nil,
                      rest.first == UInt8(ascii: " "), let text = scalar(YAMLLine.trimmingSpaces(rest)) else { return nil }
                formIndentation = indentation
                forms[category] = text
                continue
            }
            guard closeForms() else { return nil }
            let name = String(decoding: key, as: UTF8.self)
            guard phrases[name] == nil else { return nil }
            if rest.isEmpty {
                pluralKey = name
                continue
            }
            guard rest.first == UInt8(ascii: " "), let text = scalar(YAMLLine.trimmingSpaces(rest)) else { return nil }
            phrases[name] = .text(text)
        }
        guard closeForms(), !phrases.isEmpty else { return nil }
        return phrases
    }

    /// A value on one line: double-quoted, or plain (no indicator first, no `: ` or ` #`,
    /// no `:` last; quotes and brackets inside are text, as YAML reads them outside a list).
    private static func scalar(_ text: YAMLLine.Bytes) -> String? {
        guard let first = text.first else { return nil }
        guard first == UInt8(ascii: "\"") else {
            guard !YAMLLine.indicators[Int(first)], text.last != UInt8(ascii: ":") else { return nil }
            var previous: UInt8 = 0
            for byte in text {
                if byte == UInt8(ascii: "#") && previous == UInt8(ascii: " ") || byte == UInt8(ascii: " ") && previous == UInt8(ascii: ":") { return nil }
                previous = byte
            }
            return String(decoding: text, as: UTF8.self)
        }
        guard text.count >= 2, text.last == UInt8(ascii: "\"") else { return nil }
        var unescaped: [UInt8] = []
        var index = text.startIndex + 1
        while index < text.endIndex - 1 {
            var byte = text[index]
            if byte == UInt8(ascii: "\"") { return nil }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < text.endIndex - 1, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "\\") else { return nil }
                byte = text[index]
            }
            unescaped.append(byte)
            index += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The file as Yams composes it, every problem at its line of `path`.
    static func viaYams(_ text: String, path: String) throws(DiagnosticsError) -> [String: Translations.Phrase] {
        let node: Node?
        switch YAMLReading.compose(text, path: path, firstLine: 1) {
        case .success(let composed): node = composed
        case .failure(let problem): throw DiagnosticsError([problem])
        }
        guard case let .mapping(mapping)? = node else {
            throw DiagnosticsError([.error(path, line: 1, "a translation file is a list of `key: text` lines")])
        }
        var phrases: [String: Translations.Phrase] = [:]
        for (key, value) in mapping {
            let line = YAMLReading.line(of: key, firstLine: 1)
            guard let name = key.string else {
                throw DiagnosticsError([.error(path, line: line, "each line should be `key: text`")])
            }
            if let text = YAMLReading.scalarText(value) {
                phrases[name] = .text(text)
            } else if case let .mapping(forms) = value {
                phrases[name] = .plural(try pluralForms(forms, key: name, path: path))
            } else {
                throw DiagnosticsError([.error(path, line: line, "each line should be `key: text`, or a key with plural forms such as `one:` and `other:`")])
            }
        }
        return phrases
    }

    /// `one: … other: …` under a key: texts by CLDR plural category, `other` required.
    private static func pluralForms(_ mapping: Node.Mapping, key: String, path: String) throws(DiagnosticsError) -> [PluralCategory: String] {
        var forms: [PluralCategory: String] = [:]
        for (name, value) in mapping {
            let line = YAMLReading.line(of: name, firstLine: 1)
            guard let category = name.string.flatMap(PluralCategory.init(rawValue:)), let text = YAMLReading.scalarText(value) else {
                throw DiagnosticsError([.error(path, line: line,
                    "the plural forms of `\(key)` are `zero`, `one`, `two`, `few`, `many` and `other`, each with a text")])
            }
            forms[category] = text
        }
        guard forms[.other] != nil else {
            throw DiagnosticsError([.error(path, line: YAMLReading.line(of: .mapping(mapping), firstLine: 1),
                "`\(key)` needs an `other:` form, the one used for any number no other form is for")])
        }
        return forms
    }
}
