// Sources/DiaryKit/Statistics/: the insights' figures (MoodTrend, Streaks, TagEffects,
// NumberInsights, OnThisDay, TagStats) against values worked out by hand.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

/// Scores 5…1, best first, ids m5…m1.
private let scale = MoodScale((1...5).reversed().map { Mood(id: "m\($0)", label: "M\($0)", emoji: "🙂", color: "#777777", score: Double($0)) })

/// An entry on `date` with mood score `score` (none for nil).
private func entry(_ date: CivilDate, _ score: Int?, tags: [String] = [], fields: [String: String] = [:], published: Bool = true,
                   path: String? = nil) -> Entry {
    let path = path ?? "\(date)-\(UUID().uuidString).md"
    return Entry(source: SourceFile(contentPath: path, url: URL(fileURLWithPath: "/" + path)),
                 metadata: EntryMetadata(date: date, mood: score.map { scale.moods[5 - $0] }, tags: tags, otherFields: fields),
                 body: Markdown.convert("a"), isPublished: published, linkedAssets: [])
}

private func diary(_ entries: [Entry]) -> Diary { Diary(entries: entries, moods: scale) }

@Suite struct MoodTrendTests {
    /// January 5 and 3, February 1, March only without a mood, April 4 and 4, September 2.
    @Test func monthlyAveragesAndTheFiveMonthTrend() {
        let trend = MoodTrend(diary: diary([
            entry(.ymd(2025, 1, 1), 5), entry(.ymd(2025, 1, 2), 3), entry(.ymd(2025, 2, 1), 1), entry(.ymd(2025, 3, 1), nil),
            entry(.ymd(2025, 4, 1), 4), entry(.ymd(2025, 4, 2), 4), entry(.ymd(2025, 9, 1), 2),
        ]))
        #expect(trend.points.map(\.month.month.month) == Array(1...9))
        #expect(trend.points.map(\.month.averageScore) == [4, 1, nil, 4, nil, nil, nil, nil, 2])
        // January: November to March holds 5, 3, 1. February: December to April, 5, 3, 1, 4, 4.
        // March (no mood of its own): January to May, the same. April: February to June, 1, 4, 4.
        // May and June: 4, 4. July to September: the 2 of September alone.
        #expect(trend.points.map(\.trend) == [3, 3.4, 3.4, 3, 4, 4, 2, 2, 2])
        #expect(trend.hasMoods)
        #expect(!MoodTrend(diary: diary([entry(.ymd(2025, 1, 1), nil)])).hasMoods)
    }

    /// November 5, January 1, April 2: November to January see 5 and 1; February and
    /// March see 1 and 2; April, 2 alone.
    @Test func theTrendReachesAcrossAYear() {
        let trend = MoodTrend(diary: diary([entry(.ymd(2024, 11, 1), 5), entry(.ymd(2025, 1, 1), 1), entry(.ymd(2025, 4, 1), 2)]))
        #expect(trend.points.map(\.trend) == [3, 3, 3, 1.5, 1.5, 2])
    }
}

@Suite struct TagEffectsTests {
    /// "run" on five entries with moods 5, 5, 4, 4, 2 (and one without a mood); the two
    /// other entries with moods are 3 and 1. "work" is on four entries only.
    @Test func averagesWithAndWithoutATag() {
        let effects = TagEffects(diary: diary([
            entry(.ymd(2025, 1, 1), 5, tags: ["run", "work"]), entry(.ymd(2025, 1, 2), 5, tags: ["run", "run"]),
            entry(.ymd(2025, 1, 3), 4, tags: ["run", "work"]), entry(.ymd(2025, 1, 4), 4, tags: ["run", "work"]),
            entry(.ymd(2025, 1, 5), 2, tags: ["run", "work"]), entry(.ymd(2025, 1, 6), nil, tags: ["run"]),
            entry(.ymd(2025, 1, 7), 3), entry(.ymd(2025, 1, 8), 1), entry(.ymd(2025, 1, 9), nil),
        ]))
        #expect(effects.rows.count == 1)
        let run = effects.rows[0]
        #expect(run.tag == "run")
        #expect((run.withCount, run.withAverage, run.withoutCount, run.withoutAverage) == (5, 4, 2, 2))
        #expect(run.effect == 2)
        // 5 and 4 twice each: the scale lists 5 first.
        #expect(run.commonMood.id == "m5")
    }

    /// Entries whose tags this build does not show (mood-only in the public build) are
    /// neither with nor without a tag.
    @Test func unpublishedEntriesCountNeitherWay() {
        let tagged = (1...5).map { entry(.ymd(2025, 1, $0), 4, tags: ["x"]) }
        let effects = TagEffects(diary: diary(tagged + [entry(.ymd(2025, 2, 1), 2), entry(.ymd(2025, 2, 2), 5, published: false)]))
        #expect(effects.rows.map(\.withoutAverage) == [2])
        #expect(effects.rows.map(\.withoutCount) == [1])
    }

    @Test func sortedByEffectThenEntries() {
        let entries = (1...5).map { entry(.ymd(2025, 1, $0), 5, tags: ["good"]) } + (1...6).map { entry(.ymd(2025, 2, $0), 1, tags: ["bad"]) }
            + (1...5).map { entry(.ymd(2025, 3, $0), 3, tags: ["mid"]) }
        #expect(TagEffects(diary: diary(entries)).rows.map(\.tag) == ["good", "mid", "bad"])
    }
}

@Suite struct NumberInsightsTests {
    /// Ten days of sleep and moods; the second day has two entries (6 and 8, so 7).
    func days(extra: [Entry] = []) -> Diary {
        let sleep: [(Double, Int)] = [(8, 5), (7, 5), (6, 4), (5, 2), (9, 5), (4, 1), (6, 3), (7, 4), (5, 2), (8, 4)]
        var entries = sleep.enumerated().map { index, day in
            entry(.ymd(2025, 3, index + 1), day.1, fields: ["sleep": decimalText(day.0, maxFractionDigits: 1), "steps": "9000", "mood_note": "fine"])
        }
        entries[1] = entry(.ymd(2025, 3, 2), 5, fields: ["sleep": "6", "steps": "9000"])
        entries.append(entry(.ymd(2025, 3, 2), 5, fields: ["sleep": " 8 "]))
        return diary(entries + extra)
    }

    @Test func bestAndWorstDaysAndTheMedianSplit() {
        let rows = NumberInsights(diary: days()).rows
        #expect(rows.map(\.key) == ["sleep", "steps"])
        let sleep = rows[0]
        #expect(sleep.entries == 11)
        // Days of 5: 8, 7, 9. The one day of 1: 4.
        #expect(sleep.best == NumberInsights.MoodDays(mood: scale.moods[0], days: 3, average: 8))
        #expect(sleep.worst == NumberInsights.MoodDays(mood: scale.moods[4], days: 1, average: 4))
        // 4 5 5 6 6 | 7 7 8 8 9: the median is 6.5. At or above: 5 5 5 4 4; below: 4 2 1 3 2.
        #expect(sleep.split == NumberInsights.Split(threshold: 6.5, aboveDays: 5, aboveScore: 4.6, belowDays: 5, belowScore: 2.4))
        // Every day walked 9000 steps: nothing to split.
        #expect(rows[1].split == nil)
    }

    @Test func aKeyOnFewerThanTenEntriesIgnoredOrNotNumericIsLeftOut() {
        #expect(NumberInsights(diary: days(), ignored: ["steps"]).rows.map(\.key) == ["sleep"])
        // Nine entries with a mood: the day without one does not count.
        let nine = (1...9).map { entry(.ymd(2025, 5, $0), 1 + $0 % 5, fields: ["coffee": "\($0)"]) } + [entry(.ymd(2025, 5, 20), nil, fields: ["coffee": "1"])]
        #expect(NumberInsights(diary: diary(nine)).rows.isEmpty)
        let ten = nine + [entry(.ymd(2025, 5, 21), 3, fields: ["coffee": "2"])]
        #expect(NumberInsights(diary: diary(ten)).rows.map(\.key) == ["coffee"])
        // Entries the build does not publish keep no fields, and count for nothing.
        let hidden = (1...10).map { entry(.ymd(2025, 6, $0), 1 + $0 % 5, fields: ["weight": "70"], published: false) }
        #expect(NumberInsights(diary: diary(hidden)).rows.isEmpty)
    }

    /// Mostly zero: no day is below the median, so the split is at the next number up.
    @Test func aSplitWithNothingBelowTheMedianMovesUp() {
        let points = Array(repeating: (0.0, 3.0), count: 7) + [(1, 4), (1, 5), (2, 5)]
        #expect(NumberInsights.split(points.map { (value: $0.0, score: $0.1) })
                == NumberInsights.Split(threshold: 1, aboveDays: 3, aboveScore: 14.0 / 3, belowDays: 7, belowScore: 3))
        #expect(NumberInsights.split([(value: 2, score: 1), (value: 2, score: 5)]) == nil)
    }
}

@Suite struct OnThisDayTests {
    let memories = OnThisDay(diary: diary([
        entry(.ymd(2024, 2, 29), 5), entry(.ymd(2025, 2, 28), 4), entry(.ymd(2025, 3, 1), 3), entry(.ymd(2023, 3, 1), 2),
        entry(.ymd(2026, 3, 1), 1, published: false), entry(.ymd(2027, 3, 1), 2),
    ]))

    func years(_ date: CivilDate, earlierOnly: Bool = true) -> [Int] {
        memories.memories(of: date, earlierOnly: earlierOnly).map(\.yearsAgo)
    }

    /// 28 February of a year after a leap year shows that year's 28th, never the 29th.
    @Test func twentyNinthOfFebruaryOnlyOnItself() {
        #expect(years(.ymd(2027, 2, 28)) == [2])
        #expect(years(.ymd(2028, 2, 29)) == [4])
        // 1 March never shows 29 February.
        #expect(years(.ymd(2028, 3, 1)) == [1, 3, 5])
    }

    /// A day page links the nearest years of its date; of two as near, the earlier. Newest first.
    @Test func theNearestYearsOfALongDiary() {
        let long = OnThisDay(diary: diary((1990...2030).map { entry(.ymd($0, 6, 15), 3) }))
        #expect(long.nearest(10, of: .ymd(2000, 6, 15)).map(\.day.date.year) == [2005, 2004, 2003, 2002, 2001, 1999, 1998, 1997, 1996, 1995])
        #expect(long.nearest(4, of: .ymd(1990, 6, 15)).map(\.yearsAgo) == [-4, -3, -2, -1])
        #expect(long.nearest(3, of: .ymd(2010, 6, 15)).map(\.day.date.year) == [2011, 2009, 2008])
        #expect(memories.nearest(10, of: .ymd(2025, 3, 1)).map(\.yearsAgo) == [-2, 2])
        // What a day page's plan takes of them: their dates, and their moods by place in the scale.
        func planned(_ days: OnThisDay, _ count: Int, of date: CivilDate) -> [(date: CivilDate, moodPlace: Int)] {
            var taken: [(date: CivilDate, moodPlace: Int)] = []
            days.eachNearest(count, of: date) { taken.append(($0, $1)) }
            return taken
        }
        for date in [CivilDate.ymd(2010, 6, 15), .ymd(1990, 6, 15)] {
            let days = long.nearest(3, of: date).map(\.day)
            #expect(planned(long, 3, of: date).map(\.date) == days.map(\.date))
            #expect(planned(long, 3, of: date).map(\.moodPlace) == days.map { day in scale.moods.firstIndex { $0.id == day.mood?.id } ?? -1 })
            #expect(planned(long, 3, of: date).allSatisfy { $0.moodPlace >= 0 })
        }
        #expect(planned(memories, 10, of: .ymd(2028, 2, 29)).map(\.date) == [.ymd(2024, 2, 29)])
    }

    /// A day without a page of its own (only mood-only entries in the public build) is no memory.
    @Test func newestFirstAndOnlyDaysWithPages() {
        #expect(years(.ymd(2026, 3, 1)) == [1, 3])
        #expect(years(.ymd(2025, 3, 1), earlierOnly: false) == [-2, 2])
        #expect(years(.ymd(2025, 3, 2)) == [])
    }
}

@Suite struct TagStatsTests {
    @Test func tagFoldersAreReadableAndStable() {
        #expect(SitePaths.tagFolder("Work") == "work")
        #expect(SitePaths.tagFolder("산책") == "산책")
        // Korean typed on a Mac may come decomposed; it is the same tag.
        #expect(SitePaths.tagFolder("\u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}") == "산책")
        #expect(SitePaths.tagFolder("day off") == "day-off")
        #expect(SitePaths.tagFolder("  C++ / Swift!") == "c-swift")
        #expect(SitePaths.tagFolder("../etc") == "etc")
        #expect(SitePaths.tagFolder("🏃") == "u1f3c3")
        #expect(SitePaths.tagFolder(String(repeating: "가", count: 60)).utf8.count < 100)
        #expect(SitePaths.href(SitePaths.tag(folder: "산책")) == "tags/%EC%82%B0%EC%B1%85/")
        #expect(SitePaths.href("tags/day-off/") == "tags/day-off/")
    }

    @Test func tagsWithTheirEntriesNewestFirstAndTheirMoods() {
        let older = entry(.ymd(2025, 1, 1), 5, tags: ["Work", "산책"]), newer = entry(.ymd(2025, 2, 1), 2, tags: ["work", "Work"])
        let moodless = entry(.ymd(2025, 3, 1), nil, tags: ["work"]), hidden = entry(.ymd(2025, 4, 1), 1, tags: ["work"], published: false)
        let stats = TagStats(diary: diary([older, newer, moodless, hidden]))
        #expect(stats.tags.map(\.folder) == ["work", "산책"])
        let work = stats.tags[0]
        // "Work" is written twice, "work" twice: equal, so by name.
        #expect(work.names == ["Work", "work"])
        #expect(work.entries.map(\.date) == [.ymd(2025, 3, 1), .ymd(2025, 2, 1), .ymd(2025, 1, 1)])
        #expect(work.moodCounts == [1, 0, 0, 1, 0])
        #expect(work.withoutMood == 1)
    }

    @Test func tagsThatShareAPageAreWarnedAbout() {
        let warnings = ConvertedEntries.tagPageClashes([
            entry(.ymd(2025, 1, 1), 5, tags: ["Work"], path: "a.md"), entry(.ymd(2025, 1, 2), 5, tags: ["work", "walk"], path: "b.md"),
            entry(.ymd(2025, 1, 3), 5, tags: ["work"], path: "c.md"),
        ])
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.path.hasSuffix("b.md") == true)
        #expect(warnings.first?.message.contains("`work` and `Work`") == true)
        #expect(warnings.first?.message.contains("tags/work/") == true)
    }
}
