// Sources/DiaryKit/Import/DaylioBackup.swift and NoteHTML.swift: Daylio's backup round
// trips (entries, days, moods, tags, text, photos byte for byte), a second import writes
// nothing, and every refusal is located and writes nothing at all.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ImportDaylioBackupTests {
    @Test func theBackupRoundTripsWithItsPhotosAndASecondImportWritesNothing() throws {
        let site = TestSite()
        try DaylioBackupExport.write(at: site.folder.appending(path: "export.daylio"))
        let first = try runImport(.daylio, "export.daylio", in: site)
        #expect((first.entriesWritten, first.daysWritten, first.alreadyThere) == (6, 5, 0))
        #expect(first.warnings.map(\.description) == [
            "export.daylio/backup.daylio: warning: entry 6 (Daylio id 506): asset 23 is not a photo (its `type` is 2), so it is not brought over",
        ])
        #expect(sorted(try importedEntries(in: site)) == sorted(DaylioBackupExport.expected))

        let content = site.folder.appending(path: "content")
        #expect(FileManager.default.contents(atPath: content.appending(path: "2024/02/\(DaylioBackupExport.jpegChecksum).jpeg").path) == DaylioBackupExport.jpeg)
        #expect(FileManager.default.contents(atPath: content.appending(path: "2024/02/\(DaylioBackupExport.pngChecksum).png").path) == DaylioBackupExport.png)
        let leapDay = try String(contentsOf: content.appending(path: "2024/02/2024-02-29-2130-daylio.md"), encoding: .utf8)
        #expect(leapDay.hasPrefix("---\ndate: 2024-02-29T21:30-05:00\nmood: okay\ntitle: \"윤일 산책 🌙\"\ntags: [\"work\", \"독서\"]\ndaylio_id: 502\ndaylio_mood: \"sleepy\"\n---\n"))
        let sameMinute = try String(contentsOf: content.appending(path: "2024/02/2024-02-29-2130-daylio-2.md"), encoding: .utf8)
        #expect(sameMinute.contains("\ndaylio_id: 503\n"))
        #expect(try String(contentsOf: content.appending(path: "2024/12/2024-12-31-2359-daylio.md"), encoding: .utf8).hasPrefix("---\ndate: 2024-12-31T23:59+09:00\n"))
        #expect(try String(contentsOf: content.appending(path: "2024/03/2024-03-02-1200-daylio.md"), encoding: .utf8).hasPrefix("---\ndate: 2024-03-02T12:00+05:30\n"))

        let reading = try SiteBuild.read(site: SiteFolder(site.folder))
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
        let diary = reading.diary
        #expect((diary.entries.count, diary.days.count) == (6, 5))
        #expect(Dictionary(grouping: diary.entries, by: { $0.mood?.id ?? "" }).mapValues(\.count) == ["great": 1, "good": 1, "okay": 2, "bad": 1, "awful": 1])
        #expect(Set(diary.entries.flatMap(\.tags)) == ["work", "family", "독서", "gym"])
        #expect(diary.entries.filter { $0.tags.contains("work") }.count == 4)
        try site.build()

        let before = try snapshot(content)
        let second = try runImport(.daylio, "export.daylio", in: site)
        #expect((second.entriesWritten, second.daysWritten, second.alreadyThere, second.written) == (0, 0, 6, []))
        #expect(try snapshot(content) == before)
    }

    @Test func aCustomMoodCanBeMappedByItsOwnNameBeforeItsLevel() throws {
        let site = TestSite()
        try DaylioBackupExport.write(at: site.folder.appending(path: "export.daylio"))
        try runImport(.daylio, "export.daylio", in: site, moods: ["sleepy=bad"])
        #expect(try importedEntries(in: site).filter { $0.date == "2024-02-29" }.map(\.mood).sorted { ($0 ?? "") < ($1 ?? "") } == ["bad", "good"])
    }

    @Test func aMoodOfALevelTheDiaryDoesNotHaveIsListedToMap() throws {
        let site = TestSite()
        site.write("diarygen.yml", "moods:\n  - {id: up, emoji: \"🙂\", color: \"#000000\", score: 2}\n  - {id: down, emoji: \"🙁\", color: \"#111111\", score: 1}\n")
        try DaylioBackupExport.write(at: site.folder.appending(path: "export.daylio"))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.daylio, "export.daylio", in: site) }
        #expect(error.diagnostics.first?.message.hasPrefix("the mood `ecstatic` (1 entry) is none of this diary's moods (up, down)") == true, "\(error)")
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    /// Expects the import of `backup` to be refused with exactly `messages` at `location`, and to write nothing.
    func expectRefused(_ backup: [String: Any] = DaylioBackupExport.backup(), encoded: Data? = nil,
                       photos: [(path: String, data: Data)] = DaylioBackupExport.photos,
                       at location: String = "export.daylio/backup.daylio", saying messages: [String]) throws {
        let site = TestSite()
        try DaylioBackupExport.write(backup, encoded: encoded, photos: photos, at: site.folder.appending(path: "export.daylio"))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.daylio, "export.daylio", in: site) }
        #expect(error.diagnostics.map(\.severity) == messages.map { _ in .error })
        #expect(error.diagnostics.map(\.location) == messages.map { _ in location })
        #expect(error.diagnostics.map(\.message) == messages)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test func whatIsNotBase64OrNotTheBackupsJSONIsRefused() throws {
        try expectRefused(encoded: Data("{\"dayEntries\": []}".utf8),
                          saying: ["this is not a Daylio backup: Daylio writes its JSON as base64, and this is not base64"])
        try expectRefused(encoded: Data("bm90IEpTT04=".utf8), saying: [
            "what its base64 holds is not JSON: The given data was not valid JSON.",
        ])
        try expectRefused(encoded: Data(Data("{\"entries\": []}".utf8).base64EncodedString().utf8),
                          saying: ["this is not a Daylio backup: its JSON has no `dayEntries` list"])
    }

    @Test func aMoodTagOrAssetTheBackupDoesNotHaveIsALocatedError() throws {
        try expectRefused(DaylioBackupExport.backup("dayEntries", 2, setting: "mood", to: 99),
                          saying: ["entry 3 (Daylio id 503): its mood 99 is not among the backup's `customMoods`"])
        try expectRefused(DaylioBackupExport.backup("dayEntries", 0, setting: "tags", to: [11, 77]),
                          saying: ["entry 1 (Daylio id 501): its activity 77 is not among the backup's `tags`"])
        try expectRefused(DaylioBackupExport.backup("dayEntries", 4, setting: "assets", to: [88]),
                          saying: ["entry 5 (Daylio id 505): its asset 88 is not among the backup's `assets`"])
        try expectRefused(DaylioBackupExport.backup("dayEntries", 3, setting: "month", to: 12),
                          saying: ["entry 4 (Daylio id 504): year 2024, month 12 (0 is January) and day 1 are no date"])
    }

    @Test func aPhotoMissingFromTheZipIsALocatedError() throws {
        try expectRefused(photos: Array(DaylioBackupExport.photos.prefix(1)), saying: [
            "entry 2 (Daylio id 502): photo 22: its file \(DaylioBackupExport.pngChecksum) is not in the backup's assets/photos/",
        ])
        try expectRefused(photos: [(DaylioBackupExport.photos[0].path, DaylioBackupExport.jpeg), (DaylioBackupExport.photos[1].path, Data("not an image".utf8))], saying: [
            "entry 2 (Daylio id 502): photo 22: assets/photos/2024/1/\(DaylioBackupExport.pngChecksum) is not an image diarygen shows (JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF)",
        ])
    }

    @Test(arguments: traversalNames)
    func aChecksumThatIsAPathIsRefusedAndNothingIsWritten(_ name: String) throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let checksum = name.replacingOccurrences(of: "P", with: planted)
        try DaylioBackupExport.write(DaylioBackupExport.backup("assets", 1, setting: "checksum", to: checksum), at: site.folder.appending(path: "export.daylio"))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.daylio, "export.daylio", in: site) }
        #expect(error.diagnostics.map(\.location) == ["export.daylio/backup.daylio"])
        #expect(error.diagnostics.first?.message.hasPrefix("entry 2 (Daylio id 502): photo 22: `checksum` is `") == true, "\(error)")
        #expect(site.placesHolding(planted) == [])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test func theSameCommandReadsTheCSVAndAZipWithoutABackupIsNoBackup() throws {
        let site = TestSite()
        site.write("export.daylio", ImportExports.daylioNewest)
        #expect(try runImport(.daylio, "export.daylio", in: site).entriesWritten == 1)
        try ImportExports.writeZip([("Journal.json", Data(ImportExports.dayOne.utf8))], at: site.folder.appending(path: "other.daylio"))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.daylio, "other.daylio", in: site) }
        #expect(error.diagnostics.map(\.description) == ["other.daylio: error: this zip holds no backup.daylio, so it is no Daylio backup; make one in Daylio "
            + "(More → Backup & Restore → Advanced options → Export), or export the CSV (More → Export entries → CSV)"])
    }
}

@Suite struct NoteHTMLTests {
    @Test(arguments: [
        ("<b>bold</b> and <i>italic</i>", "<p><strong>bold</strong> and <em>italic</em></p>"),
        ("<b>Hello </b>world", "<p><strong>Hello</strong> world</p>"),
        ("<b>a</b><i>b</i>", "<p><strong>a</strong><em>b</em></p>"),
        ("<b>bold <i>both</i></b> plain", "<p><strong>bold <em>both</em></strong> plain</p>"),
        ("one<br>two<br/><br />three", "<p>one<br />\ntwo</p>\n<p>three</p>"),
        ("<div>a</div><div><br></div><div>b</div>", "<p>a</p>\n<p>b</p>"),
        ("<ol><li>first</li><li>second</li></ol>", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>"),
        ("&lt;script&gt;alert(1)&lt;/script&gt; &amp;copy; <3 a < b", "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;copy; &lt;3 a &lt; b</p>"),
        ("<img src=x onerror=alert(1)>*not* _emphasis_ [link](x) `code`", "<p>*not* _emphasis_ [link](x) `code`</p>"),
        ("https://example.com/a_b_c", "<p><a href=\"https://example.com/a_b_c\">https://example.com/a_b_c</a></p>"),
        ("&#xD55C;&#44544; &#55357;&#56832; &#0; &bogus;", "<p>한글 😀 \u{FFFD} &amp;bogus;</p>"),
        ("<a href=\"https://example.com/x\">a <b>bold</b> link</a> <a href=\"javascript:alert(1)\">js</a> <A HREF='mailto:me@example.com'>mail</A>",
         "<p><a href=\"https://example.com/x\">a <strong>bold</strong> link</a> js <a href=\"mailto:me@example.com\">mail</a></p>"),
        ("<a href=\"https://example.com/a b(c)\">odd</a> <a href=x>relative</a>", "<p><a href=\"https://example.com/a%20b%28c%29\">odd</a> relative</p>"),
        ("a<script>alert(1)</script>b<style>p{}</style>c<SCRIPT>x", "<p>abc</p>"),
    ])
    func theMarkupBecomesMarkdownAndNeverHTML(_ note: String, html: String) {
        let markdown = NoteHTML.markdown(note)
        #expect(Markdown.convert(markdown).html.trimmingCharacters(in: .newlines) == html, "\(markdown)")
    }

    @Test func inHTMLAnEditorWroteANewlineIsASpace() {
        #expect(NoteHTML.markdown("<p>one\ntwo</p>\n<h2>three</h2><p>four</p>", newlinesBreakLines: false) == "one two\n\nthree\n\nfour")
        #expect(NoteHTML.markdown("one\ntwo") == "one\\\ntwo")
    }
}
