/// The figures every recap shows of its entries, a month's or a year's: one place
/// for how moods are shared out, averaged and judged, and how words and tags count.
public struct RecapFigures: Sendable {
    let entries: Int
    /// Every configured mood, in configured order, zero counts included. Entries
    /// written without a mood count in `entries` and `words` only.
    let moods: [RecapStats.MoodShare]
    /// Nil, like the verdict, when no entry has a mood.
    let averageScore: Double?
    /// The mood nearest the average, by the rule that gives a day its mood.
    let averageMood: Mood?
    let verdict: RecapStats.Verdict?
    let words: Int
    /// Every tag by count (most first, then by name).
    let tags: [(tag: String, count: Int)]

    init(entries: [Entry], moods scale: MoodScale) {
        self.entries = entries.count
        let moods = entries.compactMap(\.mood)
        var counts = Dictionary(uniqueKeysWithValues: scale.moods.map { ($0.id, 0) })
        for mood in moods { counts[mood.id, default: 0] += 1 }
        let ordered = scale.moods.map { counts[$0.id]! }
        self.moods = zip(scale.moods, zip(ordered, RecapStats.percents(ordered))).map { RecapStats.MoodShare(mood: $0, count: $1.0, percent: $1.1) }

        // Every mood figure comes from these scores; entries without a mood have none.
        let scores = moods.map(\.score)
        self.averageScore = scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
        self.averageMood = scores.isEmpty ? nil : scale.dayMood(scores: scores)
        self.verdict = averageMood.map { RecapStats.Verdict(of: $0, on: scale) }
        self.words = entries.map(\.body.words).reduce(0, +)

        var tagCounts: [String: Int] = [:]
        for entry in entries { for tag in entry.tags { tagCounts[tag, default: 0] += 1 } }
        self.tags = tagCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The top eight tags, then one "other" share for the rest.
    static func topTags(_ tags: [(tag: String, count: Int)]) -> [RecapStats.TagShare] {
        var counts = tags.prefix(RecapStats.topTagCount).map { (tag: Optional($0.tag), count: $0.count) }
        let rest = tags.dropFirst(RecapStats.topTagCount).map(\.count).reduce(0, +)
        if rest > 0 { counts.append((nil, rest)) }
        return zip(counts, RecapStats.percents(counts.map(\.count))).map { RecapStats.TagShare(tag: $0.tag, count: $0.count, percent: $1) }
    }
}

/// A recap, a month's or a year's: its figures read as its own (`stats.averageMood`),
/// from the one `RecapFigures` it holds rather than a copy of each.
public protocol RecapFiguresHolder {
    var figures: RecapFigures { get }
}

extension RecapFiguresHolder {
    public var entries: Int { figures.entries }
    /// Every configured mood, in configured order, zero counts included. Entries
    /// written without a mood count in `entries`, days and `words` only.
    public var moods: [RecapStats.MoodShare] { figures.moods }
    /// Nil, like the verdict, when no entry has a mood.
    public var averageScore: Double? { figures.averageScore }
    /// The mood nearest the average, by the rule that gives a day its mood.
    public var averageMood: Mood? { figures.averageMood }
    public var verdict: RecapStats.Verdict? { figures.verdict }
    public var words: Int { figures.words }
    /// Every tag by count (most first, then by name).
    public var tags: [(tag: String, count: Int)] { figures.tags }
    /// The top eight tags, then one "other" share for the rest.
    public var topTags: [RecapStats.TagShare] { RecapFigures.topTags(tags) }
}
