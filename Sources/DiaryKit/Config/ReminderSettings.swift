import Yams

/// `reminders:` in diarygen.yml: when the calendar of reminders (`reminders.ics`)
/// rings, and whether the public site carries it.
public struct ReminderSettings: Sendable, Equatable {
    /// The daily "write today's entry", in seconds after midnight; nil for none.
    public var daily: Int?
    /// The 1st of each month's "look back at last month"; nil for none.
    public var recap: Int?
    /// `public: true` publishes the calendar with the public site too.
    public var isPublic = false

    public init(daily: Int? = nil, recap: Int? = nil, isPublic: Bool = false) {
        self.daily = daily
        self.recap = recap
        self.isPublic = isPublic
    }

    static func parse(_ node: Node, path: String, line: Int) -> Result<ReminderSettings, DiagnosticsError> {
        let read = KeyedSetting(name: "reminders", example: "daily: \"21:30\"", keys: "daily, recap and public")
            .parse(node, path: path, line: line, into: ReminderSettings()) { settings, key, value, text in
                switch key {
                case "daily", "recap":
                    // YAML 1.1 reads an unquoted 21:30 as a sexagesimal number; Yams keeps its text.
                    guard let text, let seconds = ClockTime.secondsIntoDay(text) else {
                        return .shouldBe("a time of day such as \"21:30\", not `\(text ?? YAMLReading.kindName(value))`")
                    }
                    if key == "daily" { settings.daily = seconds } else { settings.recap = seconds }
                case "public":
                    guard let flag = text.flatMap(YAMLReading.flag) else {
                        return .shouldBe("true or false, not `\(text ?? YAMLReading.kindName(value))`")
                    }
                    settings.isPublic = flag
                default: return .unknown
                }
                return .read
            }
        if case .success(let settings) = read, settings.daily == nil, settings.recap == nil {
            return .failure(DiagnosticsError([.error(path, line: line, "reminders needs a time for `daily` or `recap` (or both), such as `daily: \"21:30\"`")]))
        }
        return read
    }
}
