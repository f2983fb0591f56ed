import Foundation
import Mustache

/// Every published entry at a glance, newest month first (`entries/`).
extension SitePages {
    func entryListContext() -> TemplateFields {
        let root = "../"
        return ["months": .list(diary.months.reversed().compactMap { month -> TemplateValue? in
            let published = month.entries.filter(\.isPublished)
            guard !published.isEmpty else { return nil }
            return [
                "id": .text(month.month.description),
                "title": .text(names.title(of: month.month)),
                "href": .text(root + SitePaths.month(month.month)),
                "entries": .list(published.reversed().map { entrySummary($0, root: root) }),
            ]
        })]
    }
}
