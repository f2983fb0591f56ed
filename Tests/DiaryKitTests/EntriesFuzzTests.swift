// Sources/DiaryKit/Entries/: thousands of mangled front-matters, through the parser.
import Foundation
import Testing
@testable import DiaryKit

@Suite struct FrontMatterFuzzTests {
    static let pieces = ["---", "...", "date: 2025-01-01", "date: 2025-02-30", "date: [1, 2]", "date:", "mood: good", "mood: 🙂",
                         "mood: 9", "mood:", "mood: {a: b}", "title: \"x", "title: 'y'", "tags: [a, b", "tags: 5", "tags:\n  - a\n  - [b]",
                         "public: maybe", "private: true", "public: true", "  indented: x", "- list", "key: &a v", "other: *a", "? complex",
                         "\t", "# comment", "{", "}", ":", "\u{FEFF}", "\r", "한국어: 값", "\"quoted key\": 1", "!!binary x", "%YAML 1.2"]

    @Test func randomFrontMatterNeverCrashesAndAlwaysGivesAnEntryOrALocatedError() {
        var generator = SeededGenerator(seed: 2025)
        let parser = EntryParser(moods: defaultScale)
        let file = SourceFile(contentPath: "2025/2025-03-04.md", url: URL(fileURLWithPath: "/d/content/2025/2025-03-04.md"))
        for _ in 0..<3000 {
            var lines = (0..<Int.random(in: 0...8, using: &generator)).map { _ in FrontMatterFuzzTests.pieces.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { lines.insert("---", at: 0) }
            var text = lines.joined(separator: "\n")
            // Mutate a few characters, sometimes into bytes that are not UTF-8.
            var bytes = Array(text.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { text = String(decoding: bytes, as: UTF8.self) }
            let data = Bool.random(using: &generator) ? bytes : Array(text.utf8)
            let outcome = parser.parse(file, bytes: data)
            if outcome.header == nil {
                let errors = outcome.diagnostics.filter { $0.severity == .error }
                #expect(!errors.isEmpty, "no entry and no error for \(String(decoding: data, as: UTF8.self).debugDescription)")
                #expect(errors.allSatisfy { $0.path == "content/2025/2025-03-04.md" && !$0.message.isEmpty })
                #expect(errors.allSatisfy { $0.line.map { $0 >= 1 && $0 <= max(1, data.filter { $0 == 10 }.count + 1) } ?? true })
            }
        }
    }
}
