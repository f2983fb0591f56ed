// Sources/DiaryKit/Layout/: the shapes pages draw, MonthCalendar's weeks and the SVG of PieChart, LineChart and BarChart.
// The year in pixels is tested on the built year page, in PagesTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

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

@Suite struct LineChartTests {
    func chart(_ values: [Double?], trend: [Double?] = []) -> LineChart {
        LineChart(title: "Mood <2025>", description: "D & more",
                  points: values.enumerated().map { LineChart.Point(axisLabel: "m\($0)", label: "month \($0)", value: $1, color: "#123456") },
                  trend: trend, range: 1...5, ticks: [.init(value: 1, label: "1"), .init(value: 5, label: "5")],
                  yAxisTitle: "Mood", xAxisTitle: "Month", width: 400)
    }

    @Test func pointsSitOnTheScaleAndAGapBreaksTheLine() {
        let chart = chart([1, nil, 3, 5])
        // The plot runs from y = 24 (5) to y = 196 (1), x from 56 to 388 in four slots of 83.
        #expect(chart.y(1) == 196 && chart.y(5) == 24 && chart.y(3) == 110)
        #expect(chart.x(0) == 97.5 && chart.x(3) == 346.5)
        let svg = chart.svg(idPrefix: "line")
        // The lone first point is a dot without a segment; the last two are joined.
        #expect(svg.contains("<path class=\"line\" fill=\"none\" stroke=\"#1f5f99\" stroke-width=\"2.5\" d=\"M263.5 110L346.5 24\"/>"))
        #expect(occurrences(of: "<circle class=\"point\"", in: svg) == 3)
        #expect(svg.contains("cx=\"97.5\" cy=\"196\" r=\"5\"><title>month 0</title>"))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"line-title line-desc\""))
        #expect(svg.contains("<title id=\"line-title\">Mood &lt;2025&gt;</title>") && svg.contains("<desc id=\"line-desc\">D &amp; more</desc>"))
        #expect(occurrences(of: "<line class=\"grid\"", in: svg) == 2)
        #expect(svg.contains(">m3</text>") && svg.contains(">Mood</text>") && svg.contains(">Month</text>"))
        #expect(!svg.contains("class=\"trend\""))
    }

    /// A phone shows every other month's name (style.css hides the minor ones); eight names or fewer all stay.
    @Test func pastEightAxisLabelsEveryOtherOneIsMinor() {
        let year = chart(Array(repeating: 3, count: 12)).svg(idPrefix: "l")
        #expect(occurrences(of: "<text class=\"tick minor\"", in: year) == 6)
        #expect(year.contains("<text class=\"tick\" fill=\"#59616b\" x=\"") && year.contains(">m0</text>") && year.contains(">m10</text>"))
        #expect(year.contains("<text class=\"tick minor\" fill=\"#59616b\" x=\"") && year.range(of: "minor[^\\n]*>m1</text>", options: .regularExpression) != nil)
        #expect(!chart(Array(repeating: 3, count: 8)).svg(idPrefix: "l").contains("minor"))
    }

    @Test func aTrendIsDashedAndNothingToJoinDrawsNoLine() {
        let svg = chart([2, 4], trend: [3, 3]).svg(idPrefix: "l")
        #expect(svg.contains("<path class=\"trend\" fill=\"none\" stroke=\"#59616b\" stroke-dasharray=\"6 4\" d=\"M139 110L305 110\"/>"))
        let lone = chart([nil, 4, nil]).svg(idPrefix: "l")
        #expect(!lone.contains("<path"))
        #expect(occurrences(of: "<circle", in: lone) == 1)
    }
}

@Suite struct BarChartTests {
    @Test func barsRiseFromTheBottomOfTheRangeWithTheirValuesWritten() {
        let bars = [(3.0 as Double?, "mon"), (nil, "tue"), (1, "wed"), (5, "thu")].map { value, key in
            BarChart.Bar(key: key, axisLabel: key.capitalized, label: "\(key) <x>", value: value, valueText: value.map { "\($0)" } ?? "", color: "#abcdef")
        }
        let chart = BarChart(title: "By weekday", description: "D", bars: bars, range: 1...5)
        #expect(chart.width == 4 * 56 + 8)
        let svg = chart.svg(idPrefix: "weekdays")
        // Plot height 148 above the baseline at 172: 3 is half of it, 5 all, 1 a sliver of 2.
        #expect(svg.contains("data-key=\"mon\" fill=\"#abcdef\" x=\"12.4\" y=\"98\" width=\"39.2\" height=\"74\""))
        #expect(svg.contains("data-key=\"thu\" fill=\"#abcdef\" x=\"180.4\" y=\"24\" width=\"39.2\" height=\"148\""))
        #expect(svg.contains("data-key=\"wed\" fill=\"#abcdef\" x=\"124.4\" y=\"170\" width=\"39.2\" height=\"2\""))
        #expect(!svg.contains("data-key=\"tue\""))
        #expect(svg.contains(">—</text>") && svg.contains(">Tue</text>") && svg.contains(">3.0</text>"))
        #expect(svg.contains("<title>mon &lt;x&gt;</title>"))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"weekdays-title weekdays-desc\" class=\"bar-chart\""))
    }
}

/// The charts' numbers, written as bytes: what `decimalText` writes, on every machine alike.
@Suite struct DecimalTextTests {
    @Test(arguments: [
        (0.0, 2, "0"), (96.0, 3, "96"), (1.5, 2, "1.5"), (2.1, 2, "2.1"), (3.14159, 3, "3.142"), (12.0501, 2, "12.05"),
        // Leading zeros of the fraction stay, trailing ones go.
        (0.001, 3, "0.001"), (0.05, 3, "0.05"), (4.007, 3, "4.007"), (4.07, 3, "4.07"), (10.1, 3, "10.1"),
        // Below zero, the sign is written once, also before a whole part of 0; never -0.
        (-0.25, 2, "-0.25"), (-1.5, 2, "-1.5"), (-12.0, 1, "-12"), (-0.0004, 3, "0"), (-0.0, 2, "0"),
        (7.1, 0, "7"), (-3.7, 0, "-4"), (0.0004, 3, "0"), (123_456.789, 1, "123456.8"),
    ])
    func decimalTextWritesAtMostTheDigitsAskedWithoutTrailingZeros(value: Double, digits: Int, text: String) {
        #expect(decimalText(value, maxFractionDigits: digits) == text)
        let markup: MarkupBytes = "x=\"\(value, digits: digits)\" n=\"\(-42)\" \(escaping: "<&>")"
        #expect(markup.text == "x=\"\(text)\" n=\"-42\" &lt;&amp;&gt;")
    }
}
