// Sources/DiaryKit/Pages/: what each page kind shows, read from sites built through the
// library: month calendars, day pages, recaps, home, year in pixels, navigation, links.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SitePagesTests {
    /// No entry field falls back to a value of the page around it.
    @Test func anUntitledEntryShowsNoTitleItDoesNotHave() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-04.md", mood: "good", body: "No title here.")
        site.entry("2025/03/2025-03-04-b.md", date: "2025-03-04T21:00", mood: "okay", title: "Evening", body: "A titled one.")
        try site.build()
        let day = try #require(site.read("2025/03/04/index.html"))
        #expect(occurrences(of: "<h2>", in: day) == 1)
        #expect(day.contains("<h2>Evening</h2>"))
        #expect(!day.contains("<h2>Tuesday, March 4, 2025</h2>"))
        for page in ["entries/index.html", "2025/03/recap/index.html"] {
            let list = try #require(site.read(page))
            #expect(list.contains("<span class=\"entry-title\">Untitled</span>"), "\(page)")
            #expect(list.contains("<span class=\"entry-title\">Evening</span>"), "\(page)")
        }
    }

    /// A year's entries a page, newest first, each page linking every year's; the
    /// newest year's at `entries/` too. A private entry is left out of the public lists,
    /// and a year with only private entries has no public list.
    @Test func theListOfEntriesIsAPageAYear() throws {
        let site = TestSite()
        site.write("content/2024/12/2024-12-31.md", "---\nmood: good\ntitle: Last of 2024\npublic: true\n---\nWords.\n")
        site.write("content/2025/01/2025-01-01.md", "---\nmood: great\ntitle: First of 2025\npublic: true\n---\nWords.\n")
        site.entry("2025/06/2025-06-01.md", mood: "okay", title: "June")
        site.write("content/2023/05/2023-05-05.md", "---\nmood: bad\ntitle: Only mine\nprivate: true\n---\nWords.\n")
        try site.build()
        let newest = try #require(site.read("entries/index.html"))
        #expect(newest == site.read("entries/2025/index.html")?.replacingOccurrences(of: "../../", with: "../"))
        #expect(newest.contains("<h1>Entries of 2025</h1>"))
        #expect(newest.contains("First of 2025") && newest.contains("June") && !newest.contains("Last of 2024"))
        #expect(newest.range(of: "June")!.lowerBound < newest.range(of: "First of 2025")!.lowerBound)
        let older = try #require(site.read("entries/2024/index.html"))
        #expect(older.contains("Last of 2024") && !older.contains("First of 2025"))
        let years = try #require(slice(older, from: "<nav class=\"year-links\"", to: "</nav>"))
        #expect(years.contains("<a href=\"../../entries/2025/\">2025</a>"))
        #expect(years.contains("<a href=\"../../entries/2024/\" aria-current=\"page\">2024</a>"))
        #expect(years.contains("2023") && site.read("entries/2023/index.html") != nil)

        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 11, 23), audience: .world))
        let published = { (path: String) in FileManager.default.contents(atPath: site.folder.appending(path: "public/" + path).path) }
        let publicList = try #require(published("entries/2024/index.html").flatMap { String(data: $0, encoding: .utf8) })
        #expect(publicList.contains("Last of 2024") && !publicList.contains("2023"))
        #expect(published("entries/2023/index.html") == nil)
        #expect(try #require(published("entries/index.html").flatMap { String(data: $0, encoding: .utf8) }).contains("First of 2025"))
    }

    /// A tag's page shows its moods over every year and its entries of the newest
    /// year; each year has a page of its own, and every page links them all.
    @Test func aTagsEntriesAreAPageAYear() throws {
        let site = TestSite()
        site.entry("2024/12/2024-12-31.md", mood: "good", title: "Last walk of 2024", tags: ["산책"])
        site.entry("2025/01/2025-01-01.md", mood: "bad", title: "First walk of 2025", tags: ["산책"])
        try site.build()
        let newest = try #require(site.read("tags/산책/index.html"))
        #expect(newest.contains("First walk of 2025") && !newest.contains("Last walk of 2024"))
        #expect(newest.contains("2 entries") && newest.contains("Good 1") && newest.contains("Bad 1"))
        let older = try #require(site.read("tags/산책/2024/index.html"))
        #expect(older.contains("Last walk of 2024") && !older.contains("First walk of 2025") && older.contains("2 entries"))
        let years = try #require(slice(older, from: "<nav class=\"year-links\"", to: "</nav>"))
        #expect(years.contains("href=\"../../../tags/%EC%82%B0%EC%B1%85/2025/\">2025</a>"))
        #expect(years.contains("aria-current=\"page\">2024</a>"))
        #expect(newest == site.read("tags/산책/2025/index.html")?.replacingOccurrences(of: "../../../", with: "../../"))
    }

    /// With a single year, there are no other years to link.
    @Test func aListOfOneYearLinksNoOtherYears() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-04.md", mood: "good")
        try site.build()
        #expect(try #require(site.read("entries/index.html")).contains("year-links") == false)
    }

    @Test func theMonthCalendarIsARealTable() throws {
        let site = trickyDiary()
        try site.build()
        let page = try #require(site.read("2024/02/index.html"))
        let table = try #require(slice(page, from: "<table class=\"calendar\">", to: "</table>"))
        // en_US starts weeks on Sunday.
        #expect(occurrences(of: "<th scope=\"col\">", in: table) == 7)
        #expect(table.contains("<th scope=\"col\"><span aria-hidden=\"true\">Sun</span><span class=\"visually-hidden\">Sunday</span></th>"))
        #expect(try #require(slice(table, from: "<th scope=\"col\">", to: "</th>")).contains("Sunday"))
        // One cell per day of the month, leap day included.
        #expect(occurrences(of: "data-date=\"2024-02-", in: table) == 29)
        let leap = try #require(slice(table, from: "<td data-date=\"2024-02-29\"", to: "</td>"))
        #expect(leap.contains("data-mood=\"great\""))
        #expect(leap.contains("style=\"--mood: #2c7bb6; --mood-ink: #ffffff\""))
        #expect(leap.contains("😄"))
        #expect(leap.contains("href=\"../../2024/02/29/\""))
        #expect(leap.contains("Thursday, February 29, 2024: Great"))
        let empty = try #require(slice(table, from: "<td data-date=\"2024-02-10\"", to: "</td>"))
        #expect(!empty.contains("data-mood"))
        #expect(!empty.contains("href"))
        // Previous and next skip months with no entries.
        #expect(page.contains("<a rel=\"next\" href=\"../../2024/03/\">"))
        let march = try #require(site.read("2024/03/index.html"))
        #expect(march.contains("<a rel=\"next\" href=\"../../2024/12/\">"))
        let december = try #require(site.read("2024/12/index.html"))
        #expect(december.contains("<a rel=\"next\" href=\"../../2025/01/\">"))
        #expect(december.contains("<a rel=\"prev\" href=\"../../2024/03/\">"))
    }

    @Test func aDaysEntriesAreInTimeOrderAndItsMoodIsTheRoundedMean() throws {
        let site = trickyDiary()
        try site.build()
        let page = try #require(site.read("2025/01/03/index.html"))
        let titles = page.matches(of: /<h2>([^<]*)<\/h2>/).map { String($0.1) }
        #expect(titles == ["&lt;script&gt;alert(1)&lt;/script&gt;", "Morning", "Evening"])
        // Scores 1, 5, 5: the mean 3.67 is nearest "good".
        let calendar = try #require(site.read("2025/01/index.html"))
        #expect(try #require(slice(calendar, from: "<td data-date=\"2025-01-03\"", to: ">")).contains("data-mood=\"good\""))
    }

    @Test func aMonthOfOneMoodHasAFullCirclePie() throws {
        let site = trickyDiary()
        try site.build()
        let svg = try #require(site.read("2025/04/recap/moods.svg"))
        #expect(svg.contains("<circle data-mood=\"okay\""))
        #expect(!svg.contains("<path"))
        let json = try #require(site.read("2025/04/recap.json"))
        #expect(json.contains("\"moods\": {\"great\": 0, \"good\": 0, \"okay\": 3, \"bad\": 0, \"awful\": 0},"))
        #expect(json.contains("\"longest_streak\": 3,"))
        let recap = try #require(site.read("2025/04/recap/index.html"))
        #expect(recap.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(recap.contains("<tr data-mood=\"okay\">"))
        #expect(recap.contains("<td>3</td><td>100%</td>"))
    }

    @Test func koreanTextAndImagesWork() throws {
        let site = trickyDiary()
        try site.build()
        let day = try #require(site.read("2025/05/02/index.html"))
        #expect(day.contains("떡국을 먹었다."))
        #expect(day.contains("<img src=\"../../../media/2025/05/%EC%82%AC%EC%A7%84."))
        #expect(day.contains(".png\" alt=\"사진\" width=\"300\" height=\"180\""))
        let json = try #require(site.read("2025/05/recap.json"))
        #expect(json.contains("\"words\": 4,")) // "Hello there", two Korean words, and no alt text
        let crlf = try #require(site.read("2025/05/01/index.html"))
        #expect(crlf.contains("<p>Hello\nthere</p>"))
    }

    @Test func theHomePageShowsThisMonthAndLastMonthsRecap() throws {
        let site = trickyDiary()
        try site.build(today: "2025-02-01")
        let home = try #require(site.read("index.html"))
        // On the 1st, last month's recap comes first.
        let card = try #require(home.range(of: "class=\"card recap-card\""))
        let calendar = try #require(home.range(of: "<table class=\"calendar\">"))
        #expect(card.lowerBound < calendar.lowerBound)
        #expect(home.contains("href=\"./2025/01/recap/\""))
        #expect(occurrences(of: "data-date=\"2025-02-", in: home) == 28)
        #expect(home.contains("Nothing written this month yet."))
        try site.build(today: "2025-02-20")
        let later = try #require(site.read("index.html"))
        #expect(try #require(later.range(of: "class=\"card recap-card\"")).lowerBound > (try #require(later.range(of: "<table class=\"calendar\">"))).lowerBound)
    }

    @Test func theYearInPixelsHasADayPerCell() throws {
        let site = trickyDiary()
        try site.build()
        let year = try #require(site.read("2024/index.html"))
        #expect(occurrences(of: "data-date=\"2024-", in: year) == 366)
        #expect(year.contains("<td data-date=\"2024-02-29\" data-mood=\"great\""))
        // 30 and 31 February, 31 April, June, September and November.
        #expect(occurrences(of: "class=\"missing\"", in: year) == 6)
        let common = try #require(site.read("2025/index.html"))
        #expect(occurrences(of: "data-date=\"2025-", in: common) == 365)
        #expect(occurrences(of: "class=\"missing\"", in: common) == 7)
    }

    @Test func linksBetweenPagesAreRelative() throws {
        let site = trickyDiary()
        try site.build()
        for path in site.outputFiles() where path.hasSuffix(".html") && path != "404.html" {
            let page = try #require(site.read(path))
            for match in page.matches(of: /(?:href|src)="([^"]*)"/) {
                let link = String(match.1)
                #expect(!link.hasPrefix("/"), "\(path) has a root-relative link \(link)")
                guard !link.hasPrefix("http"), !link.hasPrefix("#") else { continue }
                // Every relative link resolves to a file of the site.
                var target = site.output.appending(path: path).deletingLastPathComponent()
                    .appending(path: (link.removingPercentEncoding ?? link).components(separatedBy: "#")[0]).standardizedFileURL
                if link.hasSuffix("/") || link == "./" { target = target.appending(path: "index.html") }
                #expect(FileManager.default.fileExists(atPath: target.path), "\(path) links to \(link), which is missing")
            }
        }
    }

    @Test func theNavigationNamesTheLatestYearsAndLinksToTheOneBefore() throws {
        let site = TestSite()
        for year in 2019...2025 { site.entry("\(year)/\(year)-03-01.md", mood: "good") }
        try site.build()
        let page = try #require(site.read("2025/03/01/index.html"))
        let start = try #require(page.range(of: "<nav aria-label=\"Site\">"))
        let links = page[start.lowerBound...].components(separatedBy: "</nav>")[0]
        #expect(links.contains("<a href=\"../../../2020/\">Earlier years</a>"))
        for year in 2021...2025 { #expect(links.contains("<a href=\"../../../\(year)/\">\(year)</a>")) }
        #expect(!links.contains(">2019<") && !links.contains(">2020<"))
        // A short diary names every year and needs no link to earlier ones.
        let short = trickyDiary()
        try short.build()
        let home = try #require(short.read("index.html"))
        #expect(home.contains("<a href=\"./2024/\">2024</a>") && home.contains("<a href=\"./2025/\">2025</a>"))
        #expect(!home.contains("Earlier years"))
    }
}

@Suite struct FootnoteTests {
    @Test func twoEntriesWithFootnotesOnOneDayKeepTheirIdsApart() throws {
        let site = TestSite()
        site.entry("a.md", date: "2025-01-01T08:00", mood: "good", body: "One.[^1]\n\n[^1]: First.")
        site.entry("b.md", date: "2025-01-01T20:00", mood: "good", body: "Two.[^1]\n\n[^1]: Second.")
        try site.build()
        let page = try #require(site.read("2025/01/01/index.html"))
        let ids = page.matches(of: /id="([^"]+)"/).map { String($0.1) }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        for match in page.matches(of: /href="#([^"]+)"/) {
            #expect(ids.contains(String(match.1)), "#\(match.1) points nowhere")
        }
        #expect(ids.contains("entry-2-fn-1"))
    }
}

/// What recaps and the cards around them say: shares, mixed days, a month still
/// running, a month with nothing written.
@Suite struct RecapPagesTests {
    /// A great and an awful entry once showed as one calm 😐, with nothing to say there were two.
    @Test func aDayOfSeveralEntriesShowsThemAll() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-04.md", mood: "great")
        site.entry("2025/03/2025-03-04-b.md", date: "2025-03-04T21:00", mood: "awful")
        site.entry("2025/03/2025-03-05.md", mood: "good")
        try site.build()
        for (page, cellStart) in [("2025/03/index.html", "<td data-date=\"2025-03-04\""), ("2025/index.html", "<td data-date=\"2025-03-04\"")] {
            let html = try #require(site.read(page))
            let cell = try #require(slice(html, from: cellStart, to: "</td>"), "\(page)")
            #expect(cell.contains("several"), "\(page)")
            #expect(cell.contains("<span class=\"entry-count\" aria-hidden=\"true\">2</span>"), "\(page)")
            #expect(cell.contains("<span class=\"day-moods\" aria-hidden=\"true\"><span style=\"background: #2c7bb6\"></span><span style=\"background: #c8342c\"></span></span>"), "\(page)")
            #expect(cell.contains("Tuesday, March 4, 2025: Okay, 2 entries: Great, Awful"), "\(page)")
            let single = try #require(slice(html, from: "<td data-date=\"2025-03-05\"", to: "</td>"))
            #expect(!single.contains("several") && !single.contains("entry-count"), "\(page)")
            #expect(single.contains("Wednesday, March 5, 2025: Good"), "\(page)")
        }
    }

    @Test func sharesThatDoNotAddUpTo100SaySo() throws {
        let site = TestSite()
        for (day, mood) in ["great", "good", "okay"].enumerated() {
            site.entry("2025/03/2025-03-0\(day + 1).md", mood: mood, tags: ["t\(day)"])
        }
        site.entry("2025/04/2025-04-01.md", mood: "good", tags: ["a"])
        site.entry("2025/04/2025-04-02.md", mood: "okay", tags: ["b"])
        try site.build()
        let march = try #require(site.read("2025/03/recap/index.html"))
        #expect(occurrences(of: "<td>33%</td>", in: march) == 6)
        #expect(occurrences(of: "<p class=\"note\">Shares are rounded, so they may not add up to 100%.</p>", in: march) == 2)
        let april = try #require(site.read("2025/04/recap/index.html"))
        #expect(!april.contains("class=\"note\""))
    }

    @Test func aMonthNotOverYetIsRecappedSoFar() throws {
        let site = TestSite()
        site.write("diarygen.yml", "base_url: https://example.org/\n")
        site.entry("2025/03/2025-03-04.md", mood: "good")
        site.entry("2025/04/2025-04-01.md", mood: "good")
        try site.build(today: "2025-04-10")
        let april = try #require(site.read("2025/04/recap/index.html"))
        #expect(april.contains("<h1>Recap of April 2025 so far</h1>"))
        #expect(april.contains("<p class=\"verdict\">A good month so far, all in all.</p>"))
        #expect(try #require(site.read("2025/index.html")).contains("A good month so far, all in all."))
        #expect(try #require(site.read("feed.xml")).contains("A good month so far, all in all."))
        let march = try #require(site.read("2025/03/recap/index.html"))
        #expect(march.contains("<h1>Recap of March 2025</h1>"))
        #expect(march.contains("<p class=\"verdict\">A good month, all in all.</p>"))

        site.write("diarygen.yml", "locale: ko_KR\n")
        try site.build(today: "2025-04-10")
        let korean = try #require(site.read("2025/04/recap/index.html"))
        #expect(korean.contains("<h1>2025년 4월 지금까지 돌아보기</h1>"))
        #expect(korean.contains("<p class=\"verdict\">지금까지 대체로 좋은 한 달이에요.</p>"))
        #expect(!korean.contains("이었어요"))
        #expect(try #require(site.read("2025/03/recap/index.html")).contains("대체로 좋은 한 달이었어요."))
    }

    /// On the 1st after a month with no entries, the recap card once vanished without a word.
    @Test func afterAnEmptyMonthHomeSaysSoAndLinksTheLatestRecap() throws {
        let site = TestSite()
        site.entry("2025/01/2025-01-04.md", mood: "good")
        try site.build(today: "2025-03-01")
        let home = try #require(site.read("index.html"))
        #expect(home.contains("Nothing was written in February 2025."))
        #expect(home.contains("<a class=\"button\" href=\"./2025/01/recap/\">Recap of January 2025</a>"))
        // Looking back comes first in a month's first week.
        #expect(try #require(home.range(of: "February 2025")).lowerBound < (try #require(home.range(of: "this-month-title")).lowerBound))

        try site.build(today: "2025-02-10")
        let withRecap = try #require(site.read("index.html"))
        #expect(withRecap.contains("Recap of January 2025"))
        #expect(!withRecap.contains("Nothing was written"))
    }
}

@Suite struct TrophyPagesTests {
    /// 26 December 2024 to 1 January 2025 written, the last day public, the first private.
    func weekOverNewYear() -> TestSite {
        let site = TestSite()
        site.write("diarygen.yml", "title: Trophies\nbase_url: https://example.org/diary/\nreminders:\n  daily: \"21:30\"\n")
        site.writeDays(from: .ymd(2024, 12, 26), count: 7) { index in
            "---\nmood: good\n\(index == 6 ? "public: true\n" : index == 0 ? "private: true\n" : "")---\nDay \(index).\n"
        }
        return site
    }

    @Test func theTrophiesPageLinksTheDaysTheyWereEarnedOn() throws {
        let site = weekOverNewYear()
        try site.build(today: "2025-01-02")
        let page = try #require(site.read("trophies/index.html"))
        #expect(page.contains("<title>Trophies · Trophies</title>"))
        #expect(page.contains("A week in a row"))
        #expect(page.contains("Earned on <a href=\"../2025/01/01/\"><time datetime=\"2025-01-01\">Wednesday, January 1, 2025</time></a>."))
        #expect(page.contains("First entry of 2024") && page.contains("<a href=\"../2024/12/26/\">"))
        // Today is not written yet, so yesterday's run of seven days goes on.
        #expect(page.contains("7 of 30 days") && page.contains("7 of 100 entries"))
        // A trophy not earned yet says what earns it, not that it was earned.
        #expect(page.contains("Write thirty days in a row without missing one.") && !page.contains("Wrote thirty days"))
        #expect(page.contains("Write the diary&#39;s 100th entry.") && !page.contains("Wrote the diary&#39;s 100th"))
        // Newest first.
        #expect(page.range(of: "First entry of 2025")!.lowerBound < page.range(of: "First entry of 2024")!.lowerBound)
        let day = try #require(site.read("2025/01/01/index.html"))
        #expect(day.contains("Earned this day") && day.contains("A week in a row") && day.contains("First entry of 2025"))
        #expect(!day.contains("Earned on"))
        #expect(try #require(site.read("2024/12/31/index.html")).contains("Earned this day") == false)
        let recap = try #require(site.read("2025/01/recap/index.html"))
        #expect(recap.contains("Trophies this month") && recap.contains("A week in a row"))
        #expect(try #require(site.read("index.html")).contains("<a href=\"./trophies/\">Trophies</a>"))
    }

    /// The public site counts the days it shows, and links only the days with pages.
    @Test func thePublicSiteLinksOnlyPublishedDays() throws {
        let site = weekOverNewYear()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 1, 2), audience: .world))
        let page = try #require(String(data: FileManager.default.contents(atPath: site.folder.appending(path: "public/trophies/index.html").path)!, encoding: .utf8))
        // The private 26 December does not count: the week is not complete in public.
        #expect(!page.contains("id=\"trophy-streak-7\"") && page.contains("6 of 7 days"))
        #expect(page.contains("First entry of 2024") && page.contains("<time datetime=\"2024-12-27\">"))
        #expect(!page.contains("href=\"../2024/12/27/\""))
        #expect(page.contains("<a href=\"../2025/01/01/\"><time datetime=\"2025-01-01\">"))
    }

    @Test func aKoreanSiteNamesTrophiesInKorean() throws {
        let site = weekOverNewYear()
        site.write("diarygen.yml", "locale: ko_KR\ntimezone: Asia/Seoul\n")
        try site.build(today: "2025-01-02")
        let page = try #require(site.read("trophies/index.html"))
        #expect(page.contains("일주일 연속") && page.contains("7일 동안 하루도 빠짐없이 일기를 썼어요."))
        #expect(page.contains("2025년 첫 일기") && page.contains("30일 중 7일") && page.contains("100편 중 7편"))
        #expect(page.contains("에 받았어요."))
    }
}

@Suite struct RemindersCalendarTests {
    @Test func theCalendarIsWrittenWhenConfiguredAndPublishedOnlyWhenPublic() throws {
        let site = TrophyPagesTests().weekOverNewYear()
        try site.build(today: "2025-01-02")
        let calendar = try #require(site.read("reminders.ics"))
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && calendar.hasSuffix("END:VCALENDAR\r\n"))
        #expect(calendar.contains("UID:daily-entry@example.org/diary\r\n"))
        #expect(calendar.contains("DTSTART;TZID=\(SiteConfig.machineTimeZone().identifier):20241201T213000\r\n"))
        #expect(calendar.contains("RRULE:FREQ=DAILY\r\n") && calendar.contains("BEGIN:VALARM\r\n"))
        // Only the daily reminder is configured.
        #expect(!calendar.contains("monthly-recap"))
        // The same file again: a subscribed calendar finds the same events.
        site.writeDays(from: .ymd(2025, 1, 2), count: 1) { _ in "---\nmood: good\n---\n" }
        try site.build(today: "2025-01-03")
        #expect(site.read("reminders.ics") == calendar)

        let world = site.folder.appending(path: "public/reminders.ics").path
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 1, 2), audience: .world))
        #expect(!FileManager.default.fileExists(atPath: world))
        site.write("diarygen.yml", "reminders: {daily: \"21:30\", recap: \"09:00\", public: true}\ntimezone: Asia/Seoul\nlocale: ko_KR\n")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 1, 2), audience: .world))
        let published = try String(contentsOfFile: world, encoding: .utf8)
        #expect(published.contains("SUMMARY:오늘의 일기 쓰기\r\n") && published.contains("SUMMARY:지난달 돌아보기\r\n"))
        #expect(published.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=1\r\n"))
        #expect(published.contains("DTSTART;TZID=Asia/Seoul:20241201T090000\r\n"))
        // Without base_url the events have no address.
        #expect(published.contains("UID:monthly-recap@diarygen\r\n") && !published.contains("URL:"))

        site.write("diarygen.yml", "title: no reminders\n")
        try site.build(today: "2025-01-02")
        #expect(!site.exists("reminders.ics"))
    }
}
