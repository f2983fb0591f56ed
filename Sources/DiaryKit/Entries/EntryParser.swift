import Foundation
import Mustache

/// An entry's front-matter, read and checked; its body is still Markdown text.
public struct EntryHeader: Sendable, EntryMetadataHolder {
    public let source: SourceFile
    public let metadata: EntryMetadata
    /// Nil when the build took the entry's rendering from its cache without reading the file.
    public let markdown: String?
    public let markdownFirstLine: Int
}

/// Stage 2 of the pipeline: reads an entry file's front-matter into an `EntryHeader`,
/// or says exactly what is wrong and on which line.
public struct EntryParser: Sendable {
    public let moods: MoodScale

    public init(moods: MoodScale) { self.moods = moods }

    public struct Outcome: Sendable {
        public let header: EntryHeader?
        /// Errors (when `header` is nil) and warnings.
        public let diagnostics: [Diagnostic]
        /// The day the entry is of, as far as it could be read (its header's date, or
        /// when it has errors the front-matter's or the file name's), so `recap` can
        /// tell an error in the month it recaps from one elsewhere.
        public let day: CivilDate?

        init(header: EntryHeader?, diagnostics: [Diagnostic], day: CivilDate? = nil) {
            self.header = header
            self.diagnostics = diagnostics
            self.day = header?.date ?? day
        }
    }

    public func parse(_ file: SourceFile, bytes: [UInt8]) -> Outcome {
        switch EntryParser.frontMatter(of: file, bytes: bytes) {
        case .success(let frontMatter): return parse(frontMatter, file: file)
        case .failure(let problem):
            return Outcome(header: nil, diagnostics: [problem], day: try? WrittenDate.fromFileName(String(file.name))?.get().date)
        }
    }

    /// The file's text split into front-matter and body, before the YAML is read.
    static func frontMatter(of file: SourceFile, bytes: [UInt8]) -> Result<FrontMatter, Diagnostic> {
        let path = file.displayPath
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(.error(path, "this file is not UTF-8 text; save it as UTF-8"))
        }
        let withoutMark = decoded.strippingByteOrderMark
        // Windows ends lines with CR LF, classic Mac OS with CR alone.
        let text = withoutMark.replacingEvery("\r\n", with: "\n").replacingEvery("\r", with: "\n")
        guard text.contains(where: { !$0.isWhitespace }) else {
            return .failure(.error(path, line: 1, "this file is empty; an entry needs front-matter with at least a mood"))
        }
        switch FrontMatter.split(text) {
        case .success(let split): return .success(split)
        case .failure(.missing):
            return .failure(.error(path, line: 1, "no front-matter: start the file with a `---` line, then `mood: good`, then another `---` line"))
        case .failure(.neverClosed):
            return .failure(.error(path, line: 1, "the front-matter opened here is never closed; add a `---` line after it"))
        }
    }

    private func parse(_ frontMatter: FrontMatter, file: SourceFile) -> Outcome {
        let path = file.displayPath
        let fields: [String: FrontMatterFields.Field]
        switch FrontMatterFields.read(frontMatter.yaml, path: path, firstLine: frontMatter.yamlFirstLine) {
        case .success(let read): fields = read.fields
        case .failure(let problem):
            return Outcome(header: nil, diagnostics: [problem], day: try? WrittenDate.fromFileName(String(file.name))?.get().date)
        }
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        func scalar(_ name: String) -> (text: String, line: Int)? {
            guard let field = fields[name] else { return nil }
            guard case let .text(text, isNull) = field.value.kind else {
                errors.append(.error(path, line: field.keyLine, "`\(name)` should be a single value, not \(field.value.kindName)"))
                return nil
            }
            return isNull ? nil : (text, field.value.line)
        }

        // The date: front-matter first, then the file name.
        let fileName = String(file.name)
        let nameDate = WrittenDate.fromFileName(fileName)
        var written: WrittenDate?
        if let (text, dateLine) = scalar("date") {
            switch WrittenDate.parse(text) {
            case .success(let date): written = date
            case .failure(.noSuchDay):
                errors.append(.error(path, line: dateLine, "`\(text)` is not a day on the calendar; check the month and day"))
            case .failure(.notADate):
                errors.append(.error(path, line: dateLine, "`\(text)` is not a date; write it as YYYY-MM-DD, optionally with a time such as 2025-10-03T21:30"))
            }
            if let written, case .success(let fromName)? = nameDate, fromName.date != written.date {
                warnings.append(.warning(path, line: dateLine, "the file name says \(fromName.date) but the front-matter says \(written.date); the front-matter wins"))
            }
        } else if fields["date"] == nil || errors.isEmpty {
            switch nameDate {
            case .success(let date)?: written = date
            case .failure?:
                errors.append(.error(path, line: 1, "the file name starts with a date that does not exist (\(fileName.prefix(10))); fix the name or add `date:` to the front-matter"))
            case nil:
                errors.append(.error(path, line: 1, "no date: add `date: YYYY-MM-DD` to the front-matter or start the file name with it"))
            }
        }

        var mood: Mood?
        if let (text, moodLine) = scalar("mood") {
            mood = moods.match(text)
            if mood == nil {
                let known = moods.moods.map { "\($0.id) \($0.emoji)" }.joined(separator: ", ")
                let hint = moods.suggestion(for: text).map { " Did you mean `\($0.id)`?" } ?? ""
                errors.append(.error(path, line: moodLine, "unknown mood `\(text)`; the moods are \(known).\(hint)"))
            }
        } else if let field = fields["mood"], case .text(_, isNull: true) = field.value.kind {
            errors.append(.error(path, line: field.keyLine, "`mood` is empty; write one such as `mood: good`"))
        } else if fields["mood"] == nil {
            errors.append(.error(path, line: frontMatter.yamlFirstLine - 1, "no mood: add a line such as `mood: good` to the front-matter"))
        }

        let titleField = scalar("title")
        let title = titleField?.text
        if let (text, line) = titleField { warnings += EntryParser.forbiddenCharacters(in: text, "`title`", path: path, firstLine: line) }

        var tags: [String] = []
        if let field = fields["tags"] {
            switch field.value.kind {
            case .list(let items):
                var seen: Set<String> = []
                for item in items {
                    if let tag = item.text?.trimmingSpaces, !tag.isEmpty {
                        if seen.insert(tag).inserted { tags.append(tag) }
                        warnings += EntryParser.forbiddenCharacters(in: tag, "the tag", path: path, firstLine: item.line)
                    } else {
                        errors.append(.error(path, line: item.line, "each tag should be a word or phrase, not \(item.kindName)"))
                    }
                }
            case .text(_, isNull: true):
                break
            default:
                errors.append(.error(path, line: field.keyLine, "`tags` should be a list such as [work, family], not \(field.value.kindName) (`\(field.value.text ?? "")`)"))
            }
        }

        func flag(_ name: String) -> Bool {
            guard let (text, flagLine) = scalar(name) else { return false }
            // Exactly as YAML writes them: visibility is never guessed toward publishing.
            switch text {
            case "true", "True", "TRUE", "yes": return true
            case "false", "False", "FALSE", "no": return false
            default:
                errors.append(.error(path, line: flagLine, "`\(name)` should be true or false, not `\(text)`"))
                return false
            }
        }
        let isPublic = flag("public"), isPrivate = flag("private")
        if isPublic && isPrivate {
            errors.append(.error(path, line: fields["private"]!.keyLine, "an entry cannot be both public and private; remove one of the two"))
        }

        guard errors.isEmpty, let written, let mood else {
            return Outcome(header: nil, diagnostics: errors + warnings, day: written?.date ?? (try? nameDate?.get())?.date)
        }
        let metadata = EntryMetadata(
            date: written.date, secondsIntoDay: written.secondsIntoDay, utcOffset: written.utcOffset, mood: mood,
            title: title.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces }, tags: tags,
            visibility: isPrivate ? .private : isPublic ? .public : .moodOnly)
        let header = EntryHeader(source: file, metadata: metadata, markdown: frontMatter.body, markdownFirstLine: frontMatter.bodyFirstLine)
        warnings += EntryParser.forbiddenCharacters(in: frontMatter.body, "this line", path: path, firstLine: frontMatter.bodyFirstLine)
        return Outcome(header: header, diagnostics: warnings)
    }

    /// A warning for each line of `text` (whose first line is `firstLine` of the file)
    /// that holds a character web pages and feeds may not: the site leaves it out.
    static func forbiddenCharacters(in text: String, _ what: String, path: String, firstLine: Int) -> [Diagnostic] {
        var text = text
        return text.withUTF8 { bytes in
            var warnings: [Diagnostic] = []
            var line = firstLine, reportedLine = 0, index = 0
            while index < bytes.count {
                let length = forbiddenCharacterLength(bytes, at: index)
                if length > 0, line != reportedLine {
                    reportedLine = line
                    let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self).unicodeScalars.first!
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let kind = scalar.value <= 0x9F ? "control character" : "noncharacter"
                    warnings.append(.warning(path, line: line, "\(what) holds the \(kind) U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), "
                        + "which web pages and feeds cannot hold; the site leaves it out"))
                }
                if bytes[index] == 0x0A { line += 1 }
                index += max(length, 1)
            }
            return warnings
        }
    }
}
