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

    convenience init(site: TestSite, arguments: [String]) throws {
        try self.init(in: site.folder, arguments: arguments)
    }

    init(in folder: URL, arguments: [String], binary: URL = DiarygenCommand.binary) throws {
        temporaryFolder = FileManager.default.temporaryDirectory.appending(path: "diarygen-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
        process.executableURL = binary
        process.arguments = ["preview", "--port", "0"] + arguments
        process.currentDirectoryURL = folder
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
        #expect(status.contains("\"heading\": \"The last rebuild failed; this is the last good site.\""))
        #expect(try rawGET(port: port, path: "/2024/02/").body.contains("data-mood=\"awful\""))

        // Ctrl-C stops it and removes the temporary site.
        kill(preview.process.processIdentifier, SIGINT)
        preview.process.waitUntilExit()
        #expect(preview.process.terminationStatus == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: preview.temporaryFolder.path)
        #expect(left.filter { $0.hasPrefix("diarygen-preview") } == [], "left behind: \(left)")
    }

    @Test func aKoreanSitesPreviewSpeaksKorean() throws {
        let site = trickyDiary()
        site.write("diarygen.yml", "locale: ko_KR\n")
        let preview = try RunningPreview(site: site, arguments: ["--today", "2025-03-01"])
        // February 2025 has no entries: the first page is the home page, said in Korean.
        let line = try #require(preview.waitForLine(containing: "http://"), "no URL printed: \(preview.text)")
        #expect(line.hasPrefix("2025년 2월에는 쓴 일기가 없어요. 일기 첫 페이지: http://127.0.0.1:"))
        let port = try #require(URL(string: String(line[line.range(of: "http://")!.lowerBound...]))?.port)
        site.write("content/2024/02/2024-02-29.md", "---\nmood: nope\n---\n")
        #expect(preview.waitForLine(containing: "still serving the last good site", seconds: 5) != nil)
        let status = try rawGET(port: port, path: "/__diarygen/status").body
        #expect(status.contains("\"heading\": \"방금 다시 빌드하지 못했어요. 마지막으로 빌드에 성공한 사이트를 보여 주고 있어요.\""))
        #expect(try rawGET(port: port, path: "/2024/02/").body.contains("status.heading"))
        kill(preview.process.processIdentifier, SIGINT)
        preview.process.waitUntilExit()
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

    /// A page elsewhere may point a name of its own at 127.0.0.1 (DNS rebinding); the
    /// preview answers only requests addressed to this machine.
    @Test func onlyRequestsForThisMachineAreAnswered() throws {
        let site = trickyDiary()
        let preview = try RunningPreview(site: site, arguments: ["--today", "2025-02-01"])
        let line = try #require(preview.waitForLine(containing: "http://"), "no URL printed: \(preview.text)")
        let port = try #require(URL(string: String(line[line.range(of: "http://")!.lowerBound...]))?.port)
        for name in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "localhost"] {
            #expect(try rawGET(port: port, path: "/2025/01/", hostHeader: name).status == 200, "\(name)")
        }
        for name in ["attacker.example:\(port)", "127.0.0.1.attacker.example", "192.168.1.5:\(port)"] {
            let response = try rawGET(port: port, path: "/2025/01/", hostHeader: name)
            #expect(response.status == 421, "\(name)")
            #expect(!response.body.contains("Leap"), "\(name)")
        }
    }

    /// Each rebuild goes into the folder not being served, and the served link then
    /// switches to it in one step: no request sees a page half written.
    @Test func aRebuildIsServedOnlyWhenComplete() throws {
        let site = trickyDiary()
        let preview = try RunningPreview(site: site, arguments: ["--today", "2025-02-01"])
        #expect(preview.waitForLine(containing: "http://") != nil, "no URL printed: \(preview.text)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: preview.temporaryFolder.path).filter { $0.hasPrefix("diarygen-preview-") }
        let served = preview.temporaryFolder.appending(path: try #require(folders.first)).appending(path: "site")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: served.path) == "site-a")
        site.write("content/2024/02/2024-02-29.md", "---\nmood: awful\ntitle: Leap day\n---\nChanged.\n")
        #expect(preview.waitForLine(containing: "Rebuilt", seconds: 10) != nil, "\(preview.text)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: served.path) == "site-b")
        #expect(try String(contentsOf: served.appending(path: "2024/02/29/index.html"), encoding: .utf8).contains("Changed."))
    }
}

@Suite struct PreviewOptionTests {
    @Test func theAuthorsPreviewStaysOnThisMachineUnlessAllowed() throws {
        let site = trickyDiary()
        let remote = try DiarygenCommand.run(["preview", "--host", "0.0.0.0"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(remote.status != 0)
        #expect(remote.stderr.contains("would let other machines read every private entry"), "\(remote.stderr)")
        for port in ["70000", "-1"] {
            let result = try DiarygenCommand.run(["preview", "--port=\(port)"], in: site.folder, environment: ["NO_COLOR": "1"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("is not a port"), "\(result.stderr)")
        }
    }

    @Test func diarygenWithoutThePreviewProgramBesideItSaysSo() throws {
        let site = trickyDiary()
        let lonely = site.folder.appending(path: "bin/diarygen")
        try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DiarygenCommand.binary, to: lonely)
        let result = try DiarygenCommand.run(["preview", "--port", "0"], binary: lonely, in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot run \(lonely.deletingLastPathComponent().path)/diarygen-preview: No such file or directory"),
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Nor does a diarygen-preview that is diarygen itself run for ever.
        try FileManager.default.createSymbolicLink(atPath: lonely.deletingLastPathComponent().appending(path: "diarygen-preview").path, withDestinationPath: "diarygen")
        let itself = try DiarygenCommand.run(["preview", "--port", "0"], binary: lonely, in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(itself.status == 1)
        #expect(itself.stderr.contains("diarygen-preview is diarygen itself, not the preview server"), "\(itself.stderr)")
    }

    @Test func aBusyPortIsSaidInWords() throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) == 0 && listen(socketFD, 1) == 0 && getsockname(socketFD, $0, &length) == 0 }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["preview", "--port", String(port)], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("port \(port) on 127.0.0.1 is already in use by another program"), "\(result.stderr)")
    }
}
