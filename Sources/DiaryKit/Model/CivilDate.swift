/// A date on the wall calendar: a year, a month and a day, with no time zone.
///
/// Diaries are about days as the writer lived them, so a written date is never
/// converted through an instant in time (which would shift it across midnight).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil for a date that does not exist, such as 2025-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// 1 = Sunday … 7 = Saturday, the numbering Foundation's `Calendar.firstWeekday` uses.
    public var weekday: Int { ((dayNumber % 7 + 7 + 4) % 7) + 1 }

    public var yearMonth: YearMonth { YearMonth(year: year, month: month) }

    /// `YYYY-MM-DD`
    public var description: String { numericDate(year, month, day, separator: UInt8(ascii: "-")) }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// A calendar month, the unit of calendars and recaps.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1) }
    public var previous: YearMonth { month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1) }
    public var dayCount: Int { CivilDate.daysIn(year: year, month: month) }
    /// The month as one number, twelve a year: for inputs, which need no text of it.
    var ordinal: Int { year * 12 + month }
    public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1)! }
    public var days: [CivilDate] { (1...dayCount).map { CivilDate(year: year, month: month, day: $0)! } }
    /// Whether the month has not ended by `today`: its recap speaks of it "so far".
    public func isInProgress(today: CivilDate) -> Bool { self >= today.yearMonth }

    /// `YYYY-MM`
    public var description: String { numericDate(year, month, separator: UInt8(ascii: "-")) }

    /// Parses `YYYY-MM`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        self.init(year: year, month: month)
    }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

/// `value` in decimal, with zeros before it up to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    let count = digits.utf8.count
    return count >= width ? digits : String(repeating: "0", count: width - count) + digits
}

/// A date in numbers: a year (four digits), a month and maybe a day (two), each but the
/// last followed by `separator` (an ASCII character), and the last too when `closed`:
/// `2026-11-28`, `2026/11/28/`. Written as bytes: pages name and link days and months
/// thousands of times a build, and string interpolation cost each some 2,700 instructions.
func numericDate(_ year: Int, _ month: Int, _ day: Int? = nil, separator: UInt8, closed: Bool = false) -> String {
    guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day ?? 0) else {
        let mark = String(UnicodeScalar(separator))
        return ([pad(year, 4), pad(month, 2)] + (day.map { [pad($0, 2)] } ?? [])).joined(separator: mark) + (closed ? mark : "")
    }
    return String(unsafeUninitializedCapacity: 7 + (day == nil ? 0 : 3) + (closed ? 1 : 0)) { bytes in
        var end = 0
        func put(_ number: Int, width: Int) {
            var rest = number
            var place = end + width
            while place > end {
                place -= 1
                bytes[place] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            end += width
        }
        func separate() {
            bytes[end] = separator
            end += 1
        }
        put(year, width: 4)
        separate()
        put(month, width: 2)
        if let day {
            separate()
            put(day, width: 2)
        }
        if closed { separate() }
        return end
    }
}
