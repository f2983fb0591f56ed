import Foundation
import Testing
@testable import DiaryKit

/// A diary with one of each problem `diarygen check` knows.
func brokenDiary() -> TestSite {
    let site = TestSite()
    site.entry("2025/01/2025-01-01.md", mood: "good", body: "Fine. ![gone](missing.jpg)")
    site.write("content/2025/01/2025-01-02.md", Data([0x2D, 0x2D, 0x2D, 0x0A, 0xC3, 0x28, 0x0A]))
    site.write("content/2025/01/2025-01-03.md", "")
    site.write("content/2025/01/2025-01-04.md", "Just text, no front-matter.\n")
    site.write("content/2025/01/2025-01-05.md", "---\nmood: good\n")
    site.write("content/2025/01/2025-01-06.md", "---\nmood: good\ntitle: \"unclosed\n---\n")
    site.write("content/2025/01/2025-01-07.md", "---\nmood: good\ntags: 5\n---\n")
    site.write("content/2025/01/2025-01-08.md", "---\ntitle: no mood\n---\n")
    site.write("content/2025/01/2025-01-12.md", "---\ntitle: empty mood\nmood:\n---\n")
    site.write("content/2025/01/2025-01-09.md", "---\nmood: grate\n---\n")
    site.write("content/2025/01/undated.md", "---\nmood: good\n---\n")
    site.write("content/2025/02/2025-02-30.md", "---\nmood: good\n---\n")
    site.write("content/2025/01/2025-01-10.md", "---\ndate: 2025-01-11\nmood: good\n---\n")
    site.write("content/2025/01/Photo.jpg", "a")
    site.write("content/2025/01/photo.jpg", "b")
    return site
}

@Suite struct CheckTests {
    @Test func everyProblemIsReportedAtOnceWithItsLine() throws {
        let site = brokenDiary()
        let result = try DiarygenCommand.run(["check"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "content/2025/01/2025-01-01.md:5: warning: links to `missing.jpg`, but there is no content/2025/01/missing.jpg",
            "content/2025/01/2025-01-02.md: error: this file is not UTF-8 text; save it as UTF-8",
            "content/2025/01/2025-01-03.md:1: error: this file is empty; an entry needs front-matter with at least a mood",
            "content/2025/01/2025-01-04.md:1: error: no front-matter: start the file with a `---` line, then `mood: good`, then another `---` line",
            "content/2025/01/2025-01-05.md:1: error: the front-matter opened here is never closed; add a `---` line after it",
            "content/2025/01/2025-01-07.md:3: error: `tags` should be a list such as [work, family], not a single value (`5`)",
            "content/2025/01/2025-01-08.md:1: error: no mood: add a line such as `mood: good` to the front-matter",
            "content/2025/01/2025-01-12.md:3: error: `mood` is empty; write one such as `mood: good`",
            "content/2025/01/2025-01-09.md:2: error: unknown mood `grate`; the moods are great 😄, good 🙂, okay 😐, bad 😕, awful 😞. Did you mean `great`?",
            "content/2025/01/2025-01-10.md:2: warning: the file name says 2025-01-10 but the front-matter says 2025-01-11; the front-matter wins",
            "content/2025/01/undated.md:1: error: no date: add `date: YYYY-MM-DD` to the front-matter or start the file name with it",
            "content/2025/02/2025-02-30.md:1: error: the file name starts with a date that does not exist (2025-02-30); fix the name or add `date:` to the front-matter",
            "content/2025/01/photo.jpg: error: this file and content/2025/01/Photo.jpg would be written to the same place; rename one of them",
        ]
        for line in expected {
            #expect(lines.contains(line), "missing: \(line)\n\(result.stderr)")
        }
        #expect(lines.contains { $0.hasPrefix("content/2025/01/2025-01-06.md:") && $0.contains("error: this is not valid YAML") })
        #expect(lines.last == "12 errors, 2 warnings.")
        // Sorted by file, so one file's problems stand together.
        #expect(lines.dropLast().map { $0.prefix { $0 != ":" } } == lines.dropLast().map { $0.prefix { $0 != ":" } }.sorted())
    }

    @Test func aCleanDiaryChecksClean() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["check"], in: site.folder)
        #expect(result.status == 0)
        #expect(result.stdout == "14 entries checked: 0 errors, 0 warnings.\n")
        #expect(!site.exists("index.html"))
    }

    @Test func aFailingBuildLeavesTheSiteByteIdentical() throws {
        let site = trickyDiary()
        #expect(try DiarygenCommand.run(["build", "--today", "2025-02-01"], in: site.folder).status == 0)
        let before = try snapshot(site.output)
        site.write("content/2025/06/2025-06-01.md", "---\nmood: nope\n---\n")
        site.write("content/2024/02/2024-02-29.md", "---\nmood: good\n---\nChanged.\n")
        let result = try DiarygenCommand.run(["build", "--today", "2026-01-01"], in: site.folder)
        #expect(result.status == 1)
        #expect(try snapshot(site.output) == before)
    }

    @Test func skipInvalidBuildsTheRest() throws {
        let site = brokenDiary()
        let result = try DiarygenCommand.run(["build", "--skip-invalid", "--today", "2025-02-01"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("content/2025/01/2025-01-09.md:2: warning: skipped: unknown mood `grate`"))
        #expect(result.stdout.contains("Built the site: 2 entries"))
        #expect(site.exists("2025/01/01/index.html"))
        #expect(site.exists("2025/01/11/index.html"))
    }

    @Test func aSymbolicLinkLoopIsAnErrorNotAHang() throws {
        let site = trickyDiary()
        try FileManager.default.createSymbolicLink(atPath: site.folder.appending(path: "content/2025/loop").path,
                                                   withDestinationPath: site.folder.appending(path: "content").path)
        try FileManager.default.createSymbolicLink(atPath: site.folder.appending(path: "content/2025/nowhere.md").path,
                                                   withDestinationPath: "/nonexistent/file.md")
        let folder = ContentFolder(site: SiteFolder(site.folder))
        #expect(folder.problems.map(\.path) == ["content/2025/loop/", "content/2025/nowhere.md"])
        #expect(folder.problems.first?.message.contains("symbolic-link loop") == true)
        #expect(folder.entries.count == 14)
    }

    @Test func linksInsideContentAreFollowedAndLinksOutsideAreNot() throws {
        let site = trickyDiary()
        site.write("content/album/b.jpg", "image")
        let fm = FileManager.default
        func link(_ path: String, to target: String) throws {
            try fm.createSymbolicLink(atPath: site.folder.appending(path: path).path, withDestinationPath: target)
        }
        // Two links to one folder are two ways in, not a loop.
        try link("content/album-copy", to: "album")
        try link("content/2025/album2", to: "../album")
        // Outside content/: the site's own output, and a folder elsewhere.
        try site.build()
        try link("content/site", to: "../site")
        try link("content/outside", to: fm.temporaryDirectory.path)
        let folder = ContentFolder(site: SiteFolder(site.folder))
        #expect(folder.problems == [
            .warning("content/outside", "this link leads outside content/, so it is not followed"),
            .warning("content/site", "this link leads outside content/, so it is not followed"),
        ])
        #expect(Set(folder.assets.map(\.contentPath)).isSuperset(of: ["album/b.jpg", "album-copy/b.jpg", "2025/album2/b.jpg"]))
        // The site does not nest itself, however often it is built.
        try site.build()
        try site.build()
        #expect(!site.exists("media/site"))
    }

    @Test func aLinkCannotCarryTheOutputIntoContent() throws {
        let site = trickyDiary()
        let link = site.folder.appending(path: "contentlink")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: site.folder.appending(path: "content").path)
        #expect(throws: OutputFolder.Refused.self) {
            try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: link.appending(path: "new"), today: .ymd(2025, 1, 1)))
        }
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content/new").path))
    }

    @Test func aPipeInContentIsSkippedWithAWarningNotWaitedOn() throws {
        let site = trickyDiary()
        #expect(mkfifo(site.folder.appending(path: "content/2025/pipe.md").path, 0o644) == 0)
        #expect(mkfifo(site.folder.appending(path: "content/2025/photo.jpg").path, 0o644) == 0)
        let folder = ContentFolder(site: SiteFolder(site.folder))
        #expect(folder.problems == [
            .warning("content/2025/photo.jpg", "this is not a regular file (a pipe, socket or device), so it is skipped"),
            .warning("content/2025/pipe.md", "this is not a regular file (a pipe, socket or device), so it is skipped"),
        ])
        #expect(folder.entries.count == 14)
        // The whole build reads past them.
        #expect(try site.build().warnings.count >= 2)
    }

    @Test func anAliasBombIsALocatedErrorNotAHang() throws {
        var lines = ["---", "mood: good", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...12 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        lines += ["tags: [*a12]", "---", "Words."]
        let outcome = EntryParser(moods: defaultScale).parse(SourceFile(contentPath: "2025-01-01.md", path: "/nonexistent"),
                                                             bytes: Array(lines.joined(separator: "\n").utf8))
        #expect(outcome.header == nil)
        #expect(outcome.diagnostics.map(\.line) == [7])
        #expect(outcome.diagnostics.first?.message.contains("YAML aliases") == true)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder, whatever its permissions"))
    func anUnreadableFolderIsAnError() throws {
        let site = trickyDiary()
        let locked = site.folder.appending(path: "content/2025/04")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        #expect(ContentFolder(site: SiteFolder(site.folder)).problems == [.error("content/2025/04/", "this folder cannot be read; check its permissions")])
    }

    @Test func unsafeOutputFoldersAreRefusedByTheCommand() throws {
        let site = trickyDiary()
        for output in [".", "..", "content", "content/out", "/"] {
            let result = try DiarygenCommand.run(["build", "--output", output], in: site.folder, environment: ["NO_COLOR": "1"])
            #expect(result.status == 1, "\(output)")
            #expect(result.stderr.contains("error: will not write the site to"), "\(output): \(result.stderr)")
        }
        #expect(!site.exists("index.html"))
    }
}

/// Every file under `folder` with its bytes.
func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    for case let path as String in FileManager.default.enumerator(atPath: base)! {
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
        if !isFolder.boolValue { files[path] = FileManager.default.contents(atPath: base + "/" + path) }
    }
    return files
}

@Suite struct KilledBuildTests {
    /// A few thousand entries, so a build takes long enough to be interrupted.
    static func bigDiary() -> TestSite {
        let site = TestSite()
        var date = CivilDate.ymd(2015, 1, 1)
        for index in 0..<2000 {
            let mood = ["great", "good", "okay", "bad", "awful"][index % 5]
            site.write("content/\(date.year)/\(date).md", "---\nmood: \(mood)\ntitle: \"Day \(index)\"\ntags: [t\(index % 7)]\n---\n\n" +
                       String(repeating: "Words on a page, *some* of them **bold**. ", count: 20) + "\n")
            date = date.adding(days: 1)
        }
        return site
    }

    @Test func aBuildKilledAtAnyMomentLeavesNoTruncatedPage() throws {
        let site = KilledBuildTests.bigDiary()
        // A complete build first: it says how long one takes, and later kills
        // then interrupt rewrites of existing pages as well as first writes.
        let started = Date()
        #expect(try DiarygenCommand.run(["build", "--today", "2023-01-01"], in: site.folder).status == 0)
        let duration = Date().timeIntervalSince(started)
        for (round, fraction) in [0.3, 0.5, 0.65, 0.8, 0.9, 0.97].enumerated() {
            if round == 3 { try FileManager.default.removeItem(at: site.output) }
            // Change every page's shared navigation, so every page is rewritten.
            site.write("content/\(2030 + round)/\(2030 + round)-01-01.md", "---\nmood: good\n---\nRound \(round).\n")
            let process = Process()
            process.executableURL = DiarygenCommand.binary
            process.arguments = ["build", "--today", "2023-01-01"]
            process.currentDirectoryURL = site.folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: duration * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for (path, bytes) in (try? snapshot(site.output)) ?? [:] where path.hasSuffix(".html") {
                #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("</html>\n"), "round \(round): \(path) is truncated (\(bytes.count) bytes)")
            }
        }
        // A build left alone afterwards is complete.
        #expect(try DiarygenCommand.run(["build", "--today", "2023-01-01"], in: site.folder).status == 0)
        #expect(site.exists("2020/06/22/index.html"))
        #expect(site.exists("2035/01/01/index.html"))
        #expect(try snapshot(site.output).keys.filter { $0.hasSuffix("tmp") } == [])
        // Nor is anything left of a killed first build's folder.
        let names = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).sorted()
        #expect(names == [SiteFolder.cacheName, "content", "site"], "\(names)")
    }
}

@Suite(.serialized) struct KilledPublicBuildTests {
    /// 1,500 entries whose words must never reach the public site once they are private.
    static func writeDiary(_ site: TestSite, visibility: String) {
        var date = CivilDate.ymd(2019, 1, 1)
        for index in 0..<1500 {
            site.write("content/\(date.year)/\(date).md", "---\nmood: \(["good", "bad", "okay"][index % 3])\n\(visibility)---\n\n"
                       + "Secret words \(index), never to be published once private.\n")
            date = date.adding(days: 1)
        }
    }

    /// A build is stopped while every entry turns public, once the day page of its
    /// `dayNumber`th entry is on disk; then every entry is made private. The next public
    /// build must equal one made from scratch, with none of the words in it.
    @Test(arguments: [(1, SIGKILL), (300, SIGINT), (800, SIGKILL), (1400, SIGKILL)])
    func aKilledBuildLeavesNoPageOnceEntriesArePrivate(dayNumber: Int, signal: Int32) throws {
        let site = TestSite()
        let output = site.folder.appending(path: "public")
        let build = ["build", "--public", "--today", "2023-01-01"]
        KilledPublicBuildTests.writeDiary(site, visibility: "")
        #expect(try DiarygenCommand.run(build, in: site.folder).status == 0)

        KilledPublicBuildTests.writeDiary(site, visibility: "public: true\n")
        let process = Process()
        process.executableURL = DiarygenCommand.binary
        process.arguments = build
        process.currentDirectoryURL = site.folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let page = output.appending(path: SitePaths.day(CivilDate.ymd(2019, 1, 1).adding(days: dayNumber - 1)) + "index.html").path
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: page), process.isRunning, Date() < deadline { usleep(200) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the build ended before it could be stopped")

        KilledPublicBuildTests.writeDiary(site, visibility: "private: true\n")
        #expect(try DiarygenCommand.run(build, in: site.folder).status == 0)
        let fresh = site.folder.appending(path: "fresh")
        #expect(try DiarygenCommand.run(build + ["--no-cache", "--output", fresh.path], in: site.folder).status == 0)
        let built = try snapshot(output)
        #expect(built == (try snapshot(fresh)))
        #expect(!built.values.contains { String(decoding: $0, as: UTF8.self).contains("Secret words") })
    }
}

@Suite struct FrontMatterFuzzTests {
    static let pieces = ["---", "...", "date: 2025-01-01", "date: 2025-02-30", "date: [1, 2]", "date:", "mood: good", "mood: 🙂",
                         "mood: 9", "mood:", "mood: {a: b}", "title: \"x", "title: 'y'", "tags: [a, b", "tags: 5", "tags:\n  - a\n  - [b]",
                         "public: maybe", "private: true", "public: true", "  indented: x", "- list", "key: &a v", "other: *a", "? complex",
                         "\t", "# comment", "{", "}", ":", "\u{FEFF}", "\r", "한국어: 값", "\"quoted key\": 1", "!!binary x", "%YAML 1.2"]

    @Test func randomFrontMatterNeverCrashesAndAlwaysGivesAnEntryOrALocatedError() {
        var generator = SeededGenerator(seed: 2025)
        let parser = EntryParser(moods: defaultScale)
        let file = SourceFile(contentPath: "2025/2025-03-04.md", url: URL(fileURLWithPath: "/d/content/2025/2025-03-04.md"))
        for _ in 0..<3000 {
            var lines = (0..<Int.random(in: 0...8, using: &generator)).map { _ in FrontMatterFuzzTests.pieces.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { lines.insert("---", at: 0) }
            var text = lines.joined(separator: "\n")
            // Mutate a few characters, sometimes into bytes that are not UTF-8.
            var bytes = Array(text.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { text = String(decoding: bytes, as: UTF8.self) }
            let data = Bool.random(using: &generator) ? bytes : Array(text.utf8)
            let outcome = parser.parse(file, bytes: data)
            if outcome.header == nil {
                let errors = outcome.diagnostics.filter { $0.severity == .error }
                #expect(!errors.isEmpty, "no entry and no error for \(String(decoding: data, as: UTF8.self).debugDescription)")
                #expect(errors.allSatisfy { $0.path == "content/2025/2025-03-04.md" && !$0.message.isEmpty })
                #expect(errors.allSatisfy { $0.line.map { $0 >= 1 && $0 <= max(1, data.filter { $0 == 10 }.count + 1) } ?? true })
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing fuzz case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
