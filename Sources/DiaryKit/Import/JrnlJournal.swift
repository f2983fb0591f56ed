import Foundation
import Mustache

/// jrnl's journals: the JSON export (`jrnl --export json`) and the plain-text journal file.
enum JrnlJournal {
    /// The JSON export: `entries` of `title`, `body`, `date`, `time`, `tags`, `starred`.
    static func entries(json data: Data, path: String, fieldLimit: Int = ExportLimits.standard.fieldBytes) throws(DiagnosticsError) -> [ImportedEntry] {
        let list = try JSONValue.exportEntries(data, path: path, app: "jrnl", fieldLimit: fieldLimit)
        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        for (index, item) in list.enumerated() {
            let number = index + 1
            func fail(_ message: String) { problems.append(.error(path, "entry \(number): \(message)")) }
            let writtenDate = item["date"]?.text ?? "", writtenTime = item["time"]?.text ?? ""
            guard writtenDate.count == 10, case .success(let date) = WrittenDate.parse(writtenDate) else {
                fail("`\(writtenDate)` is not a date such as 2020-08-29")
                continue
            }
            guard let seconds = ClockTime.secondsIntoDay(writtenTime) else {
                fail("`\(writtenTime)` is not a time such as 11:11")
                continue
            }
            var tags: [String] = []
            for tag in item["tags"]?.items ?? [] { if let tag = tag.text { addTag(tag, to: &tags) } }
            let title = (item["title"]?.text ?? "").trimmingSpaces
            entries.append(ImportedEntry(number: number, date: date.date, secondsIntoDay: seconds, moodName: nil,
                                         title: title.isEmpty ? nil : title, tags: tags, body: item["body"]?.text ?? "",
                                         extraFields: item["starred"]?.flag == true ? [FrontMatterField("starred", .bool(true))] : []))
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return entries
    }

    /// The plain-text journal: each entry starts on a line `[2020-08-29 11:11] Title. Body`
    /// (or with seconds and AM/PM, as `timeformat` says), a title line ending in ` *` is
    /// starred, and `@words` are its tags. The title is the first line when the entry has
    /// several, else its first sentence, as jrnl splits them. An entry longer than `fieldLimit`
    /// bytes is an error at its first line.
    static func entries(text: String, path: String, fieldLimit: Int = ExportLimits.standard.fieldBytes) throws(DiagnosticsError) -> [ImportedEntry] {
        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        var current: (line: Int, date: CivilDate, seconds: Int, lines: [Substring])?
        func finish() {
            guard let (line, date, seconds, lines) = current else { return }
            guard lines.reduce(0, { $0 + $1.utf8.count + 1 }) <= fieldLimit else {
                problems.append(.error(path, line: line, "this entry is longer than the \(ExportLimits.text(bytes: fieldLimit)) a field of an export may be"))
                return
            }
            var first = lines.first.map(String.init) ?? ""
            var starred = false
            if first.withoutTrailingWhitespace.hasSuffix(" *") || first.trimmingSpaces == "*" {
                starred = true
                first = String(first.withoutTrailingWhitespace.dropLast()).withoutTrailingWhitespace
            }
            let whole = ([first] + lines.dropFirst().map(String.init)).joined(separator: "\n").trimmingSpaces
            let (title, body) = splitTitle(whole)
            var tags: [String] = []
            for tag in tagWords(in: whole) { addTag(tag, to: &tags) }
            entries.append(ImportedEntry(number: entries.count + 1, date: date, secondsIntoDay: seconds, moodName: nil,
                                         title: title.isEmpty ? nil : title, tags: tags, body: body,
                                         extraFields: starred ? [FrontMatterField("starred", .bool(true))] : []))
        }
        let lines = text.strippingByteOrderMark.replacingEvery("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            // `[2020-08-29 11:11]`, or what was meant to be one; `[2020-08-29]` alone is body text.
            if line.hasPrefix("["), line.count >= 13, line.dropFirst().prefix(10).allSatisfy({ $0.isASCIIDigit || $0 == "-" }),
               line.dropFirst(11).first == " " {
                guard let close = line.firstIndex(of: "]") else {
                    problems.append(.error(path, line: lineNumber, "an entry's date opens with `[` but is never closed with `]`"))
                    continue
                }
                let stamp = line[line.index(after: line.startIndex)..<close]
                guard case .success(let date) = WrittenDate.parse(String(stamp.prefix(10))),
                      let seconds = ClockTime.secondsIntoDay(String(stamp.dropFirst(10))) else {
                    problems.append(.error(path, line: lineNumber, "`[\(stamp)]` is not a date and time such as [2020-08-29 11:11]"))
                    continue
                }
                finish()
                let rest = line[line.index(after: close)...]
                current = (lineNumber, date.date, seconds, [rest.first == " " ? rest.dropFirst() : rest])
            } else if current != nil {
                current!.lines.append(line)
            } else if !String(line).trimmingSpaces.isEmpty {
                problems.append(.error(path, line: lineNumber, "text before the first entry; each entry starts with a line such as `[2020-08-29 11:11] Title.`"))
            }
        }
        finish()
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return entries
    }

    /// jrnl's title and body: the first line of several, else the first sentence.
    static func splitTitle(_ text: String) -> (title: String, body: String) {
        if let newline = text.firstIndex(of: "\n") {
            return (String(text[..<newline]).trimmingSpaces, String(text[text.index(after: newline)...]).trimmingSpaces)
        }
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if ".!?…。！？".contains(characters[index]) {
                var end = index + 1
                while end < characters.count, "'\"’”)]".contains(characters[end]) { end += 1 }
                if end < characters.count, characters[end].isWhitespace {
                    return (String(characters[..<end]), String(characters[end...]).trimmingSpaces)
                }
            }
            index += 1
        }
        return (text, "")
    }

    /// `@word`s that start the text or follow white space, as jrnl finds tags.
    static func tagWords(in text: String) -> [String] {
        var found: [String] = []
        var previous: Character = " "
        var word: String?
        for character in text + " " {
            if var current = word {
                if character.isLetter || character.isNumber || "_-+*#/".contains(character) {
                    current.append(character)
                    word = current
                    previous = character
                    continue
                }
                if current.count > 1 { found.append(current) }
                word = nil
            }
            if character == "@" && previous.isWhitespace { word = "@" }
            previous = character
        }
        return found
    }

    /// A tag without its `@` or `#`, lowercased as jrnl keeps tags, once.
    private static func addTag(_ written: String, to tags: inout [String]) {
        var tag = written.trimmingSpaces
        if tag.first == "@" || tag.first == "#" { tag.removeFirst() }
        tag = tag.lowercased()
        if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
    }
}
