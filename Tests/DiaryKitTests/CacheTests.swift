// Sources/DiaryKit/Cache/: BuildCache (an incremental build makes the bytes of a full one)
// and the Fingerprint values it keeps from one run to the next.
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

    /// A cache file is read into memory when small and mapped when large: both hold the
    /// file's bytes; an empty or missing file is none.
    @Test func aCacheFileIsReadWholeSmallOrLarge() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [1, 4096, WholeFile.mappedFrom - 1, WholeFile.mappedFrom, WholeFile.mappedFrom + 4097] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            let path = folder.appending(path: "\(size)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let file = try #require(WholeFile(path: path))
            #expect(Array(file.bytes) == bytes, "\(size) bytes")
        }
        try Data().write(to: folder.appending(path: "empty"))
        #expect(WholeFile(path: folder.appending(path: "empty").path) == nil && WholeFile(path: folder.appending(path: "none").path) == nil)
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

    @Test func aFewChangedEntriesAreSavedAsChangesThenInFull() throws {
        let site = trickyDiary()
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let changes = cache.appending(path: "entries-changes").path
        try buildAndCompare(site, "first build")
        #expect(!FileManager.default.fileExists(atPath: changes))
        site.entry("2025/04/2025-04-06.md", mood: "great", body: "Changed once.")
        try buildAndCompare(site, "one entry changed")
        #expect(FileManager.default.fileExists(atPath: changes))
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/04/2025-04-07.md"))
        site.entry("2025/04/2025-04-06.md", mood: "bad", body: "Changed twice.")
        try buildAndCompare(site, "changed again, and one removed")
        let folder = SiteFolder(site.folder)
        let stored = BuildCache(site: folder).loadEntries(parser: try SiteBuild.settings(site: folder).parser)
        #expect(stored.records["2025/04/2025-04-07.md"] == nil)
        #expect(stored.records["2025/04/2025-04-06.md"]?.metadata.mood?.id == "bad")
        // Changes never apply to a full save they were not made after.
        try FileManager.default.removeItem(at: cache.appending(path: "entries"))
        site.entry("2025/04/2025-04-05.md", mood: "good", body: "Changed after the full save was lost.")
        try buildAndCompare(site, "without the full save")
        #expect(!FileManager.default.fileExists(atPath: changes))
        try buildAndCompare(site, "once more")
    }

    /// The search index's 64 parts take new inputs at every edit of words, so only a site of
    /// thousands of pages saves an edit as changes: its records are remembered here directly.
    @Test func aFewPagesMadeAreSavedAsChangesThenInFull() throws {
        let site = TestSite()
        let output = site.output
        let cache = BuildCache(site: SiteFolder(site.folder))
        let cacheFolder = site.folder.appending(path: SiteFolder.cacheName)
        let named = { (prefix: String) in try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasPrefix(prefix) } }
        var paths = (0..<200).map { "\($0)/index.html" }
        var inputs: [String: Fingerprint] = [:]
        /// Writes `made` from new inputs, leaves the other pages as they are, and remembers them all.
        func build(making made: [String]) throws {
            let stored = cache.loadPages(output: output)
            var written = SiteWriter.WrittenFiles()
            for path in made {
                inputs[path] = Fingerprint(value: (inputs[path]?.value ?? 0) + 1)
                let file = output.appending(path: path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("made from \(inputs[path]!.value)".utf8).write(to: file)
                written.pages[path] = FileStamp(path: file.path)
            }
            let pages = paths.compactMap { path in
                BuildCache.MadePage(OutputFile(path: path, contents: made.contains(path) ? .text("") : .current, inputs: inputs[path]))
            }
            try cache.rememberPages(pages, written: written, stored: stored, output: output)
        }
        func expectRecordsFollowTheBuilds(_ step: String) {
            let stored = cache.loadPages(output: output)
            #expect(stored.current.mapValues(\.inputs) == inputs.filter { paths.contains($0.key) }, "\(step): every page's inputs")
            #expect(stored.stale.isEmpty, "\(step)")
        }

        try build(making: paths)
        let full = try #require(try named("pages-").first)
        let changes = "page-changes-" + full.dropFirst("pages-".count)
        #expect(try named("page-changes-").isEmpty)
        let saved = try Data(contentsOf: cacheFolder.appending(path: full))
        expectRecordsFollowTheBuilds("first build")

        try build(making: ["3/index.html", "150/index.html"])
        #expect(try named("page-changes-") == [changes])
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) == saved, "the full save is left as it was")
        expectRecordsFollowTheBuilds("two pages made again")

        let gone = paths.removeLast()
        try build(making: ["3/index.html"])
        #expect(cache.loadPages(output: output).changes[gone] == .some(nil), "a page no longer made is recorded as gone")
        expectRecordsFollowTheBuilds("a page gone")

        // A page changed by hand is not current, and is current again once made again.
        try Data("by hand".utf8).write(to: output.appending(path: "7/index.html"))
        #expect(cache.loadPages(output: output).stale == ["7/index.html"])
        try build(making: ["7/index.html"])
        expectRecordsFollowTheBuilds("a page changed by hand made again")
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) == saved)

        // More changes than the site's twentieth and 64: saved in full, and the changes go.
        try build(making: Array(paths[10..<80]))
        #expect(try named("page-changes-").isEmpty)
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) != saved)
        expectRecordsFollowTheBuilds("many pages made again")

        // Changes never apply to a full save they were not made after.
        try build(making: ["5/index.html"])
        #expect(try named("page-changes-") == [changes])
        try FileManager.default.removeItem(at: cacheFolder.appending(path: full))
        #expect(cache.loadPages(output: output).current.isEmpty)
        try build(making: paths)
        #expect(try named("page-changes-").isEmpty)
        expectRecordsFollowTheBuilds("without the full save")
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let site = trickyDiary()
        try buildAndCompare(site, "first build")
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let files = TestSite.files(in: cache).filter { !$0.hasPrefix("photos/") || $0 == "photos/records" }
        for name in files {
            let file = cache.appending(path: name)
            let bytes = try Data(contentsOf: file)
            // Cut in half, past the header: records that end in the middle.
            try bytes.prefix(bytes.count / 2).write(to: file)
        }
        site.entry("2025/04/2025-04-06.md", mood: "great")
        try buildAndCompare(site, "after the cache was damaged")
        for name in files {
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: cache.appending(path: name))
        }
        try buildAndCompare(site, "after the cache was filled with noise")
    }

    @Test func theCacheForgetsOutputFoldersThatAreGone() throws {
        let site = trickyDiary()
        let today = CivilDate(argument: "2025-11-23")
        let elsewhere = site.folder.appending(path: "elsewhere")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: elsewhere, today: today))
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let pagesFiles = { try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("pages-") } }
        #expect(try pagesFiles().count == 2)
        try FileManager.default.removeItem(at: elsewhere)
        site.entry("2025/04/2025-04-06.md", mood: "great")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        #expect(try pagesFiles().count == 1)
        // One left by a diarygen that named it by another hash of the same folder goes too.
        let current = try #require(try pagesFiles().first)
        try FileManager.default.copyItem(at: cache.appending(path: current), to: cache.appending(path: "pages-0123abcd"))
        site.entry("2025/04/2025-04-07.md", mood: "good")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        #expect(try pagesFiles() == [current])
    }

    @Test func withoutTheCacheNothingIsKept() throws {
        let site = trickyDiary()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: CivilDate(argument: "2025-11-23"), useCache: false))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: SiteFolder.cacheName).path))
    }
}

/// The build cache keeps fingerprints from one run to the next, so their values are
/// pinned. The expected numbers come from Python's `xxhash` package (its own copy of
/// xxHash, not Debian's library): `xxhash.xxh3_64_intdigest(data, seed=...)`.
@Suite struct FingerprintTests {
    func fingerprint(_ bytes: [UInt8]) -> Fingerprint {
        bytes.withUnsafeBytes { Fingerprint($0) }
    }

    @Test func oneRunOfBytesIsItsXXH3() {
        #expect(Fingerprint().value == 0)
        #expect(fingerprint([]).value == 0x2d06_8005_38d3_94c2)
        #expect(fingerprint(Array("abc".utf8)).value == 0x78af_5f94_892f_3950)
        // Longer than 240 bytes, where XXH3 takes another path.
        let long = [UInt8]((0..<1024).map { UInt8($0 % 256) })
        #expect(fingerprint(long).value == 0xa870_f929_8439_8d22)
    }

    @Test func eachPieceIsHashedWithTheValueSoFarAsSeed() {
        var number = Fingerprint()
        number.add(1)
        // xxh3_64_intdigest((1).to_bytes(8, "little"), seed=0)
        #expect(number.value == 0x2fbc_5935_64db_792e)
        number.add(2)
        // xxh3_64_intdigest((2).to_bytes(8, "little"), seed=0x2fbc593564db792e)
        #expect(number.value == 0xc552_6e54_81d0_3c88)

        // A string is its length, then its UTF-8: 3 seeded by 0, then "abc" seeded by that.
        var text = Fingerprint()
        text.add("abc")
        #expect(text.value == 0x076d_0876_15a0_59f9)

        var long = fingerprint(Array("abc".utf8))
        [UInt8]((0..<1024).map { UInt8($0 % 256) }).withUnsafeBytes { long.add($0) }
        #expect(long.value == 0xd1b3_a4f0_d379_de65)
    }

    @Test func theSameTextSplitOtherwiseDiffers() {
        func strings(_ pieces: String...) -> UInt64 {
            var fingerprint = Fingerprint()
            pieces.forEach { fingerprint.add($0) }
            return fingerprint.value
        }
        #expect(strings("ab", "c") != strings("a", "bc"))
        #expect(strings("abc", "") != strings("", "abc"))
        #expect(strings("abc") != strings("abc", ""))
        #expect(strings("ab", "c") == strings("ab", "c"))
    }
}
