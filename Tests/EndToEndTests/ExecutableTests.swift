// The `diarygen build` command: the binary alone, its options, errors, quiet and piped
// output, all run as a separate process.
import Foundation
import Testing
import TestFixtures

@Suite struct ExecutableTests {
    @Test func theBinaryCopiedAloneBuildsASite() throws {
        #expect(FileManager.default.isExecutableFile(atPath: DiarygenCommand.binary.path), "build the package first: swift build")
        let site = trickyDiary()
        let lonely = FileManager.default.temporaryDirectory.appending(path: "diarygen-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: lonely) }
        let copy = lonely.appending(path: "diarygen")
        try FileManager.default.copyItem(at: DiarygenCommand.binary, to: copy)

        let result = try DiarygenCommand.run(["build", "--today", "2025-02-01"], binary: copy, in: site.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Built the site: 14 entries, 6 months"))
        #expect(site.exists("2024/02/recap/moods.svg"))
        #expect(try #require(site.read("style.css")).contains("--mood"))
        #expect(try #require(site.read("index.html")).contains("<table class=\"calendar\">"))
    }

    /// libvips (and the hundred libraries it brings) is loaded the first time a build
    /// meets a photo: a diary without photos never pays for starting it.
    @Test func libvipsIsLoadedOnlyForPhotos() throws {
        let site = TestSite()
        /// The libraries the dynamic loader loaded for one build, as glibc's LD_DEBUG
        /// writes them to a file of its own (on standard error they would fill the pipe).
        func librariesLoaded(_ name: String) throws -> String {
            let log = site.folder.appending(path: name)
            let result = try DiarygenCommand.run(["build", "--today", "2025-06-02"], in: site.folder,
                                                 environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path])
            #expect(result.status == 0, "\(result.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter { $0.hasPrefix(name + ".") }
            return try written.map { try String(contentsOf: site.folder.appending(path: $0), encoding: .utf8) }.joined()
        }
        site.entry("2025/06/2025-06-01.md", mood: "good", body: "No photo.")
        let plain = try librariesLoaded("plain")
        #expect(plain.contains("file=libjemalloc"), "LD_DEBUG listed no library: \(plain.prefix(500))")
        #expect(!plain.contains("libvips"))

        site.write("content/2025/06/bay.jpg", fixturePhoto("sideways-gps.jpg"))
        site.entry("2025/06/2025-06-01.md", mood: "good", body: "![The bay](bay.jpg)")
        #expect(try librariesLoaded("photos").contains("file=libvips.so.42"))
        #expect(site.read("2025/06/01/index.html")?.contains(".webp") == true)
    }

    @Test func sourceAndOutputOptions() throws {
        let site = trickyDiary()
        let elsewhere = site.folder.appending(path: "elsewhere")
        let result = try DiarygenCommand.run(["build", "--source", site.folder.path, "--output", elsewhere.path, "--today", "2025-02-01"],
                                             in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appending(path: "2025/01/recap.json").path))
    }

    @Test func errorsNameTheFileAndLineAndFailTheBuild() throws {
        let site = trickyDiary()
        site.write("content/2025/06/2025-06-01.md", "---\ntitle: x\nmood: blissful\n---\n")
        let result = try DiarygenCommand.run(["build"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("content/2025/06/2025-06-01.md:3: error: unknown mood `blissful`"))
        #expect(result.stderr.contains("Nothing was written: 1 error to fix first."))
        #expect(!result.stderr.contains("\u{1B}["))
        #expect(!site.exists("index.html"))
    }

    @Test func quietBuildsSayOnlyWhatIsWrongAndPipesGetNoProgressBar() throws {
        let site = trickyDiary()
        site.entry("2025/06/2025-06-01.md", mood: "good", body: "[gone](nowhere.md)")
        let quiet = try DiarygenCommand.run(["build", "--quiet"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.stderr.contains("content/2025/06/2025-06-01.md:5: warning: links to `nowhere.md`"))
        let loud = try DiarygenCommand.run(["build", "--no-cache"], in: site.folder)
        #expect(loud.stdout.hasPrefix("Built the site: 15 entries"))
        #expect(!loud.stderr.contains("\r"))
    }

    @Test func aBadTodayIsRefused() throws {
        let site = trickyDiary()
        let result = try DiarygenCommand.run(["build", "--today", "2025-02-30"], in: site.folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--today"))
    }
}
