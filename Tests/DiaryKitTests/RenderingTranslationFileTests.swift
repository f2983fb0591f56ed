// Sources/DiaryKit/Rendering/TranslationLines.swift: a translation file read quickly,
// exactly as Yams reads it.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct TranslationFileTests {
    /// The built-in words are read by every command: quickly, and as Yams reads them.
    @Test(arguments: ["i18n/en.yml", "i18n/ko.yml"])
    func theBuiltInWordsAreReadQuicklyAsYamsReadsThem(path: String) throws {
        let text = try #require(Theme.builtIn.files[path])
        let quick = try #require(TranslationLines.quick(text), "the quick reader reads \(path)")
        #expect(quick == (try TranslationLines.viaYams(text, path: path)))
    }

    /// Lines and values as translation files write them, and (one time in four) as they
    /// might be mistyped or written in YAML's other ways.
    static let lines = [
        "key: VALUE", "other_key: VALUE", "title: VALUE", "n_days:\n  one: VALUE\n  other: VALUE", "n_years:\n    other: VALUE",
        "# a comment", "",
    ]
    static let oddLines = [
        "n_days:", "  one: VALUE", "  other: VALUE", "    other: VALUE", "  few: VALUE", "  many:", "  plenty: VALUE", "  # a comment",
        "key : VALUE", "9key: VALUE", " key: VALUE", "key:VALUE", "---", "- item", "key: VALUE # a comment",
    ]
    static let values = [
        "plain words", "it's the diary's", "{count}개의 일기", "\"quoted\"", "\"with \\\" inside\"", "\"a \\\\ b\"", "a#b", "C#",
        "12:30", "a \"b\" c", "a [b] {c}", "trailing   ", "한국어 말", "~", "null", "true", "e\u{301}",
    ]
    static let oddValues = [
        "\"bad \\n escape\"", "\"unclosed", "\"\"", "a: b", "a #b", "x:", "'single'", "[x, y]", "{y}", "- item", "?",
        "&anchor", "*alias", "|", ">", "%", "@", "`x`", "a\tb", "\"a\" \"b\"", "\u{2028}", "",
    ]

    /// Whenever the quick reader reads a file at all, it reads exactly what Yams does.
    @Test func theQuickReaderAgreesWithYams() {
        var generator = SeededGenerator(seed: 20261129)
        func pick(_ usual: [String], _ odd: [String]) -> String {
            (Int.random(in: 0..<4, using: &generator) == 0 ? odd : usual).randomElement(using: &generator)!
        }
        var quickCount = 0
        for _ in 0..<20000 {
            let lineCount = Int.random(in: 1...5, using: &generator)
            let text = (0..<lineCount).map { _ in
                pick(Self.lines, Self.oddLines).replacingOccurrences(of: "VALUE", with: pick(Self.values, Self.oddValues))
            }.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            guard let quick = TranslationLines.quick(text) else { continue }
            quickCount += 1
            #expect(quick == (try? TranslationLines.viaYams(text, path: "i18n/ko.yml")), "\(text.debugDescription)")
        }
        #expect(quickCount > 2000, "the quick reader reads common files")
    }

    @Test func whatTheQuickReaderLeavesToYamsStillReads() throws {
        // A value continued on the next line, and single quotes: Yams reads them.
        let text = "title: a long\n  title\nquote: 'it''s'\n"
        #expect(TranslationLines.quick(text) == nil)
        #expect(try TranslationLines.read(text, path: "i18n/en.yml") == ["title": .text("a long title"), "quote": .text("it's")])
        // A problem is still told at its line.
        #expect(throws: DiagnosticsError.self) { try TranslationLines.read("a: b\nn_days:\n  one: x\n", path: "i18n/en.yml") }
        do {
            _ = try TranslationLines.read("a: b\nn_days:\n  one: x\n", path: "i18n/en.yml")
        } catch {
            #expect(error.diagnostics.first?.line == 3)
            #expect(error.diagnostics.first?.message.contains("`other:`") == true)
        }
    }
}
