import Foundation
import Testing
@testable import DiaryKit

@Suite struct BuildCacheTests {
    /// Builds `site` incrementally into site/ and from scratch into fresh/, and
    /// expects the two folders to hold the same files with the same bytes.
    @discardableResult
    func buildAndCompare(_ site: TestSite, audience: Audience = .author, _ step: String) throws -> SiteBuild.Report {
        let today = CivilDate(argument: "2025-11-23")
        let output = site.folder.appending(path: audience == .world ? "public" : "site")
        let report = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today, audience: audience))
        let fresh = site.folder.appending(path: "fresh")
        try? FileManager.default.removeItem(at: fresh)
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: fresh, today: today, audience: audience, useCache: false))
        let files = TestSite.files(in: output)
        #expect(files == TestSite.files(in: fresh), "\(step): the same files")
        for path in files where path != SiteWriter.manifestName {
            let built = FileManager.default.contents(atPath: output.appending(path: path).path)
            let expected = FileManager.default.contents(atPath: fresh.appending(path: path).path)
            #expect(built == expected, "\(step): \(path) differs from a full build")
        }
        return report
    }

    @Test func anIncrementalBuildMakesExactlyTheBytesOfAFullBuild() throws {
        let site = trickyDiary()
        site.entry("2025/01/links.md", date: "2025-01-10", mood: "good", title: "Links",
                   body: "See [leap day](../../2024/02/2024-02-29.md), ![the soup](../05/사진.png) and [later](later.md).[^1]\n\n[^1]: A note.")
        try buildAndCompare(site, "first build")

        let stamps = { TestSite.files(in: site.output).map { SiteWriter.FileStamp(path: site.output.appending(path: $0).path) } }
        let before = stamps()
        let unchanged = try buildAndCompare(site, "nothing changed")
        #expect(unchanged.files.written == 0)
        #expect(stamps() == before, "a build with nothing to do touches no file, the manifest included")

        site.entry("2025/04/2025-04-06.md", mood: "okay", body: "New ~~words~~ here.")
        #expect(try buildAndCompare(site, "a body changed").files.written > 0)

        site.entry("2025/04/2025-04-07.md", mood: "awful")
        try buildAndCompare(site, "a mood changed")

        // The linking entry did not change, but where its link leads did.
        site.entry("2024/02/2024-02-29.md", date: "2024-02-27", mood: "great", title: "Leap day, moved")
        try buildAndCompare(site, "a linked entry moved")
        #expect(site.read("2025/01/10/index.html")?.contains("2024/02/27/") == true)

        site.entry("2025/01/later.md", date: "2025-01-20", mood: "good")
        try buildAndCompare(site, "a missing link target appeared")

        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/04/2025-04-05.md"))
        try buildAndCompare(site, "an entry was deleted")

        site.write("diarygen.yml", "title: Renamed\nweek_starts_on: monday\n")
        try buildAndCompare(site, "the configuration changed")

        site.write("templates/day.mustache", "<h1>{{title}}</h1>{{#entries}}<article>{{{body}}}</article>{{/entries}}")
        try buildAndCompare(site, "a template changed")

        site.write("site/2025/01/10/index.html", "edited by hand")
        try buildAndCompare(site, "a page was edited by hand")
        #expect(site.read("2025/01/10/index.html") != "edited by hand")

        try buildAndCompare(site, audience: .world, "the public build")
        try buildAndCompare(site, audience: .world, "the public build again")
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let site = trickyDiary()
        try buildAndCompare(site, "first build")
        let cache = site.folder.appending(path: BuildCache.folderName)
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            let file = cache.appending(path: name)
            let bytes = try Data(contentsOf: file)
            // Cut in half, past the header: records that end in the middle.
            try bytes.prefix(bytes.count / 2).write(to: file)
        }
        site.entry("2025/04/2025-04-06.md", mood: "great")
        try buildAndCompare(site, "after the cache was damaged")
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: cache.appending(path: name))
        }
        try buildAndCompare(site, "after the cache was filled with noise")
    }

    @Test func theCacheForgetsOutputFoldersThatAreGone() throws {
        let site = trickyDiary()
        let today = CivilDate(argument: "2025-11-23")
        let elsewhere = site.folder.appending(path: "elsewhere")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: elsewhere, today: today))
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        let cache = site.folder.appending(path: BuildCache.folderName)
        let pagesFiles = { try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("pages-") } }
        #expect(try pagesFiles().count == 2)
        try FileManager.default.removeItem(at: elsewhere)
        site.entry("2025/04/2025-04-06.md", mood: "great")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        #expect(try pagesFiles().count == 1)
    }

    @Test func withoutTheCacheNothingIsKept() throws {
        let site = trickyDiary()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: CivilDate(argument: "2025-11-23"), useCache: false))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: BuildCache.folderName).path))
    }
}
