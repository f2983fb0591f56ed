import Mustache

/// A month's recap or a year in review for people rather than browsers: a
/// terminal summary, or a Markdown document good for mail. Numbers are the same
/// `RecapStats` and `YearStats` the site shows.
public struct RecapReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, markdown, json
    }

    private let title: String
    private let verdict: String
    /// The headline numbers as label–value pairs, shared by both formats.
    private let figures: [(String, String)]
    private let moods: [RecapStats.MoodShare]
    private let topTags: [RecapStats.TagShare]
    /// A year's months and weekdays: a heading and label–value rows each.
    private let sections: [(heading: String, rows: [(String, String)])]
    private let json: String
    private let t: Translations

    /// A month that has not ended by `today` is spoken of "so far".
    public init(month: DiaryMonth, moods: MoodScale, translations t: Translations, localeIdentifier: String, today: CivilDate) {
        let stats = RecapStats(month: month, moods: moods)
        let names = DateNames(localeIdentifier: localeIdentifier)
        func day(_ day: DiaryDay?) -> String { day.map { "\($0.mood?.emoji ?? "") \(names.short($0.date))" } ?? "—" }
        self.t = t
        title = stats.title(t, names: names, today: today)
        verdict = stats.verdictText(t, today: today)
        figures = [
            (t["entries_count"], String(stats.entries)),
            (t["days_written"], "\(stats.daysWritten) / \(stats.month.dayCount)"),
            (t["average_mood"], averageMoodText(stats.averageScore, stats.averageMood)),
            (t["longest_streak"], t.counted("n_days", stats.longestStreak)),
            (t["words_written"], String(stats.words)),
            (t["best_day"], day(stats.bestDay)),
            (t["worst_day"], day(stats.worstDay)),
        ]
        self.moods = stats.moods
        topTags = stats.topTags
        sections = []
        json = RecapJSON.encode(stats)
    }

    /// A year that has not ended by `today` is spoken of "so far"; weekdays go in the order `weekStart` begins.
    public init(year: Int, diary: Diary, translations t: Translations, localeIdentifier: String, weekStart: Int, today: CivilDate) {
        let stats = YearStats(year: year, diary: diary, weekStart: weekStart)
        let names = DateNames(localeIdentifier: localeIdentifier)
        let yearName = t.format("year_name", ["year": String(year)])
        func month(_ month: MonthlyAverages.Month?) -> String {
            month.map { "\($0.averageMood?.emoji ?? "") \(names.title(of: $0.month)) (\(decimalText($0.averageScore ?? 0, maxFractionDigits: 2)))" } ?? "—"
        }
        let streak = stats.longestStreak.map { run in
            t.counted("n_days", run.days) + " (" + t.format("date_range", ["first": names.short(run.first), "last": names.short(run.last)]) + ")"
        }
        self.t = t
        title = stats.title(t, today: today)
        verdict = stats.verdictText(t, today: today)
        figures = [
            (t["entries_count"], String(stats.entries)),
            (t["days_written"], "\(stats.daysWritten) / \(stats.dayCount)"),
            (t["average_mood"], averageMoodText(stats.averageScore, stats.averageMood)),
            (t["longest_streak"], streak ?? "—"),
            (t["words_written"], String(stats.words)),
            (t["best_month"], month(stats.months.best)),
            (t["hardest_month"], month(stats.months.hardest)),
        ]
        self.moods = stats.moods
        topTags = stats.topTags
        sections = [
            (t.format("mood_by_month_in", ["year": String(year)]),
             stats.months.months.map { (names.monthNames[$0.month.month - 1], averageMoodText($0.averageScore, $0.averageMood)) }),
            (t.format("moods_by_weekday_in", ["period": yearName]),
             stats.weekdays.weekdays.map { (names.weekdayName($0.weekday), averageMoodText($0.averageScore, $0.averageMood)) }),
        ]
        json = RecapJSON.encode(stats)
    }

    public func formatted(_ format: Format) -> String {
        // A control character in a tag must not reach the terminal or the mail.
        switch format {
        case .text: droppingForbiddenCharacters(text())
        case .markdown: droppingForbiddenCharacters(markdown())
        case .json: json
        }
    }

    /// Said under the moods when their percents fall short of 100.
    private var roundingNote: String? { RecapStats.areRounded(moods.map(\.percent)) ? t["shares_rounded"] : nil }

    private var tagLine: String? {
        guard !topTags.isEmpty else { return nil }
        return topTags.map { "\($0.tag ?? t["other_tags"]) \($0.count)" }.joined(separator: ", ")
    }

    func text() -> String {
        var lines = [title, verdict, ""]
        let labelWidth = figures.map { displayWidth($0.0) }.max() ?? 0
        for (label, value) in figures { lines.append(padded(label, to: labelWidth) + "  " + value) }
        lines += ["", t["mood_distribution"]]
        let moodWidth = moods.map { displayWidth("\($0.mood.emoji) \($0.mood.label)") }.max() ?? 0
        let most = moods.map(\.count).max() ?? 1
        for share in moods {
            let bar = RecapReport.bar(share.count, of: most, width: 24)
            let count = String(share.count), percent = "\(share.percent)%"
            lines.append(padded("\(share.mood.emoji) \(share.mood.label)", to: moodWidth) + "  " + padded(bar, to: 24)
                + "  " + String(repeating: " ", count: max(0, 3 - count.count)) + count
                + "  " + String(repeating: " ", count: max(0, 4 - percent.count)) + percent)
        }
        if let roundingNote { lines.append(roundingNote) }
        if let tagLine { lines += ["", t["top_tags"], tagLine] }
        for section in sections {
            lines += ["", section.heading]
            let width = section.rows.map { displayWidth($0.0) }.max() ?? 0
            for (label, value) in section.rows { lines.append(padded(label, to: width) + "  " + value) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func markdown() -> String {
        var out = "# \(title)\n\n*\(verdict)*\n\n| | |\n|---|---|\n"
        for (label, value) in figures { out += "| \(label) | \(value) |\n" }
        out += "\n## \(t["mood_distribution"])\n\n| \(t["mood"]) | \(t["count"]) | \(t["percent"]) |\n|---|--:|--:|\n"
        for share in moods { out += "| \(share.mood.emoji) \(share.mood.label) | \(share.count) | \(share.percent)% |\n" }
        if let roundingNote { out += "\n\(roundingNote)\n" }
        if !topTags.isEmpty {
            out += "\n## \(t["top_tags"])\n\n"
            for share in topTags { out += "- \(share.tag ?? t["other_tags"]): \(share.count)\n" }
        }
        for section in sections {
            out += "\n## \(section.heading)\n\n| | |\n|---|---|\n"
            for (label, value) in section.rows { out += "| \(label) | \(value) |\n" }
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
