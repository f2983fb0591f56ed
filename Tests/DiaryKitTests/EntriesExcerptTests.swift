// Sources/DiaryKit/Entries/MarkdownExcerpt.swift: the excerpt the lists of entries show.
import Mustache
import Testing
@testable import DiaryKit

/// Sources/DiaryKit/Entries/MarkdownExcerpt.swift: an excerpt counts Characters, whether each
/// of the text's scalars is one (cut by counting scalars) or not (cut by walking Characters).
@Suite struct ExcerptTests {
    @Test func anExcerptIsCutAtTheLastSpaceInItsSecondHalf() {
        let words = String(repeating: "word ", count: 40)
        #expect(Markdown.shorten(words, to: 140) == String(repeating: "word ", count: 28).trimmingSpaces + "…")
        #expect(Markdown.shorten(String(repeating: "a", count: 200), to: 140) == String(repeating: "a", count: 140) + "…")
        #expect(Markdown.shorten("  short text  ", to: 140) == "short text")
        #expect(Markdown.shorten(String(repeating: "a", count: 140), to: 140) == String(repeating: "a", count: 140))
        // A space only in the first half is not a place to cut.
        #expect(Markdown.shorten("ab " + String(repeating: "c", count: 200), to: 140) == "ab " + String(repeating: "c", count: 137) + "…")
    }

    @Test func anExcerptNeverSplitsACharacter() {
        // The 140th Character is "e" with a combining accent, two scalars and three bytes.
        let accented = String(repeating: "a", count: 139) + "e\u{301}" + String(repeating: "b", count: 20)
        #expect(Markdown.shorten(accented, to: 140) == String(repeating: "a", count: 139) + "e\u{301}…")
        // CR LF is one Character.
        let lines = String(repeating: "a", count: 138) + "\r\n" + String(repeating: "b", count: 20)
        #expect(Markdown.shorten(lines, to: 140) == String(repeating: "a", count: 138) + "\r\nb…")
        let korean = String(repeating: "오늘은 ", count: 60)
        #expect(Markdown.shorten(korean, to: 140) == String(repeating: "오늘은 ", count: 35).trimmingSpaces + "…")
    }

    @Test func anExcerptIsTheSameCountedByScalarsOrByCharacters() {
        // The rule, over an array of Characters.
        func shortened(_ text: String, to limit: Int) -> String {
            let text = text.trimmingSpaces
            let characters = Array(text)
            guard characters.count > limit else { return text }
            var kept = characters[..<limit]
            if let space = kept.lastIndex(of: " "), space > limit / 2 { kept = kept[..<space] }
            return String(kept).trimmingSpaces + "…"
        }
        // Pieces that stand alone, and ones that join what is before or after them.
        let pieces = ["a", " ", "오늘", "東", "か", "é", "—", "「", "\n", "e\u{301}", "\r\n", "\r", "\u{1100}\u{1161}", "가\u{11A8}",
                      "👍🏽", "👩\u{200D}💻", "🇰🇷", "\u{3099}", "\u{FE0F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let limit = Int.random(in: 1...30, using: &generator)
            #expect(Markdown.shorten(text, to: limit) == shortened(text, to: limit), "\(text.debugDescription) to \(limit)")
        }
    }
}
