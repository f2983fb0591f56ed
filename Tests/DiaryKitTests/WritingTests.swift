// Sources/DiaryKit/Writing/: SiteWriter (nothing rewritten needlessly, stale pages removed,
// a first build whole or not at all, other people's files kept) and OutputFolder's refusals.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SiteWriterTests {
    @Test func aSecondBuildWritesNothingAndStalePagesGo() throws {
        let site = trickyDiary()
        try site.build()
        site.write("site/CNAME", "diary.example.org\n")
        let again = try site.build()
        #expect(again.files.written == 0)
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024/12/late.md"))
        let after = try site.build()
        // The month's and its day's five files, and the month's texts in the search index.
        #expect(after.files.removed == 6)
        #expect(!site.exists("2024/12/index.html"))
        #expect(!site.exists("2024/12"))
        #expect(site.read("CNAME") == "diary.example.org\n")
    }

    /// How the cache's checked files are written: over the old file, which then ends where the
    /// new bytes do; a link in their place is not followed.
    @Test func aFileWrittenInPlaceEndsWithItsNewBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-in-place-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "file").path
        try FileWriting.writeInPlace(Array("a longer first text".utf8), to: path)
        try FileWriting.writeInPlace(Array("short".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("short".utf8))
        let target = folder.appending(path: "target").path
        try FileWriting.writeInPlace(Array("kept".utf8), to: target)
        try FileManager.default.createSymbolicLink(atPath: folder.appending(path: "link").path, withDestinationPath: target)
        #expect(throws: WriteFailure.self) { try FileWriting.writeInPlace(Array("through".utf8), to: folder.appending(path: "link").path) }
        #expect(FileManager.default.contents(atPath: target) == Data("kept".utf8))
    }

    @Test func aFirstBuildAppearsWholeOrNotAtAll() throws {
        let site = trickyDiary()
        let staging = site.folder.appending(path: ".site.diarygen-new")
        // What a killed first build leaves: diarygen's own marker, and half a site.
        site.write(".site.diarygen-new/.diarygen-writing", "")
        site.write(".site.diarygen-new/2024/index.html", "<p>half")
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(site.read("2024/index.html")?.hasSuffix("</html>\n") == true)
        #expect(!site.exists(SiteWriter.unfinishedMarkerName))
        #expect(site.exists(SiteWriter.manifestName))
        #expect(try site.build().files.written == 0)

        // An empty one (killed before the marker was written) goes too.
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: staging.path))

        // A folder of that name without the marker is someone else's: left alone, and the site is still built.
        try FileManager.default.removeItem(at: site.output)
        site.write(".site.diarygen-new/mine.txt", "keep")
        try site.build()
        #expect(FileManager.default.contents(atPath: staging.appending(path: "mine.txt").path) == Data("keep".utf8))
        #expect(site.exists("2024/index.html"))

        // A first build that fails while writing leaves nothing behind.
        let output = site.folder.appending(path: "elsewhere")
        let files = [OutputFile(path: "a/index.html", contents: .text("<p>a</p>")),
                     OutputFile(path: "media/gone.png", contents: .copy(of: site.folder.appending(path: "content/gone.png")))]
        #expect(throws: WriteFailure.self) { try SiteWriter(output: output).write(files) }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: ".elsewhere.diarygen-new").path))
    }

    @Test func aNewSitesFoldersAreMadeAheadEachOnceAfterTheFolderTheyAreIn() throws {
        let paths = ["index.html", "2024/12/31/index.html", "2024/12/index.html", "2025/01/01/index.html",
                     "2024/12/30/index.html", "search/terms/00.json", "search/terms/01.json", "2024-notes/a.txt"]
        #expect(FoldersAhead.folders(of: paths)
            == ["2024", "2024/12", "2024/12/31", "2025", "2025/01", "2025/01/01", "2024/12/30", "search", "search/terms", "2024-notes"])
        let site = TestSite()
        let top = site.folder.appending(path: "ahead").path
        try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: false)
        FoldersAhead(for: paths, in: top).wait()
        for folder in FoldersAhead.folders(of: paths) {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: top + "/" + folder, isDirectory: &isFolder) && isFolder.boolValue, "\(folder)")
        }
    }

    @Test func theManifestNamesEveryPathInTheOrderOfItsBytes() throws {
        let site = trickyDiary()
        let output = site.folder.appending(path: "manifested")
        // Upper case before lower, a path before a longer one it begins, and beyond ASCII by UTF-8's bytes.
        let paths = ["tags/한글/index.html", "tags/Zebra/index.html", "b.html", "tags/a/index.html", "a/index.html",
                     "tags/é/index.html", "a/index.htm", "tags/e\u{301}/index.html"]
        try SiteWriter(output: output).write(paths.map { OutputFile(path: $0, contents: .text($0)) })
        let manifest = try Data(contentsOf: output.appending(path: SiteWriter.manifestName))
        let expected = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { $0 + "\n" }.joined()
        #expect(String(decoding: manifest, as: UTF8.self) == expected)
    }

    @Test func aFileWhoseNameDiffersOnlyInItsUnicodeFormIsAFileOfItsOwn() throws {
        let site = trickyDiary()
        let output = site.folder.appending(path: "twins")
        // Two folders on Linux, one name to a String's equality.
        let composed = "tags/é/index.html", decomposed = "tags/e\u{301}/index.html"
        try SiteWriter(output: output).write([OutputFile(path: composed, contents: .text("c")), OutputFile(path: decomposed, contents: .text("d"))])
        let again = try SiteWriter(output: output).write([OutputFile(path: composed, contents: .text("c"))])
        #expect(again.removed == 1)
        #expect(access(output.path + "/" + decomposed, F_OK) != 0)
        #expect(FileBytes(path: output.path + "/" + composed)?.bytes == Array("c".utf8))
    }

    @Test func pagesOfABuildThatFailedWhileWritingAreRemovedByTheNext() throws {
        let site = trickyDiary()
        try site.build()
        let fresh = try snapshot(site.output)
        // A write that fails part of the way (a full disk, a file that went): the pages
        // before the failure are on disk, and the manifest must already name them.
        let files = [OutputFile(path: "2030/01/01/index.html", contents: .text("<p>private words</p>")),
                     OutputFile(path: "media/gone.png", contents: .copy(of: site.folder.appending(path: "content/gone.png")))]
        #expect(throws: WriteFailure.self) { try SiteWriter(output: site.output).write(files) }
        #expect(site.read("2030/01/01/index.html") == "<p>private words</p>")
        let after = try site.build()
        #expect(!site.exists("2030/01/01/index.html") && !site.exists("2030"))
        #expect(after.files.removed == 1)
        #expect(try snapshot(site.output) == fresh)
    }

    @Test func aBuildNeverReplacesFilesItDidNotWrite() throws {
        let site = trickyDiary()
        // Someone's own site, where the diary's would go.
        let theirs = ["index.html": "<p>my home</p>", "style.css": "body {}", "robots.txt": "User-agent: *\n",
                      "404.html": "<p>lost</p>", "2024/index.html": "<p>my year</p>", "CNAME": "me.example.org\n", "notes/todo.txt": "milk"]
        for (path, text) in theirs { site.write("site/" + path, text) }
        let before = try snapshot(site.output)
        do {
            try site.build()
            Issue.record("the build replaced files it did not write")
        } catch let failure as BuildFailure {
            let conflict = try #require(failure.underlying as? SiteWriter.Conflict)
            #expect(failure.phase == .write)
            #expect(conflict.paths == ["2024/index.html", "404.html", "index.html", "robots.txt", "style.css"])
            #expect(conflict.description.contains("--force"))
        }
        #expect(try snapshot(site.output) == before, "nothing is written when anything is in the way")
        // --force takes the folder over; files at paths diarygen never writes stay.
        var options = SiteBuild.Options(siteFolder: site.folder, today: .ymd(2025, 11, 23))
        options.takeOver = true
        try SiteBuild.run(options)
        #expect(site.read("index.html")?.contains("<p>my home</p>") == false)
        #expect(site.read("CNAME") == "me.example.org\n" && site.read("notes/todo.txt") == "milk")
        // From then on the pages are diarygen's own, and a build without --force goes on.
        site.entry("2025/02/2025-02-01.md", mood: "good")
        try site.build()
    }

    @Test func aFileThatBecomesAFolderAndBackIsBuilt() throws {
        let site = trickyDiary()
        let album = site.folder.appending(path: "content/album")
        site.write("content/album", "one picture")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album)")
        try site.build()
        #expect(site.read("media/album") == "one picture")
        try FileManager.default.removeItem(at: album)
        site.write("content/album/x.jpg", "a folder of them")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album/x.jpg)")
        try site.build()
        #expect(site.read("media/album/x.jpg") == "a folder of them")
        try FileManager.default.removeItem(at: album)
        site.write("content/album", "one again")
        site.entry("2025/05/2025-05-01.md", mood: "good", body: "![a](../../album)")
        try site.build()
        #expect(site.read("media/album") == "one again")
        // Someone's own folder at a file's path is still theirs.
        site.write("site/media/mine/notes.txt", "keep")
        site.write("content/mine", "a picture")
        #expect(throws: BuildFailure.self) { try site.build() }
        #expect(site.read("media/mine/notes.txt") == "keep")
    }
}

@Suite struct OutputFolderTests {
    @Test func unsafeOutputFoldersAreRefused() throws {
        let site = trickyDiary()
        for output in [site.folder, site.folder.deletingLastPathComponent(), site.folder.appending(path: "content/site"), site.folder.appending(path: ".diarygen-cache/site"), URL(fileURLWithPath: "/")] {
            #expect(throws: OutputFolder.Refused.self) {
                try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: output, today: .ymd(2025, 1, 1)))
            }
        }
    }

    @Test func anOutputThatIsAFileIsRefusedInWords() throws {
        let site = trickyDiary()
        site.write("notes.txt", "mine")
        do {
            try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: site.folder.appending(path: "notes.txt"), today: .ymd(2025, 1, 1)))
            Issue.record("a build wrote over a file")
        } catch let refused as OutputFolder.Refused {
            #expect(refused.description.contains("it is a file, not a folder"))
        }
        #expect(FileManager.default.contents(atPath: site.folder.appending(path: "notes.txt").path) == Data("mine".utf8))
    }

    /// Two builds of one site at once would each remove what the other wrote.
    @Test func aSecondBuildAtOnceIsToldAnotherIsRunning() throws {
        let site = trickyDiary()
        try site.build()
        for folder in [site.output, site.folder.appending(path: ".elsewhere.diarygen-new")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let running = try #require(OpenFolder(path: folder.path))
            #expect(running.tryLock())
            let output = folder == site.output ? site.output : site.folder.appending(path: "elsewhere")
            do {
                try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: output, today: .ymd(2025, 11, 23)))
                Issue.record("two builds wrote \(output.path) at once")
            } catch let failure as BuildFailure {
                #expect("\(failure)".contains("another diarygen build is writing this site right now"))
            }
            withExtendedLifetime(running) {}
        }
        // Once the other is done, the next build goes on.
        try site.build()
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
}
