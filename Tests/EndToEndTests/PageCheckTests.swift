// scripts/check-pages (the Nu HTML Checker, axe-core in headless Chromium, links, phone,
// dark mode, print) over sites the executable builds.
import Foundation
import Testing
import TestFixtures

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
        return message
    }()


    enum Diary: String, CaseIterable, CustomTestStringConvertible {
        case sample, samplePublic, tricky, trickyPublic, trickyKorean, trickyPaperFaces, trickyNight, trickyRightToLeft, twelvePhotos,
             twelvePhotosPublic, obsidianVault, logseqGraph
        var testDescription: String { rawValue }
    }

    @Test(arguments: Diary.allCases)
    func everyPagePassesTheChecks(_ diary: Diary) throws {
        if let missing = PageCheckTests.missingTools {
            Issue.record("the page checks cannot run: \(missing); scripts/test installs what they need")
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
        case .tricky, .trickyPublic, .trickyKorean, .trickyPaperFaces, .trickyNight, .trickyRightToLeft:
            let site = trickyDiaryWithPublicEntries()
            if diary == .trickyKorean { site.write("diarygen.yml", "title: 까다로운 일기\nlocale: ko_KR\ntimezone: Asia/Seoul\n") }
            // Every built-in theme, and the drawn faces, pass the same checks.
            if diary == .trickyPaperFaces { site.write("diarygen.yml", "title: Paper\ntheme: paper\nmood_icons: faces\nlocale: ko_KR\n") }
            if diary == .trickyNight { site.write("diarygen.yml", "title: Night\ntheme: night\n") }
            // Written right to left: nothing may lie off the left edge, where such a page scrolls.
            if diary == .trickyRightToLeft { site.write("diarygen.yml", "title: יומן\nlocale: he_IL\n") }
            keep = site
            source = site.folder
            today = "2025-02-01"
            isPublic = diary == .trickyPublic
        case .twelvePhotos, .twelvePhotosPublic:
            // Every photo is shown at 390 px, the HEICs from files a browser reads.
            let site = twelvePhotoDiary()
            keep = site
            source = site.folder
            today = "2025-06-30"
            isPublic = diary == .twelvePhotosPublic
        case .obsidianVault, .logseqGraph:
            // Links, embeds, tags, highlights, callouts and tasks as note apps write them.
            let site = diary == .obsidianVault ? obsidianVault() : logseqGraph()
            keep = site
            source = site.folder
            today = "2025-01-08"
            isPublic = false
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
