import Foundation

/// A time of day as diary apps write it: `21:30`, `9:30 PM`, `09:30:15 am`, and
/// `9:30 PM` with the narrow no-break space (U+202F) newer Apple systems put before AM/PM.
enum ClockTime {
    /// Seconds since midnight, or nil when `text` is no time of day.
    static func secondsIntoDay(_ text: String) -> Int? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            // U+202F and U+00A0 are spaces here; case does not matter for AM/PM.
            scalars.append(scalar == "\u{202F}" || scalar == "\u{00A0}" ? " " : scalar)
        }
        var rest = String(scalars).trimmingSpaces.uppercased()
        var meridiem: String?
        for suffix in ["AM", "PM", "A.M.", "P.M."] where rest.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            rest = String(rest.dropLast(suffix.count)).trimmingSpaces
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        var hour = Int(parts[0])!
        let minute = Int(parts[1])!, second = parts.count == 3 ? Int(parts[2])! : 0
        guard minute < 60, second < 60 else { return nil }
        switch meridiem {
        case "A"?:
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        case "P"?:
            guard (1...12).contains(hour) else { return nil }
            if hour != 12 { hour += 12 }
        default:
            guard hour < 24 else { return nil }
        }
        return hour * 3600 + minute * 60 + second
    }

    /// The date and time `zone`'s clocks showed at `instant` (seconds since 1970 in UTC),
    /// and the zone's offset then (seconds east): where the entry was written, which may be
    /// another day than in UTC.
    static func civilTime(at instant: Int, in zone: TimeZone) -> (date: CivilDate, secondsIntoDay: Int, utcOffset: Int) {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        let civil = instant + offset
        let date = CivilDate(dayNumber: Int((Double(civil) / 86_400).rounded(.down)))
        return (date, civil - date.dayNumber * 86_400, offset)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
