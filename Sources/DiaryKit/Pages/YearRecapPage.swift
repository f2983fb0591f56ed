import Mustache

/// A year in review (`YYYY/recap/`): the year's figures and verdict, its moods and
/// tags, a line of its twelve months, mood by weekday, and its year in pixels.
/// Its data is `YYYY/recap.json`.
extension SitePages {
    func yearRecapContext(_ stats: YearStats) -> TemplateFields {
        let root = "../../"
        let yearName = SitePages.yearName(stats.year, words: words)
        let years = diary.years
        let index = years.firstIndex(of: stats.year)!
        var context: TemplateFields = [
            "year": .text(String(stats.year)),
            "yearHref": .text(root + SitePaths.year(stats.year)),
            "title": .text(stats.title(words, today: today)),
            "verdict": .text(stats.verdictText(words, today: today)),
            "jsonHref": "../recap.json",
            "entries": .text(String(stats.entries)),
            "daysWritten": .text(String(stats.daysWritten)),
            "daysInPeriod": .text(String(stats.dayCount)),
            "average": stats.averageScore.map { score -> TemplateValue in
                ["score": .text(decimalText(score, maxFractionDigits: 2)), "mood": moodContext(stats.averageMood)]
            } ?? .flag(false),
            "longestStreak": .text(words.counted("n_days", stats.longestStreak?.days ?? 0)),
            "streakDates": stats.longestStreak.map { run -> TemplateValue in
                .text(run.days == 1 ? names.short(run.first)
                      : words.format("date_range", ["first": names.short(run.first), "last": names.short(run.last)]))
            } ?? .flag(false),
            "words": .text(String(stats.words)),
            "bestMonth": monthLink(stats.months.best, root: root),
            "hardestMonth": monthLink(stats.months.hardest, root: root),
            "moodPie": .text(moodPie(stats.moods, title: words.format("moods_in", ["month": yearName])).svg(idPrefix: "moods", standalone: false)),
            "moodLegend": moodShares(stats.moods),
            "moodsRounded": .flag(RecapStats.areRounded(stats.moods.map(\.percent))),
            "pixels": .object(yearPixelsContext(stats.year, root: root)),
        ]
        if let (chart, legend) = tagPie(stats.topTags, title: words.format("tags_in", ["month": yearName])) {
            context["tagPie"] = .text(chart.svg(idPrefix: "tags", standalone: false))
            context["tagLegend"] = legend
            context["tagsRounded"] = .flag(RecapStats.areRounded(stats.topTags.map(\.percent)))
        }
        if stats.averageScore != nil {
            context["monthLine"] = monthLine(stats.months, title: words.format("mood_by_month_in", ["year": String(stats.year)]),
                                             idPrefix: "months", width: 360,
                                             axisLabel: { names.shortMonthNames[$0.month - 1] }, rowLabel: { names.monthNames[$0.month - 1] })
            context["weekdays"] = weekdayChart(stats.weekdays, title: words.format("moods_by_weekday_in", ["period": yearName]), idPrefix: "weekdays")
        }
        var nav: TemplateFields = [:]
        if index > 0 { nav["previous"] = link(words.format("year_review", ["year": String(years[index - 1])]), root + SitePaths.yearRecap(years[index - 1])) }
        if index + 1 < years.count { nav["next"] = link(words.format("year_review", ["year": String(years[index + 1])]), root + SitePaths.yearRecap(years[index + 1])) }
        context["nav"] = .object(nav)
        return context
    }

    /// The best or hardest month: its name linking to its recap, and its average.
    private func monthLink(_ month: MonthlyAverages.Month?, root: String) -> TemplateValue {
        guard let month, let score = month.averageScore else { return .flag(false) }
        return [
            "title": .text(names.title(of: month.month)), "href": .text(root + SitePaths.recap(month.month)),
            "mood": moodContext(month.averageMood), "score": .text(decimalText(score, maxFractionDigits: 2)),
        ]
    }
}
