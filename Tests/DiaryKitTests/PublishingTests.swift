// Sources/DiaryKit/Publishing/: where publish may mirror to (PublishTarget).
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct PublishTargetTests {
    let site = SiteFolder(URL(fileURLWithPath: "/home/me/diary"))
    let built = URL(fileURLWithPath: "/home/me/diary/public")

    func refusal(_ written: String) -> String? {
        do {
            _ = try PublishTarget(written, site: site, builtSite: built, homes: ["/home/me"])
            return nil
        } catch {
            return error.description
        }
    }

    @Test func placesThatHoldMoreThanTheSiteAreRefused() {
        #expect(refusal("/")?.contains("it is the root folder") == true)
        #expect(refusal("/home/me")?.contains("it is your home folder") == true)
        #expect(refusal("~")?.contains("it is your home folder") == true)
        #expect(refusal("/home/me/diary")?.contains("it is the site folder itself") == true)
        #expect(refusal("/home/me/diary/")?.contains("it is the site folder itself") == true)
        #expect(refusal("/home")?.contains("it contains the site folder") == true)
        #expect(refusal("/home/me/diary/content/x")?.contains("it is inside content/") == true)
        #expect(refusal("/home/me/diary/templates")?.contains("it is inside templates/") == true)
        #expect(refusal("/home/me/diary/.diarygen-cache")?.contains("it is inside .diarygen-cache/") == true)
        #expect(refusal("/home/me/diary/public")?.contains("it is the built site") == true)
        #expect(refusal("/home/me/diary/../diary/content")?.contains("it is inside content/") == true)
    }

    @Test func aTargetIsNeverAnOption() {
        #expect(refusal("--rsh=touch /tmp/owned")?.contains("cannot start with `-`") == true)
        #expect(refusal("-e")?.contains("cannot start with `-`") == true)
        #expect(refusal("")?.contains("empty") == true)
    }

    @Test func aTildeIsTheHomeFolderAndHostsAreRemote() throws {
        let folder = try PublishTarget("~/sites/diary", site: site, builtSite: built, homes: ["/home/me"])
        #expect(folder.address == "/home/me/sites/diary" && !folder.isRemote)
        let host = try PublishTarget("me@example.org:/var/www/me", site: site, builtSite: built, homes: ["/home/me"])
        #expect(host.address == "me@example.org:/var/www/me" && host.isRemote)
        #expect(try PublishTarget("rsync://example.org/www", site: site, builtSite: built).isRemote)
        // A colon after a slash is part of a folder's name, as rsync reads it.
        #expect(try !PublishTarget("./a:b", site: site, builtSite: built).isRemote)
    }

    @Test func linksAreFollowedBeforeTheTargetIsJudged() throws {
        let test = TestSite()
        try FileManager.default.createDirectory(at: test.folder.appending(path: "content"), withIntermediateDirectories: true)
        let link = test.folder.deletingLastPathComponent().appending(path: "link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: test.folder.appending(path: "content"))
        defer { try? FileManager.default.removeItem(at: link) }
        #expect(throws: PublishTarget.Refused.self) {
            try PublishTarget(link.path + "/out", site: SiteFolder(test.folder), builtSite: test.folder.appending(path: "public"))
        }
    }
}
