// Sources/DiaryKit/Plan/: which pages an edit makes again. A page whose inputs do
// not change is not made, so each page's inputs must hold all it shows and no more.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct PagePlanTests {
    /// Each planned page's inputs, by path.
    func inputs(_ site: TestSite, today: CivilDate = .ymd(2026, 3, 1)) throws -> [String: Fingerprint] {
        let reading = try SiteBuild.read(site: SiteFolder(site.folder))
        let plan = PagePlan(diary: reading.diary, config: reading.config, theme: reading.theme, translations: reading.translations,
                            bodyEnd: nil, today: today, audience: .author)
        return Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.inputs) })
    }

    func diary() -> TestSite {
        let site = TestSite()
        site.entry("2024/03/2024-03-01.md", mood: "good", tags: ["walk"])
        site.entry("2025/03/2025-03-01.md", mood: "great", tags: ["walk", "work"])
        site.write("content/2025/03/2025-03-02.md", "---\nmood: okay\ntitle: Two\ntags: [work]\nsleep: 7\n---\nWords.\n")
        site.entry("2025/04/2025-04-01.md", mood: "bad", tags: ["산책"])
        site.entry("2026/01/2026-01-01.md", mood: "good")
        return site
    }

    /// The paths whose inputs differ between two plans, pages that came or went included.
    func changed(_ before: [String: Fingerprint], _ after: [String: Fingerprint]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    let month = ["2025/03/index.html", "2025/03/recap/index.html", "2025/03/recap/moods.svg", "2025/03/recap.json", "2025/index.html",
                 "2025/recap/index.html", "2025/recap.json"]

    /// The search index, made again on any edit of what an entry shows (each of its
    /// files then written only if its bytes changed), and the month's texts.
    let searchIndex = ["search/entries.json", "search/text/2025-03.json"] + (0..<SearchIndex.parts).map { SearchIndex.termsPath($0) }

    @Test func aMoodEditRemakesItsMonthYearTagsAndInsights() throws {
        let site = diary()
        let before = try inputs(site)
        site.write("content/2025/03/2025-03-02.md", "---\nmood: awful\ntitle: Two\ntags: [work]\nsleep: 7\n---\nWords.\n")
        #expect(changed(before, try inputs(site)) == Set(month + searchIndex + [
            "2025/03/02/index.html", "entries/2025/index.html", "insights/index.html", "tags/index.html", "tags/work/index.html",
            "tags/work/2025/index.html", "index.html",
        ]))
    }

    /// The pages of a month and year that show what its entries say: not the calendars,
    /// the year's grid or the mood chart.
    let monthWords = ["2025/03/recap/index.html", "2025/03/recap.json", "2025/recap/index.html", "2025/recap.json"]

    /// A title is on its tag's page, not in the tags' index or the insights, and in no
    /// calendar: the month's, the year's grid and the home page's show moods.
    @Test func aTitleEditRemakesItsTagPageOnly() throws {
        let site = diary()
        let before = try inputs(site)
        site.write("content/2025/03/2025-03-02.md", "---\nmood: okay\ntitle: Renamed\ntags: [work]\nsleep: 7\n---\nWords.\n")
        #expect(changed(before, try inputs(site)) == Set(monthWords + searchIndex + ["2025/03/02/index.html", "entries/2025/index.html", "tags/work/index.html",
                                                                         "tags/work/2025/index.html"]))
    }

    /// Words past the excerpt are on the day's page, in its month's and year's reviews
    /// (which count words) and in the search index; calendars and lists do not show them.
    @Test func aWordsEditRemakesItsDayAndReviewsOnly() throws {
        let site = diary()
        let before = try inputs(site)
        site.write("content/2025/03/2025-03-02.md", "---\nmood: okay\ntitle: Two\ntags: [work]\nsleep: 7\n---\nWords.\n\nMore words later.\n")
        #expect(changed(before, try inputs(site)) == Set(monthWords + searchIndex.filter { $0 != "search/entries.json" } + ["2025/03/02/index.html"]))
    }

    /// The home page lists today's date in earlier years as lists do: a title or an
    /// excerpt there makes it again, and so does a mood anywhere (its calendar and cards).
    @Test func theHomePageShowsTodaysDateInEarlierYears() throws {
        let site = diary()
        let (before, beforeOnItsDate) = (try inputs(site), try inputs(site, today: .ymd(2026, 3, 2)))
        site.write("content/2025/03/2025-03-02.md", "---\nmood: okay\ntitle: Two\ntags: [work]\nsleep: 7\n---\nOther words.\n")
        #expect(!changed(before, try inputs(site)).contains("index.html"))
        #expect(changed(beforeOnItsDate, try inputs(site, today: .ymd(2026, 3, 2))).contains("index.html"))
        let renamed = try inputs(site)
        site.entry("2024/03/2024-03-01.md", mood: "good", title: "Renamed", tags: ["walk"])
        #expect(changed(renamed, try inputs(site)).contains("index.html"))
    }

    /// A number is shown by the insights alone.
    @Test func aNumberEditRemakesTheInsightsOnly() throws {
        let site = diary()
        let before = try inputs(site)
        site.write("content/2025/03/2025-03-02.md", "---\nmood: okay\ntitle: Two\ntags: [work]\nsleep: 6\n---\nWords.\n")
        #expect(changed(before, try inputs(site)) == ["insights/index.html"])
    }

    /// A new day links the same date in other years, and they link it; nothing else of theirs changes.
    @Test func aNewDayRemakesTheSameDateInOtherYears() throws {
        let site = diary()
        let before = try inputs(site)
        site.entry("2026/03/2026-03-01.md", mood: "good")
        let changes = changed(before, try inputs(site))
        #expect(changes.isSuperset(of: ["2024/03/01/index.html", "2025/03/01/index.html", "2026/03/01/index.html", "insights/index.html"]))
        #expect(!changes.contains("2025/03/02/index.html"))
        #expect(!changes.contains { $0.hasPrefix("tags/") })
        #expect(!changes.contains { $0.hasPrefix("2025/") && !$0.hasPrefix("2025/03/01/") })
    }

    /// The list of entries is a page a year, and `entries/` shows the newest year's:
    /// an edit remakes its own year's list only; a year's first entry adds its list,
    /// and every other list links it.
    @Test func theListOfEntriesIsAPageAYear() throws {
        let site = diary()
        let before = try inputs(site)
        #expect(before.keys.filter { $0.hasPrefix("entries/") }.sorted()
                == ["entries/2024/index.html", "entries/2025/index.html", "entries/2026/index.html", "entries/index.html"])
        site.write("content/2026/01/2026-01-01.md", "---\nmood: bad\n---\nWords.\n")
        let newest = changed(before, try inputs(site))
        #expect(newest.filter { $0.hasPrefix("entries/") } == Set(["entries/2026/index.html", "entries/index.html"]))
        site.entry("2023/05/2023-05-01.md", mood: "good")
        let added = changed(before, try inputs(site))
        #expect(added.filter { $0.hasPrefix("entries/") } == Set(["entries/2023/index.html", "entries/2024/index.html", "entries/2025/index.html",
                                                                     "entries/2026/index.html", "entries/index.html"]))
    }

    /// A tag's page is a page a year too: a title edit remakes its year's page (and the
    /// tag's own, the newest year's), a mood edit every page of the tag, which all show its moods.
    @Test func aTagsPagesAreAPageAYear() throws {
        let site = diary()
        let before = try inputs(site)
        #expect(before.keys.filter { $0.hasPrefix("tags/walk/") }.sorted()
                == ["tags/walk/2024/index.html", "tags/walk/2025/index.html", "tags/walk/index.html"])
        site.entry("2024/03/2024-03-01.md", mood: "good", title: "Renamed", tags: ["walk"])
        #expect(changed(before, try inputs(site)).filter { $0.hasPrefix("tags/") } == Set(["tags/walk/2024/index.html"]))
        site.entry("2024/03/2024-03-01.md", mood: "awful", title: "Renamed", tags: ["walk"])
        #expect(changed(before, try inputs(site)).filter { $0.hasPrefix("tags/walk/") }
                == Set(["tags/walk/2024/index.html", "tags/walk/2025/index.html", "tags/walk/index.html"]))
    }

    /// The current streak, and the trophies' progress, are as of today, and the home
    /// page shows today's month and date.
    @Test func anotherDayRemakesTheInsightsAndTrophies() throws {
        let site = diary()
        #expect(changed(try inputs(site), try inputs(site, today: .ymd(2026, 3, 2))) == ["insights/index.html", "trophies/index.html", "index.html"])
    }

    /// Every file has inputs, so that a build with nothing changed makes none: the site's
    /// own files (the stylesheet, the search script, robots.txt, 404.html) change with the
    /// theme and the settings, the sitemap with the pages, the feed with any day.
    @Test func theSitesOwnFilesChangeWithTheSettingsAndTheDiary() throws {
        let site = diary()
        site.write("diarygen.yml", "base_url: https://example.org/diary/\n")
        let before = try inputs(site)
        let own = ["style.css", "search/search.js", "robots.txt", "404.html"]
        site.entry("2025/03/2025-03-01.md", mood: "okay", tags: ["walk", "work"])
        let edited = changed(before, try inputs(site))
        #expect(edited.isSuperset(of: ["index.html", "feed.xml"]))
        #expect(edited.isDisjoint(with: own + ["sitemap.xml"]))
        site.entry("2026/02/2026-02-01.md", mood: "good")
        #expect(changed(before, try inputs(site)).isSuperset(of: ["sitemap.xml"]))
        site.write("diarygen.yml", "base_url: https://example.org/elsewhere/\n")
        #expect(changed(before, try inputs(site)).isSuperset(of: own + ["sitemap.xml", "feed.xml"]))
    }
}

extension BuildCacheTests {
    /// The insights, tags and on-this-day pages follow every kind of edit as a full build makes them.
    @Test func insightsAndTagPagesMatchAFullBuildAfterEachEdit() throws {
        let site = TestSite()
        for day in 1...12 {
            site.write("content/2025/03/2025-03-\(pad(day, 2)).md", "---\nmood: \(day % 3 == 0 ? "bad" : "good")\ntags: [run, 산책]\nsleep: \(day)\n---\nWords.\n")
        }
        site.entry("2024/03/2024-03-05.md", mood: "great", title: "A year before", tags: ["run"])
        try buildAndCompare(site, today: "2025-03-12", "first build")
        site.write("content/2025/03/2025-03-04.md", "---\nmood: awful\ntags: [run, 산책]\nsleep: 2\n---\nWords.\n")
        try buildAndCompare(site, today: "2025-03-12", "a mood and a number changed")
        site.entry("2025/03/2025-03-05.md", mood: "good", title: "Renamed", tags: ["Run"])
        try buildAndCompare(site, today: "2025-03-12", "a tag written another way")
        site.write("diarygen.yml", "insights: {ignore: [sleep]}\n")
        try buildAndCompare(site, today: "2025-03-12", "a key ignored")
        try buildAndCompare(site, today: "2025-03-20", "the streak ended")
        try buildAndCompare(site, today: "2026-03-05", "a year on")
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024/03/2024-03-05.md"))
        try buildAndCompare(site, today: "2026-03-05", "the memory was deleted")
        try buildAndCompare(site, audience: .world, today: "2026-03-05", "the public build")
    }
}
