import Foundation
import Testing
@testable import DiaryKit

let defaultScale = MoodScale(SiteConfig.defaultMoods.map { Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score) })

func entry(_ date: CivilDate, _ mood: String, tags: [String] = [], words: String = "a b") -> Entry {
    let path = "\(date).md"
    return Entry(source: SourceFile(contentPath: path, url: URL(fileURLWithPath: "/" + path)),
                 metadata: EntryMetadata(date: date, mood: defaultScale.match(mood)!, tags: tags), body: Markdown.convert(words),
                 isPublished: true, linkedAssets: [])
}

@Suite struct RecapStatsTests {
    @Test func percentsUseLargestRemainderAndSumTo100() {
        #expect(RecapStats.percents([1, 1, 1]) == [34, 33, 33])
        #expect(RecapStats.percents([8, 6, 3, 6, 1]) == [33, 25, 13, 25, 4])
        #expect(RecapStats.percents([2, 0, 1]) == [67, 0, 33])
        #expect(RecapStats.percents([0, 0]) == [0, 0])
        for counts in [[1, 2, 3, 4, 5, 6, 7], [13, 7, 1], [1, 1, 1, 1, 1, 1], [99, 1, 1]] {
            #expect(RecapStats.percents(counts).reduce(0, +) == 100)
        }
    }

    @Test func aMonthsNumbers() {
        let diary = Diary(entries: [
            entry(.ymd(2025, 3, 1), "great", tags: ["a", "b"], words: "one two three"),
            entry(.ymd(2025, 3, 2), "good", tags: ["a"]),
            entry(.ymd(2025, 3, 3), "good"),
            entry(.ymd(2025, 3, 3), "awful", tags: ["c"]),
            entry(.ymd(2025, 3, 10), "okay"),
            entry(.ymd(2025, 3, 11), "bad"),
        ], moods: defaultScale)
        let stats = RecapStats(month: diary.months[0], moods: defaultScale)
        #expect(stats.entries == 6)
        #expect(stats.daysWritten == 5)
        #expect(stats.moods.map(\.count) == [1, 2, 1, 1, 1])
        #expect(stats.moods.map(\.percent).reduce(0, +) == 100)
        #expect(stats.longestStreak == 3)
        #expect(stats.words == 13)
        #expect(stats.tags.map(\.tag) == ["a", "b", "c"])
        #expect(stats.bestDay.date == .ymd(2025, 3, 1))
        #expect(stats.worstDay.date == .ymd(2025, 3, 11))
        #expect(abs(stats.averageScore - 19.0 / 6) < 1e-9)
        #expect(stats.verdict == .mixed)
        #expect(RecapJSON.encode(stats) == """
        {
          "month": "2025-03",
          "entries": 6,
          "days_written": 5,
          "moods": {"great": 1, "good": 2, "okay": 1, "bad": 1, "awful": 1},
          "average_score": 3.17,
          "longest_streak": 3,
          "words": 13,
          "tags": {"a": 2, "b": 1, "c": 1}
        }

        """)
    }

    @Test func aStreakRunsAcrossTheEndOfFebruaryInALeapYear() {
        let days = (26...29).map { entry(.ymd(2024, 2, $0), "good") }
        let stats = RecapStats(month: Diary(entries: days, moods: defaultScale).months[0], moods: defaultScale)
        #expect(stats.longestStreak == 4)
    }

    @Test func topTagsAreEightAndTheRestIsOther() {
        let tags = (1...11).map { "t\($0 < 10 ? "0" : "")\($0)" }
        let entries = tags.enumerated().map { index, tag in entry(.ymd(2025, 5, index + 1), "good", tags: Array(tags[index...])) }
        let stats = RecapStats(month: Diary(entries: entries, moods: defaultScale).months[0], moods: defaultScale)
        #expect(stats.topTags.count == 9)
        #expect(stats.topTags.last == RecapStats.TagShare(tag: nil, count: 3 + 2 + 1))
        #expect(stats.topTags.first == RecapStats.TagShare(tag: "t11", count: 11))
    }
}

@Suite struct MonthCalendarTests {
    let diary = Diary(entries: [entry(.ymd(2025, 2, 14), "great")], moods: defaultScale)

    @Test(arguments: [("ko_KR", 1), ("en_US", 1), ("de_DE", 2), ("fr_FR", 2)])
    func theWeekStartComesFromTheLocale(locale: String, weekStart: Int) {
        #expect(SiteConfig.defaultWeekStart(for: locale) == weekStart)
    }

    @Test func aSundayStartCalendar() {
        // 1 February 2025 is a Saturday.
        let calendar = MonthCalendar(month: YearMonth(year: 2025, month: 2), weekStart: 1, diary: diary)
        #expect(calendar.columnWeekdays == [1, 2, 3, 4, 5, 6, 7])
        #expect(calendar.weeks.count == 5)
        #expect(calendar.weeks[0].prefix(6).allSatisfy { $0 == nil })
        #expect(calendar.weeks[0][6]?.date == .ymd(2025, 2, 1))
        #expect(calendar.weeks[2][5]?.day?.mood.id == "great")
        #expect(calendar.weeks.flatMap { $0 }.compactMap { $0 }.count == 28)
    }

    @Test func aMondayStartCalendar() {
        let calendar = MonthCalendar(month: YearMonth(year: 2025, month: 2), weekStart: 2, diary: diary)
        #expect(calendar.columnWeekdays == [2, 3, 4, 5, 6, 7, 1])
        #expect(calendar.weeks[0][5]?.date == .ymd(2025, 2, 1))
        #expect(calendar.weeks[4][4]?.date == .ymd(2025, 2, 28))
        #expect(calendar.weeks[4][5] == nil && calendar.weeks[4][6] == nil)
        #expect(calendar.weeks.allSatisfy { $0.count == 7 })
    }

    @Test func aLeapFebruaryStartingOnTheWeekStartHasNoPadding() {
        // 1 February 2032 is a Sunday; it is a leap year.
        let calendar = MonthCalendar(month: YearMonth(year: 2032, month: 2), weekStart: 1, diary: diary)
        #expect(calendar.weeks[0][0]?.date == .ymd(2032, 2, 1))
        #expect(calendar.weeks.flatMap { $0 }.compactMap { $0 }.last?.date == .ymd(2032, 2, 29))
    }
}

@Suite struct PieChartTests {
    func slice(_ key: String, _ count: Int) -> PieChart.Slice {
        PieChart.Slice(key: key, label: key, color: "#123456", count: count, percent: 0)
    }

    /// The swept fraction of each path slice, from its start and end points on the rim.
    func sweeps(_ svg: String) -> [Double] {
        let pattern = /d="M100 100L([-\d.]+) ([-\d.]+)A96 96 0 ([01]) 1 ([-\d.]+) ([-\d.]+)Z"/
        return svg.matches(of: pattern).map { match in
            func turn(_ x: Substring, _ y: Substring) -> Double {
                let angle = atan2(Double(x)! - 100, 100 - Double(y)!)
                return (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
            }
            var sweep = turn(match.4, match.5) - turn(match.1, match.2)
            if sweep <= 0 { sweep += 1 }
            #expect((sweep > 0.5) == (match.3 == "1"))
            return sweep
        }
    }

    @Test func sliceAreasAreProportionalToCounts() {
        let chart = PieChart(title: "T", description: "D", attribute: "mood", slices: [slice("a", 1), slice("b", 0), slice("c", 2), slice("d", 5)])
        let svg = chart.svg(idPrefix: "p", standalone: true)
        let fractions = sweeps(svg)
        #expect(fractions.count == 3)
        for (fraction, expected) in zip(fractions, [1.0 / 8, 2.0 / 8, 5.0 / 8]) {
            #expect(abs(fraction - expected) < 0.0001)
        }
        #expect(svg.matches(of: /data-mood="(\w)"/).map { String($0.1) } == ["a", "c", "d"])
        #expect(!svg.contains("data-mood=\"b\""))
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("<title id=\"p-title\">T</title>"))
        #expect(svg.contains("<desc id=\"p-desc\">D</desc>"))
        #expect(svg.hasPrefix("<?xml"))
    }

    @Test func aSingleMoodIsAFullCircle() {
        let svg = PieChart(title: "T", description: "D", attribute: "mood", slices: [slice("a", 0), slice("b", 4)]).svg(idPrefix: "p", standalone: false)
        #expect(svg.contains("<circle data-mood=\"b\" fill=\"#123456\" cx=\"100\" cy=\"100\" r=\"96\">"))
        #expect(!svg.contains("<path"))
        #expect(!svg.hasPrefix("<?xml"))
    }

    @Test func textIsEscaped() {
        let svg = PieChart(title: "<b>&", description: "\"'", attribute: "tag", slices: [slice("x<y", 1)]).svg(idPrefix: "p", standalone: false)
        #expect(svg.contains("&lt;b&gt;&amp;"))
        #expect(svg.contains("&quot;&#39;"))
        #expect(svg.contains("data-tag=\"x&lt;y\""))
    }
}

@Suite struct ConcurrentMapTests {
    @Test func keepsOrderAndHandlesEmptyArrays() {
        #expect(Array(0..<5000).concurrentMap { $0 * 3 } == Array(0..<5000).map { $0 * 3 })
        #expect([Int]().concurrentMap { $0 } == [])
    }

    @Test func twoBuildsOfTheSameDiaryAreByteIdentical() throws {
        let first = trickyDiary(), second = trickyDiary()
        try first.build()
        try second.build()
        #expect(try snapshot(first.output) == snapshot(second.output))
    }
}
