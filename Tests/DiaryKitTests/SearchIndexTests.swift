// The site's search index (search/ in a built site): what it holds, that the public
// one holds nothing of entries the public site does not show, that a one-entry edit
// rewrites only the files it touches, and that its parts are the ones search.js asks for.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SearchIndexTests {
    static func json(_ site: TestSite, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try #require(site.read("search/" + path), "no search/\(path)").utf8))
    }

    /// Every term of the index, with the ids of its entries (decoded from their steps).
    static func terms(_ site: TestSite) throws -> [String: [Int]] {
        var terms: [String: [Int]] = [:]
        for part in 0..<SearchIndex.parts {
            let file = try json(site, "terms/" + String(format: "%02x", part) + ".json") as! [String: [Int]]
            for (term, postings) in file {
                #expect(SearchIndex.part(of: term) == part, "\(term) is in the wrong part")
                var id = 0
                terms[term] = stride(from: 0, to: postings.count, by: 2).map { id += postings[$0]; return id }
            }
        }
        return terms
    }

    @Test func theIndexHoldsEachShownEntryWithItsFoldedTerms() throws {
        let site = searchDiary()
        try site.build(today: "2025-01-10")
        let entries = (try Self.json(site, "entries.json") as! [String: Any])["entries"] as! [[Any]]
        // Newest first; the draft is left out, the private entry is the author's to find.
        #expect(entries.map { $0[1] as! String } == ["2025-01-05", "2025-01-03", "2025-01-02", "2025-01-02", "2025-01-01", "2024-12-31", "2024-12-30"])
        let evening = try #require(entries.first { ($0[5] as! [String]) == ["books"] })
        #expect(evening[4] as? String == "2025/01/02/#entry-2" && evening[2] as? String == "good")
        let idOf = Dictionary(entries.map { (($0[4] as! String), $0[0] as! Int) }, uniquingKeysWith: { first, _ in first })
        let terms = try Self.terms(site)
        // Korean words are kept whole, to be matched by their start; Chinese and Japanese by character.
        #expect(terms["산책했다"] == [idOf["2024/12/31/#entry-1"]!])
        #expect(terms["산책을"] == [idOf["2025/01/01/#entry-1"]!])
        #expect(terms["東"]?.count == 2 && terms["京"]?.count == 4)
        // "café" written precomposed and decomposed, and "CAFÉ", are one term without its accent.
        #expect(terms["cafe"] == [idOf["2025/01/02/#entry-1"]!, idOf["2025/01/03/#entry-1"]!].sorted())
        #expect(terms.keys.allSatisfy { $0 == SearchText.folded($0) })
        #expect(terms["draft"] == nil)
        let texts = try Self.json(site, "text/2025-01.json") as! [String: String]
        #expect(texts[String(idOf["2025/01/03/#entry-1"]!)] == "The cafe\u{301} was closed. No WALK today.")
    }

    /// A day before 1970 has a number below zero, and so has its entries' ids: the build
    /// stopped on them (a digit below zero), or wrote the id as 0 when it ended in 0.
    @Test func entriesWrittenBefore1970AreIndexedUnderTheirOwnIds() throws {
        let site = TestSite()
        site.entry("1969/1969-07-20.md", date: "1969-07-20", mood: "great", title: "The moon", body: "Footprints on the moon.")
        site.entry("1969/1969-07-21.md", date: "1969-07-21", mood: "good", body: "The papers were all moon.")
        site.entry("0001/0001-01-01.md", date: "0001-01-01", mood: "okay", body: "Nothing yet.")
        site.entry("2025/2025-01-01.md", date: "2025-01-01", mood: "good", body: "A moon again.")
        try site.build(today: "2025-01-10")
        let entries = (try Self.json(site, "entries.json") as! [String: Any])["entries"] as! [[Any]]
        let idOf = Dictionary(uniqueKeysWithValues: entries.map { ($0[1] as! String, $0[0] as! Int) })
        #expect(idOf == ["1969-07-20": CivilDate.ymd(1969, 7, 20).dayNumber * 1024, "1969-07-21": CivilDate.ymd(1969, 7, 21).dayNumber * 1024,
                         "0001-01-01": CivilDate.ymd(1, 1, 1).dayNumber * 1024, "2025-01-01": CivilDate.ymd(2025, 1, 1).dayNumber * 1024])
        #expect(try Self.terms(site)["moon"] == [idOf["1969-07-20"]!, idOf["1969-07-21"]!, idOf["2025-01-01"]!])
        let texts = try Self.json(site, "text/1969-07.json") as! [String: String]
        #expect(texts[String(idOf["1969-07-21"]!)] == "The papers were all moon.")
    }

    @Test func theScriptFindsTheSamePartsAsSwift() {
        // What search.js's partOf gives, computed by Node from the same FNV-1a.
        #expect(SearchIndex.part(of: "walk") == 54 && SearchIndex.part(of: "산책") == 1 && SearchIndex.part(of: "산책했다") == 1)
        #expect(SearchIndex.part(of: "東") == 7 && SearchIndex.part(of: "cafe") == 18 && SearchIndex.part(of: "a") == 44)
        // A one-character word and its longer forms are in one part, where the script looks.
        #expect(SearchIndex.part(of: "책") == SearchIndex.part(of: "책을"))
    }

    @Test func thePublicIndexHoldsNothingOfAnEntryThePublicSiteDoesNotShow() throws {
        let site = visibilityDiary()
        try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 5, 1), audience: .world))
        let output = site.folder.appending(path: "public/search")
        let files = TestSite.files(in: output)
        #expect(files.contains("entries.json") && files.contains("text/2025-03.json") && !files.contains("text/2025-04.json"))
        let all = try files.map { try String(contentsOf: output.appending(path: $0), encoding: .utf8).lowercased() }.joined()
        #expect(all.contains("openmarker") && all.contains("opentag"))
        for planted in ["defaultmarker", "defaulttag", "privatemarker", "privatetag", "defaultfilename", "privatefilename", "secret"] {
            #expect(!all.contains(planted), "the public index holds \(planted)")
        }
        let page = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains("<option>opentag</option>") && !page.contains("defaulttag") && !page.contains("privatetag"))
    }

    @Test func aOneEntryEditRewritesOnlyTheFilesItTouchesAndEqualsAFullBuild() throws {
        let site = searchDiary()
        try site.build(today: "2025-01-10")
        let folder = site.output.appending(path: "search")
        func stamps() throws -> [String: Date] {
            Dictionary(uniqueKeysWithValues: try TestSite.files(in: folder).map {
                ($0, try folder.appending(path: $0).resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate!)
            })
        }
        let before = try stamps()
        let terms = try Self.terms(site)
        site.entry("2025/01/2025-01-03.md", mood: "bad", body: "The cafe\u{301} was closed.\nNo WALK today, a zebra instead.")
        try site.build(today: "2025-01-10")
        let after = try stamps()
        let rewritten = Set(after.keys.filter { before[$0] != after[$0] })
        // The parts of the terms the entry gained and the month's texts; the entries'
        // list and every other part are the same bytes, not written again.
        let gained = ["a", "zebra", "instead"]
        func partFile(_ term: String) -> String { "terms/" + String(format: "%02x", SearchIndex.part(of: term)) + ".json" }
        #expect(rewritten == Set(gained.map(partFile) + ["text/2025-01.json"]), "\(rewritten.sorted())")
        #expect(try Self.terms(site).filter { !gained.contains($0.key) } == terms.filter { !gained.contains($0.key) })
        // A word that only grows stays in its part.
        site.entry("2025/01/2025-01-03.md", mood: "bad", body: "The cafe\u{301} was closed.\nNo WALK today, a zebras instead.")
        try site.build(today: "2025-01-10")
        let again = try stamps()
        #expect(Set(again.keys.filter { after[$0] != again[$0] }) == [partFile("zebras"), "text/2025-01.json"])
        let incremental = try snapshot(folder)
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.removeItem(at: site.folder.appending(path: ".diarygen-cache"))
        try site.build(today: "2025-01-10")
        #expect(try snapshot(folder) == incremental)
    }

    /// A part's file is left as it is when it would be made from what the last build
    /// made it from; that record is believed only beside the site it was made with. With
    /// an older build's record, words edited back to that build's still rewrite the parts.
    @Test func partsAreLeftAsTheyAreOnlyWhenTheirRecordMatchesTheSite() throws {
        let site = searchDiary()
        try site.build(today: "2025-01-10")
        let record = site.folder.appending(path: ".diarygen-cache/search-author/parts")
        let first = try Data(contentsOf: record)
        site.entry("2025/01/2025-01-03.md", mood: "bad", body: "The cafe\u{301} was closed.\nNo WALK today, a zebra instead.")
        try site.build(today: "2025-01-10")
        #expect(try Self.terms(site)["zebra"] != nil)
        try first.write(to: record)
        site.entry("2025/01/2025-01-03.md", mood: "bad", body: "The cafe\u{301} was closed.\nNo WALK today.")
        try site.build(today: "2025-01-10")
        #expect(try Self.terms(site)["zebra"] == nil)
        let folder = site.output.appending(path: "search")
        let incremental = try snapshot(folder)
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.removeItem(at: site.folder.appending(path: ".diarygen-cache"))
        try site.build(today: "2025-01-10")
        #expect(try snapshot(folder) == incremental)
    }

    @Test func plainTextIsWhatThePageShows() {
        let text = PlainText(html: "<h2>Title &amp; more</h2>\n<p>One <em>two</em>\nthree &lt;4&gt; &#xAC00;</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p><img src=\"x.png\" alt=\"secret\"></p>")
        #expect(text.text == "Title & more\nOne two three <4> 가\na\nb")
    }

    /// Text is copied eight bytes at a time up to the first byte that is not text as it
    /// is: wherever in those eight that byte falls, the text is the same.
    @Test func plainTextIsTheSameWhereverMarkupFallsAmongEightBytes() {
        for count in 1...17 {
            let run = String(repeating: "a", count: count - 1) + "z"
            let cases = [
                ("<p>" + run + "  b</p>", run + " b"), (run + "\nb", run + " b"), (run + " \t b", run + " b"),
                (run + "&amp;b &lt;", run + "&b <"), (run + "<em>b</em>", run + "b"), (run + "\u{1}b", run + "\u{1}b"),
                (run + " 한국 b, c.", run + " 한국 b, c."), (run + "</p>\n<p>b", run + "\nb"), (run + "&nbsp;", run + "&nbsp;"),
            ]
            for (html, text) in cases {
                #expect(PlainText(html: html).text == text, "\(html.debugDescription)")
            }
        }
    }

    /// Only the ends of blocks and `<br>`, `<hr>` break a line; names are read whole.
    @Test func onlyBlocksAndLineBreaksEndALine() {
        let html = "<blockquote>\n<p>a</p>\n</blockquote>\n<table><tr><th>b</th><td>c</td></tr></table>"
            + "<h6>d</h6><pre><code>e</code></pre>f<br />g<hr>h<//p>i"
            + "<p>j</blockquotes>k</h7>l</pp>m</b>n</ph>o</li2>p</lockquote>q</p"
        #expect(PlainText(html: html).text == "a\nb\nc\nd\ne\nf\ng\nh\nijklmnopq</p")
    }

    /// A photo's "Full size" link is diarygen's words, not the author's: searching
    /// "full" must not find every entry with a photo.
    @Test func wordsDiarygenAddsAreNotIndexed() {
        let html = "<p>By the bay <span class=\"photo-frame\"><picture class=\"photo\"><img src=\"a.jpg\" alt=\"\"></picture>"
            + "<a class=\"photo-original\" data-unindexed href=\"a.jpg\">Full size</a></span> at noon.</p>\n<p>After</p>"
        #expect(PlainText(html: html).text == "By the bay at noon.\nAfter")
        // An element that never closes leaves the rest as it was.
        #expect(PlainText(html: "<p>One <a data-unindexed href=\"x\">two").text == "One two")
    }

    /// Terms are told apart by a hash of all their bytes, read a few at a time: a term
    /// of any length that differs in any one byte hashes differently, and the table
    /// numbers each term once.
    @Test func everyByteOfATermCountsInItsHashAndNumber() {
        var terms: [[UInt8]] = []
        for length in 1...24 {
            let word = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            terms.append(word)
            for place in 0..<length {
                var changed = word
                changed[place] = UInt8(ascii: "0")
                terms.append(changed)
            }
        }
        let hashes = terms.map { $0.withUnsafeBufferPointer(TermTable.hash) }
        #expect(Set(hashes).count == terms.count)
        var table = TermTable(expected: 4)
        for _ in 0..<2 {
            for (number, term) in terms.enumerated() {
                let found = term.withUnsafeBufferPointer { table.number(of: $0, hash: TermTable.hash($0)) }
                #expect(found.number == number)
            }
        }
        #expect(table.count == terms.count && table.withTerm(30, Array.init) == terms[30])

        // Terms whose hashes are the same are told apart by their bytes, short or long.
        var colliding = TermTable(expected: 4)
        for (number, term) in terms.enumerated() {
            #expect(term.withUnsafeBufferPointer { colliding.number(of: $0, hash: 42) } == (number, true))
        }
        #expect(terms.enumerated().allSatisfy { number, term in
            term.withUnsafeBufferPointer { colliding.number(of: $0, hash: 42) } == (number, false)
        })
    }
}
