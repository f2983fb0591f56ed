// The search page in headless Chromium: words typed into its box and filters in its
// address, on a site the executable built, read back as a person sees the results
// (scripts/check-search).
import Foundation
import Testing
import TestFixtures

@Suite struct SearchPageTests {
    struct Answer: Decodable {
        struct Result: Decodable {
            let date: String
            let title: String?
            let passage: String
        }
        let query: String
        let status: String
        let results: [Result]
        let errors: [String]
    }

    static func search(_ site: URL, _ queries: [String]) throws -> [String: Answer] {
        let answers = try chromiumLines("check-search", [site.path] + queries, as: Answer.self)
        return Dictionary(uniqueKeysWithValues: answers.map { ($0.query, $0) })
    }

    @Test func wordsTypedInAnyLanguageFindTheirEntries() throws {
        let site = searchDiary()
        let build = try DiarygenCommand.run(["build", "--today", "2025-01-10"], in: site.folder)
        try #require(build.status == 0, "\(build.stderr)")
        let answers = try Self.search(site.output, [
            "산책", "책", "Cafe", "東京", "\"quiet morning\"", "\"morning quiet\"", "walk -rain",
            "?mood=good", "?q=walk&tag=travel&from=2024-12&to=2025-01", "?q=산책&from=2025-01", "?q=walk&order=best",
        ])
        func dates(_ query: String) -> [String] { answers[query]?.results.map(\.date) ?? ["no answer"] }
        // Korean by a word's start: 산책했다 and 산책을, not 책을.
        #expect(dates("산책") == ["2025-01-01", "2024-12-31"])
        #expect(answers["산책"]?.results.first?.passage.contains("[산책을]") == true, "\(answers["산책"]!)")
        #expect(answers["산책"]?.status == "2 entries found")
        // A one-character word finds its longer forms, kept in its part: 책을, not 산책.
        #expect(dates("책") == ["2025-01-02"])
        // "Cafe" finds café written precomposed and decomposed.
        #expect(dates("Cafe") == ["2025-01-03", "2025-01-02"])
        // Characters standing together: 東京, not 京都 or 北京. The private entry is the author's to find.
        #expect(dates("東京") == ["2025-01-05", "2024-12-31"])
        #expect(dates("\"quiet morning\"") == ["2024-12-30"])
        #expect(dates("\"morning quiet\"").isEmpty)
        #expect(dates("walk -rain") == ["2025-01-05", "2025-01-03", "2025-01-02", "2024-12-31"])
        #expect(dates("?mood=good") == ["2025-01-02", "2025-01-01"])
        // Across 31 December → 1 January, with a tag.
        #expect(dates("?q=walk&tag=travel&from=2024-12&to=2025-01") == ["2024-12-31"])
        #expect(dates("?q=산책&from=2025-01") == ["2025-01-01"])
        // Best first: "WALK" and "Walked" weigh alike, so newest first among equals.
        #expect(Set(dates("?q=walk&order=best")) == Set(dates("walk -rain")))
        #expect(answers.values.allSatisfy { $0.errors.isEmpty }, "\(answers.values.flatMap(\.errors))")
    }

    /// A phrase is held against the months' texts newest first, and the first page
    /// drawn before the rest are read: the pages after it and the count must still be
    /// every match, in order.
    @Test func aPhraseInManyEntriesFindsThemAllInOrder() throws {
        let site = TestSite()
        var expected: [String] = []
        for day in 0..<30 {
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day * 3, to: Date(timeIntervalSince1970: 1_735_689_600))!
            let name = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let words = day % 4 == 3 ? "The river was quiet." : "A quiet, river walk."
            if day % 4 != 3 { expected.insert(name, at: 0) }
            site.write("content/\(name.prefix(4))/\(name.dropFirst(5).prefix(2))/\(name).md", "---\nmood: good\n---\n\n\(words)\n")
        }
        let build = try DiarygenCommand.run(["build", "--today", "2025-04-01"], in: site.folder)
        try #require(build.status == 0, "\(build.stderr)")
        let answers = try Self.search(site.output, ["\"quiet river\"", "?q=%22quiet+river%22&order=best"])
        #expect(expected.count == 23)
        #expect(answers["\"quiet river\""]?.results.map(\.date) == expected)
        #expect(answers["\"quiet river\""]?.status == "23 entries found")
        #expect(Set(answers["?q=%22quiet+river%22&order=best"]?.results.map(\.date) ?? []) == Set(expected))
        #expect(answers.values.allSatisfy { $0.errors.isEmpty }, "\(answers.values.flatMap(\.errors))")
    }

    @Test func theKoreanPageSpeaksKorean() throws {
        let site = searchDiary()
        site.write("diarygen.yml", "locale: ko_KR\n")
        let build = try DiarygenCommand.run(["build", "--today", "2025-01-10"], in: site.folder)
        try #require(build.status == 0, "\(build.stderr)")
        let answers = try Self.search(site.output, ["산책", "없는말"])
        #expect(answers["산책"]?.status == "일기 2편을 찾았어요")
        #expect(answers["없는말"]?.status == "검색어가 들어간 일기가 없어요.")
    }
}
