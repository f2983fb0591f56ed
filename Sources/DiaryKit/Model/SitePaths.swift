/// The site's URL layout, a contract with everyone who links to a page: where
/// each page lives, relative to the site's root, named once for pages and links alike.
public enum SitePaths {
    public static let home = "index.html"
    public static let entries = "entries/"
    /// One year's entries; `entries/` shows the newest year's.
    public static func entries(_ year: Int) -> String { entries + "\(pad(year, 4))/" }
    public static let reviews = "reviews/"
    public static let insights = "insights/"
    public static let tags = "tags/"
    public static let search = "search/"
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
    public static func month(_ month: YearMonth) -> String { numericDate(month.year, month.month, separator: UInt8(ascii: "/"), closed: true) }
    public static func recap(_ month: YearMonth) -> String { self.month(month) + "recap/" }
    public static func recapChart(_ month: YearMonth) -> String { recap(month) + "moods.svg" }
    public static func recapData(_ month: YearMonth) -> String { self.month(month) + "recap.json" }
    public static func day(_ date: CivilDate) -> String { numericDate(date.year, date.month, date.day, separator: UInt8(ascii: "/"), closed: true) }

    /// A tag's page: `tags/work/`, `tags/산책/`. Links to it go through `href(_:)`.
    public static func tag(folder: String) -> String { tags + folder + "/" }
    /// A tag's entries of one year: `tags/work/2025/`; its page shows the newest year's.
    public static func tag(folder: String, year: Int) -> String { tag(folder: folder) + self.year(year) }

    /// The folder of a tag's page: its letters and digits in lower case (Korean and
    /// every other script kept as written, in NFC), each run of anything else one
    /// `-`, at most 100 bytes. Readable, and the same on every machine and build. Lower
    /// case because `Work/` and `work/` are one folder on macOS and Windows disks: such
    /// tags share a page, and `check` says so. A tag with no letter or digit (`🏃`) is
    /// named by its characters' code points (`u1f3c3`).
    public static func tagFolder(_ tag: String) -> String {
        var folder = "", gap = false
        for character in tag.precomposedStringWithCanonicalMapping.lowercased() {
            guard character.isLetter || character.isNumber else { gap = true; continue }
            if folder.utf8.count + character.utf8.count >= 100 { break }
            if gap, !folder.isEmpty { folder += "-" }
            folder.append(character)
            gap = false
        }
        guard folder.isEmpty else { return folder }
        return "u" + tag.unicodeScalars.prefix(16).map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    /// A site path as written in a link or a sitemap: every byte but ASCII letters,
    /// digits, `-._~/` percent-encoded, so `tags/산책/` is a valid address everywhere.
    public static func href(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The page file of a folder path: `2026/10/` → `2026/10/index.html`.
    static func page(_ folder: String) -> String { folder + "index.html" }

    /// "../" once per folder of `path`, so links work under any sub-path.
    static func root(of path: String) -> String {
        // Counted in the string's bytes and taken from a list: every page asks, and
        // counting through `String.UTF8View` then repeating "../" took some 1,200 instructions.
        var path = path
        let depth = path.withUTF8 { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
        return depth < roots.count ? roots[depth] : String(repeating: "../", count: depth)
    }

    private static let roots = ["./"] + (1...8).map { String(repeating: "../", count: $0) }
}

extension YearMonth {
    /// The recap page's path in the site: `YYYY/MM/recap/`.
    public var recapPath: String { SitePaths.recap(self) }
}
