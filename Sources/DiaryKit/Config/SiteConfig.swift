import Foundation
import Yams

/// What a site folder's `diarygen.yml` says, with every default filled in.
public struct SiteConfig: Sendable {
    /// A mood as configured; a missing label is taken from the site's language.
    public struct MoodSpec: Sendable, Equatable {
        public let id: String
        public let label: String?
        public let emoji: String
        public let color: String
        public let score: Double
    }

    public static let fileName = SiteFolder.configName

    public var title: String?
    public var baseURL: String?
    /// A Foundation locale identifier such as `ko_KR`.
    public var localeIdentifier: String
    public var timeZone: TimeZone
    /// 1 = Sunday … 7 = Saturday.
    public var weekStart: Int
    public var moods: [MoodSpec]
    public var publishTarget: String?

    /// Colour-blind-safe (a blue–yellow–red diverging scale), and never the only signal:
    /// every mood also shows its emoji and label.
    public static let defaultMoods: [MoodSpec] = [
        MoodSpec(id: "great", label: nil, emoji: "😄", color: "#2c7bb6", score: 5),
        MoodSpec(id: "good", label: nil, emoji: "🙂", color: "#8cc4e0", score: 4),
        MoodSpec(id: "okay", label: nil, emoji: "😐", color: "#f2d45c", score: 3),
        MoodSpec(id: "bad", label: nil, emoji: "😕", color: "#f0913c", score: 2),
        MoodSpec(id: "awful", label: nil, emoji: "😞", color: "#c8342c", score: 1),
    ]

    public init(localeIdentifier: String = "en_US", timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.localeIdentifier = localeIdentifier
        self.timeZone = timeZone
        self.weekStart = SiteConfig.defaultWeekStart(for: localeIdentifier)
        self.moods = SiteConfig.defaultMoods
    }

    public var locale: Locale { Locale(identifier: localeIdentifier) }

    /// The week start a locale's people expect: Monday in Germany, Sunday in Korea and the US.
    public static func defaultWeekStart(for localeIdentifier: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: localeIdentifier)
        return calendar.firstWeekday
    }

    /// The largest score a mood may have, either way.
    static let scoreLimit = 1000.0

    /// Every key diarygen.yml takes, in the order `diarygen init` writes them.
    static let keys = ["title", "base_url", "locale", "timezone", "week_starts_on", "moods", "publish"]

    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Reads the site's `diarygen.yml`; a missing file gives the defaults.
    public static func load(from site: SiteFolder) throws(DiagnosticsError) -> SiteConfig {
        let url = site.config
        guard let data = FileManager.default.contents(atPath: url.path) else { return SiteConfig() }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError([.error(fileName, "this file is not UTF-8 text")])
        }
        return try parse(text.strippingByteOrderMark)
    }

    public static func parse(_ text: String) throws(DiagnosticsError) -> SiteConfig {
        let path = fileName
        var problems: [Diagnostic] = []
        var config = SiteConfig()
        let root: Node?
        switch YAMLReading.compose(text, path: path, firstLine: 1) {
        case .success(let node): root = node
        case .failure(let problem): throw DiagnosticsError([problem])
        }
        guard let root else { return config }
        guard case let .mapping(mapping) = root else {
            throw DiagnosticsError([.error(path, line: YAMLReading.line(of: root, firstLine: 1), "diarygen.yml must be a set of keys such as `title: My diary`")])
        }

        var weekStartWasSet = false
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = YAMLReading.line(of: keyNode, firstLine: 1)
            func text() -> String? {
                guard let text = YAMLReading.scalarText(value) else {
                    problems.append(.error(path, line: line, "`\(key)` should be a single value, not \(YAMLReading.kindName(value))"))
                    return nil
                }
                return text
            }
            switch key {
            case "title":
                config.title = text()
            case "base_url":
                guard let url = text() else { continue }
                do {
                    config.baseURL = try normalizedBaseURL(url)
                } catch {
                    problems.append(.error(path, line: line, error.diagnostics[0].message))
                }
            case "locale":
                guard let identifier = text()?.replacingEvery("-", with: "_") else { continue }
                guard Locale.availableIdentifiers.contains(identifier) else {
                    problems.append(.error(path, line: line, "unknown locale `\(identifier)`; use a code such as en_US, ko_KR or de_DE"))
                    continue
                }
                config.localeIdentifier = identifier
            case "timezone":
                guard let name = text() else { continue }
                guard let zone = TimeZone(identifier: name) else {
                    problems.append(.error(path, line: line, "unknown time zone `\(name)`; use a name such as Europe/Berlin or Asia/Seoul"))
                    continue
                }
                config.timeZone = zone
            case "week_starts_on":
                guard let name = text() else { continue }
                guard let index = weekdayNames.firstIndex(of: name.lowercased()) else {
                    problems.append(.error(path, line: line, "week_starts_on should be a weekday name: \(weekdayNames.joined(separator: ", "))"))
                    continue
                }
                config.weekStart = index + 1
                weekStartWasSet = true
            case "moods":
                switch parseMoods(value, path: path) {
                case .success(let moods): config.moods = moods
                case .failure(let error): problems += error.diagnostics
                }
            case "publish":
                guard case let .mapping(publish) = value else {
                    problems.append(.error(path, line: line, "`publish` should be a set of keys such as `target: me@host:www/diary`"))
                    continue
                }
                for (subKey, subValue) in publish {
                    let subLine = YAMLReading.line(of: subKey, firstLine: 1)
                    if subKey.string == "target", let target = YAMLReading.scalarText(subValue) {
                        config.publishTarget = target
                    } else {
                        problems.append(.error(path, line: subLine, "unknown key `publish.\(subKey.string ?? "")`; publish takes `target`"))
                    }
                }
            default:
                problems.append(.error(path, line: line, "unknown key `\(key)`; diarygen.yml takes \(keys.dropLast().joined(separator: ", ")) and \(keys.last!)"))
            }
        }
        if !weekStartWasSet { config.weekStart = defaultWeekStart(for: config.localeIdentifier) }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return config
    }

    private static func parseMoods(_ node: Node, path: String) -> Result<[MoodSpec], DiagnosticsError> {
        guard case let .sequence(sequence) = node, !sequence.isEmpty else {
            return .failure(DiagnosticsError([.error(path, line: YAMLReading.line(of: node, firstLine: 1), "`moods` should be a list of moods, each with id, emoji, color and score")]))
        }
        var moods: [MoodSpec] = []
        var problems: [Diagnostic] = []
        for item in sequence {
            let line = YAMLReading.line(of: item, firstLine: 1)
            guard case let .mapping(fields) = item else {
                problems.append(.error(path, line: line, "each mood should be a set of keys: id, label, emoji, color, score"))
                continue
            }
            var values: [String: String] = [:]
            for (key, value) in fields {
                let name = key.string ?? ""
                guard ["id", "label", "emoji", "color", "score"].contains(name) else {
                    problems.append(.error(path, line: YAMLReading.line(of: key, firstLine: 1), "unknown mood key `\(name)`; a mood takes id, label, emoji, color and score"))
                    continue
                }
                values[name] = YAMLReading.scalarText(value)
            }
            guard let id = values["id"], !id.isEmpty, let emoji = values["emoji"], let color = values["color"], let scoreText = values["score"] else {
                problems.append(.error(path, line: line, "a mood needs id, emoji, color and score"))
                continue
            }
            guard isHexColor(color) else {
                problems.append(.error(path, line: line, "mood `\(id)` has colour `\(color)`; write it as #rrggbb or #rgb"))
                continue
            }
            // Finite and modest, so that no mean, percent or chart angle made of scores can overflow.
            guard let score = Double(scoreText), score.isFinite, abs(score) <= SiteConfig.scoreLimit else {
                problems.append(.error(path, line: line, "mood `\(id)` has score `\(scoreText)`; a score is a number from -\(Int(SiteConfig.scoreLimit)) to \(Int(SiteConfig.scoreLimit)), such as 4"))
                continue
            }
            if moods.contains(where: { $0.id == id }) {
                problems.append(.error(path, line: line, "mood id `\(id)` is used twice"))
                continue
            }
            moods.append(MoodSpec(id: id, label: values["label"], emoji: emoji, color: color, score: score))
        }
        return problems.isEmpty ? .success(moods) : .failure(DiagnosticsError(problems))
    }

    /// An absolute http(s) address ending in `/`, as feeds and sitemaps need.
    public static func normalizedBaseURL(_ text: String) throws(DiagnosticsError) -> String {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil else {
            throw DiagnosticsError([.error(fileName, "base_url should be an absolute address such as https://example.org/diary/, not `\(text)`")])
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    static func isHexColor(_ text: String) -> Bool {
        guard text.hasPrefix("#"), [4, 7].contains(text.count) else { return false }
        return text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

extension String {
    /// Without its byte order marks: some editors save a second one in front of the first.
    var strippingByteOrderMark: String { hasPrefix("\u{FEFF}") ? String(drop { $0 == "\u{FEFF}" }) : self }
}
