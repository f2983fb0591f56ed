import Foundation
import Mustache

/// Stage 6 of the pipeline: makes each file of the page plan. A page's context is
/// laid out from the diary (one file per page kind beside this one), its template
/// rendered, and the shared layout rendered around it.
struct SitePages: Sendable {
    let diary: Diary
    let config: SiteConfig
    let templates: TemplateLibrary
    let stylesheet: String
    let searchScript: String
    let words: Translations
    let names: DateNames
    let today: CivilDate
    /// Added before `</body>` of every page (the preview's reload script).
    let bodyEnd: String?
    /// The plan whose files these are.
    let plan: PagePlan
    let recaps: MonthRecaps
    let yearRecaps: YearRecaps
    /// Counted by the plan for the pages' inputs, and shown by the pages.
    var trophies: TrophyCase { plan.trophies }
    var onThisDay: OnThisDay { plan.onThisDay }
    /// 404.html is served at any address, so its links start at the site's root path.
    let notFoundRoot: String
    /// The `lang` attribute: `en-US`, `ko-KR`.
    private let language: String
    /// The `dir` attribute: `rtl` for Arabic, Hebrew, Persian and the other languages written right to left.
    private let direction: String
    /// Each mood of the scale as templates see it, in the scale's order: made once, as
    /// every day shows one, and found by identity, as entries hold the scale's own moods.
    private let moodContexts: [(mood: Mood, context: TemplateValue)]
    /// The site navigation's HTML for each page root.
    private let navigation: [String: [UInt8]]
    /// Each tag's page, as a link from the site's root: every entry shown links its
    /// tags, and a tag's folder name takes Unicode normalization and case folding.
    let tagPaths: [String: String]
    /// Each year's name in the links of the lists a page a year (the entries, a tag's):
    /// every such page names every year, so a diary of a hundred years named them a
    /// million times.
    let yearNames: [Int: String]

    /// How many of the latest years the site navigation names.
    static let yearsInNavigation = 5

    /// `templates` are the theme's, with the site's words written in (`SitePages.templates`).
    init(diary: Diary, config: SiteConfig, theme: Theme, templates: TemplateLibrary, translations: Translations, names: DateNames,
         today: CivilDate, plan: PagePlan, bodyEnd: String? = nil) throws(DiagnosticsError) {
        self.diary = diary
        self.config = config
        self.stylesheet = theme.stylesheet
        self.searchScript = theme.searchScript
        self.words = translations
        self.templates = templates
        self.names = names
        self.today = today
        self.bodyEnd = bodyEnd
        self.language = config.localeIdentifier.replacingEvery("_", with: "-")
        self.direction = config.writesRightToLeft ? "rtl" : "ltr"
        self.moodContexts = diary.moods.moods.map { mood in
            (mood, SitePages.moodContext(mood, icon: SitePages.moodIcon(mood, config: config, scale: diary.moods)))
        }
        self.plan = plan
        self.tagPaths = Dictionary(uniqueKeysWithValues: Set(diary.entries.flatMap(\.tags)).map { ($0, SitePages.tagPath($0)) })
        self.yearNames = Dictionary(uniqueKeysWithValues: diary.years.map { ($0, SitePages.yearName($0, words: translations)) })
        self.recaps = MonthRecaps(diary)
        self.yearRecaps = YearRecaps(diary, weekStart: config.weekStart)
        let notFoundRoot = config.baseURL.flatMap { URL(string: $0)?.path() }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        self.notFoundRoot = notFoundRoot
        // The navigation names the latest years and links to the one before them: every
        // page carries it, and with every year a diary of a hundred years put a hundred
        // links on each of its 40,000 pages. Made once per folder depth, not once per page.
        let shownYears = diary.years.suffix(SitePages.yearsInNavigation)
        let earlierYear = diary.years.dropLast(SitePages.yearsInNavigation).last
        var navigation: [String: [UInt8]] = [:]
        for root in ["./", "../", "../../", "../../../", notFoundRoot] {
            var context: TemplateFields = [
                "root": .text(root), "hasReviews": .flag(diary.hasReviews),
                "years": .list(shownYears.map { ["year": .text(String($0)), "href": .text(root + SitePaths.year($0))] }),
            ]
            if let earlierYear { context["earlier"] = ["href": .text(root + SitePaths.year(earlierYear))] }
            navigation[root] = try SitePages.renderUTF8("site-navigation", .object(context), in: templates)
        }
        self.navigation = navigation
    }

    var siteTitle: String { config.title ?? words["site_title"] }

    /// The theme's templates with the site's words (`{{t.key}}`): the same on every page,
    /// so written in once, not looked up on each page.
    static func templates(_ theme: Theme, words: Translations) throws(DiagnosticsError) -> TemplateLibrary {
        try theme.templates(constants: ["t": TemplateValue(words.strings)])
    }

    /// Makes files of the plan a batch at a time, so that a build need not hold every page at once.
    struct Maker: Sendable {
        let pages: SitePages
        let sameDateLinks: [CivilDate: [UInt8]]
        let counter: ProgressCounter

        /// These files of the plan (none of the search index's), made on every core, in their order.
        func make(_ files: ArraySlice<PagePlan.File>) throws(DiagnosticsError) -> [OutputFile] {
            let made = Array(files).concurrentMap { file in
                defer { counter.step() }
                return Result { () throws(DiagnosticsError) in
                    OutputFile(path: file.path, contents: try pages.make(file.kind, at: file.path, sameDateLinks: sameDateLinks),
                               inputs: file.inputs)
                }
            }
            var outputs: [OutputFile] = []
            outputs.reserveCapacity(made.count)
            for file in made { outputs.append(try file.get()) }
            return outputs
        }
    }

    /// What makes `files`, files of the plan that are not the search index's.
    func maker(files: [PagePlan.File], progress: ProgressHandler? = nil) throws(DiagnosticsError) -> Maker {
        Maker(pages: self, sameDateLinks: try sameDateLinks(for: files),
              counter: ProgressCounter(.rendering, total: files.count, handler: progress))
    }

    fileprivate func make(_ kind: PagePlan.Kind, at path: String,
                          sameDateLinks: [CivilDate: [UInt8]]) throws(DiagnosticsError) -> OutputFile.Contents {
        switch kind {
        case .home: try .bytes(page(path, title: nil, template: "home", homeContext()))
        case .entries(let year):
            try .bytes(page(path, title: entryListTitle(year), template: "entries", entryListContext(year: year, root: SitePaths.root(of: path))))
        case .trophies: try .bytes(page(path, title: words["trophies"], template: "trophies", trophiesContext()))
        case .year(let year): try .bytes(page(path, title: String(year), template: "year", yearContext(year)))
        case .yearRecap(let year): try .bytes(yearRecapPage(yearRecaps[year], at: path))
        case .yearRecapData(let year): .text(RecapJSON.encode(yearRecaps[year]))
        case .monthCalendar(let month): try .bytes(page(path, title: names.title(of: month.month), template: "month", monthContext(month)))
        case let .recap(month, currentStreak):
            try .bytes(page(path, title: recaps[month.month]!.title(words, names: names, today: today), template: "recap",
                           recapContext(recaps[month.month]!, currentStreak: currentStreak)))
        case .recapChart(let month): .text(moodPie(recaps[month.month]!).svg(idPrefix: "moods", standalone: true))
        case .recapData(let month): .text(RecapJSON.encode(recaps[month.month]!))
        case let .day(day, previous, next):
            // In year order, earliest first, as a row of years reads.
            try .bytes(page(path, title: names.title(of: day.date), template: "day",
                           dayContext(day, previous: previous, next: next,
                                      sameDate: plan.sameDates(of: day.date).reversed().map { sameDateLinks[$0]! })))
        case .insights: try .bytes(page(path, title: words["insights"], template: "insights", insightsContext()))
        case .tagIndex(let stats): try .bytes(page(path, title: words["tags"], template: "tags", tagIndexContext(stats)))
        case let .tag(tag, year):
            try .bytes(page(path, title: words.format("tag_title", ["tag": tag.name]), template: "tag",
                           tagContext(tag, year: year, root: SitePaths.root(of: path))))
        case .reviews: try .bytes(page(path, title: words["reviews"], template: "reviews", reviewsContext(ReviewShelf(entries: diary.entries))))
        case .notFound: try .bytes(page(path, title: words["not_found"], template: "not-found", ["home": .text(notFoundRoot)], root: notFoundRoot))
        case .stylesheet: .text(stylesheet)
        case .robots: .text(WebFeeds.robots(baseURL: config.baseURL))
        case .sitemap: .text(WebFeeds.sitemap(baseURL: config.baseURL!, paths: plan.sitemapPaths))
        case .feed: .text(WebFeeds.atom(title: siteTitle, baseURL: config.baseURL!, items: feedItems()))
        case .reminders: .text(remindersCalendar())
        case .search: try .bytes(page(path, title: words["search"], template: "search", searchContext()))
        case .searchScript: .text(searchScript)
        case .searchEntries, .searchTerms, .searchText: preconditionFailure("the search index's files are MadeSearchIndex's to make")
        }
    }

    private func yearRecapPage(_ stats: YearStats, at path: String) throws(DiagnosticsError) -> [UInt8] {
        try page(path, title: stats.title(words, today: today), template: "year-recap", yearRecapContext(stats))
    }

    /// Renders a page's own template, then the shared layout around it.
    private func page(_ path: String, title: String?, template: String, _ pageContext: TemplateFields,
                      root: String? = nil) throws(DiagnosticsError) -> [UInt8] {
        let root = root ?? SitePaths.root(of: path)
        var context = pageContext
        context["root"] = .text(root)
        let content = try SitePages.renderUTF8(template, .object(context), in: templates)
        let frame: TemplateFields = [
            "root": .text(root),
            "lang": .text(language),
            "dir": .text(direction),
            "siteTitle": .text(siteTitle),
            "documentTitle": .text(title.map { "\($0) · \(siteTitle)" } ?? siteTitle),
            "content": .utf8(content),
            "siteNavigation": .utf8(navigation[root] ?? []),
        ]
        var html = try SitePages.renderUTF8("layout", .object(frame), in: templates)
        if let bodyEnd, let end = SitePages.lastOffset(of: SitePages.bodyEndTag, in: html) {
            html.insert(contentsOf: Array((bodyEnd + "\n").utf8), at: end)
        }
        return html
    }

    private static let bodyEndTag = Array("</body>".utf8)

    private static func lastOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The theme's template `name` filled in from `context`.
    static func render(_ name: String, _ context: TemplateValue, in templates: TemplateLibrary) throws(DiagnosticsError) -> String {
        String(decoding: try renderUTF8(name, context, in: templates), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes, as pages are written.
    static func renderUTF8(_ name: String, _ context: TemplateValue, in templates: TemplateLibrary) throws(DiagnosticsError) -> [UInt8] {
        let html: [UInt8]?
        do {
            html = try templates.renderUTF8(name, context)
        } catch {
            throw DiagnosticsError([.error("templates/\(error.template ?? name).mustache", line: error.line, "this template cannot be rendered: \(error.message)")])
        }
        guard let html else { throw DiagnosticsError([.error("templates/\(name).mustache", "the theme has no `\(name)` template")]) }
        return html
    }

    /// A mood as templates show it; `false` for none, so that no `{{#mood}}` section
    /// finds a mood one context up.
    func moodContext(_ mood: Mood?) -> TemplateValue {
        guard let mood else { return .flag(false) }
        let known = moodContexts.first { $0.mood === mood } ?? moodContexts.first { $0.mood.id == mood.id }
        return known?.context ?? SitePages.moodContext(mood, icon: escapeXML(mood.emoji))
    }

    /// A mood's icon as HTML (`{{{icon}}}`): its emoji, or its face drawn when the site says `mood_icons: faces`.
    func moodIcon(_ mood: Mood) -> String { SitePages.moodIcon(mood, config: config, scale: diary.moods) }

    private static func moodIcon(_ mood: Mood, config: SiteConfig, scale: MoodScale) -> String {
        config.moodIcons == .faces ? MoodFace.svg(mood, on: scale) : escapeXML(mood.emoji)
    }

    /// `icon` is HTML (`{{{icon}}}`): the emoji, or a drawn face.
    private static func moodContext(_ mood: Mood, icon: String) -> TemplateValue {
        [
            "id": .text(mood.id), "label": .text(mood.label), "emoji": .text(mood.emoji), "icon": .text(icon), "color": .text(mood.color),
            "ink": .text(readableInk(on: mood.color)),
        ]
    }
}
