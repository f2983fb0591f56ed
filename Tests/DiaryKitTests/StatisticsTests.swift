// Sources/DiaryKit/Statistics/: a month's numbers (RecapStats), recap.json (RecapJSON) and
// the terminal recap's bars (RecapReport).
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

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
        #expect(stats.bestDay?.date == .ymd(2025, 3, 1))
        #expect(stats.worstDay?.date == .ymd(2025, 3, 11))
        #expect(abs(stats.averageScore! - 19.0 / 6) < 1e-9)
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

@Suite struct RecapJSONTests {
    @Test func theRecapJSONOfAMixedMonth() throws {
        let site = trickyDiary()
        try site.build()
        #expect(site.read("2025/01/recap.json") == """
        {
          "month": "2025-01",
          "entries": 5,
          "days_written": 3,
          "moods": {"great": 2, "good": 2, "okay": 0, "bad": 0, "awful": 1},
          "average_score": 3.8,
          "longest_streak": 3,
          "words": 10,
          "tags": {"<b>": 1}
        }

        """)
    }
}

@Suite struct RecapReportTests {
    @Test func blockBarsAreProportional() {
        #expect(RecapReport.bar(0, of: 10, width: 8) == "")
        #expect(RecapReport.bar(10, of: 10, width: 8) == "████████")
        #expect(RecapReport.bar(5, of: 10, width: 8) == "████")
        #expect(RecapReport.bar(1, of: 16, width: 8) == "▌")
        #expect(RecapReport.bar(1, of: 1000, width: 8) == "▏")
    }
}
