import Foundation
import Testing
@testable import DiaryKit

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

    @Test func aMonthWithNoEntriesIsAnError() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["recap", "--month", "2025-02"], in: site.folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No entries in February 2025 (2025-02)"))
    }

    @Test func blockBarsAreProportional() {
        #expect(RecapReport.bar(0, of: 10, width: 8) == "")
        #expect(RecapReport.bar(10, of: 10, width: 8) == "████████")
        #expect(RecapReport.bar(5, of: 10, width: 8) == "████")
        #expect(RecapReport.bar(1, of: 16, width: 8) == "▌")
        #expect(RecapReport.bar(1, of: 1000, width: 8) == "▏")
    }
}

@Suite struct NewCommandTests {
    @Test func newWritesAnEntryThatChecksClean() throws {
        let site = trickyDiary()
        let first = try DiarygenCommand.run(["new", "--date", "2025-03-10", "--mood", "🙂", "--title", "A \"quoted\" title: yes"], in: site.folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("content/2025/03/2025-03-10.md\n"))
        let second = try DiarygenCommand.run(["new", "--date", "2025-03-10", "--mood", "bad"], in: site.folder)
        #expect(second.stdout.hasSuffix("content/2025/03/2025-03-10-2.md\n"))
        let text = try String(contentsOf: site.folder.appending(path: "content/2025/03/2025-03-10.md"), encoding: .utf8)
        #expect(text == "---\ndate: 2025-03-10\nmood: good\ntitle: \"A \\\"quoted\\\" title: yes\"\ntags: []\n---\n\n")
        let check = try DiarygenCommand.run(["check"], in: site.folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "16 entries checked: 0 errors, 0 warnings.\n")
        try site.build()
        #expect(try #require(site.read("2025/03/10/index.html")).contains("A &quot;quoted&quot; title: yes"))
    }

    @Test func anUnknownMoodIsRefusedWithTheList() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["new", "--mood", "grat"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: unknown mood `grat`; the moods are great 😄, good 🙂, okay 😐, bad 😕, awful 😞. Did you mean `great`?"))
    }

    @Test func todayIsTheConfiguredTimeZonesToday() throws {
        let site = TestSite()
        site.write("content/.keep", "")
        site.write("diarygen.yml", "timezone: Pacific/Kiritimati\n")
        let result = try DiarygenCommand.run(["new", "--mood", "good"], in: site.folder)
        #expect(result.status == 0, "\(result.stderr)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        let expected = CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        #expect(result.stdout.hasSuffix("\(expected).md\n"))
    }
}
