import Foundation
import Yams
import Mustache

/// What a site folder's `diarygen.yml` says, with every default filled in.
public struct SiteConfig: Sendable {
    public static let fileName = SiteFolder.configName

    public var title: String?
    public var baseURL: String?
    /// A Foundation locale identifier such as `ko_KR`.
    public var localeIdentifier: String
    /// What "today" is: `timezone` in diarygen.yml, else the machine's zone.
    public var timeZone: TimeZone
    /// 1 = Sunday … 7 = Saturday.
    public var weekStart: Int
    public var moods: [MoodSpec]
    public var publishTarget: String?
    /// How a file name such as `01-02-2021.md` is read; nil when the locale does not tell.
    public var dateOrder: DateOrder?
    public var moodRequirement: MoodRequirement = .warned
    /// A built-in theme (`default`, `paper`, `night`) or one of the site's own `templates/themes/NAME.css`.
    public var themeName = Theme.defaultName
    public var moodIcons = MoodIcons.emoji

    /// How moods are drawn on pages.
    public enum MoodIcons: String, Sendable {
        /// The moods' own emoji, as the system's emoji font draws them.
        case emoji
        /// Faces drawn in SVG from each mood's place on the scale, in its colour: no emoji font needed.
        case faces
    }
    /// `reminders:`: the calendar of reminders the site carries; nil for none.
    public var reminders: ReminderSettings?
    /// Front-matter keys the insights page leaves out of "numbers beside moods":
    /// `insights: {ignore: [weight]}`.
    public var insightsIgnored: [String] = []
    /// `photos:`: the sizes made of each photo, and whether originals are linked.
    public var photos = PhotoSettings()
    /// `notes:`: content/ as a note app's folder, and inline `#tags`.
    public var notes = NoteSettings()

    /// What `mood_required` says of an entry without a mood.
    public enum MoodRequirement: String, Sendable, Equatable {
        /// Not set: `check` warns, the build goes on.
        case warned
        /// `true`: an error.
        case required
        /// `false`: a day written without a mood is as good as any.
        case optional
    }

    public init(localeIdentifier: String = "en_US", timeZone: TimeZone = SiteConfig.machineTimeZone()) {
        self.init(localeIdentifier: localeIdentifier, timeZone: timeZone, weekStart: SiteConfig.defaultWeekStart(for: localeIdentifier),
                  dateOrder: DateOrder.usual(in: localeIdentifier))
    }

    private init(localeIdentifier: String, timeZone: TimeZone, weekStart: Int, dateOrder: DateOrder?) {
        self.localeIdentifier = localeIdentifier
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.moods = SiteConfig.defaultMoods
        self.dateOrder = dateOrder
    }

    public var locale: Locale { Locale(identifier: localeIdentifier) }

    /// The site's language code: `en`, `ko`.
    public var languageCode: String { locale.language.languageCode?.identifier ?? "en" }

    /// Whether the site's language is written right to left. A list rather than ICU's
    /// answer, so every machine builds the same pages.
    public var writesRightToLeft: Bool { SiteConfig.rightToLeftLanguages.contains(languageCode) }

    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]

    /// The machine's time zone, found as the C library finds it: the `TZ` variable
    /// (`Asia/Seoul`, `:Asia/Seoul`, a path into zoneinfo; empty means UTC), else the
    /// zone /etc/localtime links to (or /etc/timezone names), then Foundation's guess,
    /// and UTC only when nothing names one. A diary written in Seoul at 06:42 on the
    /// 24th is on the 24th, not on UTC's 23rd.
    public static func machineTimeZone(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone") -> TimeZone {
        func zone(named name: String) -> TimeZone? {
            var name = name.trimmingSpaces
            if name.hasPrefix(":") { name.removeFirst() }
            if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
            return name.isEmpty ? nil : TimeZone(identifier: name)
        }
        if let variable = environment["TZ"] {
            // Set, TZ decides; a rule such as `KST-9` rather than a name is left to Foundation.
            return variable.isEmpty ? TimeZone(identifier: "UTC")! : zone(named: variable) ?? TimeZone.current
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime), let found = zone(named: target) {
            return found
        }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8), let found = zone(named: text) { return found }
        return TimeZone.current
    }

    /// The week start a locale's people expect: Monday in Germany, Sunday in Korea and the US.
    public static func defaultWeekStart(for localeIdentifier: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: localeIdentifier)
        return calendar.firstWeekday
    }

    /// The largest score a mood may have, either way.
    static let scoreLimit = 1000.0

    /// Every key diarygen.yml takes, in the order `diarygen init` writes them.
    static let keys = ["title", "base_url", "locale", "timezone", "week_starts_on", "date_order", "moods", "mood_required", "theme", "mood_icons", "insights", "reminders", "photos", "notes", "publish"]

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
        let root: Node?
        switch YAMLReading.compose(text, path: path, firstLine: 1) {
        case .success(let node): root = node
        case .failure(let problem): throw DiagnosticsError([problem])
        }
        guard let root else { return SiteConfig() }
        // The machine's zone and the locale's week start and date order are looked up in
        // ICU once the file has said which it sets, and for its own locale only.
        var config = SiteConfig(localeIdentifier: "en_US", timeZone: .gmt, weekStart: 1, dateOrder: nil)
        guard case let .mapping(mapping) = root else {
            throw DiagnosticsError([.error(path, line: YAMLReading.line(of: root, firstLine: 1), "diarygen.yml must be a set of keys such as `title: My diary`")])
        }

        var timeZoneWasSet = false, weekStartWasSet = false, dateOrderWasSet = false
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
                timeZoneWasSet = true
            case "week_starts_on":
                guard let name = text() else { continue }
                guard let index = weekdayNames.firstIndex(of: name.lowercased()) else {
                    problems.append(.error(path, line: line, "week_starts_on should be a weekday name: \(weekdayNames.joined(separator: ", "))"))
                    continue
                }
                config.weekStart = index + 1
                weekStartWasSet = true
            case "date_order":
                guard let name = text() else { continue }
                guard let order = DateOrder(rawValue: name.lowercased()) else {
                    problems.append(.error(path, line: line, "date_order should be dmy (01-02-2021 is 1 February) or mdy (2 January), not `\(name)`"))
                    continue
                }
                config.dateOrder = order
                dateOrderWasSet = true
            case "theme":
                guard let name = text() else { continue }
                config.themeName = name
            case "mood_icons":
                guard let name = text() else { continue }
                guard let icons = MoodIcons(rawValue: name.lowercased()) else {
                    problems.append(.error(path, line: line, "mood_icons should be emoji or faces (drawn faces that need no emoji font), not `\(name)`"))
                    continue
                }
                config.moodIcons = icons
            case "mood_required":
                guard let text = text() else { continue }
                guard let required = YAMLReading.flag(text) else {
                    problems.append(.error(path, line: line, "mood_required should be true or false, not `\(text)`"))
                    continue
                }
                config.moodRequirement = required ? .required : .optional
            case "moods":
                switch parseMoods(value, path: path) {
                case .success(let moods): config.moods = moods
                case .failure(let error): problems += error.diagnostics
                }
            case "reminders":
                switch ReminderSettings.parse(value, path: path, line: line) {
                case .success(let reminders): config.reminders = reminders
                case .failure(let error): problems += error.diagnostics
                }
            case "notes":
                switch NoteSettings.parse(value, path: path, line: line) {
                case .success(let notes): config.notes = notes
                case .failure(let error): problems += error.diagnostics
                }
            case "photos":
                switch PhotoSettings.parse(value, path: path, line: line) {
                case .success(let photos): config.photos = photos
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
            case "insights":
                guard case let .mapping(insights) = value else {
                    problems.append(.error(path, line: line, "`insights` should be a set of keys such as `ignore: [weight]`"))
                    continue
                }
                for (subKey, subValue) in insights {
                    let subLine = YAMLReading.line(of: subKey, firstLine: 1)
                    guard subKey.string == "ignore" else {
                        problems.append(.error(path, line: subLine, "unknown key `insights.\(subKey.string ?? "")`; insights takes `ignore`"))
                        continue
                    }
                    let items = if case let .sequence(list) = subValue { Array(list) } else { [subValue] }
                    for item in items {
                        guard let name = YAMLReading.scalarText(item)?.trimmingSpaces, !name.isEmpty else {
                            problems.append(.error(path, line: YAMLReading.line(of: item, firstLine: 1), "each key insights ignores should be a front-matter key, such as `ignore: [weight, steps]`"))
                            continue
                        }
                        config.insightsIgnored.append(name)
                    }
                }
            default:
                problems.append(.error(path, line: line, "unknown key `\(key)`; diarygen.yml takes \(keys.dropLast().joined(separator: ", ")) and \(keys.last!)"))
            }
        }
        if !timeZoneWasSet { config.timeZone = machineTimeZone() }
        if !weekStartWasSet { config.weekStart = defaultWeekStart(for: config.localeIdentifier) }
        if !dateOrderWasSet { config.dateOrder = DateOrder.usual(in: config.localeIdentifier) }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return config
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
