import Mustache

/// A date as a person wrote it in front-matter or a file name: the civil date,
/// and the time of day and UTC offset when they were given (used only to order a
/// day's entries).
public struct WrittenDate: Equatable, Sendable {
    public let date: CivilDate
    /// Seconds since midnight, as written; the offset is not applied.
    public let secondsIntoDay: Int?
    /// Seconds east of UTC when an offset was written (`Z` is 0).
    public let utcOffset: Int?

    public init(date: CivilDate, secondsIntoDay: Int? = nil, utcOffset: Int? = nil) {
        self.date = date
        self.secondsIntoDay = secondsIntoDay
        self.utcOffset = utcOffset
    }

    public enum Problem: Error, Equatable {
        case notADate(String)
        case noSuchDay(String)
    }

    /// Accepts `YYYY-MM-DD`, optionally followed by `T` or a space, `HH:MM[:SS[.fff]]`
    /// and an offset (`Z`, `±HH:MM`, `±HHMM`). The offset is read but never applied:
    /// `2024-12-31T23:59:59+09:00` is 31 December 2024, the day the writer lived.
    public static func parse(_ text: String) -> Result<WrittenDate, Problem> {
        let scalars = Array(text.trimmingSpaces.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard scalars.count >= 10, let year = number(0..<4), scalars[4] == 45, let month = number(5..<7),
              scalars[7] == 45, let day = number(8..<10) else { return .failure(.notADate(text)) }
        guard let date = CivilDate(year: year, month: month, day: day) else { return .failure(.noSuchDay(text)) }
        if scalars.count == 10 { return .success(WrittenDate(date: date)) }

        guard scalars[10] == 84 || scalars[10] == 116 || scalars[10] == 32, // T t space
              let hour = number(11..<13), scalars.count > 13, scalars[13] == 58, let minute = number(14..<16),
              hour < 24, minute < 60 else { return .failure(.notADate(text)) }
        var index = 16
        var second = 0
        if index < scalars.count, scalars[index] == 58 {
            guard let s = number(index + 1..<index + 3), s <= 60 else { return .failure(.notADate(text)) }
            second = s
            index += 3
            if index < scalars.count, scalars[index] == 46 { // fraction
                index += 1
                while index < scalars.count, (48...57).contains(scalars[index]) { index += 1 }
            }
        }
        var rest = Array(scalars[index...])
        if rest.first == 32 { rest.removeFirst() }
        let offsetIsValid: Bool
        var offset: Int?
        switch rest.count {
        case 0: offsetIsValid = true
        case 1:
            offsetIsValid = rest[0] == 90 || rest[0] == 122 // Z z
            offset = 0
        case 3, 5, 6:
            let digits = rest.dropFirst().filter { $0 != 58 }
            let isNumber = (rest[0] == 43 || rest[0] == 45) && (digits.count == 2 || digits.count == 4)
                && digits.allSatisfy { (48...57).contains($0) } && (rest.count != 6 || rest[3] == 58)
            let hours = digits.prefix(2).reduce(0) { $0 * 10 + Int($1) - 48 }
            let minutes = digits.dropFirst(2).reduce(0) { $0 * 10 + Int($1) - 48 }
            // No clock on Earth is more than 14 hours from UTC.
            offsetIsValid = isNumber && minutes < 60 && hours * 60 + minutes <= 14 * 60
            offset = (rest[0] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
        default: offsetIsValid = false
        }
        guard offsetIsValid else { return .failure(.notADate(text)) }
        return .success(WrittenDate(date: date, secondsIntoDay: hour * 3600 + minute * 60 + second, utcOffset: offset))
    }
}
