import Mustache

/// The search page (`search/`): a form, and the words its script shows, as JSON.
/// The script (templates/search.js, written as `search/search.js`) reads the index
/// SearchIndex writes beside the page.
extension SitePages {
    func searchContext() -> TemplateFields {
        let root = "../"
        let published = diary.days.filter(\.hasPage)
        // Only the tags of entries this build shows: a private entry's tag is never named.
        // A tag written two ways ("Run", "run") is one choice, as it is one tag page;
        // the script compares tags folded.
        var tagsByFolded: [String: String] = [:]
        for tag in published.flatMap(\.publishedEntries).flatMap(\.tags) {
            let folded = SearchText.folded(tag)
            if let known = tagsByFolded[folded], known <= tag { continue }
            tagsByFolded[folded] = tag
        }
        let tags = tagsByFolded.sorted { $0.key < $1.key }.map(\.value)
        var context: TemplateFields = [
            "parts": .text(String(SearchIndex.parts)),
            "moods": .list(diary.moods.moods.map { ["id": .text($0.id), "emoji": .text($0.emoji), "label": .text($0.label)] }),
            "tags": .list(tags.map(TemplateValue.text)),
            "years": .list(diary.years.map { ["year": .text(String($0)), "href": .text(root + SitePaths.year($0))] }),
            "words": .text(searchWords()),
        ]
        if let first = published.first, let last = published.last {
            context["months"] = ["first": .text(first.date.yearMonth.description), "last": .text(last.date.yearMonth.description)]
        }
        return context
    }

    /// What the script says, in the site's language, as JSON safe inside `<script>`.
    private func searchWords() -> String {
        let moods = diary.moods.moods.map { doubleQuoted($0.id) + ":[" + [$0.emoji, $0.label, $0.color].map(doubleQuoted).joined(separator: ",") + "]" }
        // Every category's form, for the browser's Intl.PluralRules to choose from.
        let forms = words.plurals["search_results"] ?? [:]
        let results = PluralCategory.allCases.map { category in
            doubleQuoted(category.rawValue) + ":" + doubleQuoted(forms[category] ?? forms[.other] ?? words["search_results"])
        }
        let members = [
            "\"moods\":{" + moods.joined(separator: ",") + "}",
            "\"results\":{" + results.joined(separator: ",") + "}",
        ] + ["searching": "search_searching", "no_results": "search_no_results", "failed": "search_failed",
             "nothing_to_find": "search_nothing"].sorted { $0.key < $1.key }.map { doubleQuoted($0.key) + ":" + doubleQuoted(words[$0.value]) }
        return ("{" + members.joined(separator: ",") + "}").replacingEvery("<", with: "\\u003c")
    }
}
