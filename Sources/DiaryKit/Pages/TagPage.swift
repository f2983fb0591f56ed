import Foundation
import Mustache

/// A tag's page (`tags/TAG/`, and `tags/TAG/YYYY/` for each year): its moods, and its
/// entries of one year newest first, with links to its other years' pages.
extension SitePages {
    func tagContext(_ tag: TagStats.Tag, year: Int?, root: String) -> TemplateFields {
        let years = tag.years
        let tagHref = root + SitePaths.href(SitePaths.tag(folder: tag.folder))
        return [
            "name": .text(tag.name),
            "title": .text(words.format("tag_title", ["tag": tag.name])),
            "entries": .text(words.counted("n_entries", tag.entries.count)),
            "moods": tagMoods(tag),
            "tagsHref": .text(root + SitePaths.tags),
            "hasOtherYears": .flag(years.count > 1),
            "years": yearLinks(years, shown: year) { tagHref + SitePaths.year($0) },
            "entryList": .list((year.map(tag.entries(of:)) ?? []).map { entrySummary($0, root: root, withYear: true) }),
        ]
    }

    /// The links of a list that is a page a year (the entries, a tag's), the one shown
    /// marked, for the `year-links` partial.
    func yearLinks(_ years: [Int], shown: Int?, href: (Int) -> String) -> TemplateValue {
        .list(years.map { year in
            ["name": .text(yearNames[year] ?? SitePages.yearName(year, words: words)), "href": .text(href(year)), "current": .flag(year == shown)]
        })
    }

    /// A year as its list's link names it: "2025", "2025년".
    static func yearName(_ year: Int, words: Translations) -> String { words.format("year_name", ["year": String(year)]) }

    /// A tag as a link to its page.
    func tagLink(_ tag: String, root: String) -> TemplateValue {
        ["name": .text(tag), "href": .text(root + (tagPaths[tag] ?? SitePages.tagPath(tag)))]
    }

    /// A tag's page as a link from the site's root, `tags/%EC%82%B0%EC%B1%85/`.
    static func tagPath(_ tag: String) -> String {
        SitePaths.href(SitePaths.tag(folder: SitePaths.tagFolder(tag)))
    }
}
