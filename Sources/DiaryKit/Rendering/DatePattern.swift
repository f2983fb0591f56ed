import Foundation

/// A formatter's date pattern (`EEEE, MMMM d, y`, `y년 M월 d일 EEEE`) filled in with
/// the formatter's own month, weekday and era names, without asking ICU for each date:
/// a site names every day it shows, and ICU took microseconds a name, behind a lock.
/// Only for patterns whose every field it knows, and only when it names sample dates
/// exactly as the formatter does (it does not, for one, where digits are not 0–9).
struct DatePattern: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        /// At least this many digits, zeros before.
        case year(digits: Int), month(digits: Int), day(digits: Int)
        case twoDigitYear
        case monthName([String])
        /// Sunday first.
        case weekdayName([String])
    }

    let parts: [Part]

    /// Parts as a build worked them out and checked them before (the build cache's).
    init(parts: [Part]) { self.parts = parts }

    init?(_ formatter: DateFormatter) {
        guard let parts = DatePattern.parts(of: formatter.dateFormat, formatter) else { return nil }
        self.parts = parts
        let samples = DatePattern.samples
        guard samples.allSatisfy({ name($0) == formatter.string(from: DateNames.instant($0)) }) else { return nil }
    }

    /// A day of each month, with every weekday, days of one digit and of two, and
    /// years of each century the patterns might shorten.
    private static let samples: [CivilDate] = (1...12).map { month in
        CivilDate(year: month % 2 == 0 ? 2024 : 1999, month: month, day: month * 2 + month % 3)!
    } + [CivilDate(year: 2009, month: 3, day: 1)!, CivilDate(year: 2100, month: 12, day: 31)!]

    func name(_ date: CivilDate) -> String {
        var name = ""
        for part in parts {
            switch part {
            case .text(let text): name += text
            case .year(let digits): name += pad(date.year, digits)
            case .month(let digits): name += pad(date.month, digits)
            case .day(let digits): name += pad(date.day, digits)
            case .twoDigitYear: name += pad(date.year % 100, 2)
            case .monthName(let names): name += names[date.month - 1]
            case .weekdayName(let names): name += names[date.weekday - 1]
            }
        }
        return name
    }

    /// The parts of an ICU date pattern: letters name fields (a run of one letter, its
    /// width), text between apostrophes is as written, and `''` is an apostrophe.
    private static func parts(of pattern: String, _ formatter: DateFormatter) -> [Part]? {
        var parts: [Part] = []
        var text = ""
        var quoted = false
        var characters = pattern[...]
        while let character = characters.first {
            if character == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {
                    text += "'"
                    characters = characters.dropFirst()
                } else {
                    quoted.toggle()
                }
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else {
                text.append(character)
                characters = characters.dropFirst()
                continue
            }
            let width = characters.prefix { $0 == character }.count
            characters = characters.dropFirst(width)
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            guard let part = field(character, width: width, formatter) else { return nil }
            parts.append(part)
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return quoted ? nil : parts
    }

    private static func field(_ letter: Character, width: Int, _ formatter: DateFormatter) -> Part? {
        switch (letter, width) {
        case ("y", 2): .twoDigitYear
        case ("y", _): .year(digits: width)
        case ("M", 1...2), ("L", 1...2): .month(digits: width)
        case ("M", 3): .monthName(formatter.shortMonthSymbols)
        case ("M", 4): .monthName(formatter.monthSymbols)
        case ("L", 3): .monthName(formatter.shortStandaloneMonthSymbols)
        case ("L", 4): .monthName(formatter.standaloneMonthSymbols)
        case ("d", 1...2): .day(digits: width)
        case ("E", 1...3): .weekdayName(formatter.shortWeekdaySymbols)
        case ("E", 4): .weekdayName(formatter.weekdaySymbols)
        case ("c", 3): .weekdayName(formatter.shortStandaloneWeekdaySymbols)
        case ("c", 4): .weekdayName(formatter.standaloneWeekdaySymbols)
        // Every day a diary has is of the common era.
        case ("G", 1...3): formatter.eraSymbols.last.map(Part.text)
        case ("G", 4): formatter.longEraSymbols.last.map(Part.text)
        default: nil
        }
    }
}
