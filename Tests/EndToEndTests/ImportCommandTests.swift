// `diarygen import` run as a process: its summary line, a second run that writes nothing,
// unmapped moods that stop it with the command that maps them, --dry-run, and a crafted
// export that would write outside the diary.
import Foundation
import Testing
import DiaryKit
import TestFixtures

@Suite struct ImportCommandTests {
    @Test func importSaysWhatItWroteAndASecondRunWritesNothing() throws {
        let site = TestSite()
        site.write("daylio.csv", ImportExports.daylio)
        let dry = try DiarygenCommand.run(["import", "daylio", "daylio.csv", "--mood", "sleepy=okay", "--dry-run"], in: site.folder)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasSuffix("would write content/2020/08/2020-08-28-1230-daylio.md\nWould import 4 entries on 3 days (0 already there)\n"))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))

        let first = try DiarygenCommand.run(["import", "daylio", "daylio.csv", "--mood", "sleepy=okay"], in: site.folder)
        #expect(first.stdout == "Imported 4 entries on 3 days (0 already there)\n", "\(first.stderr)")
        let second = try DiarygenCommand.run(["import", "daylio", "daylio.csv", "--mood", "sleepy=okay"], in: site.folder)
        #expect(second.stdout == "Imported 0 entries on 0 days (4 already there)\n")
        let check = try DiarygenCommand.run(["check"], in: site.folder)
        #expect(check.stdout == "4 entries checked: 0 errors, 0 warnings.\n", "\(check.stderr)")
    }

    @Test func unmappedMoodsStopTheImportWithTheCommandThatMapsThem() throws {
        let site = TestSite()
        site.write("site/daylio.csv", ImportExports.daylio)
        let result = try DiarygenCommand.run(["import", "daylio", "site/daylio.csv", "--source", "site"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            site/daylio.csv: error: the mood `sleepy` (1 entry) is none of this diary's moods (great, good, okay, bad, awful); map it with --mood sleepy=MOOD
            site/daylio.csv: error: to map them all, run: diarygen import daylio site/daylio.csv --source site --mood sleepy=MOOD (MOOD one of great, good, okay, bad, awful), or give those moods `aliases` in diarygen.yml
            2 errors; nothing was written.

            """)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "site/content").path))
    }

    @Test func aCraftedDayOneExportIsRefusedAndWritesNothingAnywhere() throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let md5 = "../../../../\(planted)"
        try ImportExports.writeZip([("Journal.json", Data(ImportExports.dayOneJournal(md5: md5).utf8)), ("photos/\(md5).jpeg", ImportExports.dayOnePhoto)],
                                   at: site.folder.appending(path: "export.zip"))
        let result = try DiarygenCommand.run(["import", "dayone", "export.zip"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            export.zip: error: entry 2: the name `photos/\(md5).jpeg` is no path inside the export: its part `..`: it is `..`, the folder above
            1 error; nothing was written.

            """)
        #expect(site.placesHolding(planted) == [])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }
}
