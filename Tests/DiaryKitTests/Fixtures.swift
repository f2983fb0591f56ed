// Helpers for DiaryKit's unit tests that reach its internal types; the diaries and
// TestSite, which EndToEndTests share, are in Tests/TestFixtures.
import Foundation
@testable import DiaryKit

/// The built-in moods, labelled by their ids.
let defaultScale = MoodScale(SiteConfig.defaultMoods.map { Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score) })

/// An entry made in memory, without a site folder, for statistics and layout tests.
/// A nil mood makes a day written without one.
func entry(_ date: CivilDate, _ mood: String?, tags: [String] = [], words: String = "a b", path: String? = nil) -> Entry {
    let path = path ?? "\(date).md"
    return Entry(source: SourceFile(contentPath: path, url: URL(fileURLWithPath: "/" + path)),
                 metadata: EntryMetadata(date: date, mood: mood.map { defaultScale.match($0)! }, tags: tags), body: Markdown.convert(words),
                 isPublished: true, linkedAssets: [])
}

/// A small deterministic generator (SplitMix64), so a failing fuzz case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
