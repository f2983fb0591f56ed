import Foundation
import Mustache

/// An entry's front-matter, read and checked; its body is still Markdown text.
/// A class: every stage up to the model passes a diary's headers along, and a copy of
/// one as a struct was a retain of each of its strings and lists.
public final class EntryHeader: Sendable, EntryMetadataHolder {
    public let source: SourceFile
    public let metadata: EntryMetadata
    /// Nil when the build took the entry's rendering from its cache without reading the file.
    public let markdown: String?
    public let markdownFirstLine: Int

    init(source: SourceFile, metadata: EntryMetadata, markdown: String?, markdownFirstLine: Int) {
        self.source = source
        self.metadata = metadata
        self.markdown = markdown
        self.markdownFirstLine = markdownFirstLine
    }
}

/// Stage 2 of the pipeline: reads an entry file's front-matter into an `EntryHeader`,
/// or says exactly what is wrong and on which line. Reads diaries as other tools
/// write them too: TOML front-matter, Dataview inline fields, tags as a string,
/// dates anywhere in the file name, moods by their aliases.
public struct EntryParser: Sendable {
    public let moods: MoodScale
    /// How a file name such as `01-02-2021.md` is read; nil when nothing says.
    public let dateOrder: DateOrder?
    public let moodRequirement: SiteConfig.MoodRequirement
    /// Whether `#tags` in the text are the entry's tags too (`inline_tags`).
    public let inlineTags: Bool

    public init(moods: MoodScale, dateOrder: DateOrder? = nil, moodRequirement: SiteConfig.MoodRequirement = .warned, inlineTags: Bool = true) {
        self.moods = moods
        self.dateOrder = dateOrder
        self.moodRequirement = moodRequirement
        self.inlineTags = inlineTags
    }

    public init(_ settings: SiteBuild.Settings) {
        self.init(moods: settings.moods, dateOrder: settings.config.dateOrder, moodRequirement: settings.config.moodRequirement,
                  inlineTags: settings.config.notes.inlineTags)
    }

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

    /// The front-matter keys diarygen reads; any other key is kept on the entry as it is.
    static let knownKeys = ["date", "mood", "title", "tags", "public", "private", "draft", "review"]

    public func parse(_ file: SourceFile, bytes: [UInt8]) -> Outcome {
        switch EntryParser.frontMatter(of: file, bytes: bytes) {
        case .success(let frontMatter): return parse(frontMatter, file: file)
        case .failure(let problem):
            return Outcome(header: nil, diagnostics: [problem], day: fileNameDay(file))
        }
    }

    /// The file's text split into front-matter and body, before the front-matter is read.
    static func frontMatter(of file: SourceFile, bytes: [UInt8]) -> Result<FrontMatter, Diagnostic> {
        let path = file.displayPath
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(.error(path, "this file is not UTF-8 text; save it as UTF-8"))
        }
        let withoutMark = decoded.strippingByteOrderMark
        // Windows ends lines with CR LF, classic Mac OS with CR alone.
        let text = withoutMark.replacingEvery("\r\n", with: "\n").replacingEvery("\r", with: "\n")
        guard text.contains(where: { !$0.isWhitespace }) else {
            return .failure(.error(path, line: 1, "this file is empty; an entry needs at least a few words or a mood"))
        }
        switch FrontMatter.split(text) {
        case .success(let split): return .success(split)
        case .failure(.missing):
            if let properties = PageProperties.split(text) { return .success(properties) }
            // A daily note without front-matter (as Obsidian keeps them) is an entry when its
            // name has a date; keys written without their `---` lines are a mistake to point out.
            let firstLine = text.prefix { $0 != "\n" }
            if let colon = firstLine.firstIndex(of: ":"), knownKeys.contains(firstLine[..<colon].trimmingCharacters(in: .whitespaces).lowercased()) {
                return .failure(.error(path, line: 1, "this looks like front-matter without its `---` lines: put a `---` line above it and another below it"))
            }
            guard FileNameDate.read(String(file.name), order: nil) != nil else {
                return .failure(.error(path, line: 1, "no front-matter and no date in the file name: start the file with a `---` line, then `date: YYYY-MM-DD` and `mood: good`, then another `---` line"))
            }
            return .success(FrontMatter(format: .none, text: "", textFirstLine: 1, body: text, bodyFirstLine: 1))
        case .failure(.neverClosed):
            return .failure(.error(path, line: 1, "the front-matter opened here is never closed; add a `---` line after it"))
        }
    }

    private func parse(_ frontMatter: FrontMatter, file: SourceFile) -> Outcome {
        let path = file.displayPath
        var fields: [String: FrontMatterFields.Field]
        let read: Result<FrontMatterFields, Diagnostic> = switch frontMatter.format {
        case .yaml: FrontMatterFields.read(frontMatter.text, path: path, firstLine: frontMatter.textFirstLine)
        case .toml: FrontMatterFields.viaTOML(frontMatter.text, path: path, firstLine: frontMatter.textFirstLine)
        case .properties: .success(FrontMatterFields(fields: PageProperties.fields(frontMatter.text, firstLine: frontMatter.textFirstLine)))
        case .none: .success(FrontMatterFields(fields: [:]))
        }
        switch read {
        case .success(let read): fields = read.fields
        case .failure(let problem):
            return Outcome(header: nil, diagnostics: [problem], day: fileNameDay(file))
        }
        for (key, field) in InlineFields.read(frontMatter.body, firstLine: frontMatter.bodyFirstLine) where fields[key] == nil {
            fields[key] = field
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
        /// Where a missing key is reported: the front-matter's opening line, or the file's first.
        let frontMatterLine = max(frontMatter.textFirstLine - 1, 1)

        let written = date(scalar("date"), fileName: String(file.name), path: path, errors: &errors, warnings: &warnings)

        var mood: Mood?
        if let (text, moodLine) = scalar("mood"), !text.trimmingSpaces.isEmpty {
            mood = moods.match(text)
            if mood == nil { errors.append(.error(path, line: moodLine, moods.unknownMoodMessage(text))) }
        } else if fields["mood"] == nil || fields["mood"]?.value.text != nil {
            let line = fields["mood"]?.keyLine ?? frontMatterLine
            switch moodRequirement {
            case .required:
                errors.append(.error(path, line: line, "no mood: add a line such as `mood: good` to the front-matter (diarygen.yml says `mood_required: true`)"))
            case .warned:
                warnings.append(.warning(path, line: line, "no mood: this day counts as written, without a mood; add a line such as `mood: good`, or say `mood_required: false` in diarygen.yml if your diary has no moods"))
            case .optional: break
            }
        }

        let titleField = scalar("title")
        let title = titleField?.text
        if let (text, line) = titleField { warnings += EntryParser.forbiddenCharacters(in: text, "`title`", path: path, firstLine: line) }
        var tags = EntryParser.tags(fields["tags"], path: path, errors: &errors)
        let noteText = NoteText.read(frontMatter.body)
        if inlineTags {
            for tag in noteText.tags where !tags.contains(tag) { tags.append(tag) }
        }
        warnings += noteText.problems.map { .warning(path, line: frontMatter.bodyFirstLine + $0.line - 1, $0.message) }
        if let tagsLine = fields["tags"]?.keyLine {
            for tag in tags { warnings += EntryParser.forbiddenCharacters(in: tag, "the tag", path: path, firstLine: tagsLine) }
        }

        func flag(_ name: String) -> Bool {
            guard let (text, flagLine) = scalar(name) else { return false }
            // Exactly as YAML writes them: visibility is never guessed toward publishing.
            guard let flag = YAMLReading.flag(text) else {
                errors.append(.error(path, line: flagLine, "`\(name)` should be true or false, not `\(text)`"))
                return false
            }
            return flag
        }
        let isPublic = flag("public"), isPrivate = flag("private"), isDraft = flag("draft")
        if isPublic && isPrivate {
            errors.append(.error(path, line: fields["private"]!.keyLine, "an entry cannot be both public and private; remove one of the two"))
        }
        let otherFields = EntryParser.otherFields(fields, path: path, warnings: &warnings)
        let reviews = EntryParser.reviews(fields["review"], path: path, errors: &errors, warnings: &warnings)

        guard errors.isEmpty, let written else {
            return Outcome(header: nil, diagnostics: errors + warnings, day: written?.date ?? fileNameDay(file))
        }
        let metadata = EntryMetadata(
            date: written.date, secondsIntoDay: written.secondsIntoDay, utcOffset: written.utcOffset, mood: mood,
            title: title.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces }, tags: tags,
            visibility: isPrivate ? .private : isPublic ? .public : .moodOnly, isDraft: isDraft, otherFields: otherFields, reviews: reviews)
        let header = EntryHeader(source: file, metadata: metadata, markdown: frontMatter.body, markdownFirstLine: frontMatter.bodyFirstLine)
        warnings += EntryParser.forbiddenCharacters(in: frontMatter.body, "this line", path: path, firstLine: frontMatter.bodyFirstLine)
        return Outcome(header: header, diagnostics: warnings)
    }

    /// The day a file's name gives, when it gives one for sure.
    private func fileNameDay(_ file: SourceFile) -> CivilDate? {
        if case .success(let date)? = FileNameDate.read(String(file.name), order: dateOrder) { date } else { nil }
    }

    /// A warning for each line of `text` (whose first line is `firstLine` of the file)
    /// that holds a character web pages and feeds may not: the site leaves it out.
    static func forbiddenCharacters(in text: String, _ what: String, path: String, firstLine: Int) -> [Diagnostic] {
        var text = text
        return text.withUTF8 { bytes in
            var warnings: [Diagnostic] = []
            // Lines are counted only up to a character found, which almost no text holds.
            var line = firstLine, reportedLine = 0, counted = 0
            while let (index, length) = nextForbiddenCharacter(in: bytes, from: counted) {
                line += bytes[counted..<index].count(where: { $0 == 0x0A })
                counted = index + length
                guard line != reportedLine else { continue }
                reportedLine = line
                let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self).unicodeScalars.first!
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let kind = scalar.value <= 0x9F ? "control character" : "noncharacter"
                warnings.append(.warning(path, line: line, "\(what) holds the \(kind) U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), "
                    + "which web pages and feeds cannot hold; the site leaves it out"))
            }
            return warnings
        }
    }
}
