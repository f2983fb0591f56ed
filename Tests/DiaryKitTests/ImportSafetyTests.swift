// Sources/DiaryKit/Import/ and Disk/ against crafted exports (issue 30): every name an
// export gives is checked before it becomes part of a path, every write lands inside
// content/, and a refused export writes nothing at all, anywhere. Sizes: ImportLimitTests.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

/// The ways a name can try to leave its folder; `P` stands for the planted name.
let traversalNames = [
    "../../../../P", "a/../../../../../P", "/tmp/P", "..\\..\\..\\..\\P",
    "%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fP", "%2E%2E%2FP", "P\u{0}x", "P\u{1B}x", ".P",
]

@Suite struct ImportTraversalTests {
    /// Expects the import of `export` to throw, every problem located in `file`, and to
    /// leave nothing: no content/ and no file holding `planted` anywhere a path could reach.
    func expectRefused(_ app: DiaryImport.App, _ export: String, in site: TestSite, planted: String,
                       at file: String, saying prefix: String) throws {
        let error = try #require(throws: DiagnosticsError.self) { try runImport(app, export, in: site) }
        #expect(!error.diagnostics.isEmpty)
        for problem in error.diagnostics {
            #expect(problem.severity == .error)
            #expect(problem.path == file, "\(problem)")
            #expect(problem.message.hasPrefix(prefix), "\(problem)")
        }
        #expect(site.placesHolding(planted) == [])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test(arguments: traversalNames)
    func aPhotoWhoseMd5IsAPathInTheZipIsRefusedAndNothingIsWritten(_ name: String) throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let md5 = name.replacingOccurrences(of: "P", with: planted)
        try ImportExports.writeZip([("Journal.json", Data(ImportExports.dayOneJournal(md5: md5).utf8)),
                                    ("photos/\(md5).jpeg", ImportExports.dayOnePhoto)], at: site.folder.appending(path: "export.zip"))
        try expectRefused(.dayone, "export.zip", in: site, planted: planted, at: "export.zip", saying: "entry 2: the name `photos/")
    }

    @Test(arguments: traversalNames + ["photos//P.jpeg", "photos/P.jpeg/", "P/../../x.json", ""])
    func aZipEntryNamedWithAPathIsRefusedEvenWhenNothingReadsIt(_ name: String) throws {
        let site = TestSite(), planted = TestSite.plantedName()
        try ImportExports.writeZip([("Journal.json", Data(ImportExports.dayOne.utf8)),
                                    (name.replacingOccurrences(of: "P", with: planted), Data("x".utf8))], at: site.folder.appending(path: "export.zip"))
        try expectRefused(.dayone, "export.zip", in: site, planted: planted, at: "export.zip", saying: "entry 2: the name `")
    }

    /// Each field of a photo with a value it refuses: the traversals, and a digest of the wrong
    /// length or with a letter no hex digit is, an extension with a space or too long.
    static let badPhotoFields: [(String, String)] = {
        let md5 = traversalNames + ["0a1b2c", "0a1b2c3d4e5f60718293a4b5c6d7e8fZ"]
        let type = traversalNames + ["", "jp eg", "averyveryverylongext"]
        let identifier = traversalNames + [""]
        return md5.map { ($0, "md5") } + type.map { ($0, "type") } + identifier.map { ($0, "identifier") }
    }()

    @Test(arguments: badPhotoFields)
    func aPhotoFieldThatIsNoDigestExtensionOrIdentifierIsALocatedError(_ name: String, field: String) throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let value = name.replacingOccurrences(of: "P", with: planted)
        let md5 = field == "md5" ? value : "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
        let journal = ImportExports.dayOneJournal(md5: md5, type: field == "type" ? value : "jpeg", identifier: field == "identifier" ? value : "P1")
        site.write("export/Journal.json", journal)
        try expectRefused(.dayone, "export/Journal.json", in: site, planted: planted, at: "export/Journal.json", saying: "entry 1: photo 1: `\(field)`")
    }

    @Test func aPhotoBesideTheJournalThatLinksOutOfTheExportIsNotCopied() throws {
        let site = TestSite()
        let digest = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
        site.write("secret.txt", "a private key")
        site.write("export/Journal.json", ImportExports.dayOneJournal(md5: digest))
        try FileManager.default.createDirectory(at: site.folder.appending(path: "export/photos"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.folder.appending(path: "export/photos/\(digest).jpeg").path,
                                                   withDestinationPath: site.folder.appending(path: "secret.txt").path)
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.dayone, "export/Journal.json", in: site) }
        #expect(error.diagnostics.map(\.description) == ["export/photos/\(digest).jpeg: error: this leads outside the export's folder"])
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test func anUppercaseDigestIsADigest() throws {
        let site = TestSite()
        site.write("export/Journal.json", ImportExports.dayOneJournal(md5: "0A1B2C3D4E5F60718293A4B5C6D7E8F9", type: "JPG"))
        site.write("export/photos/0A1B2C3D4E5F60718293A4B5C6D7E8F9.JPG", ImportExports.dayOnePhoto)
        #expect(try runImport(.dayone, "export/Journal.json", in: site).written.contains("2020/08/0A1B2C3D4E5F60718293A4B5C6D7E8F9.JPG"))
    }

    @Test func aLinkInContentLeadingOutsideIsRefusedBeforeAnythingIsWritten() throws {
        let site = TestSite()
        site.write("outside/kept.txt", "mine")
        site.write("content/2020/keep.txt", "")
        try FileManager.default.createSymbolicLink(atPath: site.folder.appending(path: "content/2020/08").path,
                                                   withDestinationPath: site.folder.appending(path: "outside").path)
        site.write("daylio.csv", "full_date,date,weekday,time,mood,activities,note\n2020-07-01,,,21:00,good,,July\n2020-08-01,,,21:00,good,,August\n")
        let error = try #require(throws: DiagnosticsError.self) { try runImport(.daylio, "daylio.csv", in: site) }
        #expect(error.diagnostics.map(\.location) == ["content/2020/08/2020-08-01-2100-daylio.md"])
        #expect(error.diagnostics.first?.message.hasPrefix("row 2 of daylio.csv would be written outside content/") == true, "\(error)")
        #expect(TestSite.files(in: site.folder.appending(path: "outside")) == ["kept.txt"])
        #expect(TestSite.files(in: site.folder.appending(path: "content")) == ["2020/keep.txt"])
    }

    @Test func aContentFolderThatIsItselfALinkIsFollowed() throws {
        let site = TestSite()
        try FileManager.default.createDirectory(at: site.folder.appending(path: "synced"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.folder.appending(path: "content").path,
                                                   withDestinationPath: site.folder.appending(path: "synced").path)
        site.write("jrnl.json", ImportExports.jrnlJSON)
        #expect(try runImport(.jrnl, "jrnl.json", in: site).entriesWritten == 2)
        #expect(TestSite.files(in: site.folder.appending(path: "synced")).count == 2)
    }
}

@Suite struct ContentWritingGuardTests {
    @Test func onlyAPathThatStaysInsideContentIsWritten() throws {
        let site = TestSite(), planted = TestSite.plantedName()
        let folder = SiteFolder(site.folder)
        #expect(try folder.createInContent(Array("a".utf8), at: "2020/08/a.md"))
        #expect(try folder.createInContent(Array("b".utf8), at: "2020/08/a.md") == false)
        for path in ["../P", "2020/../../P", "2020/08/../../../../P", "/tmp/P", "2020//P", ".P", "2020/..", "", "2020/P\u{0}"] {
            let path = path.replacingOccurrences(of: "P", with: planted)
            #expect(throws: WriteFailure.self, "\(path)") { try folder.createInContent(Array("x".utf8), at: path) }
        }
        #expect(site.placesHolding(planted) == [])
        #expect(TestSite.files(in: site.folder.appending(path: "content")) == ["2020/08/a.md"])
    }

    @Test func aLinkOnTheWayIsResolvedAndRefusedWhenItLeadsOut() throws {
        let site = TestSite()
        site.write("outside/kept.txt", "mine")
        site.write("content/2021/inside/kept.txt", "mine")
        let content = site.folder.appending(path: "content")
        try FileManager.default.createSymbolicLink(atPath: content.appending(path: "2021/01").path, withDestinationPath: site.folder.appending(path: "outside").path)
        try FileManager.default.createSymbolicLink(atPath: content.appending(path: "2021/02").path, withDestinationPath: "inside")
        let folder = SiteFolder(site.folder)
        let refused = #expect(throws: WriteFailure.self) { try folder.createInContent(Array("x".utf8), at: "2021/01/new/x.md") }
        #expect(refused?.reason.hasPrefix("it leads to ") == true)
        #expect(TestSite.files(in: site.folder.appending(path: "outside")) == ["kept.txt"])
        // A link that stays inside content/ is fine.
        #expect(try folder.createInContent(Array("x".utf8), at: "2021/02/x.md"))
        #expect(TestSite.files(in: content.appending(path: "2021/inside")) == ["kept.txt", "x.md"])
    }
}
