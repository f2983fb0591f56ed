/// Comma-separated records as RFC 4180 writes them: fields in double quotes may hold
/// commas, doubled quotes and line breaks; lines end in LF, CR LF or CR; the last
/// one may have no line break.
///
/// Our own rather than SwiftCSV or CSV.swift: an import's errors name the line a
/// row starts on (a note with line breaks makes rows and lines differ), which
/// neither library tells, and a quote never closed must be an error, not a field
/// that silently swallows the rest of the file.
struct CSVRecords {
    struct Record: Equatable {
        let fields: [String]
        /// The line of the file it starts on.
        let line: Int
    }

    enum Problem: Error, Equatable {
        /// The quote that opens on this line is never closed.
        case quoteNeverClosed(line: Int)
        /// Text follows a closing quote on this line: `"a"b`.
        case textAfterQuote(line: Int)
        /// A field of the record that starts on this line holds more than the limit.
        case fieldTooLong(line: Int)
    }

    /// `text` without its byte order mark. Lines holding nothing are skipped; no field
    /// may hold more than `fieldLimit` bytes.
    static func read(_ text: String, fieldLimit: Int = .max) -> Result<[Record], Problem> {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1, quoteLine = 1
        var inQuotes = false, closedQuote = false
        func endRecord() {
            fields.append(field)
            if fields != [""] || closedQuote { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
            field = ""
            closedQuote = false
        }
        var characters = text.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? characters.next() {
            pending = nil
            if field.utf8.count > fieldLimit { return .failure(.fieldTooLong(line: recordLine)) }
            // "\r\n" is one Character in Swift, so every line break is one of these three.
            let isLineBreak = character == "\n" || character == "\r\n" || character == "\r"
            if inQuotes {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        closedQuote = true
                        pending = next
                    }
                } else if isLineBreak {
                    field.append("\n")
                    line += 1
                } else {
                    field.append(character)
                }
                continue
            }
            if character == "," {
                fields.append(field)
                field = ""
                closedQuote = false
            } else if isLineBreak {
                endRecord()
                line += 1
                recordLine = line
            } else if closedQuote {
                // Spaces between a closing quote and the comma are no part of the field.
                guard character == " " else { return .failure(.textAfterQuote(line: line)) }
            } else if character == "\"" && field.allSatisfy({ $0 == " " }) {
                field = ""
                inQuotes = true
                quoteLine = line
            } else {
                field.append(character)
            }
        }
        if inQuotes { return .failure(.quoteNeverClosed(line: quoteLine)) }
        endRecord()
        return .success(records)
    }
}
