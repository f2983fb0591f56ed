// Sources/DiaryKit/Import/: what an import plans and writes (ImportPlan, DiaryImport), and
// each importer's round trip: what the written files say equals what the export says.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

/// Runs an import of `export` (a file in the site's folder) into `site`.
@discardableResult
func runImport(_ app: DiaryImport.App, _ export: String, in site: TestSite, moods: [String] = [], dryRun: Bool = false,
               limits: ExportLimits = .standard) throws -> DiaryImport.Report {
    var request = DiaryImport.Request(
        app: app, file: site.folder.appending(path: export), displayPath: export, site: SiteFolder(site.folder),
        moodArguments: moods, dryRun: dryRun, command: "diarygen import \(app) \(export)")
    request.limits = limits
    return try DiaryImport.run(request)
}

/// Every entry file under the site's content/, read back as the fixtures describe entries.
func importedEntries(in site: TestSite) throws -> [ImportExports.Expected] {
    let content = site.folder.appending(path: "content")
    return try TestSite.files(in: content).filter { $0.hasSuffix(".md") }.map { path in
        let text = try String(contentsOf: content.appending(path: path), encoding: .utf8)
        let split = try FrontMatter.split(text).get()
        let fields = try FrontMatterFields.read(split.text, path: path, firstLine: 2).get().fields
        let date = fields["date"]!.value.text!
        let tags: [String]
        if case .list(let items)? = fields["tags"]?.value.kind { tags = items.map { $0.text! } } else { tags = [] }
        return ImportExports.Expected(
            date: String(date.prefix(10)), time: String(date.dropFirst(11).prefix(5)), mood: fields["mood"]?.value.text,
            tags: tags, title: fields["title"]?.value.text, note: split.body.trimmingCharacters(in: .newlines))
    }
}

func sorted(_ entries: [ImportExports.Expected]) -> [String] {
    entries.map { "\($0.date) \($0.time) \($0.mood ?? "-") \($0.tags) \($0.title ?? "-") \($0.note)" }.sorted()
}

@Suite struct ImportPlanTests {
    let moods = try! MoodMapping(moods: MoodScale([Mood(id: "good", label: "Good", emoji: "🙂", color: "#000000", score: 4)]), written: [])

    func entry(_ number: Int, day: Int, seconds: Int?, attachments: [ImportedEntry.Attachment] = []) -> ImportedEntry {
        ImportedEntry(number: number, date: CivilDate(year: 2020, month: 8, day: day)!, secondsIntoDay: seconds, moodName: "good",
                      title: nil, tags: [], body: "x", attachments: attachments)
    }

    @Test func namesNeverCollideAndTheSameExportPlansTheSameNames() {
        let photo = ImportedEntry.Attachment(exportPath: "photos/a.jpeg", name: "a.jpeg")
        let entries = [entry(1, day: 29, seconds: 77_400, attachments: [photo]), entry(2, day: 29, seconds: 77_410, attachments: [photo]),
                       entry(3, day: 30, seconds: nil), entry(4, day: 30, seconds: nil)]
        let plan = ImportPlan(entries: entries, moods: moods, app: "daylio")
        #expect(plan.files.map(\.contentPath) == ["2020/08/2020-08-29-2130-daylio.md", "2020/08/a.jpeg", "2020/08/2020-08-29-2130-daylio-2.md",
                                                 "2020/08/2020-08-30-daylio.md", "2020/08/2020-08-30-daylio-2.md"])
        #expect(plan.files == ImportPlan(entries: entries, moods: moods, app: "daylio").files)
    }

    @Test func onlyWhatIsAbsentIsWrittenAndADifferentFileIsKept() {
        let plan = ImportPlan(entries: [entry(1, day: 1, seconds: nil), entry(2, day: 2, seconds: nil), entry(3, day: 3, seconds: nil)], moods: moods, app: "jrnl")
        let decision = plan.decide(onDisk: ["2020/08/2020-08-01-jrnl.md": .same, "2020/08/2020-08-02-jrnl.md": .different])
        #expect(decision.alreadyThere.map(\.entryNumber) == [1])
        #expect(decision.keptAsTheyAre.map(\.entryNumber) == [2])
        #expect(decision.toWrite.map(\.entryNumber) == [3])
    }
}

@Suite struct ImportRoundTripTests {
    @Test func daylioRoundTripsThroughTheBuildAndASecondImportWritesNothing() throws {
        let site = TestSite()
        site.write("daylio.csv", ImportExports.daylio)
        let first = try runImport(.daylio, "daylio.csv", in: site, moods: ["sleepy=okay"])
        #expect((first.entriesWritten, first.daysWritten, first.alreadyThere) == (4, 3, 0))
        #expect(sorted(try importedEntries(in: site)) == sorted(ImportExports.daylioExpected))

        let diary = try SiteBuild.read(site: SiteFolder(site.folder)).diary
        #expect(diary.entries.count == 4)
        #expect(diary.days.count == 3)
        #expect(Dictionary(grouping: diary.entries, by: { $0.mood?.id ?? "" }).mapValues(\.count) == ["great": 1, "good": 1, "okay": 1, "awful": 1])
        #expect(Set(diary.entries.flatMap(\.tags)) == ["work", "#reading", "<3", "sport", "family", "friends"])
        try site.build()

        let before = try snapshot(site.folder.appending(path: "content"))
        let second = try runImport(.daylio, "daylio.csv", in: site, moods: ["sleepy=okay"])
        #expect((second.entriesWritten, second.daysWritten, second.alreadyThere, second.written) == (0, 0, 4, []))
        #expect(try snapshot(site.folder.appending(path: "content")) == before)
    }

    @Test func theOtherDaylioVintagesRoundTrip() throws {
        let site = TestSite()
        site.write("old.csv", ImportExports.daylioOldest)
        site.write("new.csv", ImportExports.daylioNewest)
        try runImport(.daylio, "old.csv", in: site)
        try runImport(.daylio, "new.csv", in: site)
        #expect(sorted(try importedEntries(in: site)) == sorted([
            ImportExports.Expected(date: "2018-06-22", time: "23:35", mood: "okay", tags: ["reading", "tv"], title: nil, note: "Old export"),
            ImportExports.Expected(date: "2018-12-31", time: "08:00", mood: "bad", tags: [], title: nil, note: ""),
            ImportExports.Expected(date: "2024-01-02", time: "21:00", mood: "good", tags: ["work", "coffee"], title: "Title, with comma", note: "Body\nline"),
        ]))
        #expect(try SiteBuild.read(site: SiteFolder(site.folder)).diary.entries.count == 3)
    }

    @Test func anyBadRowOrUnmappedMoodWritesNothing() throws {
        let site = TestSite()
        site.write("daylio.csv", ImportExports.daylio + "\n2020-02-30,,,21:00,good,,\n")
        #expect(throws: DiagnosticsError.self) { try runImport(.daylio, "daylio.csv", in: site, moods: ["sleepy=okay"]) }
        site.write("daylio.csv", ImportExports.daylio)
        let unmapped = #expect(throws: DiagnosticsError.self) { try runImport(.daylio, "daylio.csv", in: site) }
        #expect(unmapped?.diagnostics.first?.message.hasPrefix("the mood `sleepy` (1 entry)") == true)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test func aDifferentFileInTheWayIsNeverOverwrittenAndADryRunWritesNothing() throws {
        let site = TestSite()
        site.write("daylio.csv", ImportExports.daylio)
        site.write("content/2020/08/2020-08-28-1230-daylio.md", "---\nmood: bad\n---\n\nMy edit.\n")
        let dry = try runImport(.daylio, "daylio.csv", in: site, moods: ["sleepy=okay"], dryRun: true)
        #expect(dry.entriesWritten == 3)
        #expect(dry.warnings.map(\.location) == ["content/2020/08/2020-08-28-1230-daylio.md"])
        #expect(TestSite.files(in: site.folder.appending(path: "content")) == ["2020/08/2020-08-28-1230-daylio.md"])
        try runImport(.daylio, "daylio.csv", in: site, moods: ["sleepy=okay"])
        #expect(site.folder.appending(path: "content/2020/08/2020-08-28-1230-daylio.md").contents == "---\nmood: bad\n---\n\nMy edit.\n")
        #expect(TestSite.files(in: site.folder.appending(path: "content")).count == 4)
    }

    @Test func dayOneFromItsZipWithThePhotoBesideTheEntry() throws {
        let site = TestSite()
        try ImportExports.writeZip([("Journal.json", Data(ImportExports.dayOne.utf8)), ("photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg", ImportExports.dayOnePhoto)],
                                   at: site.folder.appending(path: "export.zip"))
        let report = try runImport(.dayone, "export.zip", in: site)
        #expect((report.entriesWritten, report.daysWritten, report.warnings.count) == (3, 2, 0))
        #expect(sorted(try importedEntries(in: site)) == sorted(ImportExports.dayOneExpected))
        #expect(FileManager.default.contents(atPath: site.folder.appending(path: "content/2020/08/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg").path) == ImportExports.dayOnePhoto)
        let first = try #require(site.folder.appending(path: "content/2020/08/2020-08-29-2230-dayone.md").contents)
        #expect(first.contains("\nstarred: true\n"))
        #expect(first.contains("\nweather: {\"conditionsDescription\": \"Clear\", \"temperatureCelsius\": 18.5}\n"))
        #expect(!first.contains("mood:"))
        // Day One has no moods: its entries build as days written without one, keeping what has no field of its own.
        site.write("diarygen.yml", "mood_required: false\n")
        let reading = try SiteBuild.read(site: SiteFolder(site.folder))
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
        #expect((reading.diary.entries.count, reading.diary.days.count) == (3, 2))
        #expect(reading.diary.entries.allSatisfy { $0.mood == nil && $0.otherFields["dayone_uuid"] != nil })
        #expect(Set(reading.diary.entries.flatMap(\.tags)) == Set(ImportExports.dayOneExpected.flatMap(\.tags)))
        #expect(try runImport(.dayone, "export.zip", in: site).written == [])
    }

    @Test func dayOneJSONAloneFindsPhotosBesideIt() throws {
        let site = TestSite()
        site.write("export/Journal.json", ImportExports.dayOne)
        site.write("export/photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg", ImportExports.dayOnePhoto)
        #expect(try runImport(.dayone, "export/Journal.json", in: site).written.contains("2020/08/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg"))
    }

    @Test func jrnlJSONAndTextRoundTrip() throws {
        let site = TestSite()
        site.write("jrnl.json", ImportExports.jrnlJSON)
        let report = try runImport(.jrnl, "jrnl.json", in: site)
        #expect((report.entriesWritten, report.daysWritten) == (2, 2))
        #expect(sorted(try importedEntries(in: site)) == sorted(ImportExports.jrnlJSONExpected))
        site.write("diarygen.yml", "mood_required: false\n")
        let diary = try SiteBuild.read(site: SiteFolder(site.folder)).diary
        #expect((diary.entries.count, diary.days.count) == (2, 2))
        #expect(Set(diary.entries.flatMap(\.tags)) == Set(ImportExports.jrnlJSONExpected.flatMap(\.tags)))
        try site.build()

        let text = TestSite()
        text.write("journal.txt", ImportExports.jrnlText)
        #expect(try runImport(.jrnl, "journal.txt", in: text).entriesWritten == 3)
        #expect(sorted(try importedEntries(in: text)) == sorted(ImportExports.jrnlTextExpected))
        #expect(try runImport(.jrnl, "journal.txt", in: text).alreadyThere == 3)
    }
}

private extension URL {
    var contents: String? { FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } }
}
