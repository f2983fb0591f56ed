// Sources/DiaryKit/Statistics/: a month's numbers (RecapStats), recap.json (RecapJSON) and
// the terminal recap's bars (RecapReport).
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct RecapStatsTests {
    @Test func percentsUseLargestRemainder() {
        #expect(RecapStats.percents([8, 6, 3, 6, 1]) == [33, 25, 13, 25, 4])
        #expect(RecapStats.percents([2, 0, 1]) == [67, 0, 33])
        #expect(RecapStats.percents([0, 0]) == [0, 0])
        for counts in [[1, 2, 3, 4, 5, 6, 7], [13, 7, 1], [99, 1, 1], [3, 3, 1]] {
            #expect(RecapStats.percents(counts).reduce(0, +) == 100)
        }
    }

    /// 8 and 8 entries once showed 28% and 27%.
    @Test func equalCountsGetEqualPercents() {
        #expect(RecapStats.percents([8, 8, 13]) == [27, 27, 45])
        #expect(RecapStats.percents([1, 1, 1]) == [33, 33, 33])
        // 16.67% four times: 17% is nearer, and 101 nearer 100 than 97.
        #expect(RecapStats.percents([1, 2, 1, 1, 1]) == [17, 33, 17, 17, 17])
        #expect(RecapStats.areRounded([27, 27, 45]))
        #expect(!RecapStats.areRounded([33, 25, 13, 25, 4]))
        var random = SeededGenerator(seed: 16)
        for _ in 0..<2000 {
            let counts = (0..<Int.random(in: 1...9, using: &random)).map { _ in Int.random(in: 0...12, using: &random) }
            let percents = RecapStats.percents(counts)
            for (count, percent) in zip(counts, percents) {
                #expect(percents[counts.firstIndex(of: count)!] == percent, "\(counts) → \(percents)")
            }
            let total = counts.reduce(0, +)
            guard total > 0 else { continue }
            // Each percent is its exact share rounded down or up; the total misses 100
            // by less than the size of some group of equal counts.
            for (count, percent) in zip(counts, percents) {
                #expect(Double(percent) <= Double(count * 100) / Double(total) + 1 && Double(percent) >= Double(count * 100) / Double(total) - 1)
            }
            let miss = abs(100 - percents.reduce(0, +))
            #expect(miss == 0 || counts.contains { count in counts.filter { $0 == count }.count > miss }, "\(counts) → \(percents)")
        }
    }

    /// Scores 1…n, best first, as a scale of `n` moods.
    func scale(_ n: Int) -> MoodScale {
        MoodScale((1...n).reversed().map { Mood(id: "m\($0)", label: "M\($0)", emoji: "🙂", color: "#777777", score: Double($0)) })
    }

    func moodEntry(_ mood: Mood, _ date: CivilDate, _ path: String) -> Entry {
        Entry(source: SourceFile(contentPath: path, url: URL(fileURLWithPath: "/" + path)),
              metadata: EntryMetadata(date: date, mood: mood, tags: []), body: Markdown.convert("a"), isPublished: true, linkedAssets: [])
    }

    /// A month with one entry a day, of these moods.
    func month(_ moods: [Mood], on scale: MoodScale) -> RecapStats {
        let entries = moods.enumerated().map { index, mood in moodEntry(mood, .ymd(2025, 3, index + 1), "\(index).md") }
        return RecapStats(month: Diary(entries: entries, moods: scale).months[0], moods: scale)
    }

    /// Good and okay once gave "A good month" beside an average of 😐 Okay (3.5).
    @Test func theVerdictSpeaksOfTheAveragesMood() {
        let five = scale(5)
        let goodAndOkay = month([five.moods[1], five.moods[2]], on: five)
        #expect(goodAndOkay.averageMood == five.moods[2])
        #expect(goodAndOkay.verdict == .mixed)
    }

    /// Every average a month of one to three entries can have, on scales of 3, 5 and
    /// 10 moods: the verdict is the one of a month whose every entry had the average's
    /// mood, and that mood is the one a day with those entries gets.
    @Test func verdictAverageAndDayMoodAreOneRule() {
        for scale in [scale(3), scale(5), scale(10)] {
            let alone = Dictionary(uniqueKeysWithValues: scale.moods.map { ($0.id, month([$0], on: scale).verdict) })
            // A month of one mood gets that mood's verdict, from best to worst in order.
            #expect(alone[scale.moods.first!.id] == .wonderful)
            #expect(alone[scale.moods.last!.id] == .veryHard)
            let order = RecapStats.Verdict.allCases
            let verdictOrder = scale.moods.map { order.firstIndex(of: alone[$0.id]!!)! }
            #expect(verdictOrder == verdictOrder.sorted(), "\(scale.moods.count) moods")
            for a in scale.moods { for b in scale.moods { for c in [nil] + scale.moods {
                let moods = [a, b] + (c.map { [$0] } ?? [])
                let stats = month(moods, on: scale)
                let sameDay = moods.enumerated().map { index, mood in moodEntry(mood, .ymd(2025, 3, 1), "\(index).md") }
                let day = Diary(entries: sameDay, moods: scale).days[0]
                #expect(stats.averageMood == day.mood, "\(moods.map(\.id))")
                #expect(stats.verdict == alone[stats.averageMood!.id], "\(moods.map(\.id)): average \(stats.averageScore!)")
            } } }
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
        #expect(stats.moods.map(\.percent) == [17, 33, 17, 17, 17])
        #expect(stats.longestStreak == 3)
        #expect(stats.words == 13)
        #expect(stats.tags.map(\.tag) == ["a", "b", "c"])
        #expect(stats.bestDay?.date == .ymd(2025, 3, 1))
        #expect(stats.worstDay?.date == .ymd(2025, 3, 11))
        #expect(abs(stats.averageScore! - 19.0 / 6) < 1e-9)
        #expect(stats.averageMood?.id == "okay")
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
        #expect(stats.topTags.last.map { [$0.tag, String($0.count)] } == [nil, String(3 + 2 + 1)])
        #expect(stats.topTags.first.map { [$0.tag, String($0.count)] } == ["t11", "11"])
        // "other" and t06 both count 6: the same share.
        #expect(stats.topTags.last?.percent == stats.topTags.first { $0.tag == "t06" }?.percent)
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
    /// The terminal and mail recap count and speak as the site does.
    @Test func aRecapCountsInTheRightFormAndSpeaksOfARunningMonthSoFar() throws {
        let diary = Diary(entries: [entry(.ymd(2025, 3, 1), "good"), entry(.ymd(2025, 3, 3), "okay"), entry(.ymd(2025, 3, 5), "great")],
                          moods: defaultScale)
        let words = try Theme.builtIn.translations(language: "en")
        func report(today: CivilDate, _ format: RecapReport.Format) -> String {
            RecapReport(month: diary.months[0], moods: defaultScale, translations: words, localeIdentifier: "en_US", today: today).formatted(format)
        }
        let past = report(today: .ymd(2025, 4, 2), .text)
        #expect(past.hasPrefix("Recap of March 2025\nA good month, all in all.\n"))
        #expect(past.contains("1 day\n"))
        #expect(!past.contains("1 days"))
        // Three moods of one entry each: 33% apiece, which the recap says is rounded.
        #expect(past.contains("Shares are rounded"))
        let running = report(today: .ymd(2025, 3, 20), .markdown)
        #expect(running.hasPrefix("# Recap of March 2025 so far\n\n*A good month so far, all in all.*\n"))
        #expect(running.contains("| Longest streak | 1 day |"))
        #expect(running.contains("\nShares are rounded, so they may not add up to 100%.\n"))
    }

    @Test func blockBarsAreProportional() {
        #expect(RecapReport.bar(0, of: 10, width: 8) == "")
        #expect(RecapReport.bar(10, of: 10, width: 8) == "████████")
        #expect(RecapReport.bar(5, of: 10, width: 8) == "████")
        #expect(RecapReport.bar(1, of: 16, width: 8) == "▌")
        #expect(RecapReport.bar(1, of: 1000, width: 8) == "▏")
    }
}

@Suite struct TrophyCaseTests {
    typealias Day = TrophyCase.WrittenDay

    /// One entry on each of `count` days from `first`.
    func run(from first: CivilDate, count: Int) -> [Day] {
        (0..<count).map { Day(first.adding(days: $0)) }
    }

    func earned(_ days: [Day], today: CivilDate = .ymd(2030, 1, 1)) -> [String] {
        TrophyCase(days: days, today: today).earned.map { "\($0.kind.id) \($0.day)" }
    }

    @Test func aStreakRunsAcrossTheEndOfAMonthAndAYear() {
        #expect(earned(run(from: .ymd(2025, 12, 28), count: 7)) == [
            "first-2025 2025-12-28", "first-2026 2026-01-01", "streak-7 2026-01-03",
        ])
        #expect(earned(run(from: .ymd(2026, 1, 28), count: 7)).contains("streak-7 2026-02-03"))
    }

    @Test func aLeapDayIsADayOfTheStreakAndMissingItBreaksIt() {
        #expect(earned(run(from: .ymd(2024, 2, 24), count: 7)).contains("streak-7 2024-03-01"))
        let withoutLeapDay = run(from: .ymd(2024, 2, 25), count: 4) + run(from: .ymd(2024, 3, 1), count: 7)
        #expect(earned(withoutLeapDay).contains("streak-7 2024-03-07"))
        // In a common year 28 February is followed by 1 March.
        #expect(earned(run(from: .ymd(2023, 2, 23), count: 7)).contains("streak-7 2023-03-01"))
    }

    @Test func longStreaksAreEarnedOnTheirLastDayOnce() {
        let year = earned(run(from: .ymd(2023, 7, 1), count: 365))
        #expect(year.filter { $0.hasPrefix("streak-") } == [
            "streak-7 2023-07-07", "streak-30 2023-07-30", "streak-100 2023-10-08", "streak-365 2024-06-29",
        ])
        // A second week in a row earns nothing new.
        let twoWeeks = run(from: .ymd(2025, 3, 1), count: 7) + run(from: .ymd(2025, 3, 10), count: 7)
        #expect(earned(twoWeeks).filter { $0.hasPrefix("streak-") } == ["streak-7 2025-03-07"])
    }

    @Test func everyDayOfAMonthIncludingALeapFebruary() {
        #expect(earned(run(from: .ymd(2024, 2, 1), count: 29)).contains("month-2024-02 2024-02-29"))
        #expect(earned(run(from: .ymd(2023, 2, 1), count: 28)).contains("month-2023-02 2023-02-28"))
        #expect(earned(run(from: .ymd(2024, 2, 1), count: 28)).allSatisfy { !$0.hasPrefix("month-") })
        // 31 days from the 2nd cover no whole month.
        #expect(earned(run(from: .ymd(2025, 1, 2), count: 31)).allSatisfy { !$0.hasPrefix("month-") })
        let december = earned(run(from: .ymd(2025, 12, 1), count: 31))
        #expect(december.contains("month-2025-12 2025-12-31"))
    }

    @Test func everyMonthOfAYearIsEarnedOnDecembersFirstEntry() {
        let firsts = (1...12).map { Day(CivilDate.ymd(2025, $0, 15)) }
        #expect(earned(firsts) == ["first-2025 2025-01-15", "year-2025 2025-12-15"])
        #expect(earned(firsts.filter { $0.date.month != 6 }) == ["first-2025 2025-01-15"])
    }

    @Test func entryCountsAreEarnedOnTheDayOfTheirEntry() {
        var days = run(from: .ymd(2025, 1, 1), count: 98).map { Day($0.date, entries: 1) }
        days.append(Day(.ymd(2025, 5, 1), entries: 3))  // the 99th, 100th and 101st
        #expect(earned(days).contains("entries-100 2025-05-01"))
        #expect(earned([Day(.ymd(2025, 1, 1), entries: 1000)]) == [
            "first-2025 2025-01-01", "entries-100 2025-01-01", "entries-500 2025-01-01", "entries-1000 2025-01-01",
        ])
    }

    @Test func theNextTrophiesCountFromToday() {
        let days = run(from: .ymd(2026, 3, 1), count: 12)  // 1–12 March
        let progress = { (today: CivilDate) in TrophyCase(days: days, today: today).next.map { "\($0.kind.id) \($0.done)/\($0.goal)" } }
        // Today not written yet: yesterday's streak goes on. January and February were
        // not written, so this year cannot be full.
        #expect(progress(.ymd(2026, 3, 13)) == ["streak-30 12/30", "entries-100 12/100", "month-2026-03 12/31"])
        // A day missed: the streak starts again and this month can no longer be full.
        #expect(progress(.ymd(2026, 3, 14)) == ["streak-30 0/30", "entries-100 12/100"])
        #expect(progress(.ymd(2026, 4, 1)) == ["streak-30 0/30", "entries-100 12/100", "month-2026-04 0/30"])
        let thisYear = TrophyCase(days: [Day(.ymd(2026, 1, 5)), Day(.ymd(2026, 2, 3))], today: .ymd(2026, 3, 2)).next
        #expect(thisYear.last == TrophyCase.Progress(kind: .fullYear(2026), done: 2, goal: 12))
        #expect(TrophyCase(days: [], today: .ymd(2026, 1, 1)).next.map(\.kind.id) == ["streak-7", "entries-100", "month-2026-01", "year-2026"])
    }

    @Test func trophiesOfADayAndOfAMonth() {
        let trophies = TrophyCase(days: run(from: .ymd(2025, 12, 28), count: 7), today: .ymd(2026, 2, 1))
        #expect(trophies.earned(on: .ymd(2026, 1, 1)).map(\.kind) == [.firstOfYear(2026)])
        #expect(trophies.earned(on: .ymd(2026, 1, 2)).isEmpty)
        #expect(trophies.earned(in: YearMonth(year: 2026, month: 1)).map(\.kind) == [.firstOfYear(2026), .streak(days: 7)])
    }
}
