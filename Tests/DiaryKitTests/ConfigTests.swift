// Sources/DiaryKit/Config/: diarygen.yml read into SiteConfig, with every problem located,
// the mood scale (MoodScale), and the new site folder `init` makes (NewSite).
import Foundation
import Testing
@testable import DiaryKit

@Suite struct SiteConfigTests {
    func problems(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try SiteConfig.parse(yaml)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func defaultsWithoutAFile() throws {
        let config = try SiteConfig.parse("")
        #expect(config.localeIdentifier == "en_US")
        #expect(config.weekStart == 1)
        #expect(config.moods.map(\.id) == ["great", "good", "okay", "bad", "awful"])
    }

    @Test(arguments: ["1e308", "nan", ".nan", "inf", "-inf", "1001", "-1e9"])
    func aScoreIsAFiniteNumberOfModestSize(score: String) {
        let found = problems("moods:\n  - {id: good, emoji: \"🙂\", color: \"#8cc4e0\", score: \(score)}\n")
        #expect(found.map(\.line) == [2], "\(score)")
        #expect(found.first?.message.contains("a score is a number from -1000 to 1000") == true)
    }

    @Test func aFullConfig() throws {
        let config = try SiteConfig.parse("""
        title: Mine
        base_url: https://example.org/me
        locale: de-DE
        timezone: Europe/Berlin
        publish: {target: "me@host:www"}
        """)
        #expect(config.title == "Mine")
        #expect(config.baseURL == "https://example.org/me/")
        #expect(config.localeIdentifier == "de_DE")
        #expect(config.weekStart == 2)
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(config.publishTarget == "me@host:www")
        #expect(try SiteConfig.parse("locale: de_DE\nweek_starts_on: Sunday").weekStart == 1)
    }

    @Test func insightsIgnoreKeys() throws {
        #expect(try SiteConfig.parse("insights: {ignore: [weight, steps]}").insightsIgnored == ["weight", "steps"])
        #expect(try SiteConfig.parse("insights:\n  ignore: weight\n").insightsIgnored == ["weight"])
        #expect(SiteConfig().insightsIgnored == [])
        func problems(_ text: String) -> [String] {
            do { _ = try SiteConfig.parse(text); return [] } catch { return error.diagnostics.map(\.message) }
        }
        #expect(problems("insights: {ignroe: [weight]}") == ["unknown key `insights.ignroe`; insights takes `ignore`"])
        #expect(problems("insights: yes") == ["`insights` should be a set of keys such as `ignore: [weight]`"])
        #expect(problems("insights: {ignore: [[a]]}").count == 1)
    }

    @Test func withoutATimeZoneTheMachinesIsUsed() throws {
        let none = "/nonexistent/localtime"
        func zone(_ environment: [String: String], localtime: String = none, file: String = none) -> String {
            SiteConfig.machineTimeZone(environment: environment, localtime: localtime, timezoneFile: file).identifier
        }
        #expect(zone(["TZ": "Asia/Seoul"]) == "Asia/Seoul")
        #expect(zone(["TZ": ":Asia/Seoul"]) == "Asia/Seoul")
        #expect(zone(["TZ": "/usr/share/zoneinfo/America/New_York"]) == "America/New_York")
        #expect(TimeZone(identifier: zone(["TZ": ""]))?.secondsFromGMT() == 0)
        // Without TZ, the zone /etc/localtime links to, then the one /etc/timezone names.
        let folder = FileManager.default.temporaryDirectory.appending(path: "localtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appending(path: "localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Seoul")
        #expect(zone([:], localtime: link) == "Asia/Seoul")
        #expect(zone(["TZ": "Europe/Berlin"], localtime: link) == "Europe/Berlin")
        let file = folder.appending(path: "timezone").path
        try "Pacific/Auckland\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(zone([:], file: file) == "Pacific/Auckland")
        // diarygen.yml's `timezone` wins over all of them.
        #expect(try SiteConfig.parse("timezone: Europe/Berlin").timeZone.identifier == "Europe/Berlin")
    }

    @Test func everyProblemIsLocated() {
        #expect(problems("title: x\ncolour: red\n") == [.error("diarygen.yml", line: 2, "unknown key `colour`; diarygen.yml takes title, base_url, locale, timezone, week_starts_on, date_order, moods, mood_required, theme, mood_icons, insights, reminders, photos, notes and publish")])
        #expect(problems("locale: xx_YY\n") == [.error("diarygen.yml", line: 1, "unknown locale `xx_YY`; use a code such as en_US, ko_KR or de_DE")])
        #expect(problems("timezone: Mars/Olympus\n") == [.error("diarygen.yml", line: 1, "unknown time zone `Mars/Olympus`; use a name such as Europe/Berlin or Asia/Seoul")])
        #expect(problems("week_starts_on: someday\n").first?.line == 1)
        #expect(problems("""
        moods:
          - {id: a, emoji: "🙂", color: "blue", score: 2}
          - {id: b, emoji: "🙂", color: "#abc", score: 1}
          - {id: b, emoji: "🙂", color: "#abcdef", score: 0}
        """) == [
            .error("diarygen.yml", line: 2, "mood `a` has colour `blue`; write it as #rrggbb or #rgb"),
            .error("diarygen.yml", line: 4, "mood id `b` is used twice"),
        ])
        #expect(problems("title: [unclosed\n").first?.message.hasPrefix("this is not valid YAML") == true)
    }

    @Test func remindersTakeTimesOfDayAndWhetherThePublicSiteCarriesThem() throws {
        #expect(try SiteConfig.parse("title: x").reminders == nil)
        let both = try SiteConfig.parse("reminders:\n  daily: \"21:30\"\n  recap: 9:05\n  public: true\n").reminders
        #expect(both == ReminderSettings(daily: 21 * 3600 + 30 * 60, recap: 9 * 3600 + 5 * 60, isPublic: true))
        // Unquoted, YAML 1.1 would read 21:30 as the number 1290; the time is kept.
        #expect(try SiteConfig.parse("reminders: {daily: 21:30}").reminders == ReminderSettings(daily: 21 * 3600 + 30 * 60))
        #expect(problems("title: x\nreminders:\n  daily: \"25:00\"\n  recap: soon\n  public: maybe\n  weekly: \"10:00\"\n") == [
            .error("diarygen.yml", line: 3, "reminders.daily should be a time of day such as \"21:30\", not `25:00`"),
            .error("diarygen.yml", line: 4, "reminders.recap should be a time of day such as \"21:30\", not `soon`"),
            .error("diarygen.yml", line: 5, "reminders.public should be true or false, not `maybe`"),
            .error("diarygen.yml", line: 6, "unknown key `reminders.weekly`; reminders takes daily, recap and public"),
        ])
        #expect(problems("reminders: \"21:30\"\n") == [
            .error("diarygen.yml", line: 1, "`reminders` should be a set of keys such as `daily: \"21:30\"`; it takes daily, recap and public"),
        ])
        #expect(problems("reminders:\n  public: true\n") == [
            .error("diarygen.yml", line: 1, "reminders needs a time for `daily` or `recap` (or both), such as `daily: \"21:30\"`"),
        ])
    }
}

@Suite struct NewSiteTests {
    let commented = NewSite.commentedConfig(timeZone: TimeZone(identifier: "Asia/Seoul")!)

    /// The settings lines of the commented file with their `# ` taken away: the
    /// lines that start with a key, and the indented lines under one.
    var uncommented: String {
        commented.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.wholeMatch(of: /# ([a-z_]+:.*|  .*)/).map { String($0.1) } ?? String(line)
        }.joined(separator: "\n")
    }

    @Test func theCommentedConfigMeansTheDefaults() throws {
        let config = try SiteConfig.parse(commented)
        #expect(config.title == nil && config.baseURL == nil && config.publishTarget == nil)
        #expect(config.moods == SiteConfig.defaultMoods)
        #expect(config.localeIdentifier == SiteConfig().localeIdentifier)
        #expect(config.dateOrder == SiteConfig().dateOrder && config.moodRequirement == .warned)
    }

    @Test func itShowsEverySettingAndEachIsValidUncommented() throws {
        for key in SiteConfig.keys {
            #expect(commented.contains("\n# \(key):"), "\(key) is missing from the file init writes")
        }
        let config = try SiteConfig.parse(uncommented)
        #expect(config.moods == SiteConfig.defaultMoods)
        #expect(config.localeIdentifier == "en_US")
        #expect(config.weekStart == SiteConfig.defaultWeekStart(for: "en_US"))
        #expect(config.timeZone.identifier == "Asia/Seoul")
        #expect(config.title == "My diary")
        #expect(config.baseURL == "https://example.org/diary/")
        #expect(config.publishTarget == "me@example.org:www/diary")
        #expect(config.dateOrder == .mdy)
        #expect(config.moodRequirement == .required)
    }

    @Test func aNewSiteGoesIntoAFolderThatIsNotThereYet() throws {
        let parent = FileManager.default.temporaryDirectory.appending(path: "diarygen-new-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let site = SiteFolder(parent.appending(path: "a/diary"))
        let files = try NewSite.create(site)
        #expect(files.map(\.lastPathComponent) == ["diarygen.yml", ".gitignore"])
        #expect(try String(contentsOf: site.config, encoding: .utf8).hasPrefix("# diarygen.yml, this diary's settings."))
        let ignored = try String(contentsOf: site.url.appending(path: ".gitignore"), encoding: .utf8)
        #expect(ignored.split(separator: "\n").filter { !$0.hasPrefix("#") } == ["/site/", "/public/", "/sealed/", "/.diarygen-cache/"])
    }

    @Test func aFolderThatHoldsAnythingIsRefusedAndLeftAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-new-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: folder.appending(path: ".gitignore"))
        #expect {
            try NewSite.create(SiteFolder(folder))
        } throws: { error in
            "\(error)".contains("is not empty (it holds .gitignore)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".gitignore"])
        #expect(try String(contentsOf: folder.appending(path: ".gitignore"), encoding: .utf8) == "mine\n")
        #expect(throws: NewSite.Refused.self) { try NewSite.create(SiteFolder(folder.appending(path: ".gitignore"))) }
    }
}

@Suite struct MoodScaleTests {
    let scale = defaultScale

    @Test func theDayMoodIsNearestTheMeanAndTiesGoLower() {
        #expect(scale.dayMood(scores: [5]).id == "great")
        #expect(scale.dayMood(scores: [5, 4, 4]).id == "good")      // 4.33
        #expect(scale.dayMood(scores: [5, 4]).id == "good")         // 4.5: tie goes lower
        #expect(scale.dayMood(scores: [1, 2]).id == "awful")        // 1.5: tie goes lower
        #expect(scale.dayMood(scores: [5, 1]).id == "okay")         // 3
        #expect(scale.dayMood(scores: [5, 5, 1]).id == "good")      // 3.67
    }
}
