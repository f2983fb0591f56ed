// Sources/DiaryKit/Pages/: the year in review (YearRecapPage) and what monthly recaps
// gained beside it (mood by weekday, the current streak), built through the library.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct YearReviewPageTests {
    /// 2025: a run across New Year's Eve, March with a day without a mood, and December.
    func diary() -> TestSite {
        let site = TestSite()
        site.entry("2024/12/2024-12-31.md", mood: "great")
        site.entry("2025/01/2025-01-01.md", mood: "good", tags: ["a"], body: "one two three")
        site.entry("2025/01/2025-01-02.md", mood: "great")
        site.write("content/2025/03/2025-03-01.md", "---\ntitle: No mood\n---\nfour five\n")
        site.entry("2025/03/2025-03-02.md", mood: "awful", tags: ["a", "b"])
        site.entry("2025/12/2025-12-31.md", mood: "bad")
        return site
    }

    @Test func theYearInReviewShowsTheYearsFiguresAndChartsWithTheirTables() throws {
        let site = diary()
        try site.build(today: "2026-02-01")
        let page = try #require(site.read("2025/recap/index.html"))
        #expect(page.contains("<h1>2025 in review</h1>"))
        // Scores 4, 5, 1, 2: 3.0, okay.
        #expect(page.contains("<p class=\"verdict\">A mixed year, with ups and downs.</p>"))
        #expect(page.contains("<dd>5</dd>") && page.contains("<dd>5 / 365</dd>"))
        // The run from 2024 counts from 1 January.
        #expect(page.contains("<dd>2 days <span class=\"score\">Jan 1 – Jan 2</span></dd>"))
        #expect(page.contains("<a href=\"../../2025/01/recap/\">January 2025</a> <span class=\"score\">(4.5)</span>"))
        #expect(page.contains("<a href=\"../../2025/03/recap/\">March 2025</a> <span class=\"score\">(1)</span>"))
        for (chart, count) in [("class=\"pie\"", 2), ("class=\"line-chart\"", 1), ("class=\"bar-chart\"", 1), ("<table class=\"pixels\">", 1)] {
            #expect(occurrences(of: chart, in: page) == count, "\(chart)")
        }
        #expect(occurrences(of: "<table class=\"chart-table\">", in: page) == 2)
        // Mood by weekday, Sunday first as en_US has it: 2 March 2025 was a Sunday.
        let weekdays = page.matches(of: /data-weekday="(\w+)"/).map { String($0.1) }
        #expect(weekdays == ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"])
        #expect(page.contains("<tr data-weekday=\"sunday\"><th scope=\"row\">Sunday</th><td><span aria-hidden=\"true\">😞</span> Awful 1</td><td>1</td></tr>"))
        #expect(page.contains("href=\"../../2024/recap/\""))
        // Reached from the year page and from each month's recap.
        #expect(try #require(site.read("2025/index.html")).contains("href=\"../2025/recap/\""))
        #expect(try #require(site.read("2025/12/recap/index.html")).contains("<a href=\"../../../2025/recap/\">2025 in review</a>"))
        #expect(site.read("2025/recap.json") == """
        {
          "year": 2025,
          "entries": 5,
          "days_written": 5,
          "moods": {"great": 1, "good": 1, "okay": 0, "bad": 1, "awful": 1},
          "average_score": 3,
          "longest_streak": 2,
          "words": 11,
          "tags": {"a": 2, "b": 1},
          "months": {"2025-01": 4.5, "2025-02": null, "2025-03": 1, "2025-04": null, "2025-05": null, "2025-06": null, "2025-07": null, "2025-08": null, "2025-09": null, "2025-10": null, "2025-11": null, "2025-12": 2},
          "weekdays": {"monday": null, "tuesday": null, "wednesday": 3, "thursday": 5, "friday": null, "saturday": null, "sunday": 1}
        }

        """)
    }

    @Test func aYearNotOverYetIsReviewedSoFarInEnglishAndKorean() throws {
        let site = diary()
        try site.build(today: "2025-12-31")
        #expect(try #require(site.read("2025/recap/index.html")).contains("<h1>2025 so far</h1>"))
        site.write("diarygen.yml", "locale: ko_KR\n")
        try site.build(today: "2025-12-31")
        let korean = try #require(site.read("2025/recap/index.html"))
        #expect(korean.contains("<h1>2025년 지금까지 돌아보기</h1>"))
        #expect(korean.contains("<p class=\"verdict\">지금까지 좋은 날도 힘든 날도 있는 한 해예요.</p>"))
        #expect(korean.contains("2025년의 요일별 기분"))
        try site.build(today: "2026-01-01")
        #expect(try #require(site.read("2025/recap/index.html")).contains("<h1>2025년 돌아보기</h1>"))
    }

    @Test func theCurrentMonthsRecapShowsTheStreakThatRunsIntoIt() throws {
        let site = TestSite()
        site.write("diarygen.yml", "week_starts_on: monday\n")
        for day in ["2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02"] { site.entry("\(day).md", mood: "good") }
        site.entry("2025-01-15.md", mood: "bad")
        // Today, 3 March, is not written yet: the run up to yesterday goes on.
        try site.build(today: "2025-03-03")
        let march = try #require(site.read("2025/03/recap/index.html"))
        #expect(march.contains("<div><dt>Current streak</dt><dd>4 days</dd></div>"))
        #expect(march.contains("<div><dt>Longest streak</dt><dd>2 days</dd></div>"))
        let february = try #require(site.read("2025/02/recap/index.html"))
        #expect(!february.contains("Current streak"))
        try site.build(today: "2025-03-05")
        #expect(try #require(site.read("2025/03/recap/index.html")).contains("<div><dt>Current streak</dt><dd>0 days</dd></div>"))
        // The week starts on Monday: 1 March 2025 was a Saturday, 2 March a Sunday.
        let weekdays = march.matches(of: /data-weekday="(\w+)"/).map { String($0.1) }
        #expect(weekdays.first == "monday" && weekdays.last == "sunday")
        #expect(march.contains("<tr data-weekday=\"saturday\"><th scope=\"row\">Saturday</th><td><span aria-hidden=\"true\">🙂</span> Good 4</td><td>1</td></tr>"))
        #expect(march.contains("<tr data-weekday=\"monday\"><th scope=\"row\">Monday</th><td>—</td><td>0</td></tr>"))
    }

    @Test func thePublicYearInReviewCountsNothingPrivateAndNoWordsOrTagsOfMoodOnlyEntries() throws {
        let site = visibilityDiary()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 11, 23), audience: .world))
        func published(_ path: String) throws -> Data { try #require(FileManager.default.contents(atPath: site.folder.appending(path: "public/" + path).path)) }
        let json = try JSONSerialization.jsonObject(with: try published("2025/recap.json"))
        let data = try #require(json as? [String: Any])
        // The public entry and the mood-only one; the private March and April entries not at all.
        #expect(data["entries"] as? Int == 2)
        #expect(data["moods"] as? [String: Int] == ["great": 1, "good": 0, "okay": 0, "bad": 1, "awful": 0])
        #expect(data["tags"] as? [String: Int] == ["opentag": 1])
        // "Openmarker body. … and a mood-only day": the image's words do not count.
        #expect(data["words"] as? Int == 6)
        let months = try #require(data["months"] as? [String: Any])
        #expect(months["2025-04"] is NSNull)
        let page = String(decoding: try published("2025/recap/index.html"), as: UTF8.self)
        #expect(!page.lowercased().contains("private") && !page.contains("defaulttag"))
    }
}
