import Foundation
import Testing
@testable import DiaryKit

@Suite struct FrontMatterFieldsTests {
    /// Values that are plain, quoted, listed, empty or null, and ones that only look so.
    static let values = [
        "", "good", "🙂", "4", "-1", "~", "null", "Null", "NULL", "nil", "yes", "2025-01-03", "2025-01-03T21:00+09:00",
        "21:00", "a: b", "a:", "a:b", "C#", "a #b", "a#b", "http://example.org/x?y=1", "Hello, world", "떡국 먹기", "e\u{301}",
        "\"quoted\"", "\"quoted # not a comment\"", "\"with \\\" escape\"", "\"a, b\"", "\"\"", "'single'", "'it''s'",
        "[a, b]", "[]", "[ ]", "[a]", "[ a ,b ]", "[a, , b]", "[a, b,]", "[\"x, y\", z]", "[a:b]", "[a, [b]]", "[a, b", "[a?]",
        "{a: b}", "&anchor x", "*alias", "!tag x", "|", ">", "- a", "...", "---", "x\u{2028}y", "x\u{85}y", "a\tb",
        "trailing   ", "%x", "@x", "`x`", "a ? b", "?x", "x?", "a | b", "a > b", "50%", "x*y", " \u{301}x", "\u{301}x",
        "a  b", "x:y:z", "'", "\"unterminated", "[\"a\\\"b\"]", "[a b]", "[,]", "yes:", "value # comment", "value#tag", "🙂 good",
        "a\u{A0}b", "\u{FEFF}x", "x\u{200B}y", "x\u{7F}", "[\"\"]", "[ \"a\" , b ]", "[a # b]", "[a]]", "[[a]", "\"a\" b", "\"a\"  ",
        "=x", "<x>", "~x", "x~", ". x", "0x1F", ".inf", "a\\b", "'a' b", "a'b", "a\"b",
    ]
    /// Lines a value goes in, at `VALUE`.
    static let lines = [
        "title: VALUE", "tags: VALUE", "mood:VALUE", "mood:  VALUE", "  date: VALUE", "x-y_9: VALUE", "# VALUE", "key : VALUE", "9key: VALUE",
    ]

    /// The quick reader, whenever it reads a front-matter at all, reads exactly what Yams does.
    @Test func theQuickReaderAgreesWithYams() {
        var generator = SeededGenerator(seed: 20261123)
        var quickCount = 0
        for _ in 0..<20000 {
            let lineCount = Int.random(in: 0...4, using: &generator)
            var yaml = (0..<lineCount).map { _ in
                Self.lines.randomElement(using: &generator)!.replacingOccurrences(of: "VALUE", with: Self.values.randomElement(using: &generator)!)
            }
            if Bool.random(using: &generator) { yaml.insert("", at: Int.random(in: 0...yaml.count, using: &generator)) }
            let text = yaml.joined(separator: "\n")
            let firstLine = Int.random(in: 2...3, using: &generator)
            guard let quick = FrontMatterFields.quick(text, firstLine: firstLine) else { continue }
            quickCount += 1
            let slow = FrontMatterFields.viaYams(text, path: "entry.md", firstLine: firstLine)
            #expect(slow == .success(quick), "\(text.debugDescription)")
        }
        #expect(quickCount > 2000, "the quick reader reads common front-matter")
    }

    @Test func everydayFrontMatterIsReadQuickly() throws {
        let yaml = "date: 2026-10-01T21:30+09:00\nmood: great\ntitle: \"Got the offer\"\ntags: [music, rain, 떡국]\npublic: true\n"
        let fields = try #require(FrontMatterFields.quick(yaml, firstLine: 2))
        #expect(fields.fields["title"]?.value == .init(kind: .text("Got the offer", isNull: false), line: 4))
        #expect(fields.fields["tags"]?.value.kind == .list([
            .init(kind: .text("music", isNull: false), line: 5), .init(kind: .text("rain", isNull: false), line: 5),
            .init(kind: .text("떡국", isNull: false), line: 5),
        ]))
        #expect(FrontMatterFields.quick("title: a\ntitle: b\n", firstLine: 2) == nil, "a key written twice is for Yams to report")
        #expect(FrontMatterFields.quick("title: |\n  more\n", firstLine: 2) == nil)
    }
}
