// `diarygen check` and failing builds through the executable: every problem with its line,
// --skip-invalid, unsafe --output folders. ContentFolder's own tests are in DiaryKitTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct CheckTests {
    @Test func everyProblemIsReportedAtOnceWithItsLine() throws {
        let site = brokenDiary()
        let result = try DiarygenCommand.run(["check"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "content/2025/01/2025-01-01.md:5: warning: links to `missing.jpg`, but there is no content/2025/01/missing.jpg",
            "content/2025/01/2025-01-02.md: error: this file is not UTF-8 text; save it as UTF-8",
            "content/2025/01/2025-01-03.md:1: error: this file is empty; an entry needs at least a few words or a mood",
            "content/2025/01/2025-01-04.md:1: error: this looks like front-matter without its `---` lines: put a `---` line above it and another below it",
            "content/2025/01/2025-01-05.md:1: error: the front-matter opened here is never closed; add a `---` line after it",
            "content/2025/01/2025-01-07.md:3: error: `tags` should be a list such as [work, family], not a set of keys",
            "content/2025/01/2025-01-08.md:1: warning: no mood: this day counts as written, without a mood; add a line such as `mood: good`, or say `mood_required: false` in diarygen.yml if your diary has no moods",
            "content/2025/01/2025-01-12.md:3: warning: no mood: this day counts as written, without a mood; add a line such as `mood: good`, or say `mood_required: false` in diarygen.yml if your diary has no moods",
            "content/2025/01/2025-01-09.md:2: error: unknown mood `grate`; the moods are great 😄, good 🙂, okay 😐, bad 😕, awful 😞. Did you mean `great`? A mood in diarygen.yml can also list other ways it is written, such as `aliases: [\"grate\"]`.",
            "content/2025/01/2025-01-10.md:2: warning: the file name says 2025-01-10 but the front-matter says 2025-01-11; the front-matter wins",
            "content/2025/01/undated.md:1: error: no date: add `date: YYYY-MM-DD` to the front-matter or put the date in the file name",
            "content/2025/02/2025-02-30.md:1: error: the file name has a date that does not exist (2025-02-30); fix the name or add `date:` to the front-matter",
            "content/2025/01/photo.jpg: error: this file and content/2025/01/Photo.jpg would be written to the same place; rename one of them",
        ]
        for line in expected {
            #expect(lines.contains(line), "missing: \(line)\n\(result.stderr)")
        }
        #expect(lines.contains { $0.hasPrefix("content/2025/01/2025-01-06.md:") && $0.contains("error: this is not valid YAML") })
        #expect(lines.last == "10 errors, 4 warnings.")
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

    /// "1 entries checked" no more: the command line counts by the English plural rule.
    @Test func oneOfAThingIsSingular() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-04.md", mood: "good")
        let check = try DiarygenCommand.run(["check"], in: site.folder)
        #expect(check.stdout == "1 entry checked: 0 errors, 0 warnings.\n", "\(check.stdout)")
        let build = try DiarygenCommand.run(["build", "--today", "2025-03-10"], in: site.folder)
        #expect(build.stdout.contains("Built the site: 1 entry, 1 month, "), "\(build.stdout)")
        site.write("content/2025/03/2025-03-05.md", "---\nmood: nope\n---\n")
        let broken = try DiarygenCommand.run(["check"], in: site.folder)
        #expect(broken.stderr.hasSuffix("1 error, 0 warnings.\n"), "\(broken.stderr)")
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
        #expect(result.stdout.contains("Built the site: 4 entries"))
        #expect(site.exists("2025/01/01/index.html"))
        #expect(site.exists("2025/01/11/index.html"))
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

    @Test func controlCharactersAreWarnedAboutAndLeftOutOfEveryOutput() throws {
        let site = TestSite()
        site.write("diarygen.yml", "title: \"Site\\a title\"\nbase_url: https://example.org/\n")
        site.write("content/2025/01/2025-01-03.md",
                   "---\ndate: 2025-01-03\nmood: good\ntitle: \"Bell \\a here\"\ntags: [\"ring\\a\", ok]\npublic: true\n---\n\nA bell \u{7} in the body,\nand a NEL \u{85} and \(String(Unicode.Scalar(0xFFFE)!)) too.\n")
        let check = try DiarygenCommand.run(["check"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(check.status == 0, "\(check.stderr)")
        let path = "content/2025/01/2025-01-03.md"
        #expect(check.stderr.contains("\(path):4: warning: `title` holds the control character U+0007, which web pages and feeds cannot hold; the site leaves it out"))
        #expect(check.stderr.contains("\(path):5: warning: the tag holds the control character U+0007"))
        #expect(check.stderr.contains("\(path):9: warning: this line holds the control character U+0007"))
        #expect(check.stderr.contains("\(path):10: warning: this line holds the control character U+0085"))

        for audience in [[], ["--public"]] {
            let build = try DiarygenCommand.run(["build", "--today", "2025-02-02"] + audience, in: site.folder)
            #expect(build.status == 0, "\(build.stderr)")
            let output = site.folder.appending(path: audience.isEmpty ? "site" : "public")
            for file in TestSite.files(in: output) where [".html", ".svg", ".xml", ".json"].contains(where: file.hasSuffix) {
                let text = try String(contentsOf: output.appending(path: file), encoding: .utf8)
                // What XML 1.0 forbids, and HTML's other control characters and noncharacters.
                let forbidden = text.unicodeScalars.first { scalar in
                    let value = scalar.value
                    return (value < 0x20 && ![0x09, 0x0A, 0x0D].contains(value)) || (0x7F...0x9F).contains(value) || value & 0xFFFE == 0xFFFE
                }
                #expect(forbidden == nil, "\(file) holds \(forbidden.map { String($0.value, radix: 16) } ?? "")")
            }
            // A real XML parser reads the feed and the sitemap.
            let parser = Process()
            parser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            parser.arguments = ["python3", "-c", "import sys, xml.etree.ElementTree as E; [E.parse(f) for f in sys.argv[1:]]",
                                output.appending(path: "feed.xml").path, output.appending(path: "sitemap.xml").path]
            try parser.run()
            parser.waitUntilExit()
            #expect(parser.terminationStatus == 0)
            let feed = try String(contentsOf: output.appending(path: "feed.xml"), encoding: .utf8)
            #expect(feed.contains("<title>Site title</title>"))
        }
        let day = try String(contentsOf: site.folder.appending(path: "site/2025/01/03/index.html"), encoding: .utf8)
        #expect(day.contains("Bell  here") && day.contains("A bell  in the body"))
        let json = try String(contentsOf: site.folder.appending(path: "site/2025/01/recap.json"), encoding: .utf8)
        #expect(json.contains("\"tags\": {\"ok\": 1, \"ring\": 1}"))
    }
}
