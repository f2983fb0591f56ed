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
