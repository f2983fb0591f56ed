import Yams

extension SiteConfig {
    /// A mood as configured; a missing label is taken from the site's language.
    public struct MoodSpec: Sendable, Equatable {
        public let id: String
        public let label: String?
        public let emoji: String
        public let color: String
        public let score: Double
        public var aliases: [String] = []
    }

    /// Colour-blind-safe (a blue–yellow–red diverging scale), and never the only signal:
    /// every mood also shows its emoji and label.
    public static let defaultMoods: [MoodSpec] = [
        MoodSpec(id: "great", label: nil, emoji: "😄", color: "#2c7bb6", score: 5),
        MoodSpec(id: "good", label: nil, emoji: "🙂", color: "#8cc4e0", score: 4),
        MoodSpec(id: "okay", label: nil, emoji: "😐", color: "#f2d45c", score: 3),
        MoodSpec(id: "bad", label: nil, emoji: "😕", color: "#f0913c", score: 2),
        MoodSpec(id: "awful", label: nil, emoji: "😞", color: "#c8342c", score: 1),
    ]

    static func parseMoods(_ node: Node, path: String) -> Result<[MoodSpec], DiagnosticsError> {
        guard case let .sequence(sequence) = node, !sequence.isEmpty else {
            return .failure(DiagnosticsError([.error(path, line: YAMLReading.line(of: node, firstLine: 1), "`moods` should be a list of moods, each with id, emoji, color and score")]))
        }
        var moods: [MoodSpec] = []
        var problems: [Diagnostic] = []
        var aliasLines: [String: [Int]] = [:]
        for item in sequence {
            let line = YAMLReading.line(of: item, firstLine: 1)
            guard case let .mapping(fields) = item else {
                problems.append(.error(path, line: line, "each mood should be a set of keys: id, label, emoji, color, score, aliases"))
                continue
            }
            var values: [String: String] = [:]
            var aliases: [(text: String, line: Int)] = []
            for (key, value) in fields {
                let name = key.string ?? ""
                let keyLine = YAMLReading.line(of: key, firstLine: 1)
                switch name {
                case "aliases":
                    let items = if case let .sequence(list) = value { Array(list) } else { [value] }
                    for alias in items {
                        guard let text = YAMLReading.scalarText(alias)?.trimmingSpaces, !text.isEmpty else {
                            problems.append(.error(path, line: YAMLReading.line(of: alias, firstLine: 1), "each alias should be a word, a number or an emoji, such as `aliases: [rad, \"😀\"]`"))
                            continue
                        }
                        aliases.append((text, YAMLReading.line(of: alias, firstLine: 1)))
                    }
                case "id", "label", "emoji", "color", "score":
                    values[name] = YAMLReading.scalarText(value)
                default:
                    problems.append(.error(path, line: keyLine, "unknown mood key `\(name)`; a mood takes id, label, emoji, color, score and aliases"))
                }
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
            aliasLines[id] = aliases.map(\.line)
            moods.append(MoodSpec(id: id, label: values["label"], emoji: emoji, color: color, score: score, aliases: aliases.map(\.text)))
        }
        // An alias that another mood already answers to would make a written mood mean two things.
        var owners: [String: String] = [:]
        for mood in moods { for written in [mood.id, mood.label, mood.emoji].compactMap({ $0 }) where owners[folded(written)] == nil { owners[folded(written)] = mood.id } }
        for mood in moods {
            for (alias, line) in zip(mood.aliases, aliasLines[mood.id] ?? []) {
                if let owner = owners[folded(alias)], owner != mood.id {
                    problems.append(.error(path, line: line, "the alias `\(alias)` of mood `\(mood.id)` is already how mood `\(owner)` is written; give it to one of them"))
                }
                owners[folded(alias)] = mood.id
            }
        }
        return problems.isEmpty ? .success(moods) : .failure(DiagnosticsError(problems))
    }

    /// A way of writing a mood as `MoodScale.match` compares it.
    private static func folded(_ written: String) -> String { written.withoutVariationSelectors.lowercased() }
}
