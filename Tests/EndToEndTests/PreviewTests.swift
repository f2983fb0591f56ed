// `diarygen preview` as a running server, over raw sockets: the recap it prints, path
// traversal, a rebuild within two seconds, Ctrl-C, loopback only.
import Foundation
import Testing
import TestFixtures

/// A running `diarygen preview`, read line by line.
final class RunningPreview: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var output = ""
    let temporaryFolder: URL

    init(site: TestSite, arguments: [String]) throws {
        temporaryFolder = FileManager.default.temporaryDirectory.appending(path: "diarygen-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
        process.executableURL = DiarygenCommand.binary
        process.arguments = ["preview", "--port", "0"] + arguments
        process.currentDirectoryURL = site.folder
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporaryFolder.path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.output += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: temporaryFolder)
    }

    var text: String { lock.withLock { output } }

    /// Waits for a line containing `needle`, up to `seconds`.
    func waitForLine(containing needle: String, seconds: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}

@Suite(.serialized) struct PreviewTests {
    @Test func servesTheRecapItPrintsRebuildsAndStopsCleanly() throws {
        let site = trickyDiary()
        let preview = try RunningPreview(site: site, arguments: ["--today", "2025-02-01"])
        let line = try #require(preview.waitForLine(containing: "http://"), "no URL printed: \(preview.text)")
        #expect(line.hasPrefix("Recap of January 2025: http://127.0.0.1:"))
        let url = try #require(URL(string: String(line[line.range(of: "http://")!.lowerBound...])))
        let port = try #require(url.port)
        #expect(url.path() == "/2025/01/recap/")

        let recap = try rawGET(port: port, path: url.path())
        #expect(recap.status == 200)
        #expect(recap.body.contains("<h1>Recap of January 2025</h1>"))
        #expect(recap.body.contains("/__diarygen/status"))
        #expect(try rawGET(port: port, path: "/2025/01/recap/moods.svg").status == 200)

        // Nothing outside the built site, however the path is spelled.
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/2025/..%2f..%2f..%2fetc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "//etc/passwd"] {
            let response = try rawGET(port: port, path: path)
            #expect(response.status >= 400, "\(path) answered \(response.status)")
            #expect(!response.body.contains("root:"), "\(path) leaked a file")
        }

        // A mood changes; the calendar follows within two seconds.
        let statusBefore = try rawGET(port: port, path: "/__diarygen/status").body
        #expect(statusBefore.contains("\"version\": 1"))
        let changed = Date()
        site.write("content/2024/02/2024-02-29.md", "---\nmood: awful\ntitle: Leap day\n---\nChanged.\n")
        var rebuilt = false
        while Date().timeIntervalSince(changed) < 2 {
            if try rawGET(port: port, path: "/2024/02/").body.contains("<td data-date=\"2024-02-29\" data-mood=\"awful\"") {
                rebuilt = true
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(rebuilt, "no rebuild within two seconds: \(preview.text)")

        // A broken entry: errors in the terminal and in the status, the last good site still served.
        site.write("content/2024/02/2024-02-29.md", "---\nmood: nope\n---\n")
        #expect(preview.waitForLine(containing: "content/2024/02/2024-02-29.md:2: error: unknown mood `nope`", seconds: 5) != nil)
        #expect(preview.waitForLine(containing: "still serving the last good site", seconds: 5) != nil)
        let status = try rawGET(port: port, path: "/__diarygen/status").body
        #expect(status.contains("unknown mood `nope`"))
        #expect(try rawGET(port: port, path: "/2024/02/").body.contains("data-mood=\"awful\""))

        // Ctrl-C stops it and removes the temporary site.
        kill(preview.process.processIdentifier, SIGINT)
        preview.process.waitUntilExit()
        #expect(preview.process.terminationStatus == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: preview.temporaryFolder.path)
        #expect(left.filter { $0.hasPrefix("diarygen-preview") } == [], "left behind: \(left)")
    }

    @Test func listensOnLoopbackOnlyByDefault() throws {
        let site = trickyDiary()
        let preview = try RunningPreview(site: site, arguments: ["--month", "2024-02"])
        let line = try #require(preview.waitForLine(containing: "http://"))
        #expect(line.hasPrefix("Recap of February 2024: http://127.0.0.1:"))
        let port = try #require(URL(string: String(line[line.range(of: "http://")!.lowerBound...]))?.port)
        // /proc/net/tcp lists the listening socket's local address: 0100007F is 127.0.0.1.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let hexPort = String(format: ":%04X", port)
        let listening = table.split(separator: "\n").filter { $0.contains(hexPort) && $0.split(separator: " ")[3] == "0A" }
        #expect(listening.count == 1)
        #expect(listening.first?.split(separator: " ")[1] == "0100007F\(hexPort)")
        kill(preview.process.processIdentifier, SIGINT)
        preview.process.waitUntilExit()
    }
}

@Suite(.serialized) struct PreviewPrivacyTests {
    /// The author's preview holds every private entry: no other user of the machine may read it.
    @Test func thePreviewsFolderIsForItsUserAlone() throws {
        let site = trickyDiary()
        let preview = try RunningPreview(site: site, arguments: ["--today", "2025-02-01"])
        #expect(preview.waitForLine(containing: "http://") != nil, "no URL printed: \(preview.text)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: preview.temporaryFolder.path).filter { $0.hasPrefix("diarygen-preview-") }
        let folder = preview.temporaryFolder.appending(path: try #require(folders.first))
        func mode(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try mode(folder) == 0o700)
        let page = folder.appending(path: "site/2024/02/29/index.html")
        #expect(try mode(page) == 0o600)
        #expect(try mode(page.deletingLastPathComponent()) == 0o700)
        preview.process.interrupt()
        preview.process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
