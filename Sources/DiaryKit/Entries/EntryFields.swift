import Mustache

/// The front-matter fields that need more than a line to read: the date (front-matter
/// or file name), tags as other tools write them, and the keys diarygen does not read.
extension EntryParser {
    /// The date: the front-matter's first, then the file name's.
    func date(_ field: (text: String, line: Int)?, fileName: String, path: String,
              errors: inout [Diagnostic], warnings: inout [Diagnostic]) -> WrittenDate? {
        let nameDate = FileNameDate.read(fileName, order: dateOrder)
        guard let (text, line) = field else {
            switch nameDate {
            case .success(let date)?: return WrittenDate(date: date, secondsIntoDay: nil)
            case .failure(.noSuchDay(let written))?:
                errors.append(.error(path, line: 1, "the file name has a date that does not exist (\(written)); fix the name or add `date:` to the front-matter"))
            case .failure(.ambiguous(let written, let dayFirst, let monthFirst))?:
                errors.append(.error(path, line: 1, "the file name's \(written) could be \(dayFirst) or \(monthFirst); say which with `date_order: dmy` or `date_order: mdy` in diarygen.yml, or add `date:` to the front-matter"))
            case nil:
                errors.append(.error(path, line: 1, "no date: add `date: YYYY-MM-DD` to the front-matter or put the date in the file name"))
            }
            return nil
        }
        let fromName: CivilDate? = if case .success(let date)? = nameDate { date } else { nil }
        switch WrittenDate.parse(text) {
        case .success(let written):
            if let fromName, fromName != written.date {
                warnings.append(.warning(path, line: line, "the file name says \(fromName) but the front-matter says \(written.date); the front-matter wins"))
            }
            return written
        case .failure(.noSuchDay):
            errors.append(.error(path, line: line, "`\(text)` is not a day on the calendar; check the month and day"))
        case .failure(.notADate):
            // Some tools let a date through that is right in its day and wrong after it
            // (`2023-01-29 18:30:22 2023 -0800`): the day counts when the file name agrees.
            if let fromName, case .success(let day) = WrittenDate.parse(String(text.trimmingSpaces.prefix(10))), day.date == fromName {
                warnings.append(.warning(path, line: line, "`\(text)` is not a date and time diarygen can read; the day \(fromName), which the file name also says, is used without the time"))
                return day
            }
            errors.append(.error(path, line: line, "`\(text)` is not a date; write it as YYYY-MM-DD, optionally with a time such as 2025-10-03T21:30"))
        }
        return nil
    }

    /// Tags as a list, a single word, or words parted by commas; empty and null ones are no tag.
    static func tags(_ field: FrontMatterFields.Field?, path: String, errors: inout [Diagnostic]) -> [String] {
        guard let field else { return [] }
        var tags: [String] = []
        var seen: Set<String> = []
        func add(_ text: String) {
            // Most tags hold no comma to part them at.
            for part in text.utf8.contains(UInt8(ascii: ",")) ? text.split(separator: ",").map(String.init) : [text] {
                let tag = part.trimmingSpaces
                if !tag.isEmpty, seen.insert(tag).inserted { tags.append(tag) }
            }
        }
        switch field.value.kind {
        case .text(let text, isNull: false): add(text)
        case .text(_, isNull: true): break
        case .list(let items):
            for item in items {
                switch item.kind {
                case .text(let text, isNull: false): add(text)
                case .text(_, isNull: true): break
                default: errors.append(.error(path, line: item.line, "each tag should be a word or phrase, not \(item.kindName)"))
                }
            }
        case .other, .mapping:
            errors.append(.error(path, line: field.keyLine, "`tags` should be a list such as [work, family], not \(field.value.kindName)"))
        }
        return tags
    }

    /// The keys diarygen does not read, kept as written (single values only); a key that
    /// looks like a known one written in another case or with a typo gets a warning.
    static func otherFields(_ fields: [String: FrontMatterFields.Field], path: String, warnings: inout [Diagnostic]) -> [String: String] {
        var other: [String: String] = [:]
        for (key, field) in fields where !knownKeys.contains(key) {
            if let known = knownKeys.first(where: { $0 == key.lowercased() }) {
                warnings.append(.warning(path, line: field.keyLine, "`\(key)` is not read as `\(known)`: keys are written in lower case"))
            } else if let known = knownKeys.first(where: { isTypo(key.lowercased(), of: $0) }) {
                warnings.append(.warning(path, line: field.keyLine, "`\(key)` is not a key diarygen reads; did you mean `\(known)`?"))
            }
            if case .text(let text, isNull: false) = field.value.kind { other[key] = text }
        }
        return other
    }

    /// One letter added, dropped, changed or two swapped; two for longer keys.
    static func isTypo(_ written: String, of key: String) -> Bool {
        guard written.count >= 3 else { return false }
        let a = Array(written), b = Array(key)
        if a.count == b.count, let first = a.indices.first(where: { a[$0] != b[$0] }), first + 1 < a.count,
           a[first] == b[first + 1], a[first + 1] == b[first], a[(first + 2)...] == b[(first + 2)...] { return true }
        return editDistance(written, key) <= (key.count >= 5 ? 2 : 1)
    }
}
