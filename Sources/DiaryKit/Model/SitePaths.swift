/// The site's URL layout, a contract with everyone who links to a page: where
/// each page lives, relative to the site's root, named once for pages and links alike.
public enum SitePaths {
    public static let home = "index.html"
    public static let entries = "entries/"
    public static let reviews = "reviews/"
    public static let notFound = "404.html"
    public static let stylesheet = "style.css"
    public static let robots = "robots.txt"
    public static let sitemap = "sitemap.xml"
    public static let feed = "feed.xml"
    public static let trophies = "trophies/"
    /// The calendar of reminders a phone subscribes to.
    public static let reminders = "reminders.ics"
    /// Where the files of content/ land, at their content paths.
    public static let mediaFolder = "media/"

    public static func year(_ year: Int) -> String { "\(pad(year, 4))/" }
    public static func yearRecap(_ year: Int) -> String { self.year(year) + "recap/" }
    public static func yearRecapData(_ year: Int) -> String { self.year(year) + "recap.json" }
    public static func month(_ month: YearMonth) -> String { "\(pad(month.year, 4))/\(pad(month.month, 2))/" }
    public static func recap(_ month: YearMonth) -> String { self.month(month) + "recap/" }
    public static func recapChart(_ month: YearMonth) -> String { recap(month) + "moods.svg" }
    public static func recapData(_ month: YearMonth) -> String { self.month(month) + "recap.json" }
    public static func day(_ date: CivilDate) -> String { month(date.yearMonth) + "\(pad(date.day, 2))/" }

    /// The page file of a folder path: `2026/10/` → `2026/10/index.html`.
    static func page(_ folder: String) -> String { folder + "index.html" }

    /// "../" once per folder of `path`, so links work under any sub-path.
    static func root(of path: String) -> String {
        let depth = path.utf8.count { $0 == UInt8(ascii: "/") }
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }
}

extension YearMonth {
    /// The recap page's path in the site: `YYYY/MM/recap/`.
    public var recapPath: String { SitePaths.recap(self) }
}
