import Foundation
import Mustache

/// A day (`YYYY/MM/DD/`): its published entries in time order.
extension SitePages {
    /// `previous` and `next`: the nearest days before and after with pages of their own;
    /// `sameDate`: the rendered links to this date in other years (`sameDateLinks(for:)`).
    func dayContext(_ day: DiaryDay, previous: CivilDate?, next: CivilDate?, sameDate: [[UInt8]]) -> TemplateFields {
        let root = SitePages.dayRoot
        var nav: TemplateFields = [:]
        if let previous { nav["previous"] = link(names.title(of: previous), root + SitePaths.day(previous)) }
        if let next { nav["next"] = link(names.title(of: next), root + SitePaths.day(next)) }
        return [
            "title": .text(names.title(of: day.date)),
            "date": .text(day.date.description),
            "monthTitle": .text(names.title(of: day.date.yearMonth)),
            "monthHref": .text(root + SitePaths.month(day.date.yearMonth)),
            "recapHref": .text(root + SitePaths.recap(day.date.yearMonth)),
            "nav": .object(nav),
            "trophies": trophyList(trophies.earned(on: day.date), root: root, onDay: true),
            "sameDate": .list(sameDate.map(TemplateValue.utf8)),
            "hasSameDate": .flag(!sameDate.isEmpty),
            "entries": .list(day.publishedEntries.enumerated().map { index, entry -> TemplateValue in
                var context: TemplateFields = [
                    "anchor": .text("entry-\(index + 1)"),
                    "mood": moodContext(entry.mood),
                    "body": SitePages.dayPageBody(entry.body, footnotePrefix: "entry-\(index + 1)", labels: bodyLabels),
                    "tags": .list(entry.tags.map { tagLink($0, root: root) }),
                    "hasTags": .flag(!entry.tags.isEmpty),
                    "reviews": .list(ReviewShelf(entries: [entry]).items.map { reviewCard($0, root: root, linkingEntry: false) }),
                    "hasReviews": .flag(!entry.reviews.isEmpty),
                ]
                // Always set: a Mustache section would otherwise find the page's own title
                // (its date) one context up and show it as the entry's.
                context["title"] = entry.title.map(TemplateValue.text) ?? .flag(false)
                context["time"] = entry.secondsIntoDay.map { .text("\(pad($0 / 3600, 2)):\(pad($0 / 60 % 60, 2))") } ?? .flag(false)
                return .object(context)
            }),
        ]
    }

    /// Day pages are three folders down: `2025/10/03/`.
    static let dayRoot = "../../../"

    /// Each day the pages of `files` link as the same date in another year, as that
    /// link (`same-date-link`). A day's link is the same on each of those pages, so it
    /// is rendered once, not once per page: with ten years, nine times fewer.
    func sameDateLinks(for files: [PagePlan.File]) throws(DiagnosticsError) -> [CivilDate: [UInt8]] {
        var dates: Set<CivilDate> = []
        for file in files {
            guard case let .day(day, _, _) = file.kind else { continue }
            onThisDay.eachNearest(PagePlan.sameDateYears, of: day.date) { date, _ in dates.insert(date) }
        }
        let linked = dates.compactMap(diary.day)
        let links = linked.concurrentMap { day in
            Result { () throws(DiagnosticsError) in
                try SitePages.renderUTF8("same-date-link", [
                    "year": .text(String(day.date.year)), "date": .text(day.date.description),
                    "href": .text(SitePages.dayRoot + SitePaths.day(day.date)), "mood": moodContext(day.mood),
                    "label": .text(names.title(of: day.date) + ": " + (day.mood?.label ?? words["written_without_mood"])),
                ], in: templates)
            }
        }
        var byDate: [CivilDate: [UInt8]] = [:]
        for (day, link) in zip(linked, links) { byDate[day.date] = try link.get() }
        return byDate
    }

    /// The names a day page gives to parts of entries' bodies, in the site's language.
    struct BodyLabels {
        /// A table's scrolling box.
        let table: String
        /// A footnote's link back to where it is referred to.
        let footnoteBack: String
    }

    var bodyLabels: BodyLabels { BodyLabels(table: words["table"], footnoteBack: words["footnote_back"]) }

    /// An entry's body as a day page shows it. cmark-gfm numbers footnotes `fn-1`,
    /// `fnref-1` in every entry; on a day page with several entries those ids would
    /// clash, so each entry gets its own prefix. cmark-gfm names their links back in
    /// English; the site's language names them here. A table goes in a box that
    /// scrolls sideways, reachable by keyboard, so a wide one never squeezes its cells.
    static func dayPageBody(_ body: EntryBody, footnotePrefix prefix: String, labels: BodyLabels) -> TemplateValue {
        // The body's bytes, changed as bytes: made a String, a Korean body's would all be checked again.
        var html = body.htmlText.array
        if body.hasFootnotes {
            html = html
                .replacingEvery("id=\"fn", with: "id=\"\(prefix)-fn")
                .replacingEvery("href=\"#fn", with: "href=\"#\(prefix)-fn")
                .replacingEvery(" aria-label=\"Back to content\">", with: " aria-label=\"\(escapeXML(labels.footnoteBack))\">")
        }
        if body.hasTables {
            html = html
                .replacingEvery("<table>", with: "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"\(escapeXML(labels.table))\"><table>")
                .replacingEvery("</table>", with: "</table></div>")
        }
        return .utf8(html)
    }
}
