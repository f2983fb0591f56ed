// Sources/DiaryKit/Entries/: front-matter split (FrontMatter), read (FrontMatterFields),
// parsed into an EntryHeader (EntryParser). Dates as written: EntriesWrittenDateTests; Markdown: EntriesMarkdownTests.
import Foundation
import Testing
@testable import DiaryKit

@Suite struct FrontMatterTests {
    @Test func aThematicBreakInTheBodyStaysInTheBody() throws {
        let split = try FrontMatter.split("---\nmood: good\n---\nFirst\n\n---\n\nSecond\n---\n").get()
        #expect(split.text == "mood: good")
        #expect(split.body == "First\n\n---\n\nSecond\n---\n")
        #expect(split.bodyFirstLine == 4)
    }

    @Test func aSetextHeadingInTheBodyStaysInTheBody() throws {
        let split = try FrontMatter.split("---\nmood: good\ntitle: x\n...\nHeading\n-------\n").get()
        #expect(split.text == "mood: good\ntitle: x")
        #expect(split.body == "Heading\n-------\n")
    }

    @Test func missingAndUnclosedFrontMatterAreTold() {
        #expect(FrontMatter.split("mood: good\n") == .failure(.missing))
        #expect(FrontMatter.split("Title\n---\nmood: good\n---\n") == .failure(.missing))
        #expect(FrontMatter.split("---\nmood: good\n\nNo end\n") == .failure(.neverClosed))
        #expect(FrontMatter.split("---") == .failure(.neverClosed))
        #expect(FrontMatter.split("") == .failure(.missing))
    }

    @Test func fencesAtTheEdges() throws {
        let empty = try FrontMatter.split("---\n---\nBody\n").get()
        #expect(empty.text == "" && empty.body == "Body\n" && empty.bodyFirstLine == 3)
        let noBody = try FrontMatter.split("---  \nmood: good\n--- \t").get()
        #expect(noBody.text == "mood: good" && noBody.body == "" && noBody.bodyFirstLine == 4)
        let korean = try FrontMatter.split("---\ntitle: 설날\n---\n떡국\n").get()
        #expect(korean.text == "title: 설날" && korean.body == "떡국\n")
        let toml = try FrontMatter.split("+++\t\nmood = \"good\"\n---\n+++ \nBody").get()
        #expect(toml.format == .toml && toml.text == "mood = \"good\"\n---" && toml.body == "Body" && toml.bodyFirstLine == 5)
        // A mark written after a fence makes it another line, as it makes another Character.
        #expect(FrontMatter.split("---\u{301}\nmood: good\n---\n") == .failure(.missing))
        let marked = try FrontMatter.split("---\nmood: good\n--- \u{301}\n...\nBody\n").get()
        #expect(marked.text == "mood: good\n--- \u{301}" && marked.body == "Body\n")
    }
}

@Suite struct FrontMatterFieldsTests {
    /// Values that are plain, quoted, listed, empty or null, and ones that only look so.
    static let values = [
        "", "good", "🙂", "4", "-1", "~", "null", "Null", "NULL", "nil", "yes", "2025-01-03", "2025-01-03T21:00+09:00",
        "21:00", "a: b", "a:", "a:b", "C#", "a #b", "a#b", "http://example.org/x?y=1", "Hello, world", "떡국 먹기", "e\u{301}",
        "\"quoted\"", "\"quoted # not a comment\"", "\"with \\\" escape\"", "\"a, b\"", "\"\"", "'single'", "'it''s'",
        "[a, b]", "[a, ~, null]", "[]", "[ ]", "[a]", "[ a ,b ]", "[a, , b]", "[a, b,]", "[\"x, y\", z]", "[a:b]", "[a, [b]]", "[a, b", "[a?]",
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

@Suite struct EntryParserTests {
    let parser = EntryParser(moods: MoodScale(SiteConfig.defaultMoods.map {
        Mood(id: $0.id, label: $0.id.capitalized, emoji: $0.emoji, color: $0.color, score: $0.score)
    }))

    func parse(_ name: String, _ text: String) -> EntryParser.Outcome {
        parse(name, Array(text.utf8))
    }

    func parse(_ name: String, _ bytes: [UInt8]) -> EntryParser.Outcome {
        parser.parse(SourceFile(contentPath: "2025/\(name)", url: URL(fileURLWithPath: "/diary/content/2025/\(name)")), bytes: bytes)
    }

    @Test func aTypicalEntry() throws {
        let outcome = parse("a.md", "---\ndate: 2025-03-01\nmood: good\ntitle: Rain\ntags: [walk, rain]\npublic: true\n---\nBody\n")
        let header = try #require(outcome.header)
        #expect(header.date == .ymd(2025, 3, 1))
        #expect(header.mood?.id == "good")
        #expect(header.title == "Rain")
        #expect(header.tags == ["walk", "rain"])
        #expect(header.visibility == .public)
        #expect(header.markdown == "Body\n")
        #expect(header.markdownFirstLine == 8)
        #expect(outcome.diagnostics.isEmpty)
    }

    @Test func crlfAndByteOrderMarkAreRead() throws {
        let text = "\u{FEFF}---\r\ndate: 2025-03-01\r\nmood: okay\r\nprivate: true\r\n---\r\nLine one\r\nLine two\r\n"
        let header = try #require(parse("b.md", text).header)
        #expect(header.date == .ymd(2025, 3, 1))
        #expect(header.visibility == .private)
        #expect(header.markdown == "Line one\nLine two\n")
    }

    @Test func theMoodMayBeAnIdAnEmojiOrAScore() throws {
        #expect(try #require(parse("2025-01-01.md", "---\nmood: GREAT\n---\n").header).mood?.id == "great")
        #expect(try #require(parse("2025-01-01.md", "---\nmood: 🙂\n---\n").header).mood?.id == "good")
        #expect(try #require(parse("2025-01-01.md", "---\nmood: \"😐\u{FE0F}\"\n---\n").header).mood?.id == "okay")
        #expect(try #require(parse("2025-01-01.md", "---\nmood: 2\n---\n").header).mood?.id == "bad")
        #expect(try #require(parse("2025-01-01.md", "---\nmood: '1'\n---\n").header).mood?.id == "awful")
    }

    @Test func theFileNameGivesTheDateWhenFrontMatterHasNone() throws {
        let header = try #require(parse("2024-02-29-leap.md", "---\nmood: good\n---\n").header)
        #expect(header.date == .ymd(2024, 2, 29))
    }

    @Test func frontMatterWinsOverTheFileNameWithAWarning() throws {
        let outcome = parse("2025-03-02.md", "---\ndate: 2025-03-01\nmood: good\n---\n")
        #expect(outcome.header?.date == .ymd(2025, 3, 1))
        #expect(outcome.diagnostics == [.warning("content/2025/2025-03-02.md", line: 2, "the file name says 2025-03-02 but the front-matter says 2025-03-01; the front-matter wins")])
    }

    @Test func aDateNearMidnightWithAnOffsetKeepsItsDay() throws {
        let late = try #require(parse("x.md", "---\ndate: 2024-12-31T23:59:59+09:00\nmood: good\n---\n").header)
        #expect(late.date == .ymd(2024, 12, 31))
        let early = try #require(parse("y.md", "---\ndate: 2025-01-01T00:00:01-08:00\nmood: good\n---\n").header)
        #expect(early.date == .ymd(2025, 1, 1))
    }

    @Test func problemsNameTheirLine() {
        #expect(parse("x.md", "---\ndate: 2025-02-30\nmood: good\n---\n").diagnostics
            == [.error("content/2025/x.md", line: 2, "`2025-02-30` is not a day on the calendar; check the month and day")])
        #expect(parse("x.md", "---\ndate: 2025-02-01\ntitle: t\ntags: {a: b}\nmood: good\n---\n").diagnostics
            == [.error("content/2025/x.md", line: 4, "`tags` should be a list such as [work, family], not a set of keys")])
        #expect(parse("x.md", "---\ndate: 2025-02-01\ntitle: t\nmood: grate\n---\n").diagnostics
            == [.error("content/2025/x.md", line: 4, "unknown mood `grate`; the moods are great 😄, good 🙂, okay 😐, bad 😕, awful 😞. Did you mean `great`? A mood in diarygen.yml can also list other ways it is written, such as `aliases: [\"grate\"]`.")])
        #expect(parse("x.md", "---\ndate: 2025-02-01\n---\n").diagnostics
            == [.warning("content/2025/x.md", line: 1, "no mood: this day counts as written, without a mood; add a line such as `mood: good`, or say `mood_required: false` in diarygen.yml if your diary has no moods")])
        #expect(parse("x.md", "---\nmood: good\n---\n").diagnostics
            == [.error("content/2025/x.md", line: 1, "no date: add `date: YYYY-MM-DD` to the front-matter or put the date in the file name")])
    }

    @Test func malformedYAMLPointsAtTheLineInTheFile() throws {
        let outcome = parse("x.md", "---\ndate: 2025-02-01\nmood: good\ntitle: [unclosed\n---\n")
        let problem = try #require(outcome.diagnostics.first)
        #expect(outcome.header == nil)
        #expect(problem.severity == .error)
        #expect(problem.line == 5 || problem.line == 4)
        #expect(problem.message.hasPrefix("this is not valid YAML"))
    }

    @Test func textThatIsNotAnEntryIsRefused() {
        #expect(parse("x.md", [0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A]).diagnostics.first?.message == "this file is not UTF-8 text; save it as UTF-8")
        #expect(parse("x.md", " \n\n").diagnostics.first?.message == "this file is empty; an entry needs at least a few words or a mood")
        #expect(parse("x.md", "Just words.\n").diagnostics.first?.message.hasPrefix("no front-matter and no date in the file name") == true)
        #expect(parse("2025-01-01.md", "mood: good\n").diagnostics.first?.message
            == "this looks like front-matter without its `---` lines: put a `---` line above it and another below it")
        #expect(parse("x.md", "---\nmood: good\n").diagnostics.first?.message.hasPrefix("the front-matter opened here is never closed") == true)
    }

    /// Visibility is never guessed toward publishing: a flag is written as YAML writes one.
    @Test(arguments: ["yEs", "YES", "on", "On", "1", "ture", "y"])
    func aFlagThatIsNotTrueOrFalseIsAnError(written: String) {
        let outcome = EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025/2025-01-02.md", path: "/nonexistent"),
                                                             bytes: Array("---\nmood: good\npublic: \(written)\n---\n".utf8))
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics == [.error("content/2025/2025-01-02.md", line: 3, "`public` should be true or false, not `\(written)`")])
    }

    @Test(arguments: [("true", Visibility.public), ("True", .public), ("TRUE", .public), ("yes", .public), ("false", .moodOnly), ("no", .moodOnly)])
    func flagsAreReadAsYAMLWritesThem(written: String, visibility: Visibility) {
        let outcome = EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025/2025-01-02.md", path: "/nonexistent"),
                                                             bytes: Array("---\nmood: good\npublic: \(written)\n---\n".utf8))
        #expect(outcome.header?.visibility == visibility)
    }

    @Test func classicMacLineEndsAndTwoByteOrderMarksAreRead() {
        let parser = EntryParser(moods: defaultScale)
        let file = SourceFile(contentPath: "2025/2025-01-02.md", path: "/nonexistent")
        for text in ["---\rmood: good\rtitle: Old Mac\r---\rWords.\r", "\u{FEFF}\u{FEFF}---\nmood: good\ntitle: Old Mac\n---\nWords.\n"] {
            let outcome = parser.parse(file, bytes: Array(text.utf8))
            #expect(outcome.header?.title == "Old Mac", "\(outcome.diagnostics)")
            #expect(outcome.header?.markdown == "Words.\n")
        }
    }

    @Test func anAliasBombIsALocatedErrorNotAHang() throws {
        var lines = ["---", "mood: good", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...12 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        lines += ["tags: [*a12]", "---", "Words."]
        let outcome = EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025-01-01.md", path: "/nonexistent"),
                                                             bytes: Array(lines.joined(separator: "\n").utf8))
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics.map(\.line) == [7])
        #expect(outcome.diagnostics.first?.message.contains("YAML aliases") == true)
    }
}
