import Foundation
import Mustache

/// A year's published entries at a glance, newest month first (`entries/YYYY/`, and
/// the newest year's at `entries/`), with links to the other years' lists.
extension SitePages {
    func entryListTitle(_ year: Int?) -> String {
        year.map { words.format("entries_of_year", ["year": String($0)]) } ?? words["all_entries"]
    }

    func entryListContext(year: Int?, root: String) -> TemplateFields {
        let years = diary.yearsWithPublishedEntries
        return [
            "title": .text(entryListTitle(year)),
            "hasOtherYears": .flag(years.count > 1),
            "years": yearLinks(years, shown: year) { root + SitePaths.entries($0) },
            "months": .list((year.map(diary.months(of:)) ?? []).reversed().compactMap { month -> TemplateValue? in
                let published = month.entries.filter(\.isPublished)
                guard !published.isEmpty else { return nil }
                return [
                    "id": .text(month.month.description),
                    "title": .text(names.title(of: month.month)),
                    "href": .text(root + SitePaths.month(month.month)),
                    "entries": .list(published.reversed().map { entrySummary($0, root: root) }),
                ]
            }),
        ]
    }
}
