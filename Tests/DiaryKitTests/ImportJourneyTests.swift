// Sources/DiaryKit/Import/JourneyExport.swift: Journey's export round trips (each entry on
// the day and at the time where it was written, moods by --mood, tags, text, photos byte for
// byte), a second import writes nothing, and every refusal is located and writes nothing.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ImportJourneyTests {
    let content = "content"

    @Test func theExportRoundTripsWithItsPhotosAndASecondImportWritesNothing() throws {
        let site = TestSite()
        try JourneyExportZip.write(at: site.folder.appending(path: "export.zip"))
        let first = try runImport(.journey, "export.zip", in: site, moods: JourneyExportZip.moodArguments)
        #expect((first.entriesWritten, first.daysWritten, first.alreadyThere) == (6, 4, 0))
        #expect(first.warnings.map(\.description) == [
            "export.zip: warning: entry 6 (\(JourneyExportZip.seoulID).json): \(JourneyExportZip.recording) is not a photo, so it is not brought over",
        ])
        #expect(sorted(try importedEntries(in: site)) == sorted(JourneyExportZip.expected))

        let content = site.folder.appending(path: "content")
        func file(_ path: String) throws -> String { try String(contentsOf: content.appending(path: path), encoding: .utf8) }
        #expect(FileManager.default.contents(atPath: content.appending(path: "2024/03/\(JourneyExportZip.seoulPhotos[0])").path) == JourneyExportZip.jpeg)
        #expect(FileManager.default.contents(atPath: content.appending(path: "2024/03/\(JourneyExportZip.seoulPhotos[1])").path) == JourneyExportZip.png)
        #expect(!FileManager.default.fileExists(atPath: content.appending(path: "2024/03/\(JourneyExportZip.recording)").path))
        #expect(try file("2024/03/2024-03-15-2330-journey.md").hasPrefix("""
            ---
            date: 2024-03-15T23:30+09:00
            mood: good
            tags: ["river", "밤"]
            journey_id: "\(JourneyExportZip.seoulID)"
            journey_sentiment: 1.25
            journey_mood: 4
            journey_time_zone: "Asia/Seoul"
            ---

            """))
        #expect(try file("2024/01/2024-01-01-0030-journey.md").hasPrefix("---\ndate: 2024-01-01T00:30+09:00\nmood: great\n"))
        #expect(try file("2024/03/2024-03-10-0130-journey.md").hasPrefix("---\ndate: 2024-03-10T01:30-05:00\nmood: okay\n"))
        #expect(try file("2024/03/2024-03-10-0330-journey.md").hasPrefix("---\ndate: 2024-03-10T03:30-04:00\nmood: bad\n"))
        #expect(try file("2024/02/2024-02-29-2000-journey.md").hasPrefix("""
            ---
            date: 2024-02-29T20:00-08:00
            mood: awful
            journey_id: "\(JourneyExportZip.angelesID)"
            journey_sentiment: 0.5
            journey_time_zone: "America/Los_Angeles"
            ---
            """))
        #expect(try file("2024/02/2024-02-29-2100-journey.md").hasPrefix("""
            ---
            date: 2024-02-29T21:00+00:00
            tags: ["leap"]
            journey_id: "\(JourneyExportZip.londonID)"
            journey_mood: 3
            journey_time_zone: "Europe/London"
            starred: true
            location: {"address": "Fleet Street, London", "latitude": 51.5142, "longitude": -0.107}
            weather: {"degree_c": 9.4, "description": "Overcast clouds", "icon": "03n", "id": -1, "place": "London"}
            music: {"title": "Waterloo Sunset", "artist": "The Kinks"}
            ---
            """))

        let reading = try SiteBuild.read(site: SiteFolder(site.folder))
        // An entry without a sentiment has no mood, which the diary says as of any such day.
        #expect(reading.warnings.map(\.path) == ["content/2024/02/2024-02-29-2100-journey.md"], "\(reading.warnings)")
        let diary = reading.diary
        #expect((diary.entries.count, diary.days.count) == (6, 4))
        #expect(Dictionary(grouping: diary.entries, by: { $0.mood?.id ?? "" }).mapValues(\.count)
                == ["great": 1, "good": 1, "okay": 1, "bad": 1, "awful": 1, "": 1])
        try site.build()

        let before = try snapshot(content)
        let second = try runImport(.journey, "export.zip", in: site, moods: JourneyExportZip.moodArguments)
        #expect((second.entriesWritten, second.daysWritten, second.alreadyThere, second.written) == (0, 0, 6, []))
        #expect(try snapshot(content) == before)
    }

    @Test func eachSentimentIsListedToMapAndNothingIsWrittenUntilItIs() throws {
        let site = TestSite()
        try JourneyExportZip.write(at: site.folder.appending(path: "export.zip"))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.journey, "export.zip", in: site, moods: ["sentiment 1=okay"]) }
        #expect(error.diagnostics.map(\.message).prefix(4) == [
            "the mood `sentiment 1.5` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood 'sentiment 1.5=MOOD'",
            "the mood `sentiment 0.5` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood 'sentiment 0.5=MOOD'",
            "the mood `sentiment 0.75` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood 'sentiment 0.75=MOOD'",
            "the mood `sentiment 1.25` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood 'sentiment 1.25=MOOD'",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: content).path))
    }

    /// Expects the import of `entries` (with `documents` and `files`) to be refused with
    /// exactly `messages`, each said of the zip, and to write nothing.
    func expectRefused(_ entries: [[String: Any]] = JourneyExportZip.entries(), documents: [Int: Data] = [:],
                       files: [(path: String, data: Data)] = JourneyExportZip.files, saying messages: [String]) throws {
        let site = TestSite()
        try JourneyExportZip.write(entries, documents: documents, files: files, at: site.folder.appending(path: "export.zip"))
        let error = try #require(throws: DiagnosticsError.self) {
            try runImport(.journey, "export.zip", in: site, moods: JourneyExportZip.moodArguments)
        }
        #expect(error.diagnostics.map(\.severity) == messages.map { _ in .error })
        #expect(error.diagnostics.map(\.location) == messages.map { _ in "export.zip" })
        #expect(error.diagnostics.map(\.message) == messages)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: content).path))
    }

    @Test func aPhotoMissingFromTheZipIsALocatedError() throws {
        try expectRefused(files: Array(JourneyExportZip.files.prefix(1)), saying: [
            "entry 6 (\(JourneyExportZip.seoulID).json): its photo \(JourneyExportZip.seoulPhotos[1]) is not in the export",
        ])
        try expectRefused(files: [(JourneyExportZip.seoulPhotos[0], JourneyExportZip.jpeg), (JourneyExportZip.seoulPhotos[1], Data("not an image".utf8))], saying: [
            "entry 6 (\(JourneyExportZip.seoulID).json): its photo \(JourneyExportZip.seoulPhotos[1]) is not an image diarygen shows (JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF)",
        ])
    }

    @Test func aTimeZoneADateOrATypeThatIsNoneIsALocatedError() throws {
        let seoul = "entry 6 (\(JourneyExportZip.seoulID).json)"
        try expectRefused(JourneyExportZip.entries(5, setting: "timezone", to: "Mars/Olympus_Mons"),
                          saying: ["\(seoul): its `timezone` `Mars/Olympus_Mons` is no time zone (such as Asia/Seoul)"])
        try expectRefused(JourneyExportZip.entries(5, setting: "date_journal", to: "2024-03-15"),
                          saying: ["\(seoul): its `date_journal` `2024-03-15` is no time (milliseconds since 1970, in years 1 to 9999)"])
        try expectRefused(JourneyExportZip.entries(5, setting: "type", to: "rtf"),
                          saying: ["\(seoul): its `type` `rtf` is neither `html` nor `markdown`"])
        try expectRefused(JourneyExportZip.entries(5, setting: "sentiment", to: "happy"),
                          saying: ["\(seoul): its `sentiment` `happy` is not a number"])
    }

    @Test func everyProblemIsListedAtOnce() throws {
        var entries = JourneyExportZip.entries(0, setting: "timezone", to: "Asia/Nowhere")
        entries[3]["date_journal"] = NSNull()
        try expectRefused(entries, files: Array(JourneyExportZip.files.prefix(1)), saying: [
            "entry 1 (\(JourneyExportZip.newYearID).json): its `timezone` `Asia/Nowhere` is no time zone (such as Asia/Seoul)",
            "entry 4 (\(JourneyExportZip.beforeDSTID).json): its `date_journal` (none) is no time (milliseconds since 1970, in years 1 to 9999)",
            "entry 6 (\(JourneyExportZip.seoulID).json): its photo \(JourneyExportZip.seoulPhotos[1]) is not in the export",
        ])
    }

    @Test func aFileThatIsNotJSONOrNoEntryIsALocatedError() throws {
        try expectRefused(documents: [2: Data("not JSON {".utf8)], saying: [
            "entry 3 (\(JourneyExportZip.angelesID).json): this is not JSON: The given data was not valid JSON.",
        ])
        try expectRefused(documents: [1: Data("{\"entries\": []}".utf8)], saying: [
            "entry 2 (\(JourneyExportZip.londonID).json): this is not an entry of Journey's export: it has no `date_journal`",
        ])
    }

    @Test func anExportThatIsNoZipIsRefused() throws {
        let site = TestSite()
        site.write("entry.json", try JSONSerialization.data(withJSONObject: JourneyExportZip.entries()[0]))
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.journey, "entry.json", in: site) }
        #expect(error.diagnostics.map(\.description) == ["entry.json: error: this is not a zip; give Journey's export as it is, "
            + "the .zip it makes (Export / Backup → JSON), which holds one JSON file for each entry and their photos"])
    }

    @Test(arguments: traversalNames)
    func aPhotoNameThatIsAPathIsRefusedAndNothingIsWritten(_ name: String) throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let photo = name.replacingOccurrences(of: "P", with: planted) + ".jpg"
        try JourneyExportZip.write(JourneyExportZip.entries(5, setting: "photos", to: [photo]), at: site.folder.appending(path: "export.zip"))
        let error = try #require(throws: DiagnosticsError.self) {
            try runImport(.journey, "export.zip", in: site, moods: JourneyExportZip.moodArguments)
        }
        #expect(error.diagnostics.map(\.location) == ["export.zip"])
        #expect(error.diagnostics.first?.message.hasPrefix("entry 6 (\(JourneyExportZip.seoulID).json): its photo `") == true, "\(error)")
        #expect(site.placesHolding(planted) == [])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: content).path))
    }
}
