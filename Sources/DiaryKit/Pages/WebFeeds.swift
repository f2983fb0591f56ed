import Mustache

/// What a web host and the world's readers and crawlers look for: an Atom feed
/// of monthly recaps and a sitemap, both with absolute addresses under `base_url`.
enum WebFeeds {
    struct RecapItem {
        let title: String
        let path: String
        let summary: String
        /// The month's last written day: it changes only when the month does.
        let updated: CivilDate
    }

    static func timestamp(_ date: CivilDate) -> String { "\(date)T00:00:00Z" }

    /// Newest month first; ids are the recaps' addresses, which never change.
    static func atom(title: String, baseURL: String, items: [RecapItem]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "<title>\(escapeXML(title))</title>\n"
        out += "<link href=\"\(escapeXML(baseURL))\"/>\n"
        out += "<link rel=\"self\" href=\"\(escapeXML(baseURL))feed.xml\"/>\n"
        out += "<id>\(escapeXML(baseURL))</id>\n"
        out += "<updated>\(timestamp(items.map(\.updated).max() ?? CivilDate(dayNumber: 0)))</updated>\n"
        out += "<author><name>\(escapeXML(title))</name></author>\n"
        for item in items {
            let url = escapeXML(baseURL + item.path)
            out += "<entry>\n<title>\(escapeXML(item.title))</title>\n<link href=\"\(url)\"/>\n<id>\(url)</id>\n"
            out += "<updated>\(timestamp(item.updated))</updated>\n<summary>\(escapeXML(item.summary))</summary>\n</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// `paths` are the site's HTML files; `index.html` is written as its folder.
    static func sitemap(baseURL: String, paths: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            let page = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
            out += "<url><loc>\(escapeXML(baseURL + SitePaths.href(page)))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    static func robots(baseURL: String?) -> String {
        "User-agent: *\nAllow: /\n" + (baseURL.map { "Sitemap: \($0)sitemap.xml\n" } ?? "")
    }
}

extension SitePages {
    /// One feed item per monthly recap, newest first.
    func feedItems() -> [WebFeeds.RecapItem] {
        diary.months.reversed().map { month in
            let stats = recaps[month.month]!
            return WebFeeds.RecapItem(
                title: stats.title(words, names: names, today: today),
                path: SitePaths.recap(month.month),
                summary: stats.verdictText(words, today: today) + " " + stats.entriesOnDays(words) + ".",
                updated: month.days.last!.date)
        }
    }
}
