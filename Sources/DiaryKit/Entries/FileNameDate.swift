import Foundation

/// Which comes first in a date such as `01-02-2021`, where the year is last.
public enum DateOrder: String, Sendable, Equatable {
    /// Day, month, year: 1 February 2021.
    case dmy
    /// Month, day, year: 2 January 2021.
    case mdy

    /// The order a locale writes its short dates in; nil where the year comes first
    /// (Korean, Japanese, Chinese), which says nothing of a name with the year last.
    public static func usual(in localeIdentifier: String) -> DateOrder? {
        let pattern = DateFormatter.dateFormat(fromTemplate: "ddMMyyyy", options: 0, locale: Locale(identifier: localeIdentifier)) ?? ""
        guard let day = pattern.firstIndex(of: "d"), let month = pattern.firstIndex(of: "M"), let year = pattern.firstIndex(of: "y"),
              year > day, year > month else { return nil }
        return day < month ? .dmy : .mdy
    }
}

/// The date in an entry's file name, wherever it stands among other words:
/// `2021-01-01.md`, `20210101-D.md`, `Jeffrey-20210101-Diary.md`, `01.01.2021.md`,
/// `2021-01-03-Sunday.md`. The first date-shaped run of digits counts.
enum FileNameDate {
    enum Problem: Error, Equatable {
        /// Shaped like a date, but not a day on the calendar.
        case noSuchDay(String)
        /// Day and month could be either way round, and nothing says which.
        case ambiguous(String, CivilDate, CivilDate)
    }

    static func read(_ name: String, order: DateOrder?) -> Result<CivilDate, Problem>? {
        let bytes = Array(name.utf8)
        // Runs of digits, and the byte between each run and the next when it is a lone separator.
        var runs: [(start: Int, end: Int)] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            runs.append((start, index))
        }
        // A longer run than a date's wraps around: only runs of up to eight digits are read as one.
        func number(_ run: (start: Int, end: Int)) -> Int { bytes[run.start..<run.end].reduce(0) { $0 &* 10 &+ Int($1 - 48) } }
        func length(_ at: Int) -> Int { runs[at].end - runs[at].start }
        /// Whether runs `at` and `at + 1` are parted by one separator, the same as `like` when given.
        func separated(_ at: Int, like other: UInt8? = nil) -> UInt8? {
            guard at + 1 < runs.count, runs[at + 1].start == runs[at].end + 1 else { return nil }
            let separator = bytes[runs[at].end]
            guard [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: " ")].contains(separator),
                  other == nil || other == separator else { return nil }
            return separator
        }
        func text(from first: Int, to last: Int) -> String { String(decoding: bytes[runs[first].start..<runs[last].end], as: UTF8.self) }

        for at in runs.indices {
            if length(at) == 8 {
                let value = number(runs[at])
                if let date = CivilDate(year: value / 10000, month: value / 100 % 100, day: value % 100), date.year >= 1000 { return .success(date) }
                continue
            }
            guard at + 2 < runs.count, let separator = separated(at), separated(at + 1, like: separator) != nil else { continue }
            let (a, b, c) = (number(runs[at]), number(runs[at + 1]), number(runs[at + 2]))
            let written = text(from: at, to: at + 2)
            if length(at) == 4, (1...2).contains(length(at + 1)), (1...2).contains(length(at + 2)) {
                guard let date = CivilDate(year: a, month: b, day: c) else { return .failure(.noSuchDay(written)) }
                return .success(date)
            }
            if (1...2).contains(length(at)), (1...2).contains(length(at + 1)), length(at + 2) == 4 {
                let dayFirst = CivilDate(year: c, month: b, day: a), monthFirst = CivilDate(year: c, month: a, day: b)
                switch (dayFirst, monthFirst) {
                case (nil, nil): return .failure(.noSuchDay(written))
                case let (date?, nil), let (nil, date?): return .success(date)
                case let (day?, month?):
                    if day == month { return .success(day) }
                    guard let order else { return .failure(.ambiguous(written, day, month)) }
                    return .success(order == .dmy ? day : month)
                }
            }
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
}
