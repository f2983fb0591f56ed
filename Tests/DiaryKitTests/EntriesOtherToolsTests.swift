// Sources/DiaryKit/Entries/: diaries as other tools write them — tags as strings, TOML
// front-matter, dates anywhere in a file name, mood aliases, Dataview inline fields,
// notes without front-matter or mood, keys diarygen does not read, drafts.
import Foundation
import Testing
@testable import DiaryKit

@Suite struct FileNameDateTests {
    @Test(arguments: [
        ("2021-01-05.md", CivilDate.ymd(2021, 1, 5)), ("2026-02-17-설날.md", .ymd(2026, 2, 17)), ("2021-01-03-Sunday.md", .ymd(2021, 1, 3)),
        ("20210104-D.md", .ymd(2021, 1, 4)), ("D-20210102.md", .ymd(2021, 1, 2)), ("4-20210104.md", .ymd(2021, 1, 4)),
        ("Jeffrey-20210101-Diary.md", .ymd(2021, 1, 1)), ("2014-05-06-jekyll-turns-2-0-0.markdown", .ymd(2014, 5, 6)),
        ("notes 2024_02_29.md", .ymd(2024, 2, 29)), ("13.01.2021.md", .ymd(2021, 1, 13)), ("01-13-2021.md", .ymd(2021, 1, 13)),
        ("07.07.2021.md", .ymd(2021, 7, 7)),
    ])
    func aDateIsFoundWhereverItStands(name: String, date: CivilDate) {
        #expect(FileNameDate.read(name, order: nil) == .success(date))
    }

    @Test func dayAndMonthFollowTheConfiguredOrder() {
        #expect(FileNameDate.read("01-02-2021.md", order: .dmy) == .success(.ymd(2021, 2, 1)))
        #expect(FileNameDate.read("01.02.2021.md", order: .mdy) == .success(.ymd(2021, 1, 2)))
        #expect(FileNameDate.read("01-02-2021.md", order: nil) == .failure(.ambiguous("01-02-2021", .ymd(2021, 2, 1), .ymd(2021, 1, 2))))
    }

    @Test func namesWithoutADayAreNotDates() {
        #expect(FileNameDate.read("notes.md", order: .dmy) == nil)
        #expect(FileNameDate.read("2025-10-031.md", order: .dmy) == nil)
        #expect(FileNameDate.read("photo-12345678.md", order: .dmy) == nil)
        // A [[link]] may name anything: a run of digits longer than any number (found by FuzzMarkdownLinks).
        #expect(FileNameDate.read(String(repeating: "5", count: 40) + "-03-0", order: nil) == nil)
        #expect(NoteNames.date(named: String(repeating: "9", count: 25)) == nil)
        #expect(FileNameDate.read("2025-02-30.md", order: .dmy) == .failure(.noSuchDay("2025-02-30")))
        #expect(FileNameDate.read("31-02-2021.md", order: .dmy) == .failure(.noSuchDay("31-02-2021")))
    }

    @Test func theLocaleGivesTheUsualOrder() {
        #expect(DateOrder.usual(in: "en_US") == .mdy)
        #expect(DateOrder.usual(in: "en_GB") == .dmy)
        #expect(DateOrder.usual(in: "de_DE") == .dmy)
        #expect(DateOrder.usual(in: "ko_KR") == nil)
    }
}

@Suite struct OtherToolsEntryTests {
    static let scale = MoodScale(SiteConfig.defaultMoods.map {
        Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score,
             aliases: $0.id == "great" ? ["rad", "😀"] : $0.id == "okay" ? ["Meh"] : [])
    })

    func parse(_ name: String, _ text: String, parser: EntryParser = EntryParser(moods: scale, dateOrder: .dmy)) -> EntryParser.Outcome {
        parser.parse(SourceFile(contentPath: name, path: "/nonexistent/\(name)"), bytes: Array(text.utf8))
    }

    @Test(arguments: [
        ("tags: work_log", ["work_log"]), ("tags: work_log, work_log2", ["work_log", "work_log2"]),
        ("tags: [a, b, a]", ["a", "b"]), ("tags: \" a ,, b ,\"", ["a", "b"]), ("tags:", []), ("tags: ~", []), ("tags: null", []),
        ("tags: [a, ~, \"\", b]", ["a", "b"]), ("tags:\n  - x\n  - y, z", ["x", "y", "z"]), ("tags: 5", ["5"]),
    ])
    func tagsComeAsAListAWordOrWordsWithCommas(line: String, tags: [String]) {
        let outcome = parse("2021-01-05.md", "---\nmood: good\n\(line)\n---\n")
        #expect(outcome.header?.tags == tags, "\(outcome.diagnostics)")
    }

    @Test func moodsAreMatchedByAliasInAnyCase() {
        #expect(parse("2021-01-05.md", "---\nmood: RAD\n---\n").header?.mood?.id == "great")
        #expect(parse("2021-01-05.md", "---\nmood: 😀\n---\n").header?.mood?.id == "great")
        #expect(parse("2021-01-05.md", "---\nmood: meh\n---\n").header?.mood?.id == "okay")
        let unknown = parse("2021-01-05.md", "---\nmood: 8\n---\n").diagnostics
        #expect(unknown.map(\.message) == ["unknown mood `8`; the moods are great 😄, good 🙂, okay 😐, bad 😕, awful 😞. Did you mean `great`? A mood in diarygen.yml can also list other ways it is written, such as `aliases: [\"8\"]`."])
    }

    @Test func tomlFrontMatterIsReadLikeYAML() throws {
        let text = "+++\ntitle = \"Rain\"\ndate = 2021-01-05T21:30:00+09:00\nmood = \"good\"\ntags = [\"walk\", \"rain\"]\ndraft = false\n+++\nBody\n"
        let outcome = parse("post.md", text)
        let header = try #require(outcome.header, "\(outcome.diagnostics)")
        #expect(header.date == .ymd(2021, 1, 5))
        #expect(header.secondsIntoDay == 21 * 3600 + 30 * 60)
        #expect(header.title == "Rain" && header.tags == ["walk", "rain"] && header.mood?.id == "good")
        #expect(header.markdown == "Body\n" && header.markdownFirstLine == 8)
        let broken = parse("post.md", "+++\ntitle = \"Rain\"\nmood = \n+++\n")
        #expect(broken.diagnostics.map(\.line) == [3])
        #expect(broken.diagnostics.first?.message.hasPrefix("this is not valid TOML") == true)
        #expect(parse("2021-01-05.md", "+++\ntitle = \"x\"\nmood = \"okay\"\ntags = 3\n+++\n").diagnostics.isEmpty)
        #expect(parse("2021-01-05.md", "+++\nmood = \"okay\"\n[extra]\nx = 1\n+++\n").header?.mood?.id == "okay")
    }

    /// Found by Fuzz/FuzzFrontMatter: toml++ (in TOMLKit) asserted, and the assertion
    /// aborted diarygen, on a table header with no name and on a date with a `T` and no time.
    @Test(arguments: ["[#review]", "[", "  [ \t#x]", "[[#x]]", "[[", "[.a]", "date = 2021-01-05Td1:30:00+09:00", "date = 2021-01-05t",
                      "dates = [2021-01-05, 2021-01-06T]", "x = {d=2021-01-05Tx}"])
    func tomlThatTOMLKitWouldAbortOnIsALocatedError(line: String) {
        let outcome = parse("2021-01-05.md", "+++\nmood = \"good\"\n\(line)\nkind = \"book\"\n+++\n")
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics.map(\.line) == [3])
        #expect(outcome.diagnostics.first?.message.hasPrefix("this is not valid TOML") == true)
    }

    @Test(arguments: ["[ extra ]", "[\"a b\"]", "['a']", "[[list]]", "[a.b]", "[_x]", "[-x]", "[9]", "date = 2021-01-05T21:30:00+09:00",
                      "date = 2021-01-05 21:30:00", "title = \"2021-01-05Tx\"", "dates = [2021-01-05t09:00:00Z]"])
    func tomlNextToWhatTOMLKitWouldAbortOnIsRead(line: String) {
        #expect(parse("2021-01-05.md", "+++\nmood = \"good\"\n\(line)\nkind = \"book\"\n+++\n").header?.mood?.id == "good")
    }

    @Test func inlineFieldsStandForKeysTheFrontMatterLeavesOut() throws {
        let text = "---\ntitle: Front\n---\nSome words.\nmood:: 😀\ntitle:: Inline\n```\nmood:: bad\n```\n- list:: item\nsleep:: 7.5\n"
        let header = try #require(parse("2021-01-05.md", text).header)
        #expect(header.mood?.id == "great")
        #expect(header.title == "Front")
        #expect(header.otherFields == ["sleep": "7.5"])
    }

    @Test func aDailyNoteWithoutFrontMatterIsAnEntryOfItsDay() throws {
        let outcome = parse("2023-06-06.md", "Physical:: 😐\nmood:: meh\n")
        let header = try #require(outcome.header, "\(outcome.diagnostics)")
        #expect(header.date == .ymd(2023, 6, 6) && header.mood?.id == "okay")
        // Fields that open the note and name a key diarygen reads are its front-matter, as
        // Logseq's page properties are; Dataview's own keys alone stay text.
        #expect(header.markdown == "" && header.markdownFirstLine == 3)
        #expect(header.otherFields == ["Physical": "😐"])
        #expect(parse("2023-06-06.md", "Physical:: 😐").header?.markdown == "Physical:: 😐")
    }

    @Test func anEntryWithoutAMoodIsWarnedAboutAsConfigured() {
        let text = "---\ntitle: Words only\n---\nWords.\n"
        #expect(parse("2021-01-05.md", text).diagnostics.map(\.severity) == [.warning])
        #expect(parse("2021-01-05.md", text).header?.mood == nil)
        let optional = EntryParser(moods: OtherToolsEntryTests.scale, moodRequirement: .optional)
        #expect(parse("2021-01-05.md", text, parser: optional).diagnostics.isEmpty)
        #expect(parse("2021-01-05.md", text, parser: optional).header != nil)
        let required = EntryParser(moods: OtherToolsEntryTests.scale, moodRequirement: .required)
        #expect(parse("2021-01-05.md", text, parser: required).header == nil)
        #expect(parse("2021-01-05.md", "---\nmood:\n---\n", parser: required).diagnostics
            == [.error("content/2021-01-05.md", line: 2, "no mood: add a line such as `mood: good` to the front-matter (diarygen.yml says `mood_required: true`)")])
    }

    @Test func keysThatLookLikeKnownOnesAreWarnedAboutAndOthersKept() throws {
        let outcome = parse("2021-01-05.md", "---\nmood: good\nDate: 2021-01-06\ntilte: Typo\ntag: [x]\nsleep: 7.5\nbp:\n  a: 1\nlayout: post\n---\n")
        let header = try #require(outcome.header)
        #expect(header.date == .ymd(2021, 1, 5) && header.title == nil)
        #expect(header.otherFields == ["Date": "2021-01-06", "tilte": "Typo", "sleep": "7.5", "layout": "post"])
        #expect(Set(outcome.diagnostics.map(\.message)) == [
            "`Date` is not read as `date`: keys are written in lower case",
            "`tilte` is not a key diarygen reads; did you mean `title`?",
            "`tag` is not a key diarygen reads; did you mean `tags`?",
        ])
    }

    @Test func aDateWrongAfterItsDayCountsWhenTheFileNameAgrees() {
        let text = "---\ndate: 2023-01-29 18:30:22 2023 -0800\nmood: good\n---\n"
        let agreed = parse("2023-01-29-jekyll-3-9-3-released.markdown", text)
        #expect(agreed.header?.date == .ymd(2023, 1, 29) && agreed.header?.secondsIntoDay == nil)
        #expect(agreed.diagnostics.map(\.severity) == [.warning])
        #expect(parse("2023-01-30-other.md", text).header == nil)
        #expect(parse("2023-01-05.md", "---\ndate: \"2013-05-06 02:12:52 +0200\"\nmood: good\n---\n").header?.date == .ymd(2013, 5, 6))
    }

    @Test func anAmbiguousFileNameIsAnErrorThatSaysWhatToSet() {
        let outcome = parse("01-02-2021.md", "---\nmood: good\n---\n", parser: EntryParser(moods: OtherToolsEntryTests.scale))
        #expect(outcome.diagnostics.map(\.message) == ["the file name's 01-02-2021 could be 2021-02-01 or 2021-01-02; say which with `date_order: dmy` or `date_order: mdy` in diarygen.yml, or add `date:` to the front-matter"])
    }

    @Test func aFilesNameIsWhatFollowsTheLastSlash() {
        for (path, name) in [("2025/10/2025-10-03.md", "2025-10-03.md"), ("top.md", "top.md"), ("일기/2025년/첫날.md", "첫날.md"),
                             ("2025/\u{301}x.md", "\u{301}x.md"), ("a\u{600}/b.md", "b.md")] {
            #expect(SourceFile(contentPath: path, path: "/x").name == name, "\(path)")
        }
    }

    @Test func markdownByAnyOfItsNamesIsAnEntry() {
        // Unicode lowercases the Kelvin sign (K) to k.
        for name in ["a.md", "a.MD", "a.markdown", "2025/B.MarkDown", "a.mdown", "a.mkd", "일기.md", "a.m\u{212A}d", ".md"] {
            #expect(SourceFile(contentPath: name, path: "/x").isEntry, "\(name)")
        }
        // A mark joined to the last letter makes another Character.
        for name in ["a.txt", "a.png", "markdown", "md", "a.md~", "a.m", "a.md\u{301}", "a.mdx", "a.nd", "a.-d"] {
            #expect(!SourceFile(contentPath: name, path: "/x").isEntry, "\(name)")
        }
    }
}

@Suite struct MoodAliasConfigTests {
    @Test func aliasesAreReadAndMayNotBelongToTwoMoods() throws {
        let config = try SiteConfig.parse("moods:\n  - {id: great, emoji: \"😄\", color: \"#2c7bb6\", score: 5, aliases: [rad, \"😀\", 9]}\n  - {id: okay, emoji: \"😐\", color: \"#f2d45c\", score: 3, aliases: meh}\n")
        #expect(config.moods.map(\.aliases) == [["rad", "😀", "9"], ["meh"]])
        do {
            _ = try SiteConfig.parse("moods:\n  - {id: great, emoji: \"😄\", color: \"#2c7bb6\", score: 5, aliases: [Okay]}\n  - {id: okay, emoji: \"😐\", color: \"#f2d45c\", score: 3}\n")
            Issue.record("a clash was not found")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the alias `Okay` of mood `great` is already how mood `okay` is written; give it to one of them"])
            #expect(error.diagnostics.map(\.line) == [2])
        }
    }

    @Test func dateOrderAndMoodRequiredAreSettings() throws {
        #expect(try SiteConfig.parse("").dateOrder == .mdy)
        #expect(try SiteConfig.parse("locale: ko_KR").dateOrder == nil)
        #expect(try SiteConfig.parse("locale: ko_KR\ndate_order: DMY").dateOrder == .dmy)
        #expect(try SiteConfig.parse("").moodRequirement == .warned)
        #expect(try SiteConfig.parse("mood_required: true").moodRequirement == .required)
        #expect(try SiteConfig.parse("mood_required: false").moodRequirement == .optional)
        #expect(throws: DiagnosticsError.self) { try SiteConfig.parse("date_order: ymd") }
        #expect(throws: DiagnosticsError.self) { try SiteConfig.parse("mood_required: maybe") }
    }
}
