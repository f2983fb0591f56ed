// Sources/DiaryKit/Reading/: content/ listed into entry files and assets by ContentFolder,
// and the folders it cannot list.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ContentFolderTests {
    @Test func hiddenFilesAndEditorsLeftoversAreNoPartOfTheDiary() {
        // Read by bytes, as a file manager reads them: a mark after the leading dot still hides a file.
        for name in [".", "..", ".hidden.md", "a.md~", "#a.md#", "#", "a.md.swp", "a.swo", "Thumbs.db", ".일기.md", "일기.md~", "#일기#",
                     ".\u{301}x.md"] {
            #expect(ContentFolder.isIgnored(name), "\(name)")
        }
        // A mark after a tilde: the name no longer ends in one.
        for name in ["a.md", "#a.md", "a#", "a.swpx", "thumbs.db", "Thumbs.db.md", "일기.md", "a~\u{301}", "a.md\u{301}~x"] {
            #expect(!ContentFolder.isIgnored(name), "\(name)")
        }
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

    @Test(.enabled(if: getuid() != 0, "root reads every folder, whatever its permissions"))
    func anUnreadableFolderIsAnError() throws {
        let site = trickyDiary()
        let locked = site.folder.appending(path: "content/2025/04")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        #expect(ContentFolder(site: SiteFolder(site.folder)).problems == [.error("content/2025/04/", "this folder cannot be read; check its permissions")])
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

    @Test func aFolderIsListedAgainOnlyWhenItsStampChanged() throws {
        let site = trickyDiary()
        let content = SiteFolder(site.folder)
        let april = site.folder.appending(path: "content/2025/04").path
        let first = ContentFolder(site: content, remembered: [:], settledBefore: Int.max)
        #expect(first.listings.count == 9, "content/, its two years and six months")
        // A listing whose folder has the same stamp is trusted, not read again: a name
        // planted in it, which the folder does not hold, is found.
        var planted = first.listings
        let known = try #require(planted[april])
        planted[april] = FolderListing(stamp: known.stamp, children: known.children + [ContentFolder.Child(name: "zz.md", type: Int32(DT_REG))])
        let reused = ContentFolder(site: content, remembered: planted, settledBefore: Int.max)
        #expect(reused.entries.map(\.contentPath).contains("2025/04/zz.md"))
        #expect(reused.listings == planted)
        // A name added, removed or renamed changes the folder's stamp (past the clock tick
        // of its last change), so it is listed again; a folder gone is forgotten.
        Thread.sleep(forTimeInterval: 0.05)
        site.entry("2025/04/2025-04-20.md", mood: "good")
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/05/2025-05-01.md"))
        try FileManager.default.moveItem(at: site.folder.appending(path: "content/2024/12/late.md"),
                                         to: site.folder.appending(path: "content/2024/12/later.md"))
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2024/03"))
        let relisted = ContentFolder(site: content, remembered: planted, settledBefore: Int.max)
        let listedAfresh = ContentFolder(site: content)
        #expect(relisted.listings != planted)
        #expect(relisted.entries == listedAfresh.entries)
        #expect(relisted.assets == listedAfresh.assets)
        #expect(relisted.listings.count == 8)
        #expect(relisted.listings[april]?.children.map(\.name).contains("zz.md") == false)
        // A folder changed in the last moments is listed by every walk until it has been still.
        #expect(ContentFolder(site: content, remembered: [:], settledBefore: 0).listings.isEmpty)
    }

    @Test func aFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let site = trickyDiary()
        let name = Array("content/2025/2025-01-09-".utf8) + [0xff, 0xfe] + Array(".md".utf8)
        let path = site.folder.path.utf8CString.dropLast().map { UInt8(bitPattern: $0) } + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let folder = ContentFolder(site: SiteFolder(site.folder))
        #expect(folder.problems == [.error("content/2025/2025-01-09-\u{FFFD}\u{FFFD}.md", "this file name is not UTF-8 text; rename it")])
        // Told by every walk: the folder that holds it is not remembered.
        let remembering = ContentFolder(site: SiteFolder(site.folder), remembered: [:], settledBefore: Int.max)
        #expect(remembering.listings[site.folder.appending(path: "content/2025").path] == nil)
        #expect(ContentFolder(site: SiteFolder(site.folder), remembered: remembering.listings, settledBefore: Int.max).problems == folder.problems)
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
}
