// Sources/DiaryKit/Build/: SiteBuild's phases end to end through the library (the URL
// layout, errors before any write, the author's audience) and concurrentMap.
import Foundation
import Synchronization
import Testing
@testable import DiaryKit
import TestFixtures

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

    @Test func datesNearMidnightStayOnTheirWrittenDay() throws {
        let site = trickyDiary()
        try site.build()
        #expect(try #require(site.read("2024/12/31/index.html")).contains("Last minute"))
        #expect(try #require(site.read("2025/01/01/index.html")).contains("First second"))
        let json = try #require(site.read("2024/12/recap.json"))
        #expect(json.contains("\"entries\": 1,"))
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
}

@Suite struct VisibilityTests {
    @Test func theAuthorsBuildStillShowsEverything() throws {
        let site = visibilityDiary()
        try site.build()
        #expect(try #require(site.read("2025/03/03/index.html")).contains("Privatemarker body."))
        #expect(try #require(site.read("2025/03/02/index.html")).contains("Defaultmarker body."))
    }
}

@Suite struct ConcurrentMapTests {
    @Test func keepsOrderAndHandlesEmptyArrays() {
        #expect(Array(0..<5000).concurrentMap { $0 * 3 } == Array(0..<5000).map { $0 * 3 })
        #expect([Int]().concurrentMap { $0 } == [])
    }

    /// Runs of neighbours, taken from both halves in turn, still map each element once, in order.
    @Test(arguments: [1, 2, 7, 32, 4999, 5000, 6000])
    func mapsEveryElementOnceInRuns(runLength: Int) {
        let counts = Mutex([Int](repeating: 0, count: 5000))
        let mapped = Array(0..<5000).concurrentMap(runLength: runLength) { index in
            counts.withLock { $0[index] += 1 }
            return index * 3
        }
        #expect(mapped == Array(0..<5000).map { $0 * 3 })
        #expect(counts.withLock { $0 } == [Int](repeating: 1, count: 5000))
        #expect(Array(0..<3).concurrentMap(runLength: 2) { $0 } == [0, 1, 2])
    }

    @Test func twoBuildsOfTheSameDiaryAreByteIdentical() throws {
        let first = trickyDiary(), second = trickyDiary()
        try first.build()
        try second.build()
        #expect(try snapshot(first.output) == snapshot(second.output))
    }
}

/// Diaries written for other tools, and days written without a mood or still in draft.
@Suite struct OtherToolsBuildTests {
    /// Tests/Fixtures/real-samples/: other tools' files as their authors published them.
    static let realSamples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../Fixtures/real-samples").standardizedFileURL

    /// A site whose content/ is a copy of one of the real samples, with `config` as its diarygen.yml.
    func sampleSite(_ folder: String, config: String) throws -> TestSite {
        let site = TestSite()
        try FileManager.default.copyItem(at: OtherToolsBuildTests.realSamples.appending(path: folder), to: site.folder.appending(path: "content"))
        site.write("diarygen.yml", config)
        return site
    }

    /// The configuration docs/writing-entries.md shows for the Obsidian Tracker plugin's example diary.
    static let trackerConfig = """
        date_order: dmy          # 01-02-2021.md is 1 February
        mood_required: false     # a few notes have no mood
        moods:                   # its 1–10 numbers and its emoji, as five moods
          - {id: great, emoji: "😀", color: "#2c7bb6", score: 5, aliases: ["9", "10"]}
          - {id: good,  emoji: "🙂", color: "#8cc4e0", score: 4, aliases: ["7", "8"]}
          - {id: okay,  emoji: "😐", color: "#f2d45c", score: 3, aliases: ["5", "6"]}
          - {id: bad,   emoji: "🙁", color: "#f0913c", score: 2, aliases: ["3", "4"]}
          - {id: awful, emoji: "😞", color: "#c8342c", score: 1, aliases: ["1", "2"]}
        """

    @Test func theTrackerExampleDiaryBuildsWithOnlyAConfiguration() throws {
        let site = try sampleSite("obsidian/diary", config: OtherToolsBuildTests.trackerConfig)
        let report = try site.build(today: "2026-02-18")
        // 92 files with front-matter, and four daily notes with only an inline field.
        #expect(report.entries == 96)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let january = try #require(site.read("2021/01/recap.json"))
        #expect(january.contains("\"days_written\": 31,"))
        // 01-01-2021.md … 05-01-2021.md are the first five days of January, each with 11 files.
        #expect(report.reading.diary.day(.ymd(2021, 1, 5))?.entries.count == 11)
        #expect(report.reading.diary.day(.ymd(2021, 5, 1)) == nil)
        #expect(try #require(site.read("2026/02/18/index.html")).contains("class=\"entry card\""))
    }

    @Test func jekyllPostsBuildWhenMoodsAreNotRequired() throws {
        let site = try sampleSite("jekyll/_posts", config: "mood_required: false\n")
        let report = try site.build(today: "2026-01-01")
        #expect(report.entries == 10)
        #expect(report.warnings.allSatisfy { $0.severity == .warning })
        #expect(site.exists("2013/05/06/index.html"))
        #expect(site.exists("2018/04/19/index.html"))
        // Two posts of 19 April 2016, four seconds apart, share their day in time order.
        #expect(report.reading.diary.day(.ymd(2016, 4, 19))?.entries.map(\.secondsIntoDay) == [37572, 37576])
    }

    @Test func aDayWithoutAMoodIsWrittenButCountsInNoMoodFigure() throws {
        let site = TestSite()
        site.write("diarygen.yml", "mood_required: false\n")
        site.write("content/2025/03/2025-03-01.md", "---\ntitle: Only words\n---\nOne two three four.\n")
        site.entry("2025/03/2025-03-02.md", mood: "great", body: "Five six.")
        site.write("content/2025/04/2025-04-01.md", "---\ntitle: April\n---\nWords.\n")
        let report = try site.build(today: "2025-05-10")
        #expect(report.warnings.isEmpty)
        let march = try #require(site.read("2025/03/recap.json"))
        #expect(march.contains("\"entries\": 2,") && march.contains("\"days_written\": 2,") && march.contains("\"words\": 6,"))
        #expect(march.contains("\"great\": 1, \"good\": 0") && march.contains("\"average_score\": 5,"))
        let april = try #require(site.read("2025/04/recap.json"))
        #expect(april.contains("\"average_score\": null,"))
        let calendar = try #require(site.read("2025/03/index.html"))
        #expect(calendar.contains("<td data-date=\"2025-03-01\" class=\"day written\">"))
        #expect(calendar.contains("<span class=\"dot\" aria-hidden=\"true\">•</span><span class=\"visually-hidden\">Saturday, March 1, 2025: written, no mood</span>"))
        let day = try #require(site.read("2025/03/01/index.html"))
        #expect(day.contains("<article class=\"entry card\" id=\"entry-1\">") && !day.contains("entry-mood"))
        let recap = try #require(site.read("2025/04/recap/index.html"))
        #expect(recap.contains(try #require(report.reading.translations.strings["verdict_no_moods"])))
    }

    @Test func draftsAreLeftOutOfEveryBuildAndCounted() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "good", body: "See [the draft](2025-03-02.md).")
        site.write("content/2025/03/2025-03-02.md", "---\nmood: bad\ndraft: true\npublic: true\n---\nNot yet.\n")
        let report = try site.build(today: "2025-04-01")
        #expect(report.entries == 1 && report.drafts == 1)
        #expect(!site.exists("2025/03/02/index.html"))
        #expect(try #require(site.read("2025/03/01/index.html")).contains("<a href=\"#\">the draft</a>"))
        let world = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 4, 1), audience: .world))
        #expect(world.entries == 1 && world.drafts == 1)
    }

    @Test func changingHowEntriesAreReadRereadsThemFromTheCache() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "rad")
        #expect(throws: DiagnosticsError.self) { try site.build() }
        site.write("diarygen.yml", "moods:\n  - {id: great, emoji: \"😄\", color: \"#2c7bb6\", score: 5, aliases: [rad]}\n  - {id: awful, emoji: \"😞\", color: \"#c8342c\", score: 1}\n")
        try site.build()
        site.write("content/2025/03/01-04-2025.md", "---\nmood: awful\n---\n")
        site.write("diarygen.yml", "date_order: mdy\n" + (try String(contentsOf: site.folder.appending(path: "diarygen.yml"), encoding: .utf8)))
        #expect(try site.build().reading.diary.day(.ymd(2025, 1, 4)) != nil)
        site.write("diarygen.yml", "date_order: dmy\n" + (try String(contentsOf: site.folder.appending(path: "diarygen.yml"), encoding: .utf8)).dropFirst("date_order: mdy\n".count))
        #expect(try site.build().reading.diary.day(.ymd(2025, 4, 1)) != nil)
    }
}
