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

    static let keys = "daily, recap and public"

    static func parse(_ node: Node, path: String, line: Int) -> Result<ReminderSettings, DiagnosticsError> {
        guard case let .mapping(mapping) = node else {
            return .failure(DiagnosticsError([.error(path, line: line, "`reminders` should be a set of keys such as `daily: \"21:30\"`; it takes \(keys)")]))
        }
        var settings = ReminderSettings()
        var problems: [Diagnostic] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = YAMLReading.line(of: keyNode, firstLine: 1)
            let text = YAMLReading.scalarText(value)
            switch key {
            case "daily", "recap":
                // YAML 1.1 reads an unquoted 21:30 as a sexagesimal number; Yams keeps its text.
                guard let text, let seconds = ClockTime.secondsIntoDay(text) else {
                    problems.append(.error(path, line: line, "reminders.\(key) should be a time of day such as \"21:30\", not `\(text ?? YAMLReading.kindName(value))`"))
                    continue
                }
                if key == "daily" { settings.daily = seconds } else { settings.recap = seconds }
            case "public":
                guard let flag = text.flatMap(YAMLReading.flag) else {
                    problems.append(.error(path, line: line, "reminders.public should be true or false, not `\(text ?? YAMLReading.kindName(value))`"))
                    continue
                }
                settings.isPublic = flag
            default:
                problems.append(.error(path, line: line, "unknown key `reminders.\(key)`; reminders takes \(keys)"))
            }
        }
        if problems.isEmpty, settings.daily == nil, settings.recap == nil {
            problems.append(.error(path, line: line, "reminders needs a time for `daily` or `recap` (or both), such as `daily: \"21:30\"`"))
        }
        return problems.isEmpty ? .success(settings) : .failure(DiagnosticsError(problems))
    }
}
