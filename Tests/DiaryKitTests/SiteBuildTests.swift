import Foundation
import Testing
@testable import DiaryKit

/// A diary with the inputs that break diaries: leap days, a year boundary, a month
/// of a single mood, two entries on one day, CRLF and BOM files, Korean file names
/// and text, a date only in the file name, emoji and numeric moods, and HTML in a title.
func trickyDiary() -> TestSite {
    let site = TestSite()
    site.entry("2024/02/2024-02-28.md", mood: "good", tags: ["leap"])
    site.entry("2024/02/2024-02-29.md", mood: "great", title: "Leap day", tags: ["leap"])
    site.entry("2024/03/2024-03-01.md", mood: "okay")
    site.entry("2024/12/late.md", date: "2024-12-31T23:59:59+09:00", mood: "great", title: "Last minute")
    site.entry("2025/01/early.md", date: "2025-01-01T00:00:01-08:00", mood: "good", title: "First second")
    site.entry("2025/01/2025-01-02.md", mood: "🙂")
    site.entry("2025/01/2025-01-03.md", mood: "1", title: "<script>alert(1)</script>", tags: ["<b>"])
    site.entry("2025/01/2025-01-03-evening.md", date: "2025-01-03T21:00", mood: "great", title: "Evening")
    site.entry("2025/01/2025-01-03-morning.md", date: "2025-01-03T08:00", mood: "great", title: "Morning")
    for day in [5, 6, 7] { site.entry("2025/04/2025-04-0\(day).md", mood: "okay") }
    site.write("content/2025/05/2025-05-01.md", Data("\u{FEFF}---\r\nmood: good\r\ntitle: CRLF\r\n---\r\nHello\r\nthere\r\n".utf8))
    site.entry("2025/05/2025-05-02-설날.md", mood: "great", title: "떡국", body: "떡국을 먹었다. ![사진](사진.png)")
    site.write("content/2025/05/사진.png", Data([0x89, 0x50, 0x4E, 0x47]))
    site.write("content/2025/05/.hidden.md", "not an entry")
    site.write("content/2025/05/2025-05-03.md~", "backup")
    return site
}

@Suite struct SiteBuildTests {
    @Test func theURLLayoutIsExactlyAsPromised() throws {
        let site = trickyDiary()
        let report = try site.build()
        #expect(report.entries == 14)
        #expect(report.warnings.isEmpty)
        let files = site.outputFiles()
        for month in ["2024/02", "2024/03", "2024/12", "2025/01", "2025/04", "2025/05"] {
            #expect(files.contains("\(month)/index.html"))
            #expect(files.contains("\(month)/recap/index.html"))
            #expect(files.contains("\(month)/recap/moods.svg"))
            #expect(files.contains("\(month)/recap.json"))
        }
        // Months with no entries get no pages.
        #expect(!files.contains { $0.hasPrefix("2024/04/") || $0.hasPrefix("2025/02/") })
        for day in ["2024/02/29", "2024/12/31", "2025/01/01", "2025/01/03", "2025/05/01", "2025/05/02"] {
            #expect(files.contains("\(day)/index.html"))
        }
        for page in ["index.html", "entries/index.html", "2024/index.html", "2025/index.html", "style.css", "media/2025/05/사진.png"] {
            #expect(files.contains(page))
        }
        #expect(!files.contains { $0.contains("hidden") || $0.contains("~") })
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

    @Test func datesNearMidnightStayOnTheirWrittenDay() throws {
        let site = trickyDiary()
        try site.build()
        #expect(try #require(site.read("2024/12/31/index.html")).contains("Last minute"))
        #expect(try #require(site.read("2025/01/01/index.html")).contains("First second"))
        let json = try #require(site.read("2024/12/recap.json"))
        #expect(json.contains("\"entries\": 1,"))
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

    @Test func htmlInATitleIsEscapedEverywhere() throws {
        let site = trickyDiary()
        try site.build()
        for path in site.outputFiles() where path.hasSuffix(".html") || path.hasSuffix(".svg") {
            let text = try #require(site.read(path))
            #expect(!text.contains("<script>"), "\(path) contains an unescaped script tag")
            #expect(!text.contains("<b>"), "\(path) contains an unescaped tag")
        }
        #expect(try #require(site.read("entries/index.html")).contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
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

    @Test func theRecapJSONOfAMixedMonth() throws {
        let site = trickyDiary()
        try site.build()
        #expect(site.read("2025/01/recap.json") == """
        {
          "month": "2025-01",
          "entries": 5,
          "days_written": 3,
          "moods": {"great": 2, "good": 2, "okay": 0, "bad": 0, "awful": 1},
          "average_score": 3.8,
          "longest_streak": 3,
          "words": 10,
          "tags": {"<b>": 1}
        }

        """)
    }

    @Test func koreanTextAndImagesWork() throws {
        let site = trickyDiary()
        try site.build()
        let day = try #require(site.read("2025/05/02/index.html"))
        #expect(day.contains("떡국을 먹었다."))
        #expect(day.contains("<img src=\"../../../media/2025/05/%EC%82%AC%EC%A7%84.png\" alt=\"사진\" />"))
        let json = try #require(site.read("2025/05/recap.json"))
        #expect(json.contains("\"words\": 8,")) // "Hello there", six Hangul syllables, and no alt text
        let crlf = try #require(site.read("2025/05/01/index.html"))
        #expect(crlf.contains("<p>Hello\nthere</p>"))
    }

    @Test func aKoreanSiteUsesKoreanWordsAndNames() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: ko_KR\ntimezone: Asia/Seoul\n")
        try site.build()
        let recap = try #require(site.read("2025/01/recap/index.html"))
        #expect(recap.contains("<html lang=\"ko-KR\">"))
        #expect(recap.contains("2025년 1월 돌아보기"))
        #expect(recap.contains("최고"))
        let month = try #require(site.read("2025/01/index.html"))
        // Korean weeks start on Sunday (일요일).
        #expect(try #require(slice(month, from: "<th scope=\"col\">", to: "</th>")).contains("일요일"))
    }

    @Test func aGermanWeekStartsOnMonday() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: de_DE\n")
        try site.build()
        let month = try #require(site.read("2024/02/index.html"))
        #expect(try #require(slice(month, from: "<th scope=\"col\">", to: "</th>")).contains("Montag"))
        #expect(month.contains("Februar 2024"))
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

    @Test func errorsStopTheBuildBeforeTheOutputIsTouched() throws {
        let site = trickyDiary()
        try site.build()
        let before = try #require(site.read("index.html"))
        site.entry("2025/06/2025-06-31.md", mood: "good")
        site.entry("2025/06/2025-06-01.md", mood: "blissful")
        #expect {
            try site.build(today: "2026-01-01")
        } throws: { error in
            let problems = (error as? DiagnosticsError)?.errors.map(\.path) ?? []
            return problems == ["content/2025/06/2025-06-01.md", "content/2025/06/2025-06-31.md"]
        }
        #expect(site.read("index.html") == before)
    }

    @Test func customMoodsAndALocalTheme() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", """
        title: Custom
        moods:
          - {id: great, label: Wonderful, emoji: "🌞", color: "#ffcc00", score: 5}
          - {id: good, emoji: "🌤", color: "#88aaee", score: 4}
          - {id: okay, emoji: "☁️", color: "#999", score: 3}
          - {id: awful, emoji: "⛈", color: "#333333", score: 1}
        """)
        site.write("templates/day.mustache", "<h1>{{title}}</h1><p>custom day</p>")
        site.write("templates/i18n/en.yml", "recap_of: \"Looking back at {month}\"\n")
        site.write("content/2024/02/2024-02-28.md", "---\nmood: good\n---\n")
        site.write("content/2024/02/2024-02-29.md", "---\nmood: great\n---\n")
        site.write("content/2025/01/2025-01-02.md", "---\nmood: 🌤\n---\n")
        try site.build()
        #expect(try #require(site.read("2024/02/29/index.html")).contains("<p>custom day</p>"))
        let recap = try #require(site.read("2024/02/recap/index.html"))
        #expect(recap.contains("Looking back at February 2024"))
        #expect(recap.contains("Wonderful"))
        // Keys the site's translation file leaves out keep the built-in words.
        #expect(recap.contains("Entries this month"))
        #expect(try #require(site.read("2024/02/recap.json")).contains("\"moods\": {\"great\": 1, \"good\": 1, \"okay\": 0, \"awful\": 0},"))
    }

    @Test func aSecondBuildWritesNothingAndStalePagesGo() throws {
        let site = trickyDiary()
        try site.build()
        site.write("site/CNAME", "diary.example.org\n")
        let again = try site.build()
        #expect(again.files.written == 0)
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024/12/late.md"))
        let after = try site.build()
        #expect(after.files.removed == 5)
        #expect(!site.exists("2024/12/index.html"))
        #expect(!site.exists("2024/12"))
        #expect(site.read("CNAME") == "diary.example.org\n")
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

    @Test func aFirstBuildAppearsWholeOrNotAtAll() throws {
        let site = trickyDiary()
        let staging = site.folder.appending(path: ".site.diarygen-new")
        // What a killed first build leaves: diarygen's own marker, and half a site.
        site.write(".site.diarygen-new/.diarygen-writing", "")
        site.write(".site.diarygen-new/2024/index.html", "<p>half")
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(site.read("2024/index.html")?.hasSuffix("</html>\n") == true)
        #expect(!site.exists(SiteWriter.unfinishedMarkerName))
        #expect(site.exists(SiteWriter.manifestName))
        #expect(try site.build().files.written == 0)

        // An empty one (killed before the marker was written) goes too.
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: staging.path))

        // A folder of that name without the marker is someone else's: left alone, and the site is still built.
        try FileManager.default.removeItem(at: site.output)
        site.write(".site.diarygen-new/mine.txt", "keep")
        try site.build()
        #expect(FileManager.default.contents(atPath: staging.appending(path: "mine.txt").path) == Data("keep".utf8))
        #expect(site.exists("2024/index.html"))

        // A first build that fails while writing leaves nothing behind.
        let output = site.folder.appending(path: "elsewhere")
        let files = [OutputFile(path: "a/index.html", contents: .text("<p>a</p>")),
                     OutputFile(path: "media/gone.png", contents: .copy(of: site.folder.appending(path: "content/gone.png")))]
        #expect(throws: WriteFailure.self) { try SiteWriter(output: output).write(files) }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: ".elsewhere.diarygen-new").path))
    }

    @Test func pagesOfABuildThatFailedWhileWritingAreRemovedByTheNext() throws {
        let site = trickyDiary()
        try site.build()
        let fresh = try snapshot(site.output)
        // A write that fails part of the way (a full disk, a file that went): the pages
        // before the failure are on disk, and the manifest must already name them.
        let files = [OutputFile(path: "2030/01/01/index.html", contents: .text("<p>private words</p>")),
                     OutputFile(path: "media/gone.png", contents: .copy(of: site.folder.appending(path: "content/gone.png")))]
        #expect(throws: WriteFailure.self) { try SiteWriter(output: site.output).write(files) }
        #expect(site.read("2030/01/01/index.html") == "<p>private words</p>")
        let after = try site.build()
        #expect(!site.exists("2030/01/01/index.html") && !site.exists("2030"))
        #expect(after.files.removed == 1)
        #expect(try snapshot(site.output) == fresh)
    }

    @Test func aFileThatBecomesAFolderAndBackIsBuilt() throws {
        let site = trickyDiary()
        let album = site.folder.appending(path: "content/album")
        site.write("content/album", "one picture")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album)")
        try site.build()
        #expect(site.read("media/album") == "one picture")
        try FileManager.default.removeItem(at: album)
        site.write("content/album/x.jpg", "a folder of them")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album/x.jpg)")
        try site.build()
        #expect(site.read("media/album/x.jpg") == "a folder of them")
        try FileManager.default.removeItem(at: album)
        site.write("content/album", "one again")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album)")
        try site.build()
        #expect(site.read("media/album") == "one again")
        // Someone's own folder at a file's path is still theirs.
        site.write("site/media/mine/notes.txt", "keep")
        site.write("content/mine", "a picture")
        #expect(throws: BuildFailure.self) { try site.build() }
        #expect(site.read("media/mine/notes.txt") == "keep")
    }

    @Test func aBuildNeverReplacesFilesItDidNotWrite() throws {
        let site = trickyDiary()
        // Someone's own site, where the diary's would go.
        let theirs = ["index.html": "<p>my home</p>", "style.css": "body {}", "robots.txt": "User-agent: *\n",
                      "404.html": "<p>lost</p>", "2024/index.html": "<p>my year</p>", "CNAME": "me.example.org\n", "notes/todo.txt": "milk"]
        for (path, text) in theirs { site.write("site/" + path, text) }
        let before = try snapshot(site.output)
        do {
            try site.build()
            Issue.record("the build replaced files it did not write")
        } catch let failure as BuildFailure {
            let conflict = try #require(failure.underlying as? SiteWriter.Conflict)
            #expect(failure.phase == .write)
            #expect(conflict.paths == ["2024/index.html", "404.html", "index.html", "robots.txt", "style.css"])
            #expect(conflict.description.contains("--force"))
        }
        #expect(try snapshot(site.output) == before, "nothing is written when anything is in the way")
        // --force takes the folder over; files at paths diarygen never writes stay.
        var options = SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 11, 23))
        options.takeOver = true
        try SiteBuild.run(options)
        #expect(site.read("index.html")?.contains("<p>my home</p>") == false)
        #expect(site.read("CNAME") == "me.example.org\n" && site.read("notes/todo.txt") == "milk")
        // From then on the pages are diarygen's own, and a build without --force goes on.
        site.entry("2025/02/2025-02-01.md", mood: "good")
        try site.build()
    }

    @Test func unsafeOutputFoldersAreRefused() throws {
        let site = trickyDiary()
        for output in [site.folder, site.folder.deletingLastPathComponent(), site.folder.appending(path: "content/site"), site.folder.appending(path: ".diarygen-cache/site"), URL(fileURLWithPath: "/")] {
            #expect(throws: OutputFolder.Refused.self) {
                try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: output, today: .ymd(2025, 1, 1)))
            }
        }
    }
}
