// reminders.ics as a calendar program reads it: parsed by Python's icalendar
// (scripts/check-reminders) and its rules expanded month by month by dateutil.
import Foundation
import Testing
import TestFixtures

@Suite struct RemindersTests {
    static let script = PageCheckTests.repository.appending(path: "scripts/check-reminders")

    /// Whether the script's Python lacks icalendar (it exits 2 before anything else);
    /// CI installs it (.ci/run), so there its absence fails.
    static let parserMissing: Bool = {
        let result = try? DiarygenCommand.run(["--help"], binary: script, in: PageCheckTests.repository)
        return result?.status != 0
    }()

    /// Builds a diary with reminders in `zone` and returns its reminders.ics.
    func build(_ config: String) throws -> (site: TestSite, calendar: URL) {
        let site = TestSite()
        site.write("diarygen.yml", config)
        site.entry("2026/2026-01-15.md", mood: "good")
        let result = try DiarygenCommand.run(["build", "--today", "2026-11-23"], in: site.folder)
        try #require(result.status == 0, "\(result.stderr)")
        return (site, site.output.appending(path: "reminders.ics"))
    }

    /// Each event's occurrences in `months`, in UTC, as the script expands them.
    func occurrences(_ calendar: URL, _ months: [String]) throws -> [String: [String]] {
        let result = try DiarygenCommand.run([calendar.path] + months.flatMap { ["--expand", $0] }, binary: RemindersTests.script, in: PageCheckTests.repository)
        try #require(result.status == 0, "scripts/check-reminders: \(result.stderr)")
        return try JSONDecoder().decode([String: [String]].self, from: Data(result.stdout.utf8))
    }

    @Test
    func theDailyAndMonthlyRemindersRingAtLocalTimeAcrossDaylightSaving() throws {
        try #require(!RemindersTests.parserMissing, "Python's icalendar is missing: scripts/test installs it")
        let (site, calendar) = try build("base_url: https://example.org/diary/\ntimezone: Europe/Berlin\nreminders: {daily: \"21:30\", recap: \"09:00\"}\n")
        let found = try withExtendedLifetime(site) { try occurrences(calendar, ["2026-03", "2026-10"]) }
        let daily = try #require(found["Write today's entry"])
        #expect(daily.count == 31 + 31)
        // Berlin's clocks go forward on 29 March and back on 25 October 2026: 21:30 there
        // is 20:30 UTC in winter and 19:30 UTC in summer.
        #expect(daily.filter { $0.hasPrefix("2026-03-2") || $0.hasPrefix("2026-03-30") }.suffix(3)
                == ["2026-03-28T20:30:00Z", "2026-03-29T19:30:00Z", "2026-03-30T19:30:00Z"])
        #expect(daily.contains("2026-10-24T19:30:00Z") && daily.contains("2026-10-25T20:30:00Z"))
        #expect(found["Look back at last month"] == ["2026-03-01T08:00:00Z", "2026-10-01T07:00:00Z"])
    }

    @Test
    func aKoreanCalendarInASouthernZone() throws {
        try #require(!RemindersTests.parserMissing, "Python's icalendar is missing: scripts/test installs it")
        // Sydney's summer time ends on 5 April 2026 and starts on 4 October.
        let (site, calendar) = try build("locale: ko_KR\ntimezone: Australia/Sydney\nreminders: {daily: \"7:00 AM\", recap: \"09:00\"}\n")
        let found = try withExtendedLifetime(site) { try occurrences(calendar, ["2026-04", "2026-10"]) }
        let daily = try #require(found["오늘의 일기 쓰기"])
        #expect(daily.contains("2026-04-03T20:00:00Z") && daily.contains("2026-04-04T21:00:00Z"))
        #expect(daily.contains("2026-10-02T21:00:00Z") && daily.contains("2026-10-03T20:00:00Z"))
        #expect(found["지난달 돌아보기"] == ["2026-03-31T22:00:00Z", "2026-09-30T23:00:00Z"])
    }

    /// The script is no rubber stamp: a time zone with a wrong offset, or a line too long, fails.
    @Test
    func aBrokenCalendarFailsTheCheck() throws {
        try #require(!RemindersTests.parserMissing, "Python's icalendar is missing: scripts/test installs it")
        let (site, calendar) = try build("timezone: Europe/Berlin\nreminders: {daily: \"21:30\"}\n")
        let text = try String(contentsOf: calendar, encoding: .utf8)
        for (name, broken) in [
            ("offset", text.replacingOccurrences(of: "TZOFFSETTO:+0200", with: "TZOFFSETTO:+0300")),
            ("long line", text.replacingOccurrences(of: "SUMMARY:Write today's entry", with: "SUMMARY:" + String(repeating: "x", count: 80))),
            ("no alarm", text.replacingOccurrences(of: "TRIGGER:PT0M\r\n", with: "")),
        ] {
            let file = site.folder.appending(path: "broken.ics")
            try broken.write(to: file, atomically: true, encoding: .utf8)
            let result = try DiarygenCommand.run([file.path], binary: RemindersTests.script, in: PageCheckTests.repository)
            #expect(result.status == 1, "\(name): \(result.stderr)")
        }
    }
}
