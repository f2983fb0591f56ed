// Sources/DiaryKit/Cache/SearchRecords.swift: the search index keeps each year's terms
// in the build cache, and an edit splits only its own year's words again.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

extension BuildCacheTests {
    @Test func aOneEntryEditSplitsOnlyItsOwnYearIntoTermsAgain() throws {
        let site = trickyDiaryWithPublicEntries()
        try buildAndCompare(site, "first build")
        let kept = site.folder.appending(path: SiteFolder.cacheName + "/search-author")
        let stamp = { (year: String) in FileStamp(path: kept.appending(path: year).path) }
        let year2024 = try #require(stamp("2024"))
        let year2025 = try #require(stamp("2025"))

        site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka smiled.")
        try buildAndCompare(site, "a 2025 entry changed")
        #expect(stamp("2024") == year2024, "2024's terms were taken from the cache")
        #expect(stamp("2025") != year2025)
        let terms = (0..<SearchIndex.parts).compactMap { site.read(SearchIndex.termsPath($0)) }.joined()
        for word in ["\"quokka\"", "\"zebra\"", "\"xylophone\""] { #expect(terms.contains(word)) }

        // The public site indexes fewer entries: its terms are kept apart.
        try buildAndCompare(site, audience: .world, "the public build")
        #expect(FileManager.default.fileExists(atPath: site.folder.appending(path: SiteFolder.cacheName + "/search-world/2025").path))
        #expect(stamp("2024") == year2024)

        // A year with no entries left is forgotten.
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024"))
        try buildAndCompare(site, "2024 emptied")
        #expect(stamp("2024") == nil)
    }

    /// A year split again alone is split in two halves and joined: its terms, and the
    /// texts of a month that lies in both halves, are as a full build makes them.
    @Test func aYearSplitAloneIsSplitInHalvesAndJoined() throws {
        let site = trickyDiaryWithPublicEntries()
        // 2023: eight days, halved after 4 May, so May lies in both halves.
        for day in 1...6 { site.entry("2023/05/2023-05-0\(day).md", mood: "good", title: "May \(day)", tags: ["may\(day)"], body: "Walked by the river, day \(day).") }
        for day in 1...2 { site.entry("2023/06/2023-06-0\(day).md", mood: "okay", title: "June \(day)", body: "Rain on the window, day \(day).") }
        // 2022: six days, halved where March ends.
        for day in 1...3 { site.entry("2022/03/2022-03-0\(day).md", mood: "good", title: "March \(day)", body: "Snow melting, day \(day).") }
        for day in 1...3 { site.entry("2022/04/2022-04-0\(day).md", mood: "bad", title: "April \(day)", body: "Blossoms, day \(day).") }
        try buildAndCompare(site, "first build")
        site.entry("2023/05/2023-05-02.md", mood: "good", title: "May 2", tags: ["may2"], body: "A quokka by the river.")
        try buildAndCompare(site, "a May entry, in the first half")
        site.entry("2023/05/2023-05-06.md", mood: "great", title: "May 6", tags: ["may6"], body: "A wombat by the river.")
        try buildAndCompare(site, "a May entry, in the second half")
        site.entry("2023/06/2023-06-02.md", mood: "okay", title: "June 2", body: "A numbat at the window.")
        try buildAndCompare(site, "a June entry")
        site.entry("2022/04/2022-04-01.md", mood: "bad", title: "April 1", body: "A platypus in the blossoms.")
        try buildAndCompare(site, "an April entry, the year halved where a month ends")
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
