/// What a recap says in words, the same on the site, in the feed and in the terminal.
extension RecapStats {
    /// The recap's heading: "Recap of October 2025", or "… so far" while the month runs.
    public func title(_ words: Translations, names: DateNames, today: CivilDate) -> String {
        words.format(month.isInProgress(today: today) ? "recap_so_far" : "recap_of", ["month": names.title(of: month)])
    }

    /// The verdict, in the present tense while the month runs; a month without
    /// moods has a sentence of its own.
    public func verdictText(_ words: Translations, today: CivilDate) -> String {
        words["verdict_" + (verdict?.rawValue ?? "no_moods") + (month.isInProgress(today: today) ? "_so_far" : "")]
    }

    /// "5 entries on 3 days", each count in its plural form.
    public func entriesOnDays(_ words: Translations) -> String {
        words.format("entries_on_days", ["entries": words.counted("n_entries", entries), "days": words.counted("n_days", daysWritten)])
    }
}

/// What a year in review says in words, on the site and in the terminal.
extension YearStats {
    /// "2026 in review", or "2026 so far" while the year runs.
    public func title(_ words: Translations, today: CivilDate) -> String {
        words.format(isInProgress(today: today) ? "year_review_so_far" : "year_review", ["year": String(year)])
    }

    /// The verdict of the year's average mood, in the present tense while the year runs.
    public func verdictText(_ words: Translations, today: CivilDate) -> String {
        words["verdict_year_" + (verdict?.rawValue ?? "no_moods") + (isInProgress(today: today) ? "_so_far" : "")]
    }
}
