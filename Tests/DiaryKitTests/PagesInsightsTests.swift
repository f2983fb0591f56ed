// Sources/DiaryKit/Pages/: the insights page, the tags pages and "on this day", read
// from sites built through the library, in both audiences.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct InsightsPageTests {
    /// Ten days of March 2025, moods 5 4 5 4 5 1 2 1 2 3; "run" on the first five,
    /// sleep 8 on the good days and 5 on the others.
    func diary() -> TestSite {
        let site = TestSite()
        for (index, mood) in ["great", "good", "great", "good", "great", "awful", "bad", "awful", "bad", "okay"].enumerated() {
            let tags = index < 5 ? "tags: [run]\n" : ""
            site.write("content/2025/03/2025-03-\(pad(index + 1, 2)).md", "---\nmood: \(mood)\n\(tags)sleep: \(index < 5 ? 8 : 5)\n---\nWords.\n")
        }
        return site
    }

    @Test func theFiguresInWords() throws {
        let site = diary()
        try site.build(today: "2025-03-11")
        let page = try #require(site.read("insights/index.html"))
        #expect(page.contains("10 entries on 10 days"))
        // The month's average, (5+4+5+4+5+1+2+1+2+3)/10.
        #expect(page.contains("<td>3.2</td>"))
        // With run 4.6 over five entries; without (1+2+1+2+3)/5 = 1.8.
        let run = try #require(slice(page, from: "<a href=\"../tags/run/\">run</a>", to: "</tr>"))
        #expect(run.contains("4.6 <span class=\"count\">(5 entries)</span>"))
        #expect(run.contains("1.8 <span class=\"count\">(5 entries)</span>"))
        #expect(run.contains("+2.8"))
        #expect(run.contains("😄</span> Great"))
        // Yesterday ends ten days running.
        #expect(page.contains("<dd>10 days, Mar 1, 2025 to Mar 10, 2025</dd>"))
        #expect(page.contains("On 😄 Great days sleep averaged 8 (3 days); on 😞 Awful days, 5 (2 days)."))
        #expect(page.contains("On days with sleep ≥ 6.5 the mood averaged 4.6 (5 days); below 6.5 it averaged 1.8 (5 days)."))
    }

    /// Averages keep their one decimal, so a column of them lines up.
    @Test func averagesHaveOneDecimal() {
        #expect(SitePages.oneDecimal(3) == "3.0")
        #expect(SitePages.oneDecimal(4.56) == "4.6")
        #expect(SitePages.oneDecimal(-0.04) == "0.0")
    }

    @Test func ignoredKeysAndAnEmptyDiary() throws {
        let site = diary()
        site.write("diarygen.yml", "insights: {ignore: [sleep]}\n")
        try site.build(today: "2025-03-20")
        let page = try #require(site.read("insights/index.html"))
        #expect(!page.contains("sleep averaged"))
        #expect(page.contains("No key is written as a number on enough entries yet"))
        #expect(page.contains("Nothing written today or yesterday."))

        let empty = TestSite()
        empty.write("content/.keep", "")
        try empty.build()
        let nothing = try #require(empty.read("insights/index.html"))
        #expect(nothing.contains("Not enough moods written yet."))
        #expect(try #require(empty.read("tags/index.html")).contains("No entry has a tag yet."))
    }

    @Test func koreanWords() throws {
        let site = diary()
        site.write("diarygen.yml", "locale: ko_KR\n")
        try site.build(today: "2025-03-11")
        let page = try #require(site.read("insights/index.html"))
        #expect(page.contains("기분 평균: sleep 6.5 이상인 날 4.6(5일), 6.5 미만인 날 1.8(5일)."))
        #expect(page.contains("<h2 id=\"together-heading\">함께 자주 나온 태그</h2>"))
    }
}

@Suite struct TagPagesTests {
    @Test func everyTagHasAPageOfItsEntriesNewestFirst() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "great", title: "First walk", tags: ["산책", "Work"])
        site.entry("2025/03/2025-03-02.md", mood: "bad", title: "Second walk", tags: ["산책"])
        site.write("content/2025/03/2025-03-03.md", "---\ntitle: Third walk\ntags: [산책, work]\n---\nNo mood.\n")
        try site.build()
        let index = try #require(site.read("tags/index.html"))
        #expect(index.contains("<a href=\"../tags/%EC%82%B0%EC%B1%85/\">산책</a>"))
        #expect(index.contains("<a href=\"../tags/work/\">Work / work</a>"))
        let walk = try #require(slice(index, from: "산책</a>", to: "</tr>"))
        #expect(walk.contains("3 entries"))
        #expect(walk.contains("Great 1, Bad 1, no mood 1"))
        let page = try #require(site.read("tags/산책/index.html"))
        #expect(page.contains("<h1>Tag: 산책</h1>"))
        let third = try #require(page.range(of: "Third walk")), second = try #require(page.range(of: "Second walk")),
            first = try #require(page.range(of: "First walk"))
        #expect(third.lowerBound < second.lowerBound && second.lowerBound < first.lowerBound)
        // A day page links its tags.
        #expect(try #require(site.read("2025/03/01/index.html")).contains("<li><a href=\"../../../tags/%EC%82%B0%EC%B1%85/\">산책</a></li>"))
        // The sitemap gives the address as a URL may be written.
        site.write("diarygen.yml", "base_url: https://example.org/me/\n")
        try site.build()
        #expect(try #require(site.read("sitemap.xml")).contains("<loc>https://example.org/me/tags/%EC%82%B0%EC%B1%85/</loc>"))
        // `check` warns that Work and work share a page.
        let reading = try SiteBuild.read(site: SiteFolder(site.folder))
        #expect(reading.warnings.contains { $0.message.contains("the tags `work` and `Work`") && $0.path.hasSuffix("2025-03-03.md") })
    }
}

@Suite struct OnThisDayPagesTests {
    func diary() -> TestSite {
        let site = TestSite()
        site.entry("2024/02/2024-02-29.md", mood: "great", title: "Leap")
        site.entry("2025/02/2025-02-28.md", mood: "good", title: "Eve of March")
        site.entry("2023/02/2023-02-28.md", mood: "bad", title: "Long ago")
        site.entry("2027/01/2027-01-01.md", mood: "okay")
        return site
    }

    @Test func theHomePageRemembersTodayInEarlierYears() throws {
        let site = diary()
        try site.build(today: "2027-02-28")
        let home = try #require(site.read("index.html"))
        let memories = try #require(slice(home, from: "<h2 id=\"on-this-day-title\">On this day</h2>", to: "</section>"))
        #expect(memories.contains("<h3>2 years ago</h3>"))
        #expect(memories.contains("<h3>4 years ago</h3>"))
        #expect(memories.contains("Eve of March") && memories.contains("Long ago"))
        // 28 February is not the leap day.
        #expect(!memories.contains("Leap"))
        #expect(try #require(memories.range(of: "2 years ago")).lowerBound < memories.range(of: "4 years ago")!.lowerBound)

        try site.build(today: "2025-03-01")
        #expect(try #require(site.read("index.html")).contains("on-this-day-title") == false)
        try site.build(today: "2028-02-29")
        let leap = try #require(site.read("index.html"))
        #expect(leap.contains("<h3>4 years ago</h3>") && leap.contains("Leap") && !leap.contains("Eve of March"))
        site.write("diarygen.yml", "locale: ko_KR\n")
        try site.build(today: "2028-02-29")
        #expect(try #require(site.read("index.html")).contains("<h3>4년 전</h3>"))
    }

    @Test func aDayPageLinksTheSameDateInOtherYears() throws {
        let site = diary()
        try site.build()
        let day = try #require(site.read("2025/02/28/index.html"))
        let others = try #require(slice(day, from: "<nav class=\"same-date\"", to: "</nav>"))
        #expect(others.contains("<a href=\"../../../2023/02/28/\" aria-label=\"Tuesday, February 28, 2023: Bad\"><time datetime=\"2023-02-28\">2023</time>"))
        #expect(!others.contains("2024"))
        #expect(try #require(site.read("2024/02/29/index.html")).contains("same-date") == false)
    }
}

@Suite struct InsightsPrivacyTests {
    /// Ten public entries with sleep and a tag; ten mood-only entries with a secret key
    /// and tag; ten private ones with another; the public build shows the first only.
    @Test func thePublicBuildShowsOnlyWhatItMay() throws {
        let site = TestSite()
        for day in 1...10 {
            site.write("content/2025/03/2025-03-\(pad(day, 2)).md",
                       "---\nmood: \(day % 2 == 0 ? "great" : "bad")\npublic: true\ntags: [opentag]\nsleep: \(day)\n---\nOpen.\n")
            site.write("content/2025/03/2025-03-\(pad(day + 10, 2)).md",
                       "---\nmood: good\ntags: [defaulttag]\nsecretweight: \(day)\n---\nDefault.\n")
            site.write("content/2025/03/2025-03-\(pad(day + 20, 2)).md",
                       "---\nmood: awful\nprivate: true\ntags: [privatetag]\nprivatesteps: \(day)\n---\nPrivate.\n")
        }
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 3, 31), audience: .world))
        let files = try snapshot(site.folder.appending(path: "public"))
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            for marker in ["defaulttag", "privatetag", "secretweight", "privatesteps"] {
                #expect(!path.contains(marker) && !text.contains(marker), "\(path) shows \(marker)")
            }
        }
        let insights = String(decoding: try #require(files["insights/index.html"]), as: UTF8.self)
        #expect(insights.contains("sleep averaged"))
        // Moods of mood-only entries count (five 5s, five 2s, ten 4s): 3.75; the private 1s do not.
        #expect(insights.contains("<td>3.8</td>"))
        // With opentag: the public entries only, 3.5; no entry the build shows is without it.
        #expect(!insights.contains("<a href=\"../tags/opentag/\">opentag</a></th>"))
        // Twenty days in a row, the private ones left out.
        #expect(insights.contains("20 days, Mar 1, 2025 to Mar 20, 2025"))
        #expect(files["tags/opentag/index.html"] != nil)
    }
}
