import Foundation
import Mustache

/// A tag's page (`tags/TAG/`): its moods, and its entries newest first.
extension SitePages {
    func tagContext(_ tag: TagStats.Tag) -> TemplateFields {
        let root = "../../"
        return [
            "name": .text(tag.name),
            "title": .text(words.format("tag_title", ["tag": tag.name])),
            "entries": .text(words.counted("n_entries", tag.entries.count)),
            "moods": tagMoods(tag),
            "tagsHref": .text(root + SitePaths.tags),
            "entryList": .list(tag.entries.map { entrySummary($0, root: root, withYear: true) }),
        ]
    }

    /// A tag as a link to its page.
    func tagLink(_ tag: String, root: String) -> TemplateValue {
        ["name": .text(tag), "href": .text(root + (tagPaths[tag] ?? SitePages.tagPath(tag)))]
    }

    /// A tag's page as a link from the site's root, `tags/%EC%82%B0%EC%B1%85/`.
    static func tagPath(_ tag: String) -> String {
        SitePaths.href(SitePaths.tag(folder: SitePaths.tagFolder(tag)))
    }
}
