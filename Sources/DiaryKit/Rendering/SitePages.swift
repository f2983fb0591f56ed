import Foundation
import Mustache

/// A file of the generated site.
public struct OutputFile: Sendable, Equatable {
    public enum Contents: Sendable, Equatable {
        case text(String)
        /// An asset, copied byte for byte from the diary.
        case copy(of: URL)
        /// What the last build wrote there, still on disk and made from the same inputs.
        case current
    }

    /// Relative to the output folder, with `/` separators.
    public let path: String
    public let contents: Contents
    /// For a rendered page, a hash of everything it was made from.
    var inputs: Fingerprint? = nil
}

/// Stages 5 and 6 of the pipeline: lays out every page of the site and renders
/// it with the theme's templates, fed with dictionaries of typed values.
struct SitePages: Sendable {
    let diary: Diary
    let config: SiteConfig
    let templates: TemplateLibrary
    let stylesheet: String
    let t: Translations
    let names: DateNames
    let today: CivilDate
    /// Added before `</body>` of every page (the preview's reload script).
    let bodyEnd: String?
    /// Each page's inputs when the last build made the file now on disk.
    let previousPages: [String: Fingerprint]
    /// What every page depends on: the theme, the site's words, this program.
    let sharedInputs: Fingerprint
    /// Where an asset's content path lands in the site.
    static let mediaFolder = "media/"

    private let recaps: [YearMonth: RecapStats]
    /// The days with a page of their own, in order, for previous/next links.
    private let pageDays: [CivilDate]
    private let pageDayIndex: [CivilDate: Int]

    init(diary: Diary, config: SiteConfig, theme: Theme, translations: Translations, names: DateNames, today: CivilDate,
         bodyEnd: String? = nil, previousPages: [String: Fingerprint] = [:]) throws(DiagnosticsError) {
        self.bodyEnd = bodyEnd
        self.previousPages = previousPages
        self.language = config.localeIdentifier.replacingEvery("_", with: "-")
        self.moodContexts = Dictionary(diary.moods.moods.map { ($0.id, SitePages.moodContext($0)) }, uniquingKeysWith: { first, _ in first })
        self.diary = diary
        self.config = config
        self.templates = try theme.templates()
        self.stylesheet = theme.files["style.css"] ?? ""
        self.t = translations
        self.words = TemplateValue(translations.strings)
        self.names = names
        self.today = today
        self.recaps = Dictionary(uniqueKeysWithValues: zip(diary.months.map(\.month), diary.months.concurrentMap { RecapStats(month: $0, moods: diary.moods) }))
        self.pageDays = diary.days.filter(\.hasPage).map(\.date)
        self.pageDayIndex = Dictionary(uniqueKeysWithValues: pageDays.enumerated().map { ($1, $0) })
        // The navigation names the latest years and links to the one before them: every
        // page carries it, and with every year a diary of a hundred years put a hundred
        // links on each of its 40,000 pages. Made once per folder depth, not once per page.
        let notFoundRoot = config.baseURL.flatMap { URL(string: $0)?.path() }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        let shownYears = diary.years.suffix(SitePages.yearsInNavigation)
        let earlierYear = diary.years.dropLast(SitePages.yearsInNavigation).last
        var navigation: [String: String] = [:]
        for root in ["./", "../", "../../", "../../../", notFoundRoot] {
            var context: [String: TemplateValue] = [
                "root": .text(root), "t": words,
                "years": .list(shownYears.map { ["year": .text(String($0)), "href": .text(root + SitePages.path(ofYear: $0))] }),
            ]
            if let earlierYear { context["earlier"] = ["href": .text(root + SitePages.path(ofYear: earlierYear))] }
            navigation[root] = try SitePages.render("site-navigation", .object(context), in: templates)
        }
        self.navigation = navigation
        self.notFoundRoot = notFoundRoot
        var inputs = SitePages.sharedInputs(theme: theme, translations: translations, bodyEnd: bodyEnd)
        inputs.add(context: .object(navigation.mapValues(TemplateValue.text)))
        inputs.add(config: config)
        inputs.add(moods: diary.moods)
        self.sharedInputs = inputs
        let dayHashes = diary.days.concurrentMap { day in
            var inputs = Fingerprint()
            day.entries.forEach { inputs.add(entry: $0) }
            return inputs
        }
        self.dayInputs = Dictionary(uniqueKeysWithValues: zip(diary.days.map(\.date), dayHashes))
        var monthInputs: [YearMonth: Fingerprint] = [:]
        var dayNumber = 0
        for month in diary.months {
            var inputs = Fingerprint()
            for _ in month.days {
                inputs.add(dayHashes[dayNumber].value)
                dayNumber += 1
            }
            monthInputs[month.month] = inputs
        }
        self.monthInputs = monthInputs
    }

    /// How many of the latest years the site navigation names.
    static let yearsInNavigation = 5

    var siteTitle: String { config.title ?? t["site_title"] }
    /// The translations as templates see them, `{{t.key}}`.
    private let words: TemplateValue
    /// The `lang` attribute: `en-US`, `ko-KR`.
    private let language: String
    /// Each mood as templates see it, by id: made once, as every day shows one.
    private let moodContexts: [String: TemplateValue]
    /// The site navigation's HTML for each page root.
    private let navigation: [String: String]
    /// 404.html is served at any address, so its links start at the site's root path.
    private let notFoundRoot: String
    /// Each written day's and month's entries, every field of them hashed: what the
    /// pages showing them are made from, known without laying those pages out.
    private let dayInputs: [CivilDate: Fingerprint]
    private let monthInputs: [YearMonth: Fingerprint]

    // MARK: - Paths (the URL layout is a contract)

    static func path(of month: YearMonth) -> String { "\(pad(month.year, 4))/\(pad(month.month, 2))/" }
    static func recapPath(of month: YearMonth) -> String { path(of: month) + "recap/" }
    static func path(of date: CivilDate) -> String { path(of: date.yearMonth) + "\(pad(date.day, 2))/" }
    static func path(ofYear year: Int) -> String { "\(pad(year, 4))/" }

    /// "../" once per folder of `path`, so links work under any sub-path.
    static func root(of path: String) -> String {
        let depth = path.utf8.count { $0 == UInt8(ascii: "/") }
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }

    // MARK: - Every page

    /// What one piece of rendering work makes.
    private enum PageGroup: Sendable {
        case home, entries
        case year(Int)
        /// The calendar, the recap, its chart and its data.
        case month(DiaryMonth)
        case day(DiaryDay)
    }

    func render(progress: ProgressHandler? = nil) throws(DiagnosticsError) -> [OutputFile] {
        // The slowest groups go first, so the cores finish together.
        let groups: [PageGroup] = [.entries, .home] + diary.years.map(PageGroup.year) + diary.months.map(PageGroup.month)
            + diary.days.filter(\.hasPage).map(PageGroup.day)
        let counter = ProgressCounter(.rendering, total: groups.count, handler: progress)
        let rendered = groups.concurrentMap { group in
            defer { counter.step() }
            return Result { () throws(DiagnosticsError) in try render(group) }
        }
        var files: [OutputFile] = []
        for group in rendered { files += try group.get() }
        files.append(OutputFile(path: "style.css", contents: .text(stylesheet)))
        files.append(try notFoundPage())
        files.append(OutputFile(path: "robots.txt", contents: .text(WebFeeds.robots(baseURL: config.baseURL))))
        if let baseURL = config.baseURL {
            let pages = files.map(\.path).filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
            files.append(OutputFile(path: "sitemap.xml", contents: .text(WebFeeds.sitemap(baseURL: baseURL, paths: pages))))
            files.append(OutputFile(path: "feed.xml", contents: .text(WebFeeds.atom(title: siteTitle, baseURL: baseURL, items: feedItems()))))
        }
        return files
    }

    private func render(_ group: PageGroup) throws(DiagnosticsError) -> [OutputFile] {
        switch group {
        case .home:
            return [try page("index.html", title: nil, template: "home", home())]
        // Below, each page's inputs are hashed from the diary, and the page is laid out
        // only when they differ from those of the page on disk.
        case .entries:
            return [try page("entries/index.html", title: t["all_entries"], template: "entries", inputs: entryListInputs()) { entryList() }]
        case .year(let year):
            var inputs = Fingerprint()
            inputs.add(year)
            inputs.add(context: .list(diary.years.map { .text(String($0)) }))
            for month in diary.months where month.month.year == year {
                inputs.add(month.month.month)
                inputs.add(monthInputs[month.month]!.value)
            }
            return [try page(SitePages.path(ofYear: year) + "index.html", title: String(year), template: "year", inputs: inputs) { yearPage(year) }]
        case .month(let month):
            let stats = recaps[month.month]!
            var inputs = monthInputs[month.month]!
            let (previous, next) = diary.neighbours(of: month.month)
            for neighbour in [previous, next] { inputs.add(neighbour.map { $0.year * 12 + $0.month } ?? -1) }
            var calendarInputs = inputs
            calendarInputs.add(today.yearMonth == month.month ? today.day : 0)
            return [
                try page(SitePages.path(of: month.month) + "index.html", title: names.title(of: month.month), template: "month",
                         inputs: calendarInputs) { monthPage(month) },
                try page(SitePages.recapPath(of: month.month) + "index.html", title: t.format("recap_of", ["month": names.title(of: month.month)]),
                         template: "recap", inputs: inputs) { recapPage(stats) },
                try file(SitePages.recapPath(of: month.month) + "moods.svg", inputs: inputs) { moodPie(stats).svg(idPrefix: "moods", standalone: true) },
                try file(SitePages.path(of: month.month) + "recap.json", inputs: inputs) { RecapJSON.encode(stats) },
            ]
        case .day(let day):
            var inputs = dayInputs[day.date]!
            let index = pageDayIndex[day.date]!
            inputs.add(index > 0 ? pageDays[index - 1].dayNumber : Int.min)
            inputs.add(index + 1 < pageDays.count ? pageDays[index + 1].dayNumber : Int.min)
            return [try page(SitePages.path(of: day.date) + "index.html", title: names.title(of: day.date), template: "day", inputs: inputs) { dayPage(day) }]
        }
    }

    private func feedItems() -> [WebFeeds.RecapItem] {
        diary.months.reversed().map { month in
            let stats = recaps[month.month]!
            return WebFeeds.RecapItem(
                title: t.format("recap_of", ["month": names.title(of: month.month)]),
                path: SitePages.recapPath(of: month.month),
                summary: t["verdict_" + stats.verdict.rawValue] + " "
                    + t.format("month_summary", ["entries": String(stats.entries), "days": String(stats.daysWritten)]) + ".",
                updated: month.days.last!.date)
        }
    }

    /// Web hosts serve 404.html at whatever address was asked for, so its links
    /// start from the site's root path (that of `base_url`, else `/`).
    private func notFoundPage() throws(DiagnosticsError) -> OutputFile {
        try page("404.html", title: t["not_found"], template: "not-found", ["home": .text(notFoundRoot)], root: notFoundRoot)
    }

    static func sharedInputs(theme: Theme, translations: Translations, bodyEnd: String?) -> Fingerprint {
        var inputs = Fingerprint.program
        for (path, text) in theme.files.sorted(by: { $0.key < $1.key }) { inputs.add(path); inputs.add(text) }
        inputs.add(context: TemplateValue(translations.strings))
        inputs.add(bodyEnd ?? "")
        return inputs
    }

    /// Renders a page's own template, then the shared layout around it, unless
    /// the page on disk was made from the very same inputs.
    private func page(_ path: String, title: String?, template: String, _ context: [String: TemplateValue], root: String? = nil) throws(DiagnosticsError) -> OutputFile {
        var inputs = Fingerprint()
        inputs.add(context: .object(context))
        return try page(path, title: title, template: template, root: root, inputs: inputs) { context }
    }

    /// A page whose context is made only when `pageInputs`, which must cover
    /// everything the context is made from, differ from those of the page on disk.
    /// Its title is made from its path, the locale and the site's words, so it is
    /// made only with the context.
    private func page(_ path: String, title: @autoclosure () -> String?, template: String, root: String? = nil, inputs pageInputs: Fingerprint,
                      _ makeContext: () -> [String: TemplateValue]) throws(DiagnosticsError) -> OutputFile {
        let root = root ?? SitePages.root(of: path)
        var inputs = pageInputs
        inputs.add(template)
        inputs.add(root)
        return try file(path, inputs: inputs) { () throws(DiagnosticsError) in
            var context = makeContext()
            context["root"] = .text(root)
            context["t"] = words
            let content = try SitePages.render(template, .object(context), in: templates)
            let frame: [String: TemplateValue] = [
                "root": .text(root),
                "lang": .text(language),
                "siteTitle": .text(siteTitle),
                "documentTitle": .text(title().map { "\($0) · \(siteTitle)" } ?? siteTitle),
                "t": words,
                "content": .text(content),
                "siteNavigation": .text(navigation[root] ?? ""),
            ]
            var html = try SitePages.render("layout", .object(frame), in: templates)
            if let bodyEnd, let end = html.range(of: "</body>", options: .backwards) {
                html.insert(contentsOf: bodyEnd + "\n", at: end.lowerBound)
            }
            return html
        }
    }

    /// A file made by `make` from `fileInputs` and what every page depends on, or,
    /// when the file on disk was made from the very same, that file as it is.
    private func file(_ path: String, inputs fileInputs: Fingerprint,
                      _ make: () throws(DiagnosticsError) -> String) throws(DiagnosticsError) -> OutputFile {
        var inputs = sharedInputs
        inputs.add(fileInputs.value)
        if previousPages[path] == inputs { return OutputFile(path: path, contents: .current, inputs: inputs) }
        return OutputFile(path: path, contents: .text(try make()), inputs: inputs)
    }

    /// The theme's template `name` filled in from `context`.
    private static func render(_ name: String, _ context: TemplateValue, in templates: TemplateLibrary) throws(DiagnosticsError) -> String {
        let html: String?
        do {
            html = try templates.render(name, context)
        } catch {
            throw DiagnosticsError([.error("templates/\(error.template ?? name).mustache", line: error.line, "this template cannot be rendered: \(error.message)")])
        }
        guard let html else { throw DiagnosticsError([.error("templates/\(name).mustache", "the theme has no `\(name)` template")]) }
        return html
    }

    // MARK: - Shared pieces

    private func moodContext(_ mood: Mood) -> TemplateValue {
        moodContexts[mood.id] ?? SitePages.moodContext(mood)
    }

    private static func moodContext(_ mood: Mood) -> TemplateValue {
        [
            "id": .text(mood.id), "label": .text(mood.label), "emoji": .text(mood.emoji), "color": .text(mood.color),
            "ink": .text(readableInk(on: mood.color)),
        ]
    }

    /// A month's calendar; `root` turns site paths into links from the page it is on.
    private func calendar(_ month: YearMonth, root: String) -> TemplateValue {
        let layout = MonthCalendar(month: month, weekStart: config.weekStart, diary: diary)
        let weeks: [TemplateValue] = layout.weeks.map { week in
            ["days": .list(week.map { cell -> TemplateValue in
                guard let cell else { return ["blank": true] }
                var context: [String: TemplateValue] = [
                    "date": .text(cell.date.description),
                    "dayNumber": .text(String(cell.date.day)),
                    "isToday": .flag(cell.date == today),
                ]
                let dayName = names.title(of: cell.date)
                if let day = cell.day {
                    context["mood"] = moodContext(day.mood)
                    if day.hasPage { context["href"] = .text(root + SitePages.path(of: cell.date)) }
                    let count = day.entries.count
                    context["label"] = .text("\(dayName): \(day.mood.label)" + (count > 1 ? ", " + t.format("n_entries", ["count": String(count)]) : ""))
                } else {
                    context["label"] = .text("\(dayName): \(t["nothing_written"])")
                }
                return .object(context)
            })]
        }
        return [
            "title": .text(names.title(of: month)),
            "weekdays": .list(layout.columnWeekdays.map { ["short": .text(names.shortWeekdayName($0)), "full": .text(names.weekdayName($0))] }),
            "weeks": .list(weeks),
        ]
    }

    private func moodPie(_ stats: RecapStats) -> PieChart {
        let monthTitle = names.title(of: stats.month)
        let slices = stats.moods.map {
            PieChart.Slice(key: $0.mood.id, label: "\($0.mood.emoji) \($0.mood.label)", color: $0.mood.color, count: $0.count, percent: $0.percent)
        }
        return PieChart(
            title: t.format("moods_in", ["month": monthTitle]),
            description: slices.filter { $0.count > 0 }.map { "\($0.label): \($0.count) (\($0.percent)%)" }.joined(separator: ", "),
            attribute: "mood", slices: slices)
    }

    /// Okabe–Ito's colour-blind-safe palette, and grey for "other".
    static let tagColors = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#7f6d5f"]
    static let otherTagColor = "#b0b0b0"

    private func tagPie(_ stats: RecapStats) -> (chart: PieChart, legend: TemplateValue)? {
        let shares = stats.topTags
        guard !shares.isEmpty else { return nil }
        let percents = RecapStats.percents(shares.map(\.count))
        let slices = shares.enumerated().map { index, share in
            PieChart.Slice(
                key: share.tag ?? "", label: share.tag ?? t["other_tags"],
                color: share.tag == nil ? SitePages.otherTagColor : SitePages.tagColors[index % SitePages.tagColors.count],
                count: share.count, percent: percents[index])
        }
        let chart = PieChart(
            title: t.format("tags_in", ["month": names.title(of: stats.month)]),
            description: slices.map { "\($0.label): \($0.count) (\($0.percent)%)" }.joined(separator: ", "),
            attribute: "tag", slices: slices)
        return (chart, .list(slices.map { ["label": .text($0.label), "color": .text($0.color), "count": .text(String($0.count)), "percent": .text(String($0.percent))] }))
    }

    private func recapCard(_ stats: RecapStats, root: String) -> TemplateValue {
        let monthTitle = names.title(of: stats.month)
        return [
            "title": .text(t.format("recap_of", ["month": monthTitle])),
            "href": .text(root + SitePages.recapPath(of: stats.month)),
            "pie": .text(moodPie(stats).svg(idPrefix: "card-moods", standalone: false)),
            "verdict": .text(t["verdict_" + stats.verdict.rawValue]),
            "entries": .text(String(stats.entries)),
        ]
    }

    /// A written month in a list: its name, links, size, moods and verdict.
    private func monthCard(_ month: YearMonth, root: String) -> TemplateValue {
        let stats = recaps[month]!
        return [
            "title": .text(names.title(of: month)),
            "href": .text(root + SitePages.path(of: month)),
            "recapHref": .text(root + SitePages.recapPath(of: month)),
            "entries": .text(t.format("n_entries", ["count": String(stats.entries)])),
            "moods": moodShares(stats.moods.filter { $0.count > 0 }),
            "verdict": .text(t["verdict_" + stats.verdict.rawValue]),
        ]
    }

    private func moodShares(_ shares: [RecapStats.MoodShare]) -> TemplateValue {
        .list(shares.map { ["mood": moodContext($0.mood), "percent": .text(String($0.percent)), "count": .text(String($0.count))] })
    }

    private func entrySummary(_ entry: Entry, root: String) -> TemplateValue {
        var context: [String: TemplateValue] = [
            "date": .text(entry.date.description),
            "shortDate": .text(names.short(entry.date)),
            "mood": moodContext(entry.mood),
            "title": .text(entry.title ?? t["untitled"]),
            "href": .text(root + SitePages.path(of: entry.date)),
        ]
        if !entry.body.excerpt.isEmpty { context["excerpt"] = .text(entry.body.excerpt) }
        return .object(context)
    }

    // MARK: - Pages

    private func home() -> [String: TemplateValue] {
        let root = "./"
        let thisMonth = today.yearMonth
        var context: [String: TemplateValue] = ["calendar": calendar(thisMonth, root: root)]
        if diary.month(thisMonth) == nil {
            context["thisMonthEmpty"] = true
        } else {
            context["thisMonthHref"] = .text(root + SitePages.path(of: thisMonth))
        }
        if let stats = recaps[thisMonth.previous] {
            context["lastMonthRecap"] = recapCard(stats, root: root)
            // On the first days of a month, looking back comes first.
            context["recapFirst"] = .flag(today.day <= 7)
        }
        context["latestMonths"] = .list(diary.months.suffix(6).reversed().map { monthCard($0.month, root: root) })
        context["hasEntries"] = .flag(!diary.months.isEmpty)
        context["siteTitle"] = .text(siteTitle)
        return context
    }

    /// What `entryList` shows of the diary: each published entry's summary.
    private func entryListInputs() -> Fingerprint {
        var inputs = Fingerprint()
        for day in diary.days {
            for entry in day.entries where entry.isPublished {
                inputs.add(entry.date.dayNumber)
                inputs.add(entry.mood.id)
                inputs.optional(entry.title)
                inputs.add(entry.body.excerpt)
            }
        }
        return inputs
    }

    private func entryList() -> [String: TemplateValue] {
        let root = "../"
        return ["months": .list(diary.months.reversed().compactMap { month -> TemplateValue? in
            let published = month.entries.filter(\.isPublished)
            guard !published.isEmpty else { return nil }
            return [
                "id": .text(month.month.description),
                "title": .text(names.title(of: month.month)),
                "href": .text(root + SitePages.path(of: month.month)),
                "entries": .list(published.reversed().map { entrySummary($0, root: root) }),
            ]
        })]
    }

    private func yearPage(_ year: Int) -> [String: TemplateValue] {
        let root = "../"
        let grid = YearInPixels(year: year, diary: diary)
        let years = diary.years
        let index = years.firstIndex(of: year)!
        var context: [String: TemplateValue] = [
            "year": .text(String(year)),
            "months": .list((1...12).map { number -> TemplateValue in
                let month = YearMonth(year: year, month: number)
                var column: [String: TemplateValue] = ["short": .text(names.shortMonthNames[number - 1]), "full": .text(names.monthNames[number - 1])]
                if diary.month(month) != nil { column["href"] = .text(root + SitePages.path(of: month)) }
                return .object(column)
            }),
            "rows": .list(grid.rows.enumerated().map { index, row -> TemplateValue in
                ["dayNumber": .text(String(index + 1)), "cells": .list(row.map { cell -> TemplateValue in
                    guard let date = cell.date else { return ["missing": true] }
                    var context: [String: TemplateValue] = ["date": .text(date.description)]
                    if let day = cell.day {
                        context["mood"] = moodContext(day.mood)
                        if day.hasPage { context["href"] = .text(root + SitePages.path(of: date)) }
                        context["label"] = .text("\(names.title(of: date)): \(day.mood.label)")
                    } else {
                        context["label"] = .text("\(names.title(of: date)): \(t["nothing_written"])")
                    }
                    return .object(context)
                })]
            }),
            "legend": .list(diary.moods.moods.map(moodContext)),
            "writtenMonths": .list(diary.months.filter { $0.month.year == year }.map { monthCard($0.month, root: root) }),
        ]
        var nav: [String: TemplateValue] = [:]
        if index > 0 { nav["previous"] = link(String(years[index - 1]), root + SitePages.path(ofYear: years[index - 1])) }
        if index + 1 < years.count { nav["next"] = link(String(years[index + 1]), root + SitePages.path(ofYear: years[index + 1])) }
        context["nav"] = .object(nav)
        return context
    }

    /// A previous or next link of a pager.
    private func link(_ title: String, _ href: String) -> TemplateValue {
        ["title": .text(title), "href": .text(href)]
    }

    private func monthNavigation(_ month: YearMonth, root: String, suffix: (YearMonth) -> String) -> TemplateValue {
        let (previous, next) = diary.neighbours(of: month)
        var context: [String: TemplateValue] = [:]
        if let previous { context["previous"] = link(names.title(of: previous), root + suffix(previous)) }
        if let next { context["next"] = link(names.title(of: next), root + suffix(next)) }
        return .object(context)
    }

    private func monthPage(_ month: DiaryMonth) -> [String: TemplateValue] {
        let root = "../../"
        let stats = recaps[month.month]!
        return [
            "title": .text(names.title(of: month.month)),
            "calendar": calendar(month.month, root: root),
            "nav": monthNavigation(month.month, root: root, suffix: SitePages.path(of:)),
            "recapHref": .text(root + SitePages.recapPath(of: month.month)),
            "yearHref": .text(root + SitePages.path(ofYear: month.month.year)),
            "year": .text(String(month.month.year)),
            "summary": .text(t.format("month_summary", ["entries": String(stats.entries), "days": String(stats.daysWritten)])),
            "legend": .list(diary.moods.moods.map(moodContext)),
        ]
    }

    private func recapPage(_ stats: RecapStats) -> [String: TemplateValue] {
        let root = "../../../"
        let monthTitle = names.title(of: stats.month)
        let average = diary.moods.dayMood(scores: [stats.averageScore])
        let published = diary.month(stats.month)!.entries.filter(\.isPublished)
        var context: [String: TemplateValue] = [
            "title": .text(t.format("recap_of", ["month": monthTitle])),
            "monthTitle": .text(monthTitle),
            "calendarHref": .text(root + SitePages.path(of: stats.month)),
            "svgHref": "moods.svg",
            "jsonHref": "../recap.json",
            "nav": monthNavigation(stats.month, root: root, suffix: SitePages.recapPath(of:)),
            "verdict": .text(t["verdict_" + stats.verdict.rawValue]),
            "entries": .text(String(stats.entries)),
            "daysWritten": .text(String(stats.daysWritten)),
            "daysInMonth": .text(String(stats.month.dayCount)),
            "averageScore": .text(decimalText(stats.averageScore, maxFractionDigits: 2)),
            "averageMood": moodContext(average),
            "longestStreak": .text(t.format("n_days", ["count": String(stats.longestStreak)])),
            "words": .text(String(stats.words)),
            "moodPie": .text(moodPie(stats).svg(idPrefix: "moods", standalone: false)),
            "moodLegend": moodShares(stats.moods),
            "bestDay": dayLink(stats.bestDay, root: root),
            "worstDay": dayLink(stats.worstDay, root: root),
            "entryList": .list(published.map { entrySummary($0, root: root) }),
            "hasEntryList": .flag(!published.isEmpty),
        ]
        if let (chart, legend) = tagPie(stats) {
            context["tagPie"] = .text(chart.svg(idPrefix: "tags", standalone: false))
            context["tagLegend"] = legend
        }
        return context
    }

    /// An entry's body as a day page shows it. cmark-gfm numbers footnotes `fn-1`,
    /// `fnref-1` in every entry; on a day page with several entries those ids would
    /// clash, so each entry gets its own prefix. A table goes in a box that scrolls
    /// sideways, reachable by keyboard, so a wide one never squeezes its cells.
    static func dayPageBody(_ body: RenderedMarkdown, footnotePrefix prefix: String, tableLabel: String) -> String {
        var html = body.html
        if body.hasFootnotes {
            html = html
                .replacingEvery("id=\"fn", with: "id=\"\(prefix)-fn")
                .replacingEvery("href=\"#fn", with: "href=\"#\(prefix)-fn")
        }
        if body.hasTables {
            html = html
                .replacingEvery("<table>", with: "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"\(escapeXML(tableLabel))\"><table>")
                .replacingEvery("</table>", with: "</table></div>")
        }
        return html
    }

    private func dayLink(_ day: DiaryDay, root: String) -> TemplateValue {
        var context: [String: TemplateValue] = ["title": .text(names.short(day.date)), "mood": moodContext(day.mood)]
        if day.hasPage { context["href"] = .text(root + SitePages.path(of: day.date)) }
        return .object(context)
    }

    private func dayPage(_ day: DiaryDay) -> [String: TemplateValue] {
        let root = "../../../"
        let index = pageDayIndex[day.date]!
        let previous = index > 0 ? pageDays[index - 1] : nil
        let next = index + 1 < pageDays.count ? pageDays[index + 1] : nil
        var nav: [String: TemplateValue] = [:]
        if let previous { nav["previous"] = link(names.title(of: previous), root + SitePages.path(of: previous)) }
        if let next { nav["next"] = link(names.title(of: next), root + SitePages.path(of: next)) }
        return [
            "title": .text(names.title(of: day.date)),
            "date": .text(day.date.description),
            "monthTitle": .text(names.title(of: day.date.yearMonth)),
            "monthHref": .text(root + SitePages.path(of: day.date.yearMonth)),
            "recapHref": .text(root + SitePages.recapPath(of: day.date.yearMonth)),
            "nav": .object(nav),
            "entries": .list(day.publishedEntries.enumerated().map { index, entry -> TemplateValue in
                var context: [String: TemplateValue] = [
                    "anchor": .text("entry-\(index + 1)"),
                    "mood": moodContext(entry.mood),
                    "body": .text(SitePages.dayPageBody(entry.body, footnotePrefix: "entry-\(index + 1)", tableLabel: t["table"])),
                    "tags": .list(entry.tags.map(TemplateValue.text)),
                    "hasTags": .flag(!entry.tags.isEmpty),
                ]
                if let title = entry.title { context["title"] = .text(title) }
                if let seconds = entry.secondsIntoDay { context["time"] = .text("\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2))") }
                return .object(context)
            }),
        ]
    }
}

extension YearMonth {
    /// The recap page's path in the site: `YYYY/MM/recap/`.
    public var recapPath: String { SitePages.recapPath(of: self) }
}
