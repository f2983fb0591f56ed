// Builds of the executable killed part of the way (SIGKILL, SIGINT): no truncated page, and
// no page of an entry that has since turned private.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct KilledBuildTests {
    /// A few thousand entries, so a build takes long enough to be interrupted.
    static func bigDiary() -> TestSite {
        let site = TestSite()
        site.writeDays(from: .ymd(2015, 1, 1), count: 2000) { index in
            let mood = ["great", "good", "okay", "bad", "awful"][index % 5]
            return "---\nmood: \(mood)\ntitle: \"Day \(index)\"\ntags: [t\(index % 7)]\n---\n\n" +
                String(repeating: "Words on a page, *some* of them **bold**. ", count: 20) + "\n"
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
            let process = try DiarygenCommand.start(["build", "--today", "2023-01-01"], in: site.folder)
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
        site.writeDays(from: .ymd(2019, 1, 1), count: 1500) { index in
            "---\nmood: \(["good", "bad", "okay"][index % 3])\n\(visibility)---\n\n" + "Secret words \(index), never to be published once private.\n"
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
        let process = try DiarygenCommand.start(build, in: site.folder)
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
