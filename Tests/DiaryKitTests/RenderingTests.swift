// Sources/DiaryKit/Rendering/: text escaping, translations by locale, and a site's own
// templates and words over the built-in theme (date names: DateNamesTests.swift).
import Foundation
import Testing
@testable import DiaryKit
import Mustache
import TestFixtures

@Suite struct RenderingTests {
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

    @Test func aKoreanSiteUsesKoreanWordsAndNames() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: ko_KR\ntimezone: Asia/Seoul\n")
        try site.build()
        let recap = try #require(site.read("2025/01/recap/index.html"))
        #expect(recap.contains("<html lang=\"ko-KR\" dir=\"ltr\">"))
        #expect(recap.contains("2025년 1월 돌아보기"))
        #expect(recap.contains("최고"))
        // A past month's entries are that month's, not "this month's".
        #expect(recap.contains("이 달에 쓴 일기") && !recap.contains("이번 달의 일기"))
        let month = try #require(site.read("2025/01/index.html"))
        // Korean weeks start on Sunday (일요일).
        #expect(try #require(slice(month, from: "<th scope=\"col\">", to: "</th>")).contains("일요일"))
        #expect(month.contains(">이 달 돌아보기</a>") && !month.contains("돌아보기 보기"))
        let year = try #require(site.read("2025/index.html"))
        #expect(year.contains(">월별 기록</h2>") && year.contains("픽셀로 보는 한 해"))
        // Words wrap as Korean readers expect: between words, never inside one ("토요/일").
        let css = try #require(site.read("style.css"))
        #expect(css.contains("html:lang(ko) { word-break: keep-all; overflow-wrap: anywhere; }"))
        // cmark-gfm's English label on a footnote's link back is said in Korean.
        site.entry("2025/03/2025-03-01.md", mood: "good", body: "각주[^1]\n\n[^1]: 메모\n")
        try site.build()
        let day = try #require(site.read("2025/03/01/index.html"))
        #expect(day.contains("aria-label=\"본문으로 돌아가기\"") && !day.contains("Back to content"))
    }

    @Test(arguments: [("ar_EG", "rtl"), ("he_IL", "rtl"), ("fa_IR", "rtl"), ("en_US", "ltr"), ("ko_KR", "ltr")])
    func rightToLeftLanguagesGetARightToLeftPage(locale: String, direction: String) throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: \(locale)\n")
        try site.build()
        for path in ["index.html", "2025/01/index.html", "2025/01/recap/index.html", "404.html"] {
            #expect(try #require(site.read(path)).contains("dir=\"\(direction)\">"), "\(path)")
        }
    }

    @Test func aGermanWeekStartsOnMonday() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: de_DE\n")
        try site.build()
        let month = try #require(site.read("2024/02/index.html"))
        #expect(try #require(slice(month, from: "<th scope=\"col\">", to: "</th>")).contains("Montag"))
        #expect(month.contains("Februar 2024"))
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
        #expect(recap.contains("The month&#39;s entries"))
        #expect(try #require(site.read("2024/02/recap.json")).contains("\"moods\": {\"great\": 1, \"good\": 1, \"okay\": 0, \"awful\": 0},"))
    }

    /// The built-in templates are parsed once a process; a site's own are parsed at every
    /// build, and one that cannot be read is named with its line, the built-in ones not.
    @Test func aSitesOwnTemplateIsReadAtEveryBuild() throws {
        let site = TestSite()
        site.write("diarygen.yml", "title: Own\n")
        site.write("content/2024/02/2024-02-29.md", "---\nmood: great\n---\nWords.\n")
        site.write("templates/day.mustache", "<h1>{{title}}</h1>\n{{#entries}}\n<p>own day</p>\n")
        #expect {
            try site.build()
        } throws: { error in
            let problems = (error as? DiagnosticsError)?.diagnostics ?? []
            return problems.count == 1 && problems[0].path == "templates/day.mustache" && problems[0].line == 2
        }
        site.write("templates/day.mustache", "<h1>{{title}}</h1><p>own day</p>")
        try site.build()
        #expect(try #require(site.read("2024/02/29/index.html")).contains("<p>own day</p>"))
        // Back to the built-in template: the site's own is gone from the next build.
        try FileManager.default.removeItem(at: site.folder.appending(path: "templates/day.mustache"))
        try site.build()
        #expect(try #require(site.read("2024/02/29/index.html")).contains("Words."))
        #expect(try #require(site.read("2024/02/29/index.html")).contains("own day") == false)
    }

    /// A JSON string escapes `"`, `\` and line ends and leaves out what markup may not
    /// hold, wherever they stand among the eight bytes looked at at once.
    @Test func everyCharacterAJSONStringChangesIsFoundWhereverItStands() {
        let characters = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x22, 0x27, 0x2F, 0x3C, 0x5C, 0x7F, 0x85, 0xC2, 0xEF, 0xAC00, 0xFDD0, 0xFFFE, 0x1F600, 0x10FFFF]
            .map { Unicode.Scalar(UInt32($0))! }
        func expected(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars where !isForbiddenInMarkup(scalar) {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        #expect(doubleQuoted("") == "\"\"" && doubleQuoted("\u{7}") == "\"\"")
        for filler in ["abcdefghijklmnopqrstu", "가나다라마바사아자차카"] {
            let fill = Array(filler.unicodeScalars)
            for character in characters {
                for place in 0...fill.count {
                    var scalars = fill
                    scalars.insert(character, at: place)
                    scalars.insert(character, at: min(scalars.count, place + 1 + place % 9))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    #expect(doubleQuoted(text) == expected(text), "U+\(String(character.value, radix: 16)) at \(place) in \(filler)")
                }
            }
        }
    }
}

/// "1 entries on 1 days" no more: counted words by CLDR plural categories.
@Suite struct PluralTests {
    @Test func eachLanguagePicksItsCategory() {
        #expect(PluralRule(language: "en").category(1) == .one)
        #expect([0, 2, 11, 21, 101].map(PluralRule(language: "en").category) == Array(repeating: .other, count: 5))
        #expect([0, 1, 2].map(PluralRule(language: "ko").category) == [.other, .other, .other])
        #expect(PluralRule(language: "fr").category(0) == .one)
        #expect(PluralRule(language: "xx").category(1) == .other)
    }

    @Test func theBuiltInWordsCountInEnglishAndKorean() throws {
        let english = try Theme.builtIn.translations(language: "en")
        #expect(english.counted("n_entries", 1) == "1 entry")
        #expect(english.counted("n_entries", 0) == "0 entries")
        #expect(english.counted("n_days", 1) == "1 day")
        #expect(english.counted("n_days", 12) == "12 days")
        let korean = try Theme.builtIn.translations(language: "ko")
        #expect(korean.counted("n_entries", 1) == "일기 1편")
        #expect(korean.counted("n_days", 3) == "3일")
    }

    @Test func aSitesWordsReplaceAPluralWhole() throws {
        let site = TestSite()
        site.write("templates/i18n/ko.yml", "n_entries: \"{count}개의 일기\"\nn_days:\n  one: \"하루\"\n  other: \"{count}일\"\n")
        let words = try Theme.load(from: SiteFolder(site.folder)).translations(language: "ko")
        #expect(words.counted("n_entries", 1) == "1개의 일기")
        // Korean has no `one`: its `other` serves 1 too, never the English "1 day".
        #expect(words.counted("n_days", 1) == "1일")
    }

    @Test func aPluralWithoutOtherOrWithAStrayFormIsAnError() throws {
        for (yaml, line, words) in [
            ("untitled: x\nn_days:\n  one: \"{count} day\"\n", 3, "needs an `other:` form"),
            ("n_days:\n  one: a\n  several: b\n  other: c\n", 3, "plural forms of `n_days`"),
        ] {
            let site = TestSite()
            site.write("templates/i18n/en.yml", yaml)
            do {
                _ = try Theme.load(from: SiteFolder(site.folder)).translations(language: "en")
                Issue.record("\(yaml) was taken")
            } catch {
                let problem = try #require(error.diagnostics.first)
                #expect(problem.location == "templates/i18n/en.yml:\(line)", "\(yaml)")
                #expect(problem.message.contains(words), "\(problem.message)")
            }
        }
    }

    @Test func everyPageCountsInTheRightForm() throws {
        let site = TestSite()
        site.write("diarygen.yml", "base_url: https://example.org/\n")
        site.entry("2025/03/2025-03-04.md", mood: "good")
        try site.build(today: "2025-04-10")
        let month = try #require(site.read("2025/03/index.html"))
        #expect(month.contains("1 entry on 1 day"))
        let recap = try #require(site.read("2025/03/recap/index.html"))
        #expect(recap.contains("<dd>1 day</dd>"))
        for page in ["index.html", "2025/index.html"] {
            #expect(try #require(site.read(page)).contains("1 entry ·"), "\(page)")
        }
        #expect(try #require(site.read("feed.xml")).contains("1 entry on 1 day."))
        for page in site.outputFiles() {
            let text = try #require(site.read(page))
            for wrong in ["1 entries", "1 days"] { #expect(!text.contains(wrong), "\(page) says \(wrong)") }
        }
    }
}

@Suite struct CalendarTextTests {
    @Test func linesAreFoldedAt75OctetsWithoutCuttingACharacter() {
        var calendar = CalendarText()
        let summary = "기억이 생생할 때 오늘 하루를 몇 줄 남겨 보세요; 쉼표, 역슬래시 \\ 그리고\n줄바꿈까지 — and some ASCII to mix the widths up"
        calendar.text("DESCRIPTION", summary)
        let physical = calendar.text.components(separatedBy: "\r\n").dropLast()
        #expect(calendar.text.hasSuffix("\r\n") && !calendar.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(physical.count > 2)
        for line in physical { #expect(line.utf8.count <= 75, "\(line) is \(line.utf8.count) octets") }
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolded, the line is the escaped text again.
        let unfolded = calendar.text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "")
        #expect(unfolded == "DESCRIPTION:" + CalendarText.escaped(summary))
        #expect(CalendarText.escaped("a;b,c\\d\ne\u{7}f") == "a\\;b\\,c\\\\d\\nef")
    }

    @Test func datesTimesAndOffsets() {
        #expect(CalendarText.dateTime(.ymd(2026, 3, 9), seconds: 21 * 3600 + 30 * 60) == "20260309T213000")
        #expect(CalendarText.offset(9 * 3600) == "+0900")
        #expect(CalendarText.offset(-(3 * 3600 + 30 * 60)) == "-0330")
        #expect(CalendarText.offset(-(17 * 60 + 30)) == "-001730")
    }
}

@Suite struct TimeZoneComponentTests {
    func rules(_ zone: String, from start: CivilDate) -> [String] {
        TimeZoneComponent(zone: TimeZone(identifier: zone)!, from: start).observances.map { observance in
            "\(observance.isDaylight ? "DAYLIGHT" : "STANDARD") \(CalendarText.dateTime(observance.date, seconds: observance.seconds)) "
                + "\(CalendarText.offset(observance.offsetFrom))>\(CalendarText.offset(observance.offsetTo)) \(observance.yearlyRule ?? "once")"
        }
    }

    @Test func berlinChangesOnTheLastSundaysOfMarchAndOctober() {
        #expect(rules("Europe/Berlin", from: .ymd(2025, 12, 1)) == [
            "STANDARD 20240101T010000 +0100>+0100 once",
            "DAYLIGHT 20240331T020000 +0100>+0200 FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
            "STANDARD 20241027T030000 +0200>+0100 FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        ])
    }

    @Test func theSouthernSummerAndZonesWithoutDaylightSaving() {
        #expect(rules("Australia/Sydney", from: .ymd(2026, 1, 1)) == [
            "DAYLIGHT 20250101T110000 +1100>+1100 once",
            "STANDARD 20250406T030000 +1100>+1000 FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
            "DAYLIGHT 20251005T020000 +1000>+1100 FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
        ])
        #expect(rules("Asia/Seoul", from: .ymd(2026, 1, 1)) == ["STANDARD 20250101T090000 +0900>+0900 once"])
    }

    /// São Paulo gave up daylight saving in 2019: its last changes are written one by
    /// one, not as a rule that would go on for ever.
    @Test func aRuleThatEndedIsNotCarriedOn() {
        let saoPaulo = rules("America/Sao_Paulo", from: .ymd(2017, 1, 1))
        #expect(saoPaulo.allSatisfy { $0.hasSuffix(" once") })
        #expect(saoPaulo.last == "STANDARD 20190217T000000 -0200>-0300 once")
    }
}
