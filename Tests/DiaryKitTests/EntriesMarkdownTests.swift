// Sources/DiaryKit/Entries/Markdown.swift and WordCount.swift: Markdown converted to HTML
// by cmark-gfm, links rewritten, words counted. Excerpts are in EntriesExcerptTests,
// EightBytes in EntriesEightBytesTests, the rest of Entries/ in EntriesTests.
import CCmarkMarks
import Mustache
import Testing
@testable import DiaryKit

@Suite struct MarkdownTests {
    @Test func extensionsSurviveParsingOnEveryCoreAtOnce() {
        // cmark-gfm marks extension characters in a global table for each parse and
        // unmarks them after; so, parallel parses dropped `~~` and autolinks now and then.
        let bodies = (0..<3000).map { "Day \($0): *calm* and ~~busy~~, see www.example.org | a |\n\n| b | c |\n|---|---|\n| 1 | ~~2~~ |\n" }
        let rendered = bodies.concurrentMap { Markdown.convert($0).html }
        let broken = rendered.filter {
            !$0.contains("<del>busy</del>") || !$0.contains("<td><del>2</del></td>") || !$0.contains("<table>")
                || !$0.contains("<a href=\"http://www.example.org\">www.example.org</a>")
        }
        #expect(broken.isEmpty)
        // The parses ran at once, not in turns: CCmarkMarks took the unmarking away.
        #expect(cmark_marks_stay() != 0)
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
        // A task's box is named by its words (axe-core: form elements must have labels);
        // a ticked one's item says it is done, for the stylesheet.
        #expect(html.contains("<li class=\"task done\"><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"done\" /> done"))
        #expect(html.contains("<li class=\"task\"><input type=\"checkbox\" disabled=\"\" aria-label=\"todo\" /> todo"))
        #expect(html.contains("class=\"footnotes\""))
    }

    @Test func aTaskBoxIsNamedByItsOwnWordsAlone() {
        let html = Markdown.convert("- [ ] call *the*   \"bank\" <b>now</b>\n  - [x] 엄마께 전화하기\n- plain item\n").html
        // Markup and the nested list are left out; runs of spaces are one; a quote stays &quot;, so it cannot end the name.
        #expect(html.contains("<li class=\"task\"><input type=\"checkbox\" disabled=\"\" aria-label=\"call the &quot;bank&quot; now\" /> call"))
        #expect(html.contains("<li class=\"task done\"><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"엄마께 전화하기\" /> 엄마께 전화하기</li>"))
        #expect(html.contains("<li>plain item</li>"))
        #expect(Markdown.convert("No task here.\n").html == "<p>No task here.</p>\n")
    }

    @Test func theBodyIsExactlyWhatCmarkRenders() {
        let plain = Markdown.convert("Hello *world*\n\n---\n\nNext\n")
        #expect(plain.html == "<p>Hello <em>world</em></p>\n<hr />\n<p>Next</p>\n")
        #expect(!plain.hasTables && !plain.hasFootnotes)
    }

    @Test func charactersPagesMayNotHoldAreLeftOutOfTheBody() {
        // cmark-gfm passes them through: a bell, a C1 control, a noncharacter, and in Korean text.
        let noncharacter = String(Unicode.Scalar(0xFDD0)!)
        let body = Markdown.convert("Bell\u{7} and \u{85}next \u{FFFE}x\n\n오늘\u{1}은 맑음" + noncharacter + "\n")
        #expect(body.html == "<p>Bell and next x</p>\n<p>오늘은 맑음</p>\n")
        #expect(body.htmlText.array == Array(body.html.utf8))
    }

    @Test func onADayPageTablesScrollInTheirOwnBoxAndFootnotesAreScoped() {
        let body = Markdown.convert("| a | b |\n|---|---|\n| 1 | 2 |\n\nSee.[^1]\n\n[^1]: Note.\n")
        #expect(body.hasTables && body.hasFootnotes)
        guard case .utf8(let bytes) = SitePages.dayPageBody(body, footnotePrefix: "entry-2", labels: .init(table: "Table \"wide\"", footnoteBack: "본문으로 돌아가기")) else {
            Issue.record("a day page's body is its HTML's bytes")
            return
        }
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.contains("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table &quot;wide&quot;\"><table>"))
        #expect(html.contains("</table></div>"))
        #expect(html.contains("id=\"entry-2-fn-1\"") && html.contains("href=\"#entry-2-fn-1\""))
        #expect(!html.contains("id=\"fn-1\""))
        // cmark-gfm's English label of the link back gives way to the site's language.
        #expect(html.contains("class=\"footnote-backref\" data-footnote-backref aria-label=\"본문으로 돌아가기\">"))
        #expect(!html.contains("Back to content"))
        // Without either, the body goes in as cmark-gfm's bytes.
        let plain = Markdown.convert("오늘은 *맑음*.\n")
        #expect(SitePages.dayPageBody(plain, footnotePrefix: "entry-1", labels: .init(table: "", footnoteBack: "")) == .utf8(Array(plain.html.utf8)))
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

    @Test func wordsAreCountedPerScript() {
        #expect(WordCount.count("Hello, world!") == 2)
        #expect(WordCount.count("don't stop — well-known") == 3)
        // Korean puts spaces between words: a word is not a syllable.
        #expect(WordCount.count("떡국을 먹었다") == 2)
        #expect(WordCount.count("ㅋㅋㅋ 진짜?") == 2)
        // Chinese characters and kana count one each; a Korean particle after them belongs to them.
        #expect(WordCount.count("東京 trip 2025") == 4)
        #expect(WordCount.count("오늘 coffee 3잔 마셨다 東京") == 6)
        #expect(WordCount.count("東京에서 만났다") == 3)
        #expect(WordCount.count("今日はいい天気") == 7)
        #expect(WordCount.count("Привет,\u{3000}мир café") == 3)
        #expect(WordCount.count("") == 0)
    }

    @Test func wordsAreCountedAlikeWhereverTheyFallAmongEightByteSteps() {
        // The rule, one scalar at a time: a letter or digit after white space (marks
        // between change nothing) starts a word; a Chinese character or kana is one.
        func counted(_ text: String) -> Int {
            var count = 0, inWord = false
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if WordCount.isCountedPerCharacter(value) {
                    count += 1
                    inWord = true
                } else if scalar.properties.isWhitespace {
                    inWord = false
                } else if WordCount.isHangul(value) || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if !inWord { count += 1 }
                    inWord = true
                }
            }
            return count
        }
        // Hangul syllables from each lead byte's edges (EA B0 80, EB, EC, ED 9D BF, ED 9E A3),
        // and the scalars beside them that are other Hangul, unassigned or another script.
        let hangul = ["가", "먹", "쿠", "\u{D77F}", "힣", "\u{D7A4}", "\u{D7B0}", "\u{A960}", "\u{ABFF}", "\u{ABE3}"]
        let pieces = ["a", "Z", "7", " ", "\t", "\n", ",", "'", "-", "[", "@", "`", "{", "~", "\u{7F}", "é", "東", "ㅋ", "—", "\u{3000}", "ab", "Q9"] + hangul
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(WordCount.count(text) == counted(text), "\(text.debugDescription)")
        }
        // Every ASCII byte, as a word's letter, between words and after a letter.
        for byte in 0..<128 {
            let character = String(UnicodeScalar(UInt8(byte)))
            for text in ["x" + character + "y long tail", "longer words " + character + " and", character + character + "abcdefghij"] {
                #expect(WordCount.count(text) == counted(text), "\(text.debugDescription)")
            }
        }
    }

    @Test func aKoreanEntryOf262WordsCounts262() {
        let sentence = ["오늘은", "아침부터", "비가", "내려서", "우산을", "챙겨", "나갔다.", "회사에서", "커피를", "3잔이나", "마셨다."]
        let words = (0..<262).map { sentence[$0 % sentence.count] }
        // Paragraphs, a list and emphasis around the same words change nothing.
        let markdown = "# " + words[0..<5].joined(separator: " ") + "\n\n" + words[5..<100].joined(separator: " ")
            + "\n\n- *" + words[100..<150].joined(separator: " ") + "*\n- " + words[150...].joined(separator: "\n")
        #expect(Markdown.convert(markdown).words == 262)
    }

    @Test func anEntryTooLongForTheArenaConvertsAsItsPiecesDo() {
        // Past CmarkMemory.arenaLimit a text is converted with cmark-gfm's own allocator,
        // everything freed as it goes: callouts, marks and a link shown as text included.
        let piece = "> [!tip] Keep *this*\n> a ==marked== word and [gone](nowhere.md)\n\nPlain ~~text~~ and `code`.\n\n"
        let unlinked: (String) -> String? = { $0 == "nowhere.md" ? Markdown.textOnly : nil }
        let one = Markdown.convert(piece, rewriteURL: unlinked)
        let copies = CmarkMemory.arenaLimit / piece.utf8.count + 1
        let text = String(repeating: piece, count: copies)
        #expect(text.utf8.count > CmarkMemory.arenaLimit)
        let long = Markdown.convert(text, rewriteURL: unlinked)
        #expect(one.html.contains("callout-tip") && one.html.contains("<mark>marked</mark>") && !one.html.contains("nowhere"))
        #expect(long.html == String(repeating: one.html, count: copies))
        #expect(long.words == one.words * copies)
    }
}
