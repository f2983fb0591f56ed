// Sources/DiaryKit/Search/: folding and terms (SearchText), what a person types
// (SearchQuery), and the entries found (DiarySearch) in TestFixtures' searchDiary.
// The command's output and exit status are in EndToEndTests' SearchCommandTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SearchTextTests {
    @Test func caseWidthAndUnicodeFormsFold() {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(Array(precomposed.unicodeScalars) != Array(decomposed.unicodeScalars))
        #expect(SearchText.terms(in: precomposed) == ["cafe"])
        #expect(SearchText.terms(in: decomposed) == ["cafe"])
        #expect(SearchText.terms(in: "CAFÉ") == ["cafe"])
        #expect(SearchText.terms(in: "ｗａｌｋ Ｗａｌｋ") == ["walk", "walk"])
        #expect(SearchText.terms(in: "Ångström, Ελλάδα, ёлка") == ["angstrom", "ελλαδα", "елка"])
    }

    /// The voicing marks of kana are not accents: が and か are different words' sounds.
    @Test func marksOfOtherScriptsStay() {
        #expect(SearchText.terms(in: "が") == ["が"])
        #expect(SearchText.terms(in: "か\u{3099}") == ["が"])
        #expect(SearchText.terms(in: "が") != SearchText.terms(in: "か"))
        #expect(SearchText.terms(in: "ｶﾞｯｺｳ") == ["ガ", "ッ", "コ", "ウ"])
    }

    @Test func spacedScriptsSplitIntoWordsAndHanAndKanaIntoCharacters() {
        #expect(SearchText.terms(in: "공원에서 산책을 했다.") == ["공원에서", "산책을", "했다"])
        #expect(SearchText.terms(in: "東京に行った。") == ["東", "京", "に", "行", "っ", "た"])
        #expect(SearchText.terms(in: "我去了北京") == ["我", "去", "了", "北", "京"])
        #expect(SearchText.terms(in: "Walked 2 km, (slowly)!") == ["walked", "2", "km", "slowly"])
        #expect(SearchText.terms(in: "서울 trip: 東京タワー") == ["서울", "trip", "東", "京", "タ", "ワ", "ー"])
    }

    /// ASCII is folded eight bytes at a time where it can be: every byte, at every place
    /// in the eight, and the bytes after the last eight, fold as lower case does.
    @Test func everyASCIIByteFoldsToLowerCaseWhereverItStands() {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for shift in 0..<9 {
            let text = String(repeating: "Q", count: shift) + ascii + "ZaZ"
            #expect(SearchText.folded(text) == text.lowercased(), "shifted by \(shift)")
        }
        #expect(SearchText.folded("ÀBCDEFGHIJ") == "abcdefghij" && SearchText.folded("ABCDEFGHÀ") == "abcdefgha")
    }

    /// Most characters of a Korean, Chinese or Japanese diary are folded without
    /// Foundation: each of them must fold as Foundation folds it, alone and beside the
    /// characters that change what comes before them (an accent, a jamo, a voicing mark).
    @Test func charactersFoldedWithoutFoundationFoldAsFoundationDoes() {
        var differing: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), SearchText.foldsToItself(scalar) else { continue }
            let text = String(Character(scalar))
            if SearchText.foldedByFoundation(text) != text { differing.append(String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "Foundation folds these differently: \(differing.prefix(20))")
        #expect(SearchText.foldsToItself("가") && SearchText.foldsToItself("京") && SearchText.foldsToItself("😄"))
        #expect(!SearchText.foldsToItself("\u{301}") && !SearchText.foldsToItself("\u{11A8}") && !SearchText.foldsToItself("\u{3099}"))
        for text in ["Café는 e\u{301}와 가\u{11A8}, CAFE\u{301} 東京 か\u{3099}ﾞ ＡＢＣ ❤\u{FE0F} 1\u{FE0F}\u{20E3} ß Σ",
                     "\u{301}시작", "끝e\u{301}", "ﬁ가ﬁ", "À", "서울에서 Ölü", "한\u{1100}\u{1161}\u{11A8}글",
                     // Syllables at the edges of those told by their first two bytes, beside ASCII runs.
                     "Seoul서울ABCDEFGH가나다ABCDEFGHI\u{D79F}", "\u{AC00}\u{D79F}\u{D7A3}\u{D7A4}\u{D7B0}ﬁ", "ABCDEFG갛"] {
            #expect(SearchText.folded(text) == SearchText.foldedByFoundation(text), "\(Array(text.unicodeScalars))")
        }
    }
}

@Suite struct SearchQueryTests {
    @Test func wordsPhrasesAndWhatIsLeftOut() {
        let query = SearchQuery(#"Quiet "morning walk" -rain -"heavy rain" 東京"#)
        #expect(query.wanted.map(\.terms) == [["quiet"], ["morning", "walk"], ["東", "京"]])
        #expect(query.leftOut.map(\.terms) == [["rain"], ["heavy", "rain"]])
        #expect(SearchQuery("-").wanted.isEmpty && SearchQuery("-").leftOut.isEmpty)
        #expect(SearchQuery(#""unclosed phrase"#).wanted.map(\.terms) == [["unclosed", "phrase"]])
    }

    /// The shell has taken the quotes of `"quiet morning"`: an argument with a space is a phrase.
    @Test func shellArguments() {
        let query = SearchQuery(arguments: ["quiet morning", "-heavy rain", "walk", "-snow", #"-"a b""#])
        #expect(query.wanted.map(\.terms) == [["quiet", "morning"], ["walk"]])
        #expect(query.leftOut.map(\.terms) == [["heavy", "rain"], ["snow"], ["a", "b"]])
    }
}

@Suite struct DiarySearchTests {
    let site = searchDiary()

    func entries() throws -> [Entry] { try SiteBuild.read(site: SiteFolder(site.folder)).diary.entries }

    /// The found entries' file names without `.md`, in the order found.
    func found(_ query: String, _ filters: DiarySearch.Filters = .init()) throws -> [String] {
        DiarySearch(query: SearchQuery(query), filters: filters).matches(in: try entries()).map { String($0.entry.source.name.dropLast(3)) }
    }

    @Test func koreanWordsMatchByTheirStart() throws {
        #expect(try found("산책") == ["2025-01-01", "2024-12-31"])
        // 책 starts 책을, but no word of 산책을 or 산책했다.
        #expect(try found("책") == ["2025-01-02"])
        #expect(try found("산책을") == ["2025-01-01"])
    }

    @Test func englishWordsMatchByTheirStartInAnyCase() throws {
        #expect(try found("Walk") == ["2025-01-05", "2025-01-03", "2025-01-02-evening", "2024-12-31"])
        #expect(try found("walked") == ["2025-01-05", "2024-12-31"])
        #expect(try found("alk").isEmpty)
    }

    @Test func caféWrittenEitherWay() throws {
        for query in ["café", "cafe\u{301}", "CAFÉ", "cafe"] {
            #expect(try found(query) == ["2025-01-03", "2025-01-02"], "\(query)")
        }
    }

    @Test func chineseAndJapaneseByTheirCharacters() throws {
        #expect(try found("東京") == ["2025-01-05", "2024-12-31"])
        #expect(try found("京都") == ["2025-01-02"])
        #expect(try found("北京") == ["2025-01-02-evening"])
        #expect(try found("京") == ["2025-01-05", "2025-01-02-evening", "2025-01-02", "2024-12-31"])
        #expect(try found("東京に行った") == ["2024-12-31"])
        #expect(try found("京東").isEmpty)
    }

    @Test func koreanAndEnglishTogether() throws {
        #expect(try found("산책 walk") == ["2024-12-31"])
        #expect(try found("산책 東京") == ["2024-12-31"])
    }

    @Test func phrasesKeepTheirOrder() throws {
        #expect(try found("quiet morning") == ["2025-01-01", "2024-12-30"])
        #expect(try found(#""quiet morning""#) == ["2024-12-30"])
        #expect(try found(#""morning quiet""#).isEmpty)
        #expect(try found(#""morning was qui""#) == ["2025-01-01"])
    }

    @Test func leftOut() throws {
        #expect(try found("café -rain") == ["2025-01-03"])
        #expect(try found(#"morning -"quiet morning""#) == ["2025-01-01"])
        #expect(try found("walk -東京") == ["2025-01-03", "2025-01-02-evening"])
        // Only a word left out: every other entry.
        #expect(try found("-walk") == ["2025-01-02", "2025-01-01", "2024-12-30"])
    }

    @Test func titlesAndTagsMatchLikeWords() throws {
        #expect(try found("새해") == ["2025-01-01"])
        #expect(try found("fam") == ["2025-01-01"])
        #expect(try found("book") == ["2025-01-02-evening"])
    }

    /// A search looks for the words in a file's bytes before reading it further, so a
    /// title or tag YAML wrote with escapes must still be found by its words.
    @Test func aTitleAndTagWrittenWithEscapesAreFound() throws {
        let site = TestSite()
        site.write("content/2025/02/2025-02-01.md",
                   "---\nmood: good\ntitle: \"Caf\\u00E9 au lait\"\ntags: [\"r\\u00E9sum\\u00E9\"]\n---\n\nA quiet day.\n")
        let entries = try SiteBuild.read(site: SiteFolder(site.folder)).diary.entries
        #expect(entries.first?.title == "Café au lait")
        for query in ["café", "resume", "quiet"] {
            #expect(DiarySearch(query: SearchQuery(query)).matches(in: entries).map(\.entry.date.description) == ["2025-02-01"], "\(query)")
        }
        #expect(DiarySearch(query: SearchQuery("lait -quiet")).matches(in: entries).isEmpty)
    }

    @Test func eachFilterAndAllTogether() throws {
        let good = try #require(try SiteBuild.read(site: SiteFolder(site.folder)).diary.moods.match("good"))
        let great = try #require(try SiteBuild.read(site: SiteFolder(site.folder)).diary.moods.match("great"))
        #expect(try found("walk", .init(mood: good)) == ["2025-01-02-evening"])
        #expect(try found("", .init(tag: "TRAVEL")) == ["2025-01-01", "2024-12-31"])
        #expect(try found("walk", .init(from: CivilDate(argument: "2025-01-03"))) == ["2025-01-05", "2025-01-03"])
        #expect(try found("walk", .init(to: CivilDate(argument: "2025-01-02"))) == ["2025-01-02-evening", "2024-12-31"])
        #expect(try found("산책", .init(mood: great, tag: "travel", from: CivilDate(argument: "2024-12-31"), to: CivilDate(argument: "2025-01-01")))
                == ["2024-12-31"])
        #expect(try found("산책", .init(mood: good, tag: "home")).isEmpty)
    }

    @Test func aRangeAcrossNewYear() throws {
        let range = DiarySearch.Filters(from: CivilDate(argument: "2024-12-31"), to: CivilDate(argument: "2025-01-01"))
        #expect(try found("", range) == ["2025-01-01", "2024-12-31"])
        #expect(try found("산책", .init(from: CivilDate(argument: "2025-01-01"))) == ["2025-01-01"])
        #expect(try found("산책", .init(to: CivilDate(argument: "2024-12-31"))) == ["2024-12-31"])
    }

    /// Newest first; of one day's entries the later in the day first, one without a time last.
    @Test func newestFirst() throws {
        let all = try found("")
        #expect(all == ["2025-01-05", "2025-01-03", "2025-01-02-evening", "2025-01-02", "2025-01-01", "2024-12-31", "2024-12-30"])
    }

    @Test func draftsAreLeftOutAndPrivateEntriesSearched() throws {
        #expect(try found("draft").isEmpty)
        #expect(try found("alone") == ["2025-01-05"])
    }

    /// The line is the file's own line: the one with the match, or the title's.
    @Test func linesPointIntoTheFile() throws {
        let matches = DiarySearch(query: SearchQuery("walk"), filters: .init()).matches(in: try entries())
        for match in matches {
            let lines = try String(contentsOfFile: match.entry.source.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[match.line.number - 1] == match.line.text)
            #expect(match.line.text.lowercased().contains("walk"))
        }
        let december = try #require(matches.last)
        #expect(december.line == .init(number: 8, text: "강변을 산책했다. Walked far."))
        let title = try #require(DiarySearch(query: SearchQuery("새해")).matches(in: try entries()).first)
        #expect(title.line == .init(number: 3, text: "title: \"새해\""))
        let tag = try #require(DiarySearch(query: SearchQuery("family")).matches(in: try entries()).first)
        #expect(tag.line == .init(number: 4, text: "tags: [travel, family]"))
        // The title's line, though `mood: okay` comes first and holds the word too.
        let moodSite = TestSite()
        moodSite.entry("2025/02/2025-02-01.md", mood: "okay", title: "Okay, then", body: "Nothing else.")
        let okay = try #require(DiarySearch(query: SearchQuery("okay"))
            .matches(in: try SiteBuild.read(site: SiteFolder(moodSite.folder)).diary.entries).first)
        #expect(okay.line == .init(number: 3, text: "title: \"Okay, then\""))
        let two = try #require(DiarySearch(query: SearchQuery("morning rain")).matches(in: try entries()).first)
        #expect(two.lines.map(\.number) == [7, 8])
    }
}
