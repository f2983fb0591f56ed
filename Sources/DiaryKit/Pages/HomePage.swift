import Foundation
import Mustache

/// The home page (`index.html`): this month's calendar, last month's recap as a
/// card (first during a month's first week), and the latest months. After a month
/// with no entries, the card says so and links the latest recap before it. On this
/// day: what was written on today's date in earlier years.
extension SitePages {
    func homeContext() -> TemplateFields {
        let root = "./"
        let thisMonth = today.yearMonth
        var context: TemplateFields = ["calendar": calendar(thisMonth, root: root)]
        if diary.month(thisMonth) == nil {
            context["thisMonthEmpty"] = true
        } else {
            context["thisMonthHref"] = .text(root + SitePaths.month(thisMonth))
        }
        let lastMonth = thisMonth.previous
        if let stats = recaps[lastMonth] {
            context["lastMonthRecap"] = recapCard(stats, root: root)
        } else if let latest = diary.neighbours(of: lastMonth).previous {
            context["lastMonthEmpty"] = [
                "title": .text(names.title(of: lastMonth)),
                "text": .text(words.format("nothing_last_month", ["month": names.title(of: lastMonth)])),
                "recapTitle": .text(recaps[latest]!.title(words, names: names, today: today)),
                "recapHref": .text(root + SitePaths.recap(latest)),
            ]
        }
        // On the first days of a month, looking back comes first.
        context["recapFirst"] = .flag(today.day <= 7)
        context["latestMonths"] = .list(diary.months.suffix(6).reversed().map { monthCard($0.month, root: root) })
        context["hasEntries"] = .flag(!diary.months.isEmpty)
        let memories = onThisDay.memories(of: today, earlierOnly: true)
        context["onThisDay"] = .list(memories.map { memory in
            [
                "ago": .text(words.counted("n_years_ago", memory.yearsAgo)),
                "entries": .list(memory.day.publishedEntries.map { entrySummary($0, root: root, withYear: true) }),
            ]
        })
        context["hasOnThisDay"] = .flag(!memories.isEmpty)
        context["siteTitle"] = .text(siteTitle)
        return context
    }
}
