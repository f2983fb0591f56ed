// Sources/DiaryKit/Layout/: the shapes pages draw, MonthCalendar's weeks and PieChart's SVG.
// The year in pixels is tested on the built year page, in PagesTests.
import Foundation
import Testing
@testable import DiaryKit

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
        #expect(calendar.weeks[2][5]?.day?.mood?.id == "great")
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
