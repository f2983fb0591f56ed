// `diarygen search` run as a process over TestFixtures' searchDiary: its text and JSON
// output, `path:LINE` against the files, filters, and its exit statuses.
// What matches what is tested in DiaryKitTests' SearchTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SearchCommandTests {
    let site = searchDiary()

    func search(_ arguments: String...) throws -> DiarygenCommand.Result {
        try DiarygenCommand.run(["search"] + arguments, in: site.folder)
    }

    @Test func textShowsEachEntryAndItsLines() throws {
        let result = try search("산책")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            2025-01-01  🙂 good  새해
            content/2025/01/2025-01-01.md:7: 공원에서 산책을 했다.

            2024-12-31  😄 great
            content/2024/12/2024-12-31.md:8: 강변을 산책했다. Walked far.

            """)
    }

    /// Every `path:LINE: text` names the file's own line, as an editor opens it.
    @Test func pathAndLinePointAtTheLine() throws {
        let walk = try search("walk")
        #expect(walk.status == 0, "\(walk.stderr)")
        let located = walk.stdout.split(separator: "\n").filter { $0.hasPrefix("content/") }
        #expect(located.count == 4)
        for line in located {
            let parts = line.split(separator: ":", maxSplits: 2)
            let file = try String(contentsOf: site.folder.appending(path: String(parts[0])), encoding: .utf8)
            let number = try #require(Int(parts[1]))
            let fileLines = file.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(" " + fileLines[number - 1] == parts[2], "\(line)")
            #expect(fileLines[number - 1].lowercased().contains("walk"))
        }
    }

    @Test func jsonIsAnArrayOfEntries() throws {
        let result = try search("walk", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["date"] as? String } == ["2025-01-05", "2025-01-03", "2025-01-02", "2024-12-31"])
        let first = try #require(array.first)
        #expect(first["mood"] as? String == "awful")
        #expect(first["title"] as? String == "Alone")
        #expect(first["tags"] as? [String] == [])
        #expect(first["path"] as? String == "content/2025/01/2025-01-05.md")
        #expect(first["line"] as? Int == 7)
        #expect(first["text"] as? String == "Walked alone in 東京.")
        #expect(array[2]["tags"] as? [String] == ["books"])
        #expect(array[1]["title"] is NSNull)
    }

    @Test func nothingFoundExitsOne() throws {
        for arguments in [["zebra"], ["draft"], ["walk", "--tag", "home"], ["zebra", "--format", "json"]] {
            let result = try DiarygenCommand.run(["search"] + arguments, in: site.folder)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains("no entry matches"))
        }
    }

    @Test func wordsLeftOutOnTheCommandLine() throws {
        let result = try search("café", "-rain")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("2025-01-03  😕 bad\n"))
        #expect(!result.stdout.contains("2025-01-02"))
        let phrase = try search("morning", "-quiet morning")
        #expect(phrase.stdout.hasPrefix("2025-01-01  🙂 good  새해\n"), "\(phrase.stderr)")
        #expect(!phrase.stdout.contains("2024-12-30"))
    }

    @Test func filtersTogether() throws {
        let result = try search("산책", "--tag", "travel", "--mood", "😄", "--from", "2024-12-31", "--to", "2025-01-01")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2024-12-31  😄 great\ncontent/2024/12/2024-12-31.md:8: 강변을 산책했다. Walked far.\n")
        let range = try search("--from", "2024-12-31", "--to", "2025-01-01", "--format", "json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(range.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["date"] as? String } == ["2025-01-01", "2024-12-31"])
    }

    @Test func badInputIsAnError() throws {
        let mood = try search("walk", "--mood", "happy")
        #expect(mood.status == 64)
        #expect(mood.stderr.hasPrefix("error: unknown mood `happy`; the moods are great 😄"))
        let range = try search("walk", "--from", "2025-01-02", "--to", "2025-01-01")
        #expect(range.status == 64)
        #expect(range.stderr.hasPrefix("error: --from 2025-01-02 is after --to 2025-01-01."))
        let nothing = try search()
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("error: "))
    }

    /// A second search reads the cache the first one filled, and finds the same.
    @Test func aSecondSearchFindsTheSame() throws {
        let first = try search("東京")
        #expect(FileManager.default.fileExists(atPath: site.folder.appending(path: ".diarygen-cache").path))
        let second = try search("東京")
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("2025-01-05  😞 awful  Alone\ncontent/2025/01/2025-01-05.md:7: Walked alone in 東京.\n"))
    }
}
