// Sources/DiaryKit/Cache/SearchRecords.swift and Search/PartTerms.swift: the search index
// keeps each part's terms in the build cache, and an edit splits only its own month's
// words again and remakes only the parts those words are in.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

extension BuildCacheTests {
    @Test func aOneEntryEditRemakesOnlyThePartsOfItsTermsFromThoseKept() throws {
        let site = trickyDiaryWithPublicEntries()
        // What an older diarygen kept there, a file per month, goes once the parts are made anew.
        let kept = site.folder.appending(path: SiteFolder.cacheName + "/search-author")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: kept.appending(path: "2024-01"))
        try buildAndCompare(site, "first build")
        func stamps() throws -> [String: FileStamp] {
            let names = try FileManager.default.contentsOfDirectory(atPath: kept.path)
            return Dictionary(uniqueKeysWithValues: names.map { ($0, FileStamp(path: kept.appending(path: $0).path)!) })
        }
        let before = try stamps()
        #expect(Set(before.keys) == Set(["months", "parts"] + (0..<SearchIndex.parts).map { "terms-\($0)" }))

        let pages = { Dictionary(uniqueKeysWithValues: (0..<SearchIndex.parts).map { ($0, FileStamp(path: site.output.appending(path: SearchIndex.termsPath($0)).path)) }) }
        let pagesBefore = pages()
        site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", tags: ["xylophone"], body: "A quokka smiled.")
        try buildAndCompare(site, "a 2025 entry changed")
        let after = try stamps()
        let remade = Set(after.filter { before[$0.key] != $0.value }.keys)
        let rewritten = Set(pages().filter { pagesBefore[$0.key] != $0.value }.keys)
        #expect(remade == Set(["months", "parts"] + rewritten.map { "terms-\($0)" }), "the other parts' terms were left as kept")
        #expect(rewritten.count < SearchIndex.parts / 2 && rewritten.contains(SearchIndex.part(of: "quokka")))
        let terms = (0..<SearchIndex.parts).compactMap { site.read(SearchIndex.termsPath($0)) }.joined()
        for word in ["\"quokka\"", "\"zebra\"", "\"xylophone\""] { #expect(terms.contains(word)) }

        // The public site indexes fewer entries: its terms are kept apart.
        try buildAndCompare(site, audience: .world, "the public build")
        let world = try FileManager.default.contentsOfDirectory(atPath: site.folder.appending(path: SiteFolder.cacheName + "/search-world").path)
        #expect(world.contains("months"))
        #expect(try stamps() == after)

        // A month with no entries left is forgotten.
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024"))
        try buildAndCompare(site, "2024 emptied")
        let firstIDs = try #require(BuildCache(site: SiteFolder(site.folder)).loadPartTerms(0, audience: .author)).months.map(\.firstID)
        #expect(!firstIDs.isEmpty && firstIDs.allSatisfy { CivilDate(dayNumber: $0 / 1024).year != 2024 })
    }

    /// A kept part's terms are read term by term as they are joined, so the whole file is
    /// checked when it is loaded: one with a byte changed anywhere is not believed, and
    /// every month is split again (and every part kept anew, as it was).
    @Test func aDamagedPartOfTermsIsMadeAgain() throws {
        let site = trickyDiaryWithPublicEntries()
        try buildAndCompare(site, "first build")
        let file = site.folder.appending(path: SiteFolder.cacheName + "/search-author/terms-\(SearchIndex.part(of: "quokka"))")
        let original = try Data(contentsOf: file)
        // Each edit changes a word of the damaged part (words of one first letter share a part).
        for (step, offset, word) in [("a damaged list", original.count - 3, "quietly"), ("a damaged header of months", 20, "quickly")] {
            var damaged = original
            damaged[offset] ^= 0x20
            try damaged.write(to: file)
            site.entry("2025/04/2025-04-06.md", mood: "okay", title: "Zebra crossing", body: "A quokka smiled \(word) at \(step).")
            try buildAndCompare(site, step)
            #expect(try Data(contentsOf: file) != damaged, "\(step): the part was made again")
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
