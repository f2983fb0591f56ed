// `diarygen new` run as a process: the entry it writes checks clean, moods by name or emoji,
// and today in the site's time zone.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

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

    /// Without `timezone`, today is the machine's: at any hour, UTC's date differs from
    /// Kiritimati's (UTC+14) or from Baker Island's (UTC-12), so one of the two would catch UTC.
    @Test(arguments: ["Pacific/Kiritimati", "Etc/GMT+12"])
    func withoutATimeZoneTodayIsTheMachines(zone: String) throws {
        let site = TestSite()
        site.write("content/.keep", "")
        let result = try DiarygenCommand.run(["new", "--mood", "good"], in: site.folder, environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\(CivilDate.today(in: TimeZone(identifier: zone)!)).md\n"))
        // --date (and --today elsewhere) still says which day it is.
        let given = try DiarygenCommand.run(["new", "--mood", "good", "--date", "2025-03-10"], in: site.folder, environment: ["TZ": zone])
        #expect(given.stdout.hasSuffix("2025-03-10.md\n"))
    }
}
