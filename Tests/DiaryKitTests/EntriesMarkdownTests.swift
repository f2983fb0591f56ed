// Sources/DiaryKit/Entries/Markdown.swift: Markdown converted to HTML by cmark-gfm, links
// rewritten, words counted. The rest of Entries/ is in EntriesTests.
import Testing
@testable import DiaryKit

@Suite struct MarkdownTests {
    @Test func extensionsSurviveParsingOnEveryCoreAtOnce() {
        // cmark-gfm marks extension characters in a global table for each parse; left
        // so, parallel parses dropped `~~` and autolinks now and then.
        let bodies = (0..<3000).map { "Day \($0): *calm* and ~~busy~~, see www.example.org | a |\n\n| b | c |\n|---|---|\n| 1 | ~~2~~ |\n" }
        let rendered = bodies.concurrentMap { Markdown.convert($0).html }
        let broken = rendered.filter {
            !$0.contains("<del>busy</del>") || !$0.contains("<td><del>2</del></td>") || !$0.contains("<table>")
                || !$0.contains("<a href=\"http://www.example.org\">www.example.org</a>")
        }
        #expect(broken.isEmpty)
    }

    @Test func safeModeDropsRawHTMLAndScriptLinks() {
        let html = Markdown.convert("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b>bold</b>\n").html
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<b>"))
    }

    @Test func gfmExtensionsAreOn() {
        let html = Markdown.convert("""
        | a | b |
        |:--|--:|
        | 1 | 2 |

        ~~gone~~ www.example.org

        - [x] done
        - [ ] todo

        Note.[^1]

        [^1]: The footnote.
        """).html
        #expect(html.contains("<th style=\"text-align: left\">a</th>"))
        #expect(!html.contains("align=\""))
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> done"))
        #expect(html.contains("class=\"footnotes\""))
    }

    @Test func theBodyIsExactlyWhatCmarkRenders() {
        let plain = Markdown.convert("Hello *world*\n\n---\n\nNext\n")
        #expect(plain.html == "<p>Hello <em>world</em></p>\n<hr />\n<p>Next</p>\n")
        #expect(!plain.hasTables && !plain.hasFootnotes)
    }

    @Test func onADayPageTablesScrollInTheirOwnBoxAndFootnotesAreScoped() {
        let body = Markdown.convert("| a | b |\n|---|---|\n| 1 | 2 |\n\nSee.[^1]\n\n[^1]: Note.\n")
        #expect(body.hasTables && body.hasFootnotes)
        let html = SitePages.dayPageBody(body, footnotePrefix: "entry-2", tableLabel: "Table \"wide\"")
        #expect(html.contains("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table &quot;wide&quot;\"><table>"))
        #expect(html.contains("</table></div>"))
        #expect(html.contains("id=\"entry-2-fn-1\"") && html.contains("href=\"#entry-2-fn-1\""))
        #expect(!html.contains("id=\"fn-1\""))
    }

    @Test func linksCanBeRewrittenAndOthersAreKept() {
        let html = Markdown.convert("![a](photo.jpg) [b](https://example.org) [c](#top)") { url in
            url == "photo.jpg" ? "../../../media/2025/photo.jpg" : nil
        }.html
        #expect(html == "<p><img src=\"../../../media/2025/photo.jpg\" alt=\"a\" /> <a href=\"https://example.org\">b</a> <a href=\"#top\">c</a></p>\n")
    }

    @Test func wordsAndExcerpt() {
        let rendered = Markdown.convert("# Title here\n\nSecond paragraph *with* emphasis.\n")
        #expect(rendered.words == 6)
        #expect(rendered.excerpt == "Title here")
    }

    @Test func cjkCharactersCountAsWords() {
        #expect(WordCount.count("Hello, world!") == 2)
        #expect(WordCount.count("don't stop — well-known") == 3)
        #expect(WordCount.count("떡국을 먹었다") == 6)
        #expect(WordCount.count("東京 trip 2025") == 4)
        #expect(WordCount.count("") == 0)
    }
}
