// `diarygen recap` run as a process: the month it picks, its three formats against recap.json,
// and `--year`'s year in review against YYYY/recap.json.
// RecapReport's bars are tested in DiaryKitTests' StatisticsTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct RecapCommandTests {
    @Test func onTheFirstOfJanuaryTheRecapIsDecember() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["recap", "--today", "2025-01-01"], in: site.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Recap of December 2024\n"))
    }

    @Test func textMarkdownAndJSONAgree() throws {
        let site = trickyDiary()
        func recap(_ format: String) throws -> String {
            let result = try DiarygenCommand.run(["recap", "--month", "2025-01", "--format", format], in: site.folder)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let text = try recap("text"), markdown = try recap("markdown"), json = try recap("json")
        try site.build()
        #expect(json == site.read("2025/01/recap.json"))
        // January 2025: 5 entries on 3 days, 2 great, 2 good, 1 awful, average 3.8.
        #expect(text.contains("Recap of January 2025"))
        #expect(markdown.hasPrefix("# Recap of January 2025\n"))
        for output in [text, markdown] {
            #expect(output.contains("A good month, all in all."))
            #expect(output.contains("3 / 31"))
            #expect(output.contains("(3.8)"))
            #expect(output.contains("3 days"))
            #expect(output.contains("😄 Jan 3") || output.contains("🙂 Jan 1"))
        }
        #expect(markdown.contains("| 😄 Great | 2 | 40% |"))
        #expect(markdown.contains("| 😞 Awful | 1 | 20% |"))
        let great = try #require(text.split(separator: "\n").first { $0.hasPrefix("😄 Great") })
        #expect(great.contains("████████████████████████"))
        #expect(great.hasSuffix("2   40%"))
        let awful = try #require(text.split(separator: "\n").first { $0.hasPrefix("😞 Awful") })
        #expect(awful.contains("████████████ ") && !awful.contains("█████████████"))
    }

    @Test func aYearInReviewInTextMarkdownAndJSON() throws {
        let site = trickyDiary()
        func recap(_ arguments: String...) throws -> String {
            let result = try DiarygenCommand.run(["recap", "--year", "2025", "--today", "2026-01-05"] + arguments, in: site.folder)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let text = try recap(), markdown = try recap("--format", "markdown"), json = try recap("--format", "json")
        try site.build(today: "2026-01-05")
        #expect(json == site.read("2025/recap.json"))
        // 2025: 11 entries on 8 days; 1 January to 3 January is the longest run.
        #expect(text.hasPrefix("2025 in review\n"))
        #expect(markdown.hasPrefix("# 2025 in review\n"))
        for output in [text, markdown] {
            #expect(output.contains("8 / 365"))
            #expect(output.contains("3 days (Jan 1 – Jan 3)"))
            #expect(output.contains("Mood by weekday in 2025"))
            #expect(output.contains("April"))
        }
        #expect(markdown.contains("| April | 😐 Okay (3) |"))
        let failed = try DiarygenCommand.run(["recap", "--year", "2023"], in: site.folder)
        #expect(failed.status == 1 && failed.stderr.contains("error: no entries in 2023: there is no year to review."))
        let both = try DiarygenCommand.run(["recap", "--year", "2025", "--month", "2025-01"], in: site.folder)
        #expect(both.status != 0 && both.stderr.contains("not both"))
    }

    @Test func aMonthWithNoEntriesIsAnError() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["recap", "--month", "2025-02"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: no entries in February 2025 (2025-02)"))
        site.write("diarygen.yml", "locale: ko_KR\n")
        let korean = try DiarygenCommand.run(["recap", "--month", "2025-02"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(korean.status == 1)
        #expect(korean.stderr.hasPrefix("error: 2025년 2월(2025-02)에는 쓴 일기가 없어서 돌아볼 것이 없어요."))
    }

    @Test func aBrokenEntryOfAnotherMonthIsWarnedAboutAndTheRecapGoesOn() throws {
        let site = trickyDiary()
        site.write("content/2023/2023-05-01.md", "---\nmood: grate\n---\n")
        let result = try DiarygenCommand.run(["recap", "--month", "2025-01"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Recap of January 2025\n"))
        #expect(result.stderr.contains("content/2023/2023-05-01.md:2: warning: skipped: unknown mood `grate`"))
        // --strict fails on any error, as check does.
        let strict = try DiarygenCommand.run(["recap", "--month", "2025-01", "--strict"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        #expect(strict.stderr.contains("content/2023/2023-05-01.md:2: error: unknown mood `grate`"))
    }

    @Test func aBrokenEntryOfTheRecappedMonthStopsIt() throws {
        for (path, text) in [
            ("content/2025/01/2025-01-20.md", "---\nmood: grate\n---\n"),
            // Its month is its front-matter's date when the file name has none …
            ("content/notes/late.md", "---\ndate: 2025-01-20\nmood: grate\n---\n"),
            // … and its file name's when the date cannot be read.
            ("content/2025-01-21.md", "---\ndate: 2025-01-32\nmood: good\n---\n"),
            ("content/2025-01-22.md", "mood: good\n"),
        ] {
            let site = trickyDiary()
            site.write(path, text)
            let result = try DiarygenCommand.run(["recap", "--month", "2025-01"], in: site.folder, environment: ["NO_COLOR": "1"])
            #expect(result.status == 1, "\(path): \(result.stdout)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(path + ":") && result.stderr.contains(": error: "), "\(path): \(result.stderr)")
            // The month before is recapped, with a warning about this one.
            let other = try DiarygenCommand.run(["recap", "--month", "2024-12"], in: site.folder, environment: ["NO_COLOR": "1"])
            #expect(other.status == 0, "\(path): \(other.stderr)")
            #expect(other.stderr.contains(path + ":") && other.stderr.contains("warning: skipped: "))
        }
    }
}
