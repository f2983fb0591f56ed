import Mustache

/// One step of the mood scale a diary is written with.
public struct Mood: Hashable, Sendable {
    public let id: String
    public let label: String
    public let emoji: String
    /// A CSS colour, `#rrggbb`.
    public let color: String
    public let score: Double

    public init(id: String, label: String, emoji: String, color: String, score: Double) {
        self.id = id
        self.label = label
        self.emoji = emoji
        self.color = color
        self.score = score
    }
}

/// The configured moods, in the order the person listed them (best first by default).
public struct MoodScale: Sendable {
    public let moods: [Mood]

    public init(_ moods: [Mood]) { self.moods = moods }

    /// The mood whose id is exactly `id`, as the cache keeps it.
    func mood(id: String) -> Mood? { moods.first { $0.id == id } }

    /// A written mood: an id (any case), the emoji (with or without a variation
    /// selector), a label, or a score such as `4`.
    public func match(_ written: String) -> Mood? {
        let text = written.trimmingSpaces
        let folded = text.lowercased()
        if let mood = moods.first(where: { $0.id.lowercased() == folded }) { return mood }
        let bareEmoji = text.withoutVariationSelectors
        if let mood = moods.first(where: { $0.emoji.withoutVariationSelectors == bareEmoji }) { return mood }
        if let mood = moods.first(where: { $0.label.lowercased() == folded }) { return mood }
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

    /// The configured id closest to a mistyped one, for "did you mean" hints.
    public func suggestion(for written: String) -> Mood? {
        let target = written.lowercased()
        let best = moods.map { ($0, editDistance(target, $0.id.lowercased())) }.min { $0.1 < $1.1 }
        guard let (mood, distance) = best, distance <= max(2, target.count / 3) else { return nil }
        return mood
    }

    /// What `new` and `import` say of a mood the diary does not have.
    public func unknownMoodMessage(_ written: String) -> String {
        let known = moods.map { "\($0.id) \($0.emoji)" }.joined(separator: ", ")
        let hint = suggestion(for: written).map { " Did you mean `\($0.id)`?" } ?? ""
        return "unknown mood `\(written)`; the moods are \(known).\(hint)"
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
