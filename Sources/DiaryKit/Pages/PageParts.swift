import Foundation
import Mustache

/// Pieces several pages show: links between pages, cards of months and recaps,
/// mood shares and entry summaries.
extension SitePages {
    /// A previous or next link of a pager.
    func link(_ title: String, _ href: String) -> TemplateValue {
        ["title": .text(title), "href": .text(href)]
    }

    func monthNavigation(_ month: YearMonth, root: String, suffix: (YearMonth) -> String) -> TemplateValue {
        let (previous, next) = diary.neighbours(of: month)
        var context: TemplateFields = [:]
        if let previous { context["previous"] = link(names.title(of: previous), root + suffix(previous)) }
        if let next { context["next"] = link(names.title(of: next), root + suffix(next)) }
        return .object(context)
    }

    func recapCard(_ stats: RecapStats, root: String) -> TemplateValue {
        [
            "title": .text(stats.title(words, names: names, today: today)),
            "href": .text(root + SitePaths.recap(stats.month)),
            "pie": .text(moodPie(stats).svg(idPrefix: "card-moods", standalone: false)),
            "verdict": .text(stats.verdictText(words, today: today)),
            "entries": .text(String(stats.entries)),
        ]
    }

    /// A written month in a list: its name, links, size, moods and verdict.
    func monthCard(_ month: YearMonth, root: String) -> TemplateValue {
        let stats = recaps[month]!
        return [
            "title": .text(names.title(of: month)),
            "href": .text(root + SitePaths.month(month)),
            "recapHref": .text(root + SitePaths.recap(month)),
            "entries": .text(words.counted("n_entries", stats.entries)),
            "moods": moodShares(stats.moods.filter { $0.count > 0 }),
            "verdict": .text(stats.verdictText(words, today: today)),
        ]
    }

    func moodShares(_ shares: [RecapStats.MoodShare]) -> TemplateValue {
        .list(shares.map { ["mood": moodContext($0.mood), "percent": .text(String($0.percent)), "count": .text(String($0.count))] })
    }

    /// `withYear` for a list that spans years (a tag's, on this day's).
    func entrySummary(_ entry: Entry, root: String, withYear: Bool = false) -> TemplateValue {
        var context: TemplateFields = [
            "date": .text(entry.date.description),
            "shortDate": .text(withYear ? names.medium(entry.date) : names.short(entry.date)),
            "mood": moodContext(entry.mood),
            "title": .text(entry.title ?? words["untitled"]),
            "href": .text(root + SitePaths.day(entry.date)),
        ]
        if !entry.body.excerpt.isEmpty { context["excerpt"] = .text(entry.body.excerpt) }
        return .object(context)
    }

    /// What a calendar or year cell shows of `date`, after the cell's own `fields`: for a
    /// written day (`day`) its mood, its words for screen readers, and for a day of several
    /// entries their count and each one's mood, so a great and an awful entry do not pass
    /// for one calm day; for a day without entries, that nothing was written.
    /// Made as one list of fields, as a year's page makes 365 of them.
    func dayCell(_ date: CivilDate, _ day: DiaryDay?, root: String, after fields: [(String, TemplateValue)]) -> TemplateValue {
        guard let day else {
            return .object(TemplateFields(distinct: fields + [
                ("mood", false), ("written", false), ("label", .text("\(names.title(of: date)): \(words["nothing_written"])")),
            ]))
        }
        var fields = fields
        fields.reserveCapacity(fields.count + 5)
        fields.append(("mood", moodContext(day.mood)))
        fields.append(("written", true))
        if day.hasPage { fields.append(("href", .text(root + SitePaths.day(day.date)))) }
        let dayName = names.title(of: day.date)
        let dayMood = day.mood?.label ?? words["written_without_mood"]
        if day.entries.count > 1 {
            let moods = day.entries.map(\.mood)
            fields.append(("label", .text(dayName + ": " + words.format("day_entries", [
                "mood": dayMood, "entries": words.counted("n_entries", moods.count),
                "moods": moods.map { $0?.label ?? words["written_without_mood"] }.joined(separator: ", "),
            ]))))
            // An entry without a mood is a neutral band, never an outer context's colour.
            fields.append(("several", ["count": .text(String(moods.count)), "moods": .list(moods.map { mood in
                mood.map(moodContext) ?? ["color": "var(--muted)"]
            })]))
        } else {
            fields.append(("label", .text("\(dayName): \(dayMood)")))
        }
        return .object(TemplateFields(distinct: fields))
    }

    func dayLink(_ day: DiaryDay, root: String) -> TemplateValue {
        var context: TemplateFields = ["title": .text(names.short(day.date)), "mood": moodContext(day.mood)]
        if day.hasPage { context["href"] = .text(root + SitePaths.day(day.date)) }
        return .object(context)
    }
}
