// Sources/DiaryKit/Notes/: Obsidian's and Logseq's syntax read (inline tags, [[links]],
// embeds, comments, highlights, callouts, tasks, page properties), and a vault and a
// graph built as they are, with only a diarygen.yml beside them.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct NoteTextTests {
    @Test(arguments: [
        ("#errands at the start", ["errands"]), ("a #family/mum and #family/mum again", ["family/mum"]),
        ("#1 and #2025 are numbers, #2025년 is a tag", ["2025년"]), ("a #한국어 tag", ["한국어"]),
        ("`#code` and [text #x](https://a.org) and https://a.org/#frag and 10:00#2", []),
        ("# Heading and ## Another", []), ("#[[team lunch]] and #[[a]]", ["team lunch", "a"]),
        ("#trailing/ slash, and (#inparens)", ["trailing", "inparens"]), ("%%#hidden%% #shown", ["shown"]),
        ("```\n#fenced\n```\n#after", ["after"]), ("#weight:72.5kg", ["weight"]),
    ])
    func inlineTagsAreReadOutsideCodeLinksAndComments(text: String, tags: [String]) {
        #expect(NoteText.read(text).tags == tags)
    }

    @Test func linksEmbedsCommentsAndTasksBecomeCommonMark() {
        let markdown = NoteText.markdown("""
            [[Mina]] [[2025-01-04|the market]] [[Note#Heading]] [[Note#^block1]] ![[walk.jpg|300]] ![[walk.jpg|a walk]] ![[Other note]]
            %%one
            two%% after
            - TODO call
            \t- DONE sent
            * NOW here
            - CANCELED gym
            - TODOS are words
            `[[kept]]` \\[[escaped]]
            """, tagLinks: false)
        #expect(markdown == """
            [Mina](<[[Mina]]>) [the market](<[[2025-01-04]]>) [Note › Heading](<[[Note#Heading]]>) [Note](<[[Note#^block1]]>) \
            ![](<[[walk.jpg]]>) ![a walk](<[[walk.jpg]]>) [Other note](<[[Other note]]>)

             after
            - [ ] call
            \t- [x] sent
            * [ ] **NOW** here
            - [x] ~~gym~~
            - TODOS are words
            `[[kept]]` \\[[escaped]]
            """)
    }

    @Test func tagsBecomeLinksToTheirPagesWhenAsked() {
        #expect(NoteText.markdown("a #work_day", tagLinks: true) == "a [#work\\_day](<#[[work_day]]>)")
        #expect(NoteText.markdown("a #work_day", tagLinks: false) == "a #work_day")
        #expect(NoteText.tag(linkedBy: "#[[work_day]]") == "work_day")
        #expect(NoteText.tag(linkedBy: "#top") == nil)
    }

    @Test func whatCannotBeReadIsToldWithItsLine() {
        let read = NoteText.read("first\nsecond [[never closed\nthird %%hides\nthe rest")
        #expect(read.problems.map(\.line) == [2, 3])
        #expect(read.problems[0].message.contains("`[[` is never closed on its line"))
        #expect(read.problems[1].message.contains("the rest of the entry is left out"))
        #expect(NoteText.markdown("shown %%hides\nthe rest", tagLinks: true) == "shown \n")
    }
}

@Suite struct NoteNamesTests {
    let names = NoteNames(entries: ["Daily/2025-01-04.md": .ymd(2025, 1, 4), "Deep/Inside/Mina.md": .ymd(2025, 2, 1),
                                    "Mina.md": .ymd(2025, 3, 1), "journals/2024_02_29.md": .ymd(2024, 2, 29)],
                          assets: ["attachments/walk.jpg", "a/b/walk.jpg"])

    @Test func aNoteIsFoundByItsNameItsPathOrItsDate() {
        #expect(names.contentPath(of: "mina") == "Mina.md")
        #expect(names.contentPath(of: "Deep/Inside/Mina") == "Deep/Inside/Mina.md")
        #expect(names.contentPath(of: "2025-01-04") == "Daily/2025-01-04.md")
        #expect(names.contentPath(of: "Feb 29th, 2024") == "journals/2024_02_29.md")
        #expect(names.contentPath(of: "2024-02-29") == "journals/2024_02_29.md")
        #expect(names.contentPath(of: "walk.jpg") == "attachments/walk.jpg")
        #expect(names.contentPath(of: "Somebody") == nil)
        #expect(names.contentPath(of: "2025-01-05") == nil)
        #expect(NoteNames.date(named: "feb 30th, 2024") == nil)
    }
}

@Suite struct PagePropertiesTests {
    @Test func logseqPropertiesOpenTheFileAsItsFrontMatter() throws {
        let split = try #require(PageProperties.split("- mood:: good\n  tags:: work, [[tired out]], #late\n- A day.\n"))
        #expect(split.body == "- A day.\n" && split.bodyFirstLine == 3)
        let fields = PageProperties.fields(split.text, firstLine: split.textFirstLine)
        #expect(fields["mood"]?.value.text == "good" && fields["tags"]?.value.text == "work, tired out, late")
        #expect(fields["tags"]?.keyLine == 2)
    }

    @Test func otherKeysAloneStayText() {
        #expect(PageProperties.split("Physical:: 😐") == nil)
        #expect(PageProperties.split("mood: good\n") == nil)
    }

    @Test func aPropertyEntryIsParsedWithItsLines() {
        let parser = EntryParser(moods: MoodScale(SiteConfig.defaultMoods.map { Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score) }))
        let outcome = parser.parse(SourceFile(contentPath: "journals/2025_01_05.md", path: "/nonexistent"),
                                   bytes: Array("mood:: superb\n- text\n".utf8))
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics.first?.line == 1, "\(outcome.diagnostics)")
    }
}

@Suite struct NoteMarkupTreeTests {
    @Test func highlightsAreMarked() {
        #expect(Markdown.convert("a ==b c== d == e == f ==g==").html == "<p>a <mark>b c</mark> d == e == f <mark>g</mark></p>\n")
        #expect(Markdown.convert("`==code==`").html == "<p><code>==code==</code></p>\n")
        // A table's cell takes no custom node (FuzzSearch found the one made for it leaked).
        #expect(Markdown.convert("| ==a== | b |\n|---|---|\n| ==c== | d |\n").html.contains("<td>==c==</td>"))
    }

    @Test func aCalloutIsATitledBoxAndStillSafe() {
        let html = Markdown.convert("> [!Warning] Careful *now*\n> Body <script>x</script>\n\n> [!tip]\n> Text\n\n> [!not a kind] plain\n").html
        #expect(html.contains("<div class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">\nCareful <em>now</em>\n</p>\n<p>Body"))
        #expect(html.contains("<p class=\"callout-title\">\nTip\n</p>\n<p>Text</p>"))
        #expect(html.contains("<blockquote>\n<p>[!not a kind] plain</p>"))
        // A callout of a title alone: its paragraph goes, its words stay (FuzzMarkdownLinks
        // found them read after the paragraph's buffer was freed).
        #expect(Markdown.convert("> [!note]- Only *a* `title` <https://a.b/c>\n").html
            == "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">\nOnly <em>a</em> <code>title</code> <a href=\"https://a.b/c\">https://a.b/c</a>\n</p>\n</div>\n")
        #expect(!html.contains("<script>"))
    }
}

@Suite struct NoteAppBuildTests {
    @Test func anObsidianVaultBuildsWithItsLinksEmbedsTagsAndMoods() throws {
        let site = obsidianVault()
        let report = try site.build(today: "2025-01-08")
        // Its daily notes only: not Mina's note, not the template.
        #expect(report.entries == 4)
        let day = try #require(site.read("2025/01/05/index.html"))
        #expect(day.contains("Met Mina at the <a href=\"../../../2025/01/04/\">market</a>"))
        #expect(day.contains("<a href=\"../../../2025/01/04/\">2025-01-04 › Morning</a>"))
        #expect(day.contains("<a href=\"../../../tags/family-mum/\">#family/mum</a>"))
        #expect(day.contains("<picture class=\"photo\">") && day.contains("media/attachments/walk."))
        let outsideCode = day.replacingOccurrences(of: "<code>[[not a link]] #notatag %%not a comment%%\n</code>", with: "")
        #expect(day.contains("Mina and ") && !outsideCode.contains("[[") && !outsideCode.contains("%%"))
        #expect(day.contains("<mark>highlighted words</mark>") && day.contains("callout-warning"))
        #expect(day.contains("<p class=\"callout-title\">\nTip\n</p>\n<p>No title written.</p>"))
        #expect(day.contains("<code>[[not a link]] #notatag %%not a comment%%\n</code>"))
        #expect(day.contains("data-mood=\"bad\""))
        // A comment is in no page, no search file, no feed.
        for file in site.outputFiles() { #expect(!(site.read(file) ?? "").contains("secretcomment"), "\(file)") }
        #expect(site.exists("tags/errands/index.html") && site.exists("tags/family-mum/index.html") && !site.exists("tags/notatag/index.html"))
        let hidden = try #require(site.read("2025/01/06/index.html"))
        #expect(hidden.contains("All of this shows.") && !hidden.contains("hiddenrest") && !hidden.contains("Nor this"))
        let warnings = report.warnings.map(\.description).joined(separator: "\n")
        #expect(warnings.contains("content/Daily/2025-01-06.md:4: warning: this `%%` comment is never closed"), "\(warnings)")
        #expect(warnings.contains("content/Daily/2025-01-07.md:4: warning: this `[[` is never closed on its line"), "\(warnings)")
        #expect(warnings.contains("content/Daily/2025-01-05.md:3: warning: shows `![[gone.png]]`, but content/ has no file of that name"), "\(warnings)")
    }

    @Test func aLogseqGraphBuildsFromItsJournalsOnly() throws {
        let site = logseqGraph()
        let report = try site.build(today: "2025-01-08")
        #expect(report.entries == 3, "\(report.warnings)")
        let day = try #require(site.read("2025/01/05/index.html"))
        #expect(day.contains("data-mood=\"bad\""))
        for tag in ["work", "tired-out", "team-lunch", "focus"] { #expect(site.exists("tags/\(tag)/index.html"), "\(tag)") }
        #expect(day.contains("Long day at Work with <a href=\"../../../tags/team-lunch/\">#team lunch</a>"))
        // Each box named by its task's words, for a screen reader.
        #expect(day.contains("<li class=\"task\"><input type=\"checkbox\" disabled=\"\" aria-label=\"call the bank\" /> call the bank"))
        #expect(day.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"send the report\" /> send the report"))
        #expect(day.contains("<del>gym</del>") && day.contains("effort:: high"))
        #expect(day.contains("media/assets/board_1736000000000_0.") && day.contains("<a href=\"../../../2025/01/04/\">Jan 4th, 2025</a>"))
        #expect(!day.contains("mood::") && !day.contains("tags::"))
        #expect(try #require(site.read("2024/02/29/index.html")).contains("data-mood=\"great\""))
        #expect(try #require(site.read("2025/01/04/index.html")).contains("A quiet day."))
    }

    @Test func aLinkToADayFollowsTheDiaryAsItChanges() throws {
        let site = TestSite()
        site.entry("2025/01/2025-01-05.md", mood: "good", body: "See [[2025-01-07]] and [[2025-01-06|yesterday]].")
        site.entry("2025/01/2025-01-06.md", mood: "good")
        try site.build(today: "2025-01-08")
        #expect(site.read("2025/01/05/index.html")!.contains("See 2025-01-07 and <a href=\"../../../2025/01/06/\">yesterday</a>."))
        site.entry("2025/01/2025-01-07.md", mood: "bad")
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/01/2025-01-06.md"))
        try site.build(today: "2025-01-08")
        let incremental = site.read("2025/01/05/index.html")!
        #expect(incremental.contains("See <a href=\"../../../2025/01/07/\">2025-01-07</a> and yesterday."))
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: CivilDate(argument: "2025-01-08"), useCache: false))
        #expect(site.read("2025/01/05/index.html") == incremental)
    }

    @Test func inlineTagsCanBeTurnedOff() throws {
        let site = TestSite()
        site.write("diarygen.yml", "notes: {inline_tags: false}\n")
        site.entry("2025/01/2025-01-05.md", mood: "good", tags: ["kept"], body: "A #walk today.")
        try site.build(today: "2025-01-08")
        #expect(site.read("2025/01/05/index.html")!.contains("<p>A #walk today.</p>"))
        #expect(site.exists("tags/kept/index.html") && !site.exists("tags/walk/index.html"))
    }

    @Test func thePublicSiteLinksNoDayItDoesNotShowAndHoldsNoComment() throws {
        let site = TestSite()
        site.write("content/2025/01/2025-01-05.md", "---\nmood: good\npublic: true\n---\nOpen. [[2025-01-06|the hidden day]] %%commentmarker%%\n")
        site.write("content/2025/01/2025-01-06.md", "---\nmood: bad\nprivate: true\n---\nPrivate words. #privateinlinetag [[2025-01-05]]\n")
        site.write("content/2025/01/2025-01-07.md", "mood:: okay\n\nMood-only words. #moodonlyinlinetag ==moodonlymark==\n")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: site.output, today: CivilDate(argument: "2025-01-08"), audience: .world))
        let day = try #require(site.read("2025/01/05/index.html"))
        #expect(day.contains("Open. the hidden day"))
        #expect(!day.contains("2025/01/06"))
        for file in site.outputFiles() {
            for word in ["commentmarker", "privateinlinetag", "moodonlyinlinetag", "moodonlymark", "Private words", "Mood-only words"] {
                #expect(!(site.read(file) ?? "").contains(word) && !file.contains(word), "\(word) in \(file)")
            }
        }
        // The mood-only day counts by its mood (a Logseq property) alone.
        #expect(try #require(site.read("2025/01/index.html")).contains("data-mood=\"okay\""))
    }
}
