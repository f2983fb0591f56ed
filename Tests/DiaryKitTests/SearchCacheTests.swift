// Sources/DiaryKit/Cache/SearchRecords.swift: the search index keeps each month's terms
// in the build cache, and an edit splits only its own month's words again.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

extension BuildCacheTests {
    @Test func aOneEntryEditSplitsOnlyItsOwnMonthIntoTermsAgain() throws {
        let site = trickyDiaryWithPublicEntries()
        try buildAndCompare(site, "first build")
        let kept = site.folder.appending(path: SiteFolder.cacheName + "/search-author")
        func stamps() throws -> [String: FileStamp] {
            let months = try FileManager.default.contentsOfDirectory(atPath: kept.path).filter { YearMonth($0) != nil }
            return Dictionary(uniqueKeysWithValues: months.map { ($0, FileStamp(path: kept.appending(path: $0).path)!) })
        }
        let before = try stamps()
        #expect(before["2025-04"] != nil && before.keys.contains { $0.hasPrefix("2024-") } && before.count > 3)

        site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka smiled.")
        try buildAndCompare(site, "a 2025 entry changed")
        let after = try stamps()
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["2025-04"], "the other months' terms were taken from the cache")
        let terms = (0..<SearchIndex.parts).compactMap { site.read(SearchIndex.termsPath($0)) }.joined()
        for word in ["\"quokka\"", "\"zebra\"", "\"xylophone\""] { #expect(terms.contains(word)) }

        // The public site indexes fewer entries: its terms are kept apart.
        try buildAndCompare(site, audience: .world, "the public build")
        let world = try FileManager.default.contentsOfDirectory(atPath: site.folder.appending(path: SiteFolder.cacheName + "/search-world").path)
        #expect(world.contains { YearMonth($0) != nil })
        #expect(try stamps() == after)

        // A month with no entries left is forgotten.
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024"))
        try buildAndCompare(site, "2024 emptied")
        #expect(try stamps().keys.allSatisfy { !$0.hasPrefix("2024-") })
    }

    /// A kept month's terms are read only for the parts whose files are made, so the whole
    /// file is checked when it is loaded: one with a byte changed anywhere is split again
    /// (and kept anew, as it was), not believed.
    @Test func aDamagedMonthOfTermsIsSplitAgain() throws {
        let site = trickyDiaryWithPublicEntries()
        try buildAndCompare(site, "first build")
        let kept = site.folder.appending(path: SiteFolder.cacheName + "/search-author")
        let months = try FileManager.default.contentsOfDirectory(atPath: kept.path).filter { $0.hasPrefix("2024-") }.sorted()
        let file = kept.appending(path: try #require(months.first))
        let original = try Data(contentsOf: file)
        for (step, offset) in [("a damaged list", original.count - 3), ("a damaged header of parts", 40)] {
            var damaged = original
            damaged[offset] ^= 0x20
            try damaged.write(to: file)
            site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", body: "A quokka smiled at \(step).")
            try buildAndCompare(site, step)
            #expect(try Data(contentsOf: file) == original, "\(step): the month was split again")
        }
    }

    /// A month split again alone is joined with the months kept, in the order of their
    /// ids: the terms, and the month's texts, are as a full build makes them.
    @Test func aMonthSplitAgainJoinsTheMonthsKept() throws {
        let site = trickyDiaryWithPublicEntries()
        for day in 1...6 { site.entry("2023/05/2023-05-0\(day).md", mood: "good", title: "May \(day)", tags: ["may\(day)"], body: "Walked by the river, day \(day).") }
        for day in 1...2 { site.entry("2023/06/2023-06-0\(day).md", mood: "okay", title: "June \(day)", body: "Rain on the window, day \(day).") }
        for day in 1...3 { site.entry("2022/03/2022-03-0\(day).md", mood: "good", title: "March \(day)", body: "Snow melting, day \(day).") }
        for day in 1...3 { site.entry("2022/04/2022-04-0\(day).md", mood: "bad", title: "April \(day)", body: "Blossoms, day \(day).") }
        try buildAndCompare(site, "first build")
        site.entry("2023/05/2023-05-02.md", mood: "good", title: "May 2", tags: ["may2"], body: "A quokka by the river.")
        try buildAndCompare(site, "a May entry")
        site.entry("2023/05/2023-05-06.md", mood: "great", title: "May 6", tags: ["may6"], body: "A wombat by the river.")
        try buildAndCompare(site, "another May entry")
        site.entry("2023/06/2023-06-02.md", mood: "okay", title: "June 2", body: "A numbat at the window.")
        try buildAndCompare(site, "a June entry")
        site.entry("2022/04/2022-04-01.md", mood: "bad", title: "April 1", body: "A platypus in the blossoms.")
        try buildAndCompare(site, "an entry of another year")
        let terms = (0..<SearchIndex.parts).compactMap { site.read(SearchIndex.termsPath($0)) }.joined()
        for word in ["\"quokka\"", "\"wombat\"", "\"numbat\"", "\"platypus\"", "\"snow\"", "\"may1\""] { #expect(terms.contains(word), "\(word)") }
    }

    /// The list of entries shows each entry's day, place, mood, title and tags: an edit
    /// of any of them changes it, as a full build makes it, and an edit of the entry's
    /// words alone leaves it be.
    @Test func theListOfEntriesFollowsWhatItShows() throws {
        let site = trickyDiaryWithPublicEntries()
        try buildAndCompare(site, "first build")
        let list = { site.read(SearchIndex.entriesPath) ?? "" }
        let first = list()
        site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka smiled.")
        try buildAndCompare(site, "an entry's mood, title and tags")
        #expect(list().contains("\"Zebra crossing\"") && list().contains("\"xylophone\"") && list() != first)
        let listed = list()
        site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka frowned.")
        try buildAndCompare(site, "its words alone")
        #expect(list() == listed)
        site.entry("2025/04/2025-04-06.md", mood: "good", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka frowned.")
        try buildAndCompare(site, "its mood alone")
        site.entry("2025/04/2025-04-06.md", mood: "good", title: "Zebra crossing", tags: ["xylophone", "yak"], body: "A quokka frowned.")
        try buildAndCompare(site, "its tags alone")
        site.entry("2025/04/2025-04-06b.md", date: "2025-04-06", mood: "bad", title: "Second", body: "Later that day.")
        try buildAndCompare(site, "a second entry that day")
        #expect(list().contains("\"Second\""))
    }
}
