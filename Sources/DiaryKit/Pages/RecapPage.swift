import Foundation
import Mustache

/// A month's recap (`YYYY/MM/recap/`): its figures, its verdict, its pie charts
/// and its entries. The chart and the data of the recap are files of their own.
extension SitePages {
    /// `currentStreak` is shown when the month is today's (nil there is a streak of none).
    func recapContext(_ stats: RecapStats, currentStreak: Streaks.Run?) -> TemplateFields {
        let root = "../../../"
        let monthTitle = names.title(of: stats.month)
        let published = diary.month(stats.month)!.entries.filter(\.isPublished)
        let monthPhotos = published.flatMap { entry in entry.photos.map { monthPhoto($0, of: entry, root: root) } }
        var context: TemplateFields = [
            "title": .text(stats.title(words, names: names, today: today)),
            "monthTitle": .text(monthTitle),
            "calendarHref": .text(root + SitePaths.month(stats.month)),
            "yearReview": ["href": .text(root + SitePaths.yearRecap(stats.month.year)), "title": .text(words.format("year_review", ["year": String(stats.month.year)]))],
            "svgHref": "moods.svg",
            "jsonHref": "../recap.json",
            "nav": monthNavigation(stats.month, root: root, suffix: SitePaths.recap),
            "verdict": .text(stats.verdictText(words, today: today)),
            "entries": .text(String(stats.entries)),
            "daysWritten": .text(String(stats.daysWritten)),
            "daysInMonth": .text(String(stats.month.dayCount)),
            "average": stats.averageScore.map { score -> TemplateValue in
                ["score": .text(decimalText(score, maxFractionDigits: 2)), "mood": moodContext(stats.averageMood)]
            } ?? .flag(false),
            "longestStreak": .text(words.counted("n_days", stats.longestStreak)),
            "words": .text(String(stats.words)),
            "moodPie": .text(moodPie(stats).svg(idPrefix: "moods", standalone: false)),
            "moodLegend": moodShares(stats.moods),
            "moodsRounded": .flag(RecapStats.areRounded(stats.moods.map(\.percent))),
            "bestDay": stats.bestDay.map { dayLink($0, root: root) } ?? .flag(false),
            "worstDay": stats.worstDay.map { dayLink($0, root: root) } ?? .flag(false),
            "reviews": reviewSummary(ReviewShelf(entries: diary.month(stats.month)!.entries)).map(TemplateValue.text) ?? .flag(false),
            "entryList": .list(published.map { entrySummary($0, root: root) }),
            "photos": .list(monthPhotos),
            "hasPhotos": .flag(!monthPhotos.isEmpty),
            "hasEntryList": .flag(!published.isEmpty),
            "trophies": trophyList(trophies.earned(in: stats.month), root: root),
        ]
        if stats.month == today.yearMonth {
            context["currentStreak"] = .text(words.counted("n_days", currentStreak?.days ?? 0))
        }
        let weekdays = WeekdayMoods(days: diary.month(stats.month)!.days, moods: diary.moods, weekStart: config.weekStart)
        if weekdays.hasMoods {
            context["weekdays"] = weekdayChart(weekdays, title: words.format("moods_by_weekday_in", ["period": monthTitle]), idPrefix: "weekdays")
        }
        if let (chart, legend) = tagPie(stats) {
            context["tagPie"] = .text(chart.svg(idPrefix: "tags", standalone: false))
            context["tagLegend"] = legend
            context["tagsRounded"] = .flag(RecapStats.areRounded(stats.topTags.map(\.percent)))
        }
        return context
    }

    func moodPie(_ stats: RecapStats) -> PieChart {
        moodPie(stats.moods, title: words.format("moods_in", ["month": names.title(of: stats.month)]))
    }

    func moodPie(_ shares: [RecapStats.MoodShare], title: String) -> PieChart {
        let slices = shares.map {
            PieChart.Slice(key: $0.mood.id, label: "\($0.mood.emoji) \($0.mood.label)", color: $0.mood.color, count: $0.count, percent: $0.percent)
        }
        return PieChart(
            title: title,
            description: slices.filter { $0.count > 0 }.map { "\($0.label): \($0.count) (\($0.percent)%)" }.joined(separator: ", "),
            attribute: "mood", slices: slices)
    }

    /// Okabe–Ito's colour-blind-safe palette, and grey for "other".
    static let tagColors = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#7f6d5f"]
    static let otherTagColor = "#b0b0b0"

    func tagPie(_ stats: RecapStats) -> (chart: PieChart, legend: TemplateValue)? {
        tagPie(stats.topTags, title: words.format("tags_in", ["month": names.title(of: stats.month)]))
    }

    func tagPie(_ shares: [RecapStats.TagShare], title: String) -> (chart: PieChart, legend: TemplateValue)? {
        guard !shares.isEmpty else { return nil }
        let slices = shares.enumerated().map { index, share in
            PieChart.Slice(
                key: share.tag ?? "", label: share.tag ?? words["other_tags"],
                color: share.tag == nil ? SitePages.otherTagColor : SitePages.tagColors[index % SitePages.tagColors.count],
                count: share.count, percent: share.percent)
        }
        let chart = PieChart(
            title: title,
            description: slices.map { "\($0.label): \($0.count) (\($0.percent)%)" }.joined(separator: ", "),
            attribute: "tag", slices: slices)
        return (chart, .list(slices.map { ["label": .text($0.label), "color": .text($0.color), "count": .text(String($0.count)), "percent": .text(String($0.percent))] }))
    }
}

extension SitePages {
    /// A photo of the month's grid: a thumbnail (none over 800 px) that leads to its day.
    func monthPhoto(_ photo: Photo, of entry: Entry, root: String) -> TemplateValue {
        let label = names.title(of: entry.date) + (entry.title.map { ": " + $0 } ?? "")
        let thumbnail = photo.markup(prefix: root, attributes: " alt=\"\(escapeXML(label))\"", sizes: "(max-width: 30rem) 45vw, 12rem", widths: 0...800)
        return ["href": .text(root + SitePaths.day(entry.date)), "thumbnail": .text(thumbnail)]
    }
}
