// Reviews end to end through the library: `review:` read and checked (Entries/), the
// shelf (Statistics/ReviewShelf), its page, day pages and recaps (Pages/), covers copied
// like images, the public build, and incremental builds.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ReviewFieldsTests {
    func parse(_ review: String) -> EntryParser.Outcome {
        EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025/2025-03-01.md", path: "/nonexistent"),
                                               bytes: Array("---\nmood: good\n\(review)\n---\nWords.\n".utf8))
    }

    @Test func oneReviewOrSeveral() throws {
        let one = try #require(parse("review: {kind: book, title: Pachinko, by: Min Jin Lee, rating: 4.5, finished: 2025-02-27, cover: p.jpg}").header)
        #expect(one.reviews == [Review(kind: .book, title: "Pachinko", by: "Min Jin Lee", rating: 4.5, finished: .ymd(2025, 2, 27), cover: "p.jpg")])
        let several = try #require(parse("review:\n  - {kind: movie, title: Past Lives, rating: 5}\n  - kind: show\n    title: Severance").header)
        #expect(several.reviews.map(\.title) == ["Past Lives", "Severance"])
        #expect(several.reviews.map(\.kind) == [.movie, .show])
        #expect(try #require(parse("review: {title: Untyped}").header).reviews.first?.kind == .other)
        let toml = EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025-03-01.md", path: "/nonexistent"), bytes: Array(
            "+++\nmood = \"good\"\n[review]\nkind = \"book\"\ntitle = \"Pachinko\"\nrating = 4\n+++\n".utf8))
        #expect(toml.header?.reviews.first?.rating == 4)
    }

    @Test(arguments: [
        ("review: {kind: novel, title: X}", 3, "unknown review kind `novel`; a review's kind is book, movie, show or other"),
        ("review: {kind: book, title: X, rating: 4.3}", 3, "a rating is a number from 0 to 5 in half steps (4 or 4.5), not `4.3`"),
        ("review: {kind: book, title: X, rating: 6}", 3, "a rating is a number from 0 to 5 in half steps (4 or 4.5), not `6`"),
        ("review: {kind: book, title: X, rating: -0.5}", 3, "a rating is a number from 0 to 5 in half steps (4 or 4.5), not `-0.5`"),
        ("review: {kind: book, rating: 4}", 3, "a review needs a `title`, such as `title: Pachinko`"),
        ("review:\n  - {kind: book, title: A}\n  - {kind: book, title: B, finished: soon}", 5, "`finished` should be a date such as 2026-10-03, not `soon`"),
        ("review: Pachinko", 3, "`review` should be a set of keys such as `{kind: book, title: Pachinko, rating: 4.5}`, or a list of them, not a single value"),
    ])
    func mistakesAreErrorsAtTheirLine(review: String, line: Int, message: String) {
        let outcome = parse(review)
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics.map(\.message) == [message])
        #expect(outcome.diagnostics.map(\.line) == [line])
    }

    @Test func anUnknownReviewKeyIsAWarningWithAHint() {
        let outcome = parse("review: {kind: book, title: X, raiting: 4}")
        #expect(outcome.header?.reviews.count == 1)
        #expect(outcome.diagnostics.map(\.message) == ["a review has no key `raiting`; it takes kind, title, by, rating, finished, cover. Did you mean `rating`?"])
    }
}

@Suite struct ReviewPagesTests {
    func reviewedDiary() -> TestSite {
        let site = TestSite()
        site.write("diarygen.yml", "base_url: https://example.org/\n")
        site.write("content/2025/03/2025-03-01.md", "---\nmood: good\npublic: true\nreview: {kind: book, title: \"Pachinko\", by: Min Jin Lee, rating: 4.5, cover: covers/p.png}\n---\nRead it.\n")
        site.write("content/2025/03/covers/p.png", fixturePhoto("screenshot.png"))
        site.write("content/2025/03/2025-03-05.md", "---\nmood: bad\nreview:\n  - {kind: movie, title: \"Secret film\", rating: 2}\n  - {kind: book, title: \"Secret book\", rating: 3, finished: 2024-12-30}\n---\nPrivate words.\n")
        return site
    }

    @Test func theShelfGroupsByKindAndYearNewestFirst() throws {
        let site = reviewedDiary()
        let report = try site.build(today: "2025-04-01")
        let shelves = ReviewShelf(entries: report.reading.diary.entries).shelves
        #expect(shelves.map(\.kind) == [.book, .movie])
        #expect(shelves[0].years.map(\.year) == [2025, 2024])
        #expect(shelves[0].years.map { $0.items.map(\.review.title) } == [["Pachinko"], ["Secret book"]])
        let page = try #require(site.read("reviews/index.html"))
        // A cover is shown from a PNG made from it (the original is a PNG screenshot).
        #expect(page.contains("<img class=\"cover\" src=\"../media/2025/03/covers/p."))
        #expect(page.contains("-300.png\" alt=\"\" loading=\"lazy\">"))
        #expect(page.contains("role=\"img\" aria-label=\"4.5 out of 5\""))
        #expect(page.contains("<span class=\"cover placeholder\" aria-hidden=\"true\">S</span>"))
        #expect(page.contains("<a href=\"../2025/03/05/\">Mar 5</a>"))
        #expect(site.exists("media/2025/03/covers/p.png"))
        #expect(try #require(site.read("index.html")).contains("<a href=\"./reviews/\">Reviews</a>"))
        let day = try #require(site.read("2025/03/05/index.html"))
        #expect(day.contains("<cite>Secret film</cite>") && day.contains("aria-label=\"2 out of 5\""))
        let recap = try #require(site.read("2025/03/recap/index.html"))
        #expect(recap.contains("<dd>2 books, 1 movie; average 3.2 ★</dd>"))
    }

    @Test func thePublicShelfHoldsOnlyPublicEntriesReviews() throws {
        let site = reviewedDiary()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 4, 1), audience: .world))
        let shelf = try #require(String(data: try Data(contentsOf: site.folder.appending(path: "public/reviews/index.html")), encoding: .utf8))
        #expect(shelf.contains("Pachinko") && !shelf.contains("Secret"))
        let recap = try String(contentsOf: site.folder.appending(path: "public/2025/03/recap/index.html"), encoding: .utf8)
        #expect(recap.contains("<dd>1 book; average 4.5 ★</dd>") && !recap.contains("Secret"))
        // The cover is published as an image made from it, never as the original.
        let media = TestSite.files(in: site.folder.appending(path: "public/media/2025/03/covers"))
        #expect(media.count == 2 && media.allSatisfy { $0.hasPrefix("p.") && $0 != "p.png" }, "\(media)")
    }

    /// A cover is written in the front-matter: its warning says so, and the body's
    /// lines, which may name the same file, do not lend it one.
    @Test func aMissingCoverIsWarnedAboutAsTheReviewsCover() throws {
        let site = TestSite()
        site.write("content/2025/03/2025-03-01.md", "---\nmood: good\nreview: {kind: book, title: Pachinko, cover: p.png}\n---\nThe cover p.png is lost.\n")
        let report = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 3, 2)))
        let warning = try #require(report.warnings.first { $0.message.contains("p.png") })
        #expect(warning.message == "a review's cover is `p.png`, but there is no content/2025/03/p.png")
        #expect(warning.line == nil)
    }

    @Test func aSiteWithoutReviewsHasNoShelf() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "good")
        try site.build()
        #expect(!site.exists("reviews/index.html"))
        #expect(try #require(site.read("index.html")).contains("reviews/") == false)
    }

    @Test func reviewsRebuildExactlyAsAFullBuildDoes() throws {
        let site = reviewedDiary()
        let cache = BuildCacheTests()
        try cache.buildAndCompare(site, today: "2025-04-01", "first build")
        site.write("content/2025/03/2025-03-01.md", "---\nmood: good\npublic: true\nreview: {kind: book, title: \"Pachinko\", by: Min Jin Lee, rating: 5}\n---\nRead it.\n")
        try cache.buildAndCompare(site, today: "2025-04-01", "the rating changed and the cover went")
        try cache.buildAndCompare(site, audience: .world, today: "2025-04-01", "the public build")
        site.write("content/2025/03/2025-03-01.md", "---\nmood: good\npublic: true\n---\nRead it.\n")
        site.write("content/2025/03/2025-03-05.md", "---\nmood: bad\n---\nPrivate words.\n")
        try cache.buildAndCompare(site, today: "2025-04-01", "no reviews left")
        #expect(!site.exists("reviews/index.html"))
    }
}
