// Sources/DiaryKit/Import/: each export read into ImportedEntry values (CSV records, clock
// times, Daylio, Day One, jrnl), moods mapped, files planned. Writing: ImportWritingTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct CSVRecordsTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaksAndRecordsKnowTheirLine() throws {
        let records = try CSVRecords.read("a,b\r\n\"x, y\",\"say \"\"hi\"\"\nthen\r\nbye\"\n\nlast,  \"spaced\"  ").get()
        #expect(records == [
            CSVRecords.Record(fields: ["a", "b"], line: 1),
            CSVRecords.Record(fields: ["x, y", "say \"hi\"\nthen\nbye"], line: 2),
            CSVRecords.Record(fields: ["last", "spaced"], line: 6),
        ])
    }

    @Test func aQuoteNeverClosedOrTextAfterAQuoteIsAnError() {
        #expect(CSVRecords.read("a,b\n1,\"open\n2,3\n") == .failure(.quoteNeverClosed(line: 2)))
        #expect(CSVRecords.read("a,b\n1,\"x\"y\n") == .failure(.textAfterQuote(line: 2)))
    }
}

@Suite struct ClockTimeTests {
    @Test func twelveAndTwentyFourHourTimes() {
        #expect(ClockTime.secondsIntoDay("21:30") == 77_400)
        #expect(ClockTime.secondsIntoDay("9:30 PM") == 77_400)
        #expect(ClockTime.secondsIntoDay("9:30\u{202F}pm") == 77_400)
        #expect(ClockTime.secondsIntoDay("12:05 AM") == 300)
        #expect(ClockTime.secondsIntoDay("12:30 PM") == 45_000)
        #expect(ClockTime.secondsIntoDay("07:00:15 a.m.") == 25_215)
        for wrong in ["", "24:00", "13:00 PM", "0:30 AM", "9:3", "9.30", "nine"] {
            #expect(ClockTime.secondsIntoDay(wrong) == nil, "\(wrong)")
        }
    }
}

@Suite struct DaylioCSVTests {
    @Test func everyOddityOfTheUsualVintage() throws {
        let entries = try DaylioCSV.entries(ImportExports.daylio, path: "daylio.csv")
        #expect(entries.map(\.moodName) == ["rad", "good", "sleepy", "awful"])
        #expect(entries.map(\.date.description) == ImportExports.daylioExpected.map(\.date))
        #expect(entries.map(\.secondsIntoDay) == [77_400, 77_400, 300, 45_000])
        #expect(entries.map(\.tags) == ImportExports.daylioExpected.map(\.tags))
        #expect(entries.map(\.body) == ImportExports.daylioExpected.map(\.note))
        #expect(entries[0].extraFields == [FrontMatterField("daylio_mood", .text("rad"))])
    }

    @Test func theOldestVintageWithItsYearColumnAndTheNewestWithNoteTitles() throws {
        let oldest = try DaylioCSV.entries(ImportExports.daylioOldest, path: "old.csv")
        #expect(oldest.map(\.date.description) == ["2018-06-22", "2018-12-31"])
        #expect(oldest.map(\.secondsIntoDay) == [84_900, 28_800])
        #expect(oldest[0].tags == ["reading", "tv"])
        let newest = try DaylioCSV.entries(ImportExports.daylioNewest, path: "new.csv")
        #expect(newest.map(\.title) == ["Title, with comma"])
        #expect(newest.map(\.body) == ["Body\nline"])
    }

    @Test func everyBadRowIsReportedWithItsRowAndLine() throws {
        let csv = "full_date,date,weekday,time,mood,activities,note\n"
            + "2020-02-30,,,21:00,good,,\n"
            + "2020-03-01,,,25:00,,,\"two\nlines\"\n"
            + "2020-03-02,,,21:00,good\n"
        let error = try #require(throws: DiagnosticsError.self) { try DaylioCSV.entries(csv, path: "d.csv") }
        #expect(error.diagnostics.map(\.description) == [
            "d.csv:2: error: row 1: `2020-02-30` is not a date such as 2020-08-29",
            "d.csv:3: error: row 2: `25:00` is not a time such as 21:30 or 9:30 PM",
            "d.csv:3: error: row 2: no mood",
            "d.csv:5: error: row 3: 5 fields where the first line names 7 columns; a note with a comma or line break must be in double quotes",
        ])
    }

    @Test func aFileThatIsNoDaylioExportSaysWhatItLacks() throws {
        let error = try #require(throws: DiagnosticsError.self) { try DaylioCSV.entries("date,mood\n", path: "x.csv") }
        #expect(error.diagnostics[0].message.hasPrefix("this is not a Daylio export"))
    }
}

@Suite struct DayOneJournalTests {
    func read(_ json: String, photos: Set<String> = ["photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg"]) throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        try DayOneJournal.entries(Data(json.utf8), path: "Journal.json", photoPaths: photos, fallbackZone: TimeZone(identifier: "Asia/Seoul")!)
    }

    @Test func anEveningBelongsToItsOwnTimeZonesDayAndEveryFieldIsKept() throws {
        let entries = try read(ImportExports.dayOne).entries
        #expect(entries.map(\.date.description) == ImportExports.dayOneExpected.map(\.date))
        #expect(entries.map(\.secondsIntoDay) == [81_000, 83_700, 43_200])
        #expect(entries.map(\.body) == ImportExports.dayOneExpected.map(\.note))
        #expect(entries[0].tags == ["travel", "food"])
        #expect(entries[0].attachments == [ImportedEntry.Attachment(exportPath: "photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg", name: "0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg")])
        #expect(entries[0].extraFields.map(\.key) == ["dayone_uuid", "dayone_time_zone", "starred", "location", "weather"])
        #expect(entries[0].extraFields[3].value.yaml == #"{"latitude": -34.6, "localityName": "Buenos Aires", "longitude": -58.38}"#)
        #expect(entries[1].extraFields.map(\.value) == [.text("E2"), .text("US/Pacific")])
    }

    @Test func aMissingPhotoKeepsItsLinkWithAWarning() throws {
        let read = try read(ImportExports.dayOne, photos: [])
        #expect(read.entries[0].body.contains("dayone-moment://P1"))
        #expect(read.warnings.map(\.message) == ["entry 1: the photo photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg is not in the export; its link is left as it was"])
    }

    @Test func aMomentLinkShowsItsPhotoWhicheverEntryHoldsIt() throws {
        let json = #"""
            {"entries": [
              {"creationDate": "2020-08-30T12:00:00Z", "timeZone": "GMT", "text": "![](dayone-moment://P1)",
               "photos": [{"identifier": "P1", "md5": "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "type": "jpeg"}]},
              {"creationDate": "2020-09-02T12:00:00Z", "timeZone": "GMT", "text": "Again: ![](dayone-moment://p1) ![](dayone-moment://NOPE)"}
            ]}
            """#
        let read = try read(json)
        let photo = ImportedEntry.Attachment(exportPath: "photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg", name: "0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg")
        #expect(read.entries[1].body == "Again: ![](0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg) ![](dayone-moment://NOPE)")
        // Copied beside the second entry too, a month later in another folder.
        #expect(read.entries[1].attachments == [photo])
        let plan = ImportPlan(entries: read.entries, moods: try MoodMapping(moods: MoodScale(SiteConfig.defaultMoods.map {
            Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score) }), written: []), app: "dayone")
        #expect(plan.files.map(\.contentPath).filter { $0.hasSuffix(".jpeg") } == ["2020/08/" + photo.name, "2020/09/" + photo.name])
        #expect(read.warnings.map(\.message) == ["entry 2: `dayone-moment://NOPE` names no photo of the export; its link is left as it was"])
    }

    @Test func noTimeZoneIsTheDiarysAndEveryBadEntryIsNamed() throws {
        let noZone = try read(#"{"entries": [{"creationDate": "2020-08-30T20:00:00Z"}]}"#).entries
        #expect(noZone[0].date.description == "2020-08-31")
        let bad = #"{"entries": [{"creationDate": "2020-08-30"}, {"text": "x"}, {"creationDate": "2020-08-30T20:00:00Z", "timeZone": "Mars/Olympus"}]}"#
        let error = try #require(throws: DiagnosticsError.self) { try read(bad) }
        #expect(error.diagnostics.map(\.message) == [
            "entry 1: `2020-08-30` is not a UTC time such as 2020-08-29T23:30:00Z",
            "entry 2: no `creationDate`",
            "entry 3: unknown time zone `Mars/Olympus`",
        ])
        let notJSON = try #require(throws: DiagnosticsError.self) { try read("{\"entries\": [") }
        #expect(notJSON.diagnostics[0].message.hasPrefix("this is not JSON"))
    }
}

@Suite struct JrnlJournalTests {
    @Test func theJSONExport() throws {
        let entries = try JrnlJournal.entries(json: Data(ImportExports.jrnlJSON.utf8), path: "j.json")
        #expect(entries.map(\.title) == ImportExports.jrnlJSONExpected.map(\.title))
        #expect(entries.map(\.body) == ImportExports.jrnlJSONExpected.map(\.note))
        #expect(entries.map(\.tags) == ImportExports.jrnlJSONExpected.map(\.tags))
        #expect(entries.map(\.extraFields) == [[], [FrontMatterField("starred", .bool(true))]])
    }

    @Test func thePlainTextJournal() throws {
        let entries = try JrnlJournal.entries(text: ImportExports.jrnlText, path: "journal.txt")
        #expect(entries.map(\.title) == ImportExports.jrnlTextExpected.map(\.title))
        #expect(entries.map(\.body) == ImportExports.jrnlTextExpected.map(\.note))
        #expect(entries.map(\.tags) == ImportExports.jrnlTextExpected.map(\.tags))
        #expect(entries.map(\.secondsIntoDay) == [40_260, 68_400, 32_400])
        #expect(entries.map { !$0.extraFields.isEmpty } == [false, true, false])
    }

    @Test func textBeforeTheFirstEntryAndABadDateAreErrorsAtTheirLines() throws {
        let error = try #require(throws: DiagnosticsError.self) { try JrnlJournal.entries(text: "notes\n[2020-02-30 10:00] x\n[2020-03-01 9am] y\n", path: "j.txt") }
        #expect(error.diagnostics.map(\.location) == ["j.txt:1", "j.txt:2", "j.txt:3"])
        let dateInBody = try JrnlJournal.entries(text: "[2020-03-01 10:00] Title\n[2020-03-01] was a Sunday\n", path: "j.txt")
        #expect(dateInBody.map(\.body) == ["[2020-03-01] was a Sunday"])
    }

    @Test func titlesSplitAsJrnlSplitsThem() {
        #expect(JrnlJournal.splitTitle("One. Two. Three") == ("One.", "Two. Three"))
        #expect(JrnlJournal.splitTitle("Why?! (\"Yes.\") Then") == ("Why?!", "(\"Yes.\") Then"))
        #expect(JrnlJournal.splitTitle("First line. Still\nSecond") == ("First line. Still", "Second"))
        #expect(JrnlJournal.splitTitle("v1.2 shipped") == ("v1.2 shipped", ""))
    }
}

@Suite struct MoodMappingTests {
    let moods = MoodScale(SiteConfig.defaultMoods.map { Mood(id: $0.id, label: $0.id, emoji: $0.emoji, color: $0.color, score: $0.score) })

    @Test func daylioDefaultsTheDiarysOwnMoodsAndChosenMappings() throws {
        let mapping = try MoodMapping(moods: moods, written: ["Sleepy=2", "rad=okay"])
        #expect(mapping.mood(for: "rad")?.id == "okay")
        #expect(mapping.mood(for: "meh")?.id == "okay")
        #expect(mapping.mood(for: "Awful")?.id == "awful")
        #expect(mapping.mood(for: "🙂")?.id == "good")
        #expect(mapping.mood(for: "sleepy")?.id == "bad")
        #expect(mapping.mood(for: "tired") == nil)
    }

    @Test func unmappedMoodsAreListedWithCountsAndTheCommandThatMapsThem() throws {
        let mapping = try MoodMapping(moods: moods, written: [])
        let entries = ["tired", "rad", "so so", "tired"].enumerated().map {
            ImportedEntry(number: $0.offset + 1, date: CivilDate(year: 2020, month: 1, day: 1)!, secondsIntoDay: nil, moodName: $0.element, title: nil, tags: [], body: "")
        }
        #expect(mapping.unmapped(entries, command: "diarygen import daylio d.csv", path: "d.csv").map(\.message) == [
            "the mood `tired` (2 entries) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood tired=MOOD",
            "the mood `so so` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood 'so so=MOOD'",
            "to map them all, run: diarygen import daylio d.csv --mood tired=MOOD --mood 'so so=MOOD' (MOOD one of great, good, okay, bad, awful), or give those moods `aliases` in diarygen.yml",
        ])
    }

    @Test func aMappingToNoMoodOrWithoutEqualsIsRefused() {
        #expect(throws: DiagnosticsError.self) { try MoodMapping(moods: moods, written: ["sleepy=grat"]) }
        #expect(throws: DiagnosticsError.self) { try MoodMapping(moods: moods, written: ["sleepy"]) }
    }
}
