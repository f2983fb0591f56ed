// Sources/DiaryKit/Statistics/: the figures beyond a month — Streaks, WeekdayMoods,
// MonthlyAverages and YearStats — against values worked out by hand.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct StreaksTests {
    let dates: [CivilDate] = [.ymd(2024, 12, 30), .ymd(2024, 12, 31), .ymd(2025, 1, 1), .ymd(2025, 1, 2), .ymd(2025, 1, 5), .ymd(2025, 1, 6)]

    @Test func aRunCrossesTheEndOfTheYear() {
        let streaks = Streaks(dates: dates)
        #expect(streaks.runs.map(\.days) == [4, 2])
        #expect(streaks.longest == Streaks.Run(first: .ymd(2024, 12, 30), last: .ymd(2025, 1, 2)))
    }

    @Test func theCurrentStreakEndsTodayOrYesterday() {
        let streaks = Streaks(dates: dates)
        #expect(streaks.current(today: .ymd(2025, 1, 6))?.days == 2)
        // Today is not written yet: yesterday's run still counts.
        #expect(streaks.current(today: .ymd(2025, 1, 7)) == Streaks.Run(first: .ymd(2025, 1, 5), last: .ymd(2025, 1, 6)))
        #expect(streaks.current(today: .ymd(2025, 1, 8)) == nil)
        #expect(streaks.current(today: .ymd(2025, 1, 4)) == nil)
        // A stand-in today inside a run counts the run up to today only.
        #expect(streaks.current(today: .ymd(2025, 1, 1)) == Streaks.Run(first: .ymd(2024, 12, 30), last: .ymd(2025, 1, 1)))
        #expect(streaks.current(today: .ymd(2024, 12, 29)) == nil)
    }

    @Test func runsAcrossTheEndOfFebruary() {
        #expect(Streaks(dates: [.ymd(2024, 2, 28), .ymd(2024, 2, 29), .ymd(2024, 3, 1)]).longest?.days == 3)
        #expect(Streaks(dates: [.ymd(2023, 2, 28), .ymd(2023, 3, 1)]).longest?.days == 2)
        #expect(Streaks(dates: [.ymd(2023, 2, 27), .ymd(2023, 3, 1)]).longest?.days == 1)
    }

    @Test func ofEqualRunsTheEarliestIsTheLongest() {
        let streaks = Streaks(dates: [.ymd(2025, 1, 1), .ymd(2025, 1, 2), .ymd(2025, 3, 1), .ymd(2025, 3, 2)])
        #expect(streaks.longest?.first == .ymd(2025, 1, 1))
        #expect(Streaks(dates: []).longest == nil)
        #expect(Streaks(dates: []).current(today: .ymd(2025, 1, 1)) == nil)
    }
}

@Suite struct WeekdayMoodsTests {
    /// Monday 3 March: great and awful; Monday 10 March: good; Sunday 9 March: okay;
    /// Saturday 8 March written without a mood.
    let days = Diary(entries: [
        entry(.ymd(2025, 3, 3), "great", path: "a.md"), entry(.ymd(2025, 3, 3), "awful", path: "b.md"),
        entry(.ymd(2025, 3, 10), "good"), entry(.ymd(2025, 3, 9), "okay"), entry(.ymd(2025, 3, 8), nil),
    ], moods: defaultScale).days

    @Test func averagesByWeekdayFromMonday() {
        let moods = WeekdayMoods(days: days, moods: defaultScale, weekStart: 2)
        #expect(moods.weekdays.map(\.key) == ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
        let monday = moods.weekdays[0]
        #expect(monday.entries == 3)
        #expect(abs(monday.averageScore! - 10.0 / 3) < 1e-9)
        #expect(monday.averageMood?.id == "okay")
        // Written without a mood: no average.
        #expect(moods.weekdays[5].entries == 0 && moods.weekdays[5].averageScore == nil)
        #expect(moods.weekdays[6].averageScore == 3)
        #expect(moods.weekdays[1...4].allSatisfy { $0.averageScore == nil })
        #expect(moods.hasMoods)
    }

    @Test func theWeekStartsWhereTheLocaleSays() {
        let sunday = WeekdayMoods(days: days, moods: defaultScale, weekStart: 1)
        #expect(sunday.weekdays.map(\.weekday) == [1, 2, 3, 4, 5, 6, 7])
        #expect(sunday.weekdays[0].averageScore == 3)
        let saturday = WeekdayMoods(days: days, moods: defaultScale, weekStart: 7)
        #expect(saturday.weekdays.map(\.key).prefix(2) == ["saturday", "sunday"])
        #expect(!WeekdayMoods(days: days.filter { $0.mood == nil }, moods: defaultScale, weekStart: 1).hasMoods)
    }
}

@Suite struct MonthlyAveragesTests {
    @Test func twelveMonthsWithGapsAndTheBestAndHardest() {
        let diary = Diary(entries: [
            entry(.ymd(2025, 3, 1), "great"), entry(.ymd(2025, 3, 2), "okay"),
            entry(.ymd(2025, 5, 1), "bad"), entry(.ymd(2025, 6, 1), nil),
            entry(.ymd(2025, 9, 1), "great"), entry(.ymd(2025, 9, 2), "okay"),
            entry(.ymd(2025, 11, 1), "bad"),
            entry(.ymd(2026, 1, 1), "awful"),
        ], moods: defaultScale)
        let year = MonthlyAverages(year: 2025, diary: diary)
        #expect(year.months.map(\.month.month) == Array(1...12))
        #expect(year.months.map(\.averageScore) == [nil, nil, 4, nil, 2, nil, nil, nil, 4, nil, 2, nil])
        #expect(year.months[5].entries == 0)
        #expect(year.months[2].averageMood?.id == "good")
        // Equal averages: the earlier month.
        #expect(year.best?.month == YearMonth(year: 2025, month: 3))
        #expect(year.hardest?.month == YearMonth(year: 2025, month: 5))
        let span = MonthlyAverages(from: YearMonth(year: 2025, month: 11), through: YearMonth(year: 2026, month: 1), diary: diary)
        #expect(span.months.map(\.averageScore) == [2, nil, 1])
        #expect(MonthlyAverages(year: 2024, diary: diary).best == nil)
    }

    /// A year of one month with moods, or of months all alike, has no best or hardest month:
    /// naming one month as both, as a year review did, says nothing.
    @Test func noMonthStandsOutAlone() {
        let one = Diary(entries: [entry(.ymd(2025, 12, 1), "great"), entry(.ymd(2025, 12, 2), "bad")], moods: defaultScale)
        let alike = Diary(entries: [entry(.ymd(2025, 2, 1), "okay"), entry(.ymd(2025, 7, 1), "okay"), entry(.ymd(2025, 8, 1), nil)], moods: defaultScale)
        for diary in [one, alike] {
            let year = MonthlyAverages(year: 2025, diary: diary)
            #expect(year.best == nil && year.hardest == nil)
        }
        let two = Diary(entries: [entry(.ymd(2025, 2, 1), "okay"), entry(.ymd(2025, 7, 1), "good")], moods: defaultScale)
        #expect(MonthlyAverages(year: 2025, diary: two).best?.month == YearMonth(year: 2025, month: 7))
        #expect(MonthlyAverages(year: 2025, diary: two).hardest?.month == YearMonth(year: 2025, month: 2))
    }
}

@Suite struct YearStatsTests {
    /// A run across New Year's Eve on both sides of 2025, a day without a mood, three days in March.
    let diary = Diary(entries: [
        entry(.ymd(2024, 12, 30), "great"), entry(.ymd(2024, 12, 31), "great"),
        entry(.ymd(2025, 1, 1), "good", tags: ["a"]), entry(.ymd(2025, 1, 2), nil, words: "one two three"),
        entry(.ymd(2025, 3, 1), "great"), entry(.ymd(2025, 3, 2), "awful", tags: ["a", "b"]), entry(.ymd(2025, 3, 3), "okay"),
        entry(.ymd(2025, 12, 31), "bad"), entry(.ymd(2026, 1, 1), "great"),
    ], moods: defaultScale)

    @Test func aYearsFigures() {
        let stats = YearStats(year: 2025, diary: diary, weekStart: 1)
        #expect(stats.entries == 6 && stats.daysWritten == 6 && stats.dayCount == 365)
        #expect(stats.moods.map(\.count) == [1, 1, 1, 1, 1])
        #expect(stats.moods.map(\.percent) == [20, 20, 20, 20, 20])
        #expect(stats.averageScore == 3 && stats.averageMood?.id == "okay" && stats.verdict == .mixed)
        #expect(stats.words == 13)
        #expect(stats.tags.map(\.tag) == ["a", "b"] && stats.tags.map(\.count) == [2, 1])
        // The run that began in 2024 counts from 1 January only; the March run is longer.
        #expect(stats.longestStreak == Streaks.Run(first: .ymd(2025, 3, 1), last: .ymd(2025, 3, 3)))
        #expect(stats.months.months.map(\.averageScore) == [4, nil, 3, nil, nil, nil, nil, nil, nil, nil, nil, 2])
        #expect(stats.months.best?.month == YearMonth(year: 2025, month: 1))
        #expect(stats.months.hardest?.month == YearMonth(year: 2025, month: 12))
        // Wednesdays: 1 January (good) and 31 December (bad).
        let wednesday = stats.weekdays.weekdays[3]
        #expect(wednesday.key == "wednesday" && wednesday.entries == 2 && wednesday.averageScore == 3)
        #expect(stats.weekdays.weekdays.map(\.averageScore) == [1, 3, nil, 3, nil, nil, 5])
        #expect(stats.isInProgress(today: .ymd(2025, 12, 31)) && !stats.isInProgress(today: .ymd(2026, 1, 1)))
    }

    @Test func aYearWithoutMoods() {
        let stats = YearStats(year: 2027, diary: Diary(entries: [entry(.ymd(2027, 5, 5), nil)], moods: defaultScale), weekStart: 2)
        #expect(stats.entries == 1 && stats.averageScore == nil && stats.verdict == nil)
        #expect(stats.months.best == nil && !stats.weekdays.hasMoods)
        #expect(stats.longestStreak?.days == 1)
    }
}
