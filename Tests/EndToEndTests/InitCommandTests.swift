// `diarygen init` run as a process: a new diary that builds at once, and a folder that
// holds anything left exactly as it was.
import Foundation
import Testing
import TestFixtures

@Suite struct InitCommandTests {
    @Test func aNewDiaryBuildsAtOnce() throws {
        let parent = TestSite()
        let result = try DiarygenCommand.run(["init", "my diary", "--today", "2026-03-01"], in: parent.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  diarygen.yml\n  .gitignore\n  content/2026/03/2026-03-01.md\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Next: cd 'my diary' && diarygen serve"))
        let site = parent.folder.appending(path: "my diary")
        let entry = try String(contentsOf: site.appending(path: "content/2026/03/2026-03-01.md"), encoding: .utf8)
        #expect(entry.hasPrefix("---\ndate: 2026-03-01\nmood: good\ntitle: \"The first page\"\ntags: []\n---\n\nThis is an example entry."))

        let check = try DiarygenCommand.run(["check", "--source", site.path], in: parent.folder)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        let build = try DiarygenCommand.run(["build", "--today", "2026-03-02"], in: site)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "site/2026/03/01/index.html").path))
    }

    @Test func withoutAFolderItIsTheCurrentOneAndTodayIsToday() throws {
        let site = TestSite()
        let result = try DiarygenCommand.run(["init"], in: site.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Next: diarygen serve"))
        let entries = try FileManager.default.subpathsOfDirectory(atPath: site.folder.appending(path: "content").path).filter { $0.hasSuffix(".md") }
        #expect(entries.count == 1)
        // Today is the day before, of or after the clock's date in UTC, whatever the zone.
        let utc = Date()
        let days = (-1...1).map { ISO8601DateFormatter.string(from: utc + Double($0) * 86400, timeZone: TimeZone(identifier: "UTC")!, formatOptions: .withFullDate) }
        #expect(days.contains { entries[0].hasSuffix("\($0).md") }, "\(entries)")
    }

    @Test func aFolderThatHoldsAnythingIsRefusedAndUntouched() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "title: Mine\n")
        let before = try snapshot(site.folder)
        let result = try DiarygenCommand.run(["init", site.folder.path], in: FileManager.default.temporaryDirectory, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: \(site.folder.path) is not empty (it holds content, diarygen.yml)"), "\(result.stderr)")
        #expect(try snapshot(site.folder) == before)
    }

    @Test func aDiaryOverAVaultReadsItAsItIsAndWritesNothingIntoIt() throws {
        let vault = obsidianVault()
        let notes = vault.folder.appending(path: "content")
        let before = try snapshot(notes)
        let parent = TestSite()
        let result = try DiarygenCommand.run(["init", "diary", "--obsidian", notes.path], in: parent.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  diarygen.yml\n  .gitignore\n  content → \(notes.path)\n"), "\(result.stdout)")
        let site = parent.folder.appending(path: "diary")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appending(path: "content").path) == notes.path)
        #expect(try String(contentsOf: site.appending(path: "diarygen.yml"), encoding: .utf8).hasPrefix("notes: {from: obsidian}\n"))
        let build = try DiarygenCommand.run(["build", "--today", "2025-01-08"], in: site)
        #expect(build.status == 0 && build.stdout.contains("4 entries"), "\(build.stdout)\(build.stderr)")
        #expect(try snapshot(notes) == before)
    }

    @Test func aDiaryIsNotMadeInsideTheNotesOrOverAGraphWithoutJournals() throws {
        let vault = obsidianVault()
        let notes = vault.folder.appending(path: "content")
        let before = try snapshot(notes)
        let inside = try DiarygenCommand.run(["init", notes.appending(path: "site").path, "--obsidian", notes.path], in: vault.folder)
        #expect(inside.status == 1 && inside.stderr.contains("is inside \(notes.path); make the site folder beside it"), "\(inside.stderr)")
        let graph = try DiarygenCommand.run(["init", "elsewhere", "--logseq", notes.path], in: vault.folder)
        #expect(graph.status == 1 && graph.stderr.contains("has no journals/ folder"), "\(graph.stderr)")
        let both = try DiarygenCommand.run(["init", "elsewhere", "--logseq", notes.path, "--obsidian", notes.path], in: vault.folder)
        #expect(both.status != 0 && both.stderr.contains("not both"))
        #expect(try snapshot(notes) == before)
        #expect(!FileManager.default.fileExists(atPath: vault.folder.appending(path: "elsewhere").path))
    }

    /// Every path under `folder` with its bytes.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            files[path] = FileManager.default.contents(atPath: folder.appending(path: path).path) ?? Data()
        }
        return files
    }
}
