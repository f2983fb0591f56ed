import Mustache

/// A month's recap for people rather than browsers: a terminal summary, or a
/// Markdown document good for mail. Numbers are the same `RecapStats` the site shows.
public struct RecapReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, markdown, json
    }

    let stats: RecapStats
    let t: Translations
    let names: DateNames
    /// A month that has not ended by `today` is spoken of "so far".
    let today: CivilDate

    public init(month: DiaryMonth, moods: MoodScale, translations: Translations, localeIdentifier: String, today: CivilDate) {
        self.stats = RecapStats(month: month, moods: moods)
        self.t = translations
        self.names = DateNames(localeIdentifier: localeIdentifier)
        self.today = today
    }

    public func formatted(_ format: Format) -> String {
        // A control character in a tag must not reach the terminal or the mail.
        switch format {
        case .text: droppingForbiddenCharacters(text())
        case .markdown: droppingForbiddenCharacters(markdown())
        case .json: RecapJSON.encode(stats)
        }
    }

    private var title: String { stats.title(t, names: names, today: today) }
    private var verdict: String { stats.verdictText(t, today: today) }
    /// Said under the moods when their percents fall short of 100.
    private var roundingNote: String? { RecapStats.areRounded(stats.moods.map(\.percent)) ? t["shares_rounded"] : nil }

    /// The headline numbers as label–value pairs, shared by both formats.
    private var figures: [(String, String)] {
        let none = "—"
        let average = stats.averageMood.flatMap { mood in
            stats.averageScore.map { "\(mood.emoji) \(mood.label) (\(decimalText($0, maxFractionDigits: 2)))" }
        }
        func day(_ day: DiaryDay?) -> String { day.map { "\($0.mood?.emoji ?? "") \(names.short($0.date))" } ?? none }
        return [
            (t["entries_count"], String(stats.entries)),
            (t["days_written"], "\(stats.daysWritten) / \(stats.month.dayCount)"),
            (t["average_mood"], average ?? none),
            (t["longest_streak"], t.counted("n_days", stats.longestStreak)),
            (t["words_written"], String(stats.words)),
            (t["best_day"], day(stats.bestDay)),
            (t["worst_day"], day(stats.worstDay)),
        ]
    }

    private var tagLine: String? {
        let shares = stats.topTags
        guard !shares.isEmpty else { return nil }
        return shares.map { "\($0.tag ?? t["other_tags"]) \($0.count)" }.joined(separator: ", ")
    }

    func text() -> String {
        var lines = [title, verdict, ""]
        let labelWidth = figures.map { displayWidth($0.0) }.max() ?? 0
        for (label, value) in figures { lines.append(padded(label, to: labelWidth) + "  " + value) }
        lines += ["", t["mood_distribution"]]
        let moodWidth = stats.moods.map { displayWidth("\($0.mood.emoji) \($0.mood.label)") }.max() ?? 0
        let most = stats.moods.map(\.count).max() ?? 1
        for share in stats.moods {
            let bar = RecapReport.bar(share.count, of: most, width: 24)
            let count = String(share.count), percent = "\(share.percent)%"
            lines.append(padded("\(share.mood.emoji) \(share.mood.label)", to: moodWidth) + "  " + padded(bar, to: 24)
                + "  " + String(repeating: " ", count: max(0, 3 - count.count)) + count
                + "  " + String(repeating: " ", count: max(0, 4 - percent.count)) + percent)
        }
        if let roundingNote { lines.append(roundingNote) }
        if let tagLine { lines += ["", t["top_tags"], tagLine] }
        return lines.joined(separator: "\n") + "\n"
    }

    func markdown() -> String {
        var out = "# \(title)\n\n*\(verdict)*\n\n| | |\n|---|---|\n"
        for (label, value) in figures { out += "| \(label) | \(value) |\n" }
        out += "\n## \(t["mood_distribution"])\n\n| \(t["mood"]) | \(t["count"]) | \(t["percent"]) |\n|---|--:|--:|\n"
        for share in stats.moods { out += "| \(share.mood.emoji) \(share.mood.label) | \(share.count) | \(share.percent)% |\n" }
        if let roundingNote { out += "\n\(roundingNote)\n" }
        if !stats.topTags.isEmpty {
            out += "\n## \(t["top_tags"])\n\n"
            for share in stats.topTags { out += "- \(share.tag ?? t["other_tags"]): \(share.count)\n" }
        }
        return out
    }

    /// A bar of block characters, in eighths of a cell, proportional to `value / maximum`.
    static func bar(_ value: Int, of maximum: Int, width: Int) -> String {
        guard maximum > 0, value > 0 else { return "" }
        let eighths = max(1, Int((Double(value) / Double(maximum) * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    private func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }
}

/// Columns a string takes in a terminal: CJK characters and emoji take two.
func displayWidth(_ text: String) -> Int {
    text.reduce(0) { width, character in
        guard let scalar = character.unicodeScalars.first else { return width }
        let wide = WordCount.isCJK(scalar) || scalar.properties.isEmojiPresentation
            || character.unicodeScalars.contains { $0.value == 0xFE0F }
        return width + (wide ? 2 : 1)
    }
}
