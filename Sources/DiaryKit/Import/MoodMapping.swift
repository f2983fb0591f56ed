import Mustache

/// Which of the diary's moods an app's mood name stands for: `--mood NAME=MOOD` first,
/// then the diary's own moods (an id, label, emoji, score or alias), then Daylio's five
/// default names (rad, good, meh, bad, awful) as the five default moods; an entry whose
/// name is none of these is mapped the same way by its fallback name, when it has one.
public struct MoodMapping: Sendable {
    public let moods: MoodScale
    /// From `--mood`, keyed by the app's name lowercased.
    let chosen: [String: Mood]

    /// Daylio's five default mood names, best first: its mood levels (`mood_group_id` 1 to 5).
    static let daylioLevels = ["rad", "good", "meh", "bad", "awful"]
    static let daylioDefaults = Dictionary(uniqueKeysWithValues: zip(daylioLevels, ["great", "good", "okay", "bad", "awful"]))

    /// `written` holds `--mood` arguments such as `sleepy=okay`.
    public init(moods: MoodScale, written: [String]) throws(DiagnosticsError) {
        self.moods = moods
        var chosen: [String: Mood] = [:]
        var problems: [Diagnostic] = []
        for argument in written {
            guard let equals = argument.lastIndex(of: "=") else {
                problems.append(.error("--mood", "`\(argument)` should be NAME=MOOD, such as `sleepy=okay`"))
                continue
            }
            let name = String(argument[..<equals]).trimmingSpaces, target = String(argument[argument.index(after: equals)...])
            guard let mood = moods.match(target) else {
                problems.append(.error("--mood", "`\(argument)`: \(moods.unknownMoodMessage(target))"))
                continue
            }
            chosen[name.lowercased()] = mood
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        self.chosen = chosen
    }

    public func mood(for name: String) -> Mood? {
        let name = name.trimmingSpaces
        if let mood = chosen[name.lowercased()] { return mood }
        if let mood = moods.match(name) { return mood }
        return MoodMapping.daylioDefaults[name.lowercased()].flatMap(moods.match)
    }

    /// The entry's mood: by its own name, else by its fallback name (a custom Daylio mood's level).
    func mood(for entry: ImportedEntry) -> Mood? {
        entry.moodName.flatMap(mood(for:)) ?? entry.fallbackMoodName.flatMap(mood(for:))
    }

    /// Every name in `entries` without a mood, with its count: an error each, then
    /// the command that would map them all.
    func unmapped(_ entries: [ImportedEntry], command: String, path: String) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for entry in entries where mood(for: entry) == nil {
            guard let name = entry.moodName else { continue }
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        guard !order.isEmpty else { return [] }
        let ids = moods.moods.map(\.id).joined(separator: ", ")
        var problems = order.map { name in
            Diagnostic.error(path, "the mood `\(name)` (\(counts[name]!) \(counts[name] == 1 ? "entry" : "entries")) is none of this diary's moods (\(ids)); map it with --mood \(shellWord("\(name)=MOOD"))")
        }
        let options = order.map { "--mood \(shellWord("\($0)=\(moods.suggestion(for: $0)?.id ?? "MOOD")"))" }.joined(separator: " ")
        problems.append(.error(path, "to map them all, run: \(command) \(options) (MOOD one of \(ids)), or give those moods `aliases` in diarygen.yml"))
        return problems
    }
}

/// `text` as one word for a POSIX shell.
public func shellWord(_ text: String) -> String {
    guard text.contains(where: { !($0.isLetter || $0.isNumber || "=_-.,/:+@".contains($0)) }) else { return text }
    return "'" + text.replacingEvery("'", with: "'\\''") + "'"
}
