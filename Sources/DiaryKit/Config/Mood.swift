import Mustache

/// One step of the mood scale a diary is written with. A class, though it never
/// changes: every entry, day and count holds its mood, and pages are made on every
/// core, so a copy of five strings was five counts that both cores kept changing.
public final class Mood: Hashable, Sendable {
    public let id: String
    public let label: String
    public let emoji: String
    /// A CSS colour, `#rrggbb`.
    public let color: String
    public let score: Double
    /// Other ways the mood is written: words or emoji another app used, matched in any case.
    public let aliases: [String]

    public init(id: String, label: String, emoji: String, color: String, score: Double, aliases: [String] = []) {
        self.id = id
        self.label = label
        self.emoji = emoji
        self.color = color
        self.score = score
        self.aliases = aliases
    }

    public static func == (a: Mood, b: Mood) -> Bool {
        a === b || (a.id == b.id && a.label == b.label && a.emoji == b.emoji && a.color == b.color && a.score == b.score && a.aliases == b.aliases)
    }

    /// Moods that are equal have the same id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The configured moods, in the order the person listed them (best first by default).
public struct MoodScale: Sendable {
    public let moods: [Mood]

    public init(_ moods: [Mood]) { self.moods = moods }

    /// A written mood: an id (any case), the emoji (with or without a variation
    /// selector), a label, an alias (any case), or a score such as `4`. An alias
    /// comes before the scores, so that `aliases: ["8"]` can say what an 8 means.
    public func match(_ written: String) -> Mood? {
        let text = written.trimmingSpaces
        let folded = text.lowercased()
        if let mood = moods.first(where: { $0.id.lowercased() == folded }) { return mood }
        let bare = text.withoutVariationSelectors
        if let mood = moods.first(where: { $0.emoji.withoutVariationSelectors == bare }) { return mood }
        if let mood = moods.first(where: { $0.label.lowercased() == folded }) { return mood }
        let foldedBare = bare.lowercased()
        if let mood = moods.first(where: { $0.aliases.contains { $0.withoutVariationSelectors.lowercased() == foldedBare } }) { return mood }
        if let score = Double(text) { return moods.first { $0.score == score } }
        return nil
    }

    /// The mood that stands for a day: the one whose score is nearest the mean of
    /// the day's entries' scores; a tie goes to the lower score.
    public func dayMood(scores: [Double]) -> Mood {
        let mean = scores.reduce(0, +) / Double(scores.count)
        return moods.min { a, b in
            let da = abs(a.score - mean), db = abs(b.score - mean)
            return da != db ? da < db : a.score < b.score
        }!
    }

    /// The mood nearest an unknown one, for "did you mean" hints: by score for a
    /// number, else the id, label or alias closest to how it is spelled.
    public func suggestion(for written: String) -> Mood? {
        let text = written.trimmingSpaces
        if let score = Double(text), score.isFinite {
            return moods.min { abs($0.score - score) != abs($1.score - score) ? abs($0.score - score) < abs($1.score - score) : $0.score < $1.score }
        }
        let target = text.lowercased()
        let best = moods.map { mood in
            (mood, ([mood.id, mood.label] + mood.aliases).map { editDistance(target, $0.lowercased()) }.min()!)
        }.min { $0.1 < $1.1 }
        guard let (mood, distance) = best, distance <= max(2, target.count / 3) else { return nil }
        return mood
    }

    /// What to tell someone who wrote a mood this scale does not have.
    public func unknownMoodMessage(_ written: String) -> String {
        let known = moods.map { "\($0.id) \($0.emoji)" }.joined(separator: ", ")
        let hint = suggestion(for: written).map { " Did you mean `\($0.id)`?" } ?? ""
        return "unknown mood `\(written)`; the moods are \(known).\(hint)"
            + " A mood in diarygen.yml can also list other ways it is written, such as `aliases: [\(doubleQuoted(written))]`."
    }

    public var scoreRange: ClosedRange<Double> {
        let scores = moods.map(\.score)
        return scores.min()!...scores.max()!
    }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension String {
    var withoutVariationSelectors: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !(0xFE00...0xFE0F).contains($0.value) }))
    }
}
