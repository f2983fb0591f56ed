// Sources/DiaryKit/Reading/: content/ listed into entry files and assets by ContentFolder,
// and the folders it cannot list.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ContentFolderTests {
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
}
