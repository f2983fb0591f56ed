import Mustache

/// Daylio's CSV export, in every vintage seen in real exports:
/// `full_date,date,weekday,time,mood,activities,note` (most),
/// `year,date,weekday,time,mood,activities,note` (the oldest, `date` such as `June 22`),
/// and the newest, with `note_title` before `note`.
enum DaylioCSV {
    /// Every row as an entry, or every problem found, each at the line its row starts on.
    static func entries(_ text: String, path: String, fieldLimit: Int = ExportLimits.standard.fieldBytes) throws(DiagnosticsError) -> [ImportedEntry] {
        let records: [CSVRecords.Record]
        switch CSVRecords.read(text.strippingByteOrderMark, fieldLimit: fieldLimit) {
        case .success(let read): records = read
        case .failure(.quoteNeverClosed(let line)):
            throw DiagnosticsError([.error(path, line: line, "the quote that opens on this line is never closed")])
        case .failure(.textAfterQuote(let line)):
            throw DiagnosticsError([.error(path, line: line, "text follows a closing quote; a quote inside a quoted field is written twice (\"\")")])
        case .failure(.fieldTooLong(let line)):
            throw DiagnosticsError([.error(path, line: line, "a field of the row that starts on this line is longer than the \(ExportLimits.text(bytes: fieldLimit)) a field of an export may be")])
        }
        guard let header = records.first else {
            throw DiagnosticsError([.error(path, "this file is empty; export the CSV from Daylio's settings (Export entries)")])
        }
        let columns = header.fields.map { $0.trimmingSpaces.lowercased() }
        func column(_ name: String) -> Int? { columns.firstIndex(of: name) }
        let fullDate = column("full_date"), year = column("year"), monthDay = column("date")
        guard let time = column("time"), let mood = column("mood"), fullDate != nil || (year != nil && monthDay != nil) else {
            throw DiagnosticsError([.error(path, line: header.line,
                "this is not a Daylio export: the first line should name the columns full_date (or year and date), time and mood; it is `\(header.fields.joined(separator: ","))`")])
        }
        let activities = column("activities"), noteTitle = column("note_title"), note = column("note")

        var entries: [ImportedEntry] = []
        var problems: [Diagnostic] = []
        for (index, record) in records.dropFirst().enumerated() {
            let row = index + 1
            func fail(_ message: String) { problems.append(.error(path, line: record.line, "row \(row): \(message)")) }
            guard record.fields.count == columns.count else {
                fail("\(record.fields.count) fields where the first line names \(columns.count) columns; a note with a comma or line break must be in double quotes")
                continue
            }
            func field(_ index: Int?) -> String { index.map { record.fields[$0] } ?? "" }

            let date: CivilDate?
            if let fullDate {
                let written = field(fullDate).trimmingSpaces
                if case .success(let parsed) = WrittenDate.parse(written) {
                    date = parsed.date
                } else {
                    date = nil
                    fail("`\(written)` is not a date such as 2020-08-29")
                }
            } else {
                date = oldDate(year: field(year), monthDay: field(monthDay))
                if date == nil { fail("`\(field(monthDay)) \(field(year))` is not a date such as `June 22` in 2018") }
            }
            let writtenTime = field(time)
            let seconds = ClockTime.secondsIntoDay(writtenTime)
            if seconds == nil { fail("`\(writtenTime)` is not a time such as 21:30 or 9:30 PM") }
            let moodName = field(mood).trimmingSpaces
            if moodName.isEmpty { fail("no mood") }
            guard let date, let seconds, !moodName.isEmpty else { continue }

            var tags: [String] = []
            for name in field(activities).split(separator: "|") {
                let tag = String(name).trimmingSpaces
                if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
            }
            let title = field(noteTitle).trimmingSpaces
            entries.append(ImportedEntry(
                number: row, date: date, secondsIntoDay: seconds, moodName: moodName,
                title: title.isEmpty ? nil : title, tags: tags, body: field(note),
                extraFields: [FrontMatterField("daylio_mood", .text(moodName))]))
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return entries
    }

    static let monthNames = ["january", "february", "march", "april", "may", "june",
                             "july", "august", "september", "october", "november", "december"]

    /// The oldest exports' `2018` and `June 22` (or `Jun 22`).
    static func oldDate(year: String, monthDay: String) -> CivilDate? {
        let words = monthDay.trimmingSpaces.lowercased().split(separator: " ")
        guard words.count == 2, let yearNumber = Int(year.trimmingSpaces), let day = Int(words[1]),
              let month = monthNames.firstIndex(where: { $0 == words[0] || $0.prefix(3) == words[0] }) else { return nil }
        return CivilDate(year: yearNumber, month: month + 1, day: day)
    }
}
