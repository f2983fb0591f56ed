// Sources/DiaryKit/Cache/: BuildCache (an incremental build makes the bytes of a full one);
// what it saves and reads back is in CacheSavesTests.swift.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct BuildCacheTests {
    /// Builds `site` incrementally into site/ and from scratch into fresh/, and
    /// expects the two folders to hold the same files with the same bytes.
    @discardableResult
    func buildAndCompare(_ site: TestSite, audience: Audience = .author, today: String = "2025-11-23", _ step: String) throws -> SiteBuild.Report {
        let today = CivilDate(argument: today)
        let output = site.folder.appending(path: audience == .world ? "public" : "site")
        let report = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today, audience: audience))
        let fresh = site.folder.appending(path: "fresh")
        try? FileManager.default.removeItem(at: fresh)
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: fresh, today: today, audience: audience, useCache: false))
        let files = TestSite.files(in: output)
        #expect(files == TestSite.files(in: fresh), "\(step): the same files")
        for path in files where path != SiteWriter.manifestName {
            let built = FileManager.default.contents(atPath: output.appending(path: path).path)
            let expected = FileManager.default.contents(atPath: fresh.appending(path: path).path)
            #expect(built == expected, "\(step): \(path) differs from a full build")
        }
        return report
    }

    @Test func anIncrementalBuildMakesExactlyTheBytesOfAFullBuild() throws {
        let site = trickyDiary()
        site.entry("2025/01/links.md", date: "2025-01-10", mood: "good", title: "Links",
                   body: "See [leap day](../../2024/02/2024-02-29.md), ![the soup](../05/사진.png) and [later](later.md).[^1]\n\n[^1]: A note.")
        try buildAndCompare(site, "first build")

        let stamps = { TestSite.files(in: site.output).map { FileStamp(path: site.output.appending(path: $0).path) } }
        let before = stamps()
        let unchanged = try buildAndCompare(site, "nothing changed")
        #expect(unchanged.files.written == 0)
        #expect(stamps() == before, "a build with nothing to do touches no file, the manifest included")

        site.entry("2025/04/2025-04-06.md", mood: "okay", body: "New ~~words~~ here.")
        #expect(try buildAndCompare(site, "a body changed").files.written > 0)

        site.entry("2025/04/2025-04-07.md", mood: "awful")
        try buildAndCompare(site, "a mood changed")

        // The home page shows today's date in earlier years with their excerpts, and today's month.
        site.entry("2024/11/2024-11-23.md", mood: "good", title: "A year before", body: "Before.")
        site.entry("2025/11/2025-11-20.md", mood: "bad", body: "This month.")
        try buildAndCompare(site, "today's date a year before and today's month were written")
        site.entry("2024/11/2024-11-23.md", mood: "good", title: "A year before", body: "Changed, before.")
        site.entry("2025/11/2025-11-20.md", mood: "bad", body: "This month, changed.")
        try buildAndCompare(site, "their words changed")

        site.entry("2025/04/2025-04-07.md", mood: "awful", title: "Now with a title", tags: ["rain"])
        try buildAndCompare(site, "a title and tags came")

        site.entry("2025/04/2025-04-07.md", date: "2025-04-07T06:30", mood: "awful", title: "Now with a title", tags: ["rain", "work"])
        try buildAndCompare(site, "a time and another tag came")

        site.entry("2025/04/2025-04-07.md", mood: "awful", title: "Now with a title", tags: ["rain", "work"],
                   body: "A first paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nA note.[^n]\n\n[^n]: Here.")
        try buildAndCompare(site, "a table and a footnote came")

        try buildAndCompare(site, today: "2025-04-07", "today moved into a written month")
        try buildAndCompare(site, today: "2025-04-08", "today moved a day on")
        try buildAndCompare(site, today: "2025-05-01", "the month of today ended")
        // 2025 ends with May: only the year in review knows the year ended.
        try buildAndCompare(site, today: "2025-12-15", "the last written month of the year is over")
        #expect(site.read("2025/recap/index.html")?.contains("<h1>2025 so far</h1>") == true)
        try buildAndCompare(site, today: "2026-01-02", "the year of today ended")
        #expect(site.read("2025/recap/index.html")?.contains("<h1>2025 in review</h1>") == true)
        try buildAndCompare(site, today: "2025-05-06", "today moved back into the year")

        // The linking entry did not change, but where its link leads did.
        site.entry("2024/02/2024-02-29.md", date: "2024-02-27", mood: "great", title: "Leap day, moved")
        try buildAndCompare(site, "a linked entry moved")
        #expect(site.read("2025/01/10/index.html")?.contains("2024/02/27/") == true)

        site.entry("2025/01/later.md", date: "2025-01-20", mood: "good")
        try buildAndCompare(site, "a missing link target appeared")

        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/04/2025-04-05.md"))
        try buildAndCompare(site, "an entry was deleted")

        site.write("diarygen.yml", "title: Renamed\nweek_starts_on: monday\n")
        try buildAndCompare(site, "the configuration changed")

        site.write("diarygen.yml", "title: Renamed\nweek_starts_on: monday\nlocale: de_DE\n")
        try buildAndCompare(site, "the locale changed")

        site.write("diarygen.yml", """
        title: Renamed
        locale: de_DE
        moods:
          - {id: great, label: Prima, emoji: "😄", color: "#2c7bb6", score: 5}
          - {id: good,  emoji: "🙂", color: "#8cc4e0", score: 4}
          - {id: okay,  emoji: "😐", color: "#f2d45c", score: 3}
          - {id: bad,   emoji: "😕", color: "#f0913c", score: 2}
          - {id: awful, emoji: "😞", color: "#101010", score: 1}
        """)
        try buildAndCompare(site, "a mood's label and colour changed")

        site.write("templates/i18n/de.yml", "table: Tabelle zum Scrollen\nuntitled: Ohne Titel\n")
        try buildAndCompare(site, "the site's words changed")

        site.write("templates/day.mustache", "<h1>{{title}}</h1>{{#entries}}<article>{{{body}}}</article>{{/entries}}")
        try buildAndCompare(site, "a template changed")

        site.write("site/2025/01/10/index.html", "edited by hand")
        try buildAndCompare(site, "a page was edited by hand")
        #expect(site.read("2025/01/10/index.html") != "edited by hand")

        try buildAndCompare(site, audience: .world, "the public build")
        try buildAndCompare(site, audience: .world, "the public build again")
    }

    /// A day page links its date in other years with their moods: a mood changed a
    /// year away changes the page.
    @Test func aDayIsMadeAgainWhenItsDateInAnotherYearChangesMood() throws {
        let site = TestSite()
        site.entry("2024/06/2024-06-15.md", mood: "good")
        site.entry("2025/06/2025-06-15.md", mood: "okay")
        try buildAndCompare(site, "15 June in two years")
        site.entry("2024/06/2024-06-15.md", mood: "awful")
        try buildAndCompare(site, "the earlier one's mood changed")
        #expect(site.read("2025/06/15/index.html")?.contains("Saturday, June 15, 2024: Awful") == true)
    }

    /// A trophy is earned from all the days before it: the day that completes a streak,
    /// the recap of its month and the trophies page change with days far from them.
    @Test func trophiesAreMadeAgainWhenTheDaysTheyCountChange() throws {
        let site = TestSite()
        site.writeDays(from: .ymd(2025, 1, 1), count: 6) { _ in "---\nmood: good\n---\n" }
        site.writeDays(from: .ymd(2025, 2, 1), count: 7) { _ in "---\nmood: good\n---\n" }
        try buildAndCompare(site, today: "2025-02-08", "the streak of February")
        #expect(site.read("2025/02/07/index.html")?.contains("A week in a row") == true)

        site.writeDays(from: .ymd(2025, 1, 7), count: 1) { _ in "---\nmood: okay\n---\n" }
        try buildAndCompare(site, today: "2025-02-08", "a January day completed an earlier week")
        #expect(site.read("2025/01/07/index.html")?.contains("A week in a row") == true)
        #expect(site.read("2025/02/07/index.html")?.contains("A week in a row") == false)

        try buildAndCompare(site, today: "2025-02-10", "today moved past the streak")
        #expect(site.read("trophies/index.html")?.contains("0 of 30 days") == true)
        try buildAndCompare(site, audience: .world, today: "2025-02-10", "the public build")
        site.write("diarygen.yml", "reminders:\n  daily: \"21:30\"\n  public: true\n")
        try buildAndCompare(site, audience: .world, today: "2025-02-10", "the public calendar of reminders")
    }

    /// A month's recap says on which day each of its trophies was earned: a trophy earned
    /// on another day of the same month, because an entry months before it is gone,
    /// makes the recap again.
    @Test func aTrophyMovedWithinItsMonthRemakesItsRecap() throws {
        let site = TestSite()
        // Every other day, so that no streak is earned: the 100th entry on July 18, 2025.
        for index in 0..<101 { site.writeDays(from: CivilDate.ymd(2025, 1, 1).adding(days: index * 2), count: 1) { _ in "---\nmood: good\n---\n" } }
        try buildAndCompare(site, today: "2025-08-01", "a hundred entries")
        #expect(site.read("2025/07/recap/index.html")?.contains("Earned on <a href=\"../../../2025/07/18/\">") == true)
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/2025-01-03.md"))
        try buildAndCompare(site, today: "2025-08-01", "an entry of January gone")
        #expect(site.read("2025/07/recap/index.html")?.contains("Earned on <a href=\"../../../2025/07/20/\">") == true)
    }

    @Test func anEntryRewrittenBehindItsStampIsReadAgain() throws {
        let site = trickyDiary()
        let file = site.folder.appending(path: "content/2025/04/2025-04-06.md")
        site.entry("2025/04/2025-04-06.md", mood: "okay", body: "Before.")
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        // Stamps are trusted only for files that have been still for two seconds.
        Thread.sleep(forTimeInterval: 2.1)
        try buildAndCompare(site, "first build")
        try buildAndCompare(site, "stamps recorded")
        // Rewritten in place (the same inode), to the same size, with the old modification
        // time put back: only the kernel's change time tells.
        let before = try String(contentsOf: file, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(before.replacingOccurrences(of: "Before.", with: "Later..").utf8))
        try handle.close()
        let times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, times, 0) == 0)
        try buildAndCompare(site, "rewritten behind its stamp")
        #expect(site.read("2025/04/06/index.html")?.contains("Later..") == true)
    }

    @Test func aFolderRememberedIsListedAgainOnceItChanges() throws {
        let site = trickyDiary()
        // Listings are kept only of folders that have been still for two seconds.
        Thread.sleep(forTimeInterval: 2.1)
        try buildAndCompare(site, "first build")
        try buildAndCompare(site, "listings remembered")
        site.entry("2025/04/2025-04-20.md", mood: "good", body: "A new day in a remembered folder.")
        try buildAndCompare(site, "an entry added")
        try FileManager.default.moveItem(at: site.folder.appending(path: "content/2024/12/late.md"),
                                         to: site.folder.appending(path: "content/2024/12/later.md"))
        try buildAndCompare(site, "an entry renamed")
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024/03"))
        site.entry("2023/06/2023-06-01.md", mood: "great", body: "A new year's folder.")
        try buildAndCompare(site, "a month's folder removed, a year's added")
        #expect(site.read("2023/06/01/index.html")?.contains("A new year") == true)
    }
}
