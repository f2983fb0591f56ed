// Sources/DiaryKit/Cache/, Sources/DiaryKit/Plan/: whatever is edited, a rebuild makes the
// bytes a full build makes. A page whose inputs leave out something it shows stays stale
// after an edit that changes only that, and fails here.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

extension BuildCacheTests {
    /// A year and a half written on about two days in three, then entries rewritten
    /// (mood, title, tags, words), removed and added at random, each edit followed by a
    /// rebuild compared with a full build: trophies move, streaks break, months fill.
    @Test(arguments: [UInt64(2026), 52])
    func randomEditsRebuildAsAFullBuildDoes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let site = TestSite()
        let moods = ["great", "good", "okay", "bad", "awful"]
        let tags = ["work", "walk", "rain", "family", "book"]
        let first = CivilDate.ymd(2024, 1, 1)
        var written: Set<CivilDate> = []
        func write(_ date: CivilDate) {
            let chosen = tags.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            site.entry("\(date.year)/\(date).md", mood: moods.randomElement(using: &random)!,
                       title: Bool.random(using: &random) ? "Day \(date.day)" : nil, tags: chosen.isEmpty ? nil : chosen,
                       body: "Words \(Int.random(in: 0..<1000, using: &random)) and \(tags.randomElement(using: &random)!).")
            written.insert(date)
        }
        for offset in 0..<547 where Int.random(in: 0..<3, using: &random) > 0 { write(first.adding(days: offset)) }
        try buildAndCompare(site, today: "2025-07-01", "seed \(seed): first build")
        for step in 1...12 {
            let action = Int.random(in: 0..<3, using: &random)
            if action == 0, let date = written.sorted().randomElement(using: &random) {
                try FileManager.default.removeItem(at: site.folder.appending(path: "content/\(date.year)/\(date).md"))
                written.remove(date)
                try buildAndCompare(site, today: "2025-07-01", "seed \(seed), step \(step): \(date) removed")
            } else {
                let date = action == 1 ? written.sorted().randomElement(using: &random)! : first.adding(days: Int.random(in: 0..<547, using: &random))
                write(date)
                try buildAndCompare(site, today: "2025-07-01", "seed \(seed), step \(step): \(date) written")
            }
        }
    }
}
