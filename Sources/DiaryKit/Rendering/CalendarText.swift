/// The text of an iCalendar file (RFC 5545): content lines `NAME;PARAMS:VALUE`,
/// each ended by CRLF and folded so no line is longer than 75 octets.
struct CalendarText {
    private(set) var text = ""

    /// A line whose value is written as it is: a date, a rule, a URI.
    mutating func line(_ name: String, _ value: String) {
        let line = name + ":" + value
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            // A folded line goes on after CRLF and one space, which counts among its 75 octets;
            // a character is never cut between its octets.
            if octets + size > 75 {
                text += "\r\n "
                octets = 1
            }
            text.unicodeScalars.append(scalar)
            octets += size
        }
        text += "\r\n"
    }

    /// A line whose value is TEXT, escaped.
    mutating func text(_ name: String, _ value: String) {
        line(name, CalendarText.escaped(value))
    }

    mutating func begin(_ component: String) { line("BEGIN", component) }
    mutating func end(_ component: String) { line("END", component) }

    /// A TEXT value: backslash, semicolon and comma escaped, a line break as `\n`, and
    /// no other control character, which a content line may not hold.
    static func escaped(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\", ";", ",": out.append("\\"); out.append(scalar)
            case "\n": out.append("\\"); out.append("n")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A local date and time, `20261001T213000`.
    static func dateTime(_ date: CivilDate, seconds: Int) -> String {
        "\(pad(date.year, 4))\(pad(date.month, 2))\(pad(date.day, 2))T\(pad(seconds / 3600, 2))\(pad(seconds / 60 % 60, 2))\(pad(seconds % 60, 2))"
    }

    /// A UTC offset, `+0900`, `-0330`, with seconds only when it has them.
    static func offset(_ seconds: Int) -> String {
        let size = abs(seconds)
        return (seconds < 0 ? "-" : "+") + pad(size / 3600, 2) + pad(size / 60 % 60, 2) + (size % 60 == 0 ? "" : pad(size % 60, 2))
    }
}
