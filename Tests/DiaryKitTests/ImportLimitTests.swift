// Sources/DiaryKit/Disk/ExportLimits against crafted exports (issue 30): a zip bomb, a zip
// whose sizes lie, too many entries, a field of megabytes; each a located error, with the
// limits lowered so the files stay small, and nothing written.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct ImportLimitTests {
    /// A Day One export .zip whose one entry shows photos of `sizes` bytes of zeros each
    /// (which deflate to almost nothing); their paths in it.
    func dayOneZip(in site: TestSite, photoSizes sizes: [Int]) throws -> [String] {
        let digests = sizes.indices.map { "0a1b2c3d4e5f60718293a4b5c6d7e8f\($0)" }
        let photos = digests.map { #"{"identifier": "P1", "md5": "\#($0)", "type": "jpeg"}"# }.joined(separator: ", ")
        let journal = #"{"entries": [{"creationDate": "2020-08-30T12:00:00Z", "photos": [\#(photos)]}]}"#
        let names = digests.map { "photos/\($0).jpeg" }
        try ImportExports.writeZip([("Journal.json", Data(journal.utf8))] + zip(names, sizes).map { ($0, Data(count: $1)) },
                                   at: site.folder.appending(path: "export.zip"))
        return names
    }

    /// Expects the import to throw problems whose descriptions start with `expected`, and to write nothing.
    func expectRefused(_ export: String, in site: TestSite, limits: ExportLimits, _ expected: [String], app: DiaryImport.App = .dayone) {
        let error = #expect(throws: DiagnosticsError.self) { try runImport(app, export, in: site, limits: limits) }
        let found = error?.diagnostics.map(\.description) ?? []
        #expect(found.count == expected.count && zip(found, expected).allSatisfy { $0.hasPrefix($1) }, "\(found)")
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "content").path))
    }

    @Test func aZipBombIsRefusedByItsSizeBeforeAnythingIsUnpacked() throws {
        let site = TestSite()
        let names = try dayOneZip(in: site, photoSizes: [1 << 20])
        expectRefused("export.zip", in: site, limits: ExportLimits(fileBytes: 64 << 10), [
            "export.zip: error: entry 2: `\(names[0])` unpacks to 1 MiB, more than the 64 KiB a file of an export may",
        ])
    }

    @Test func aZipWhoseSizesLieIsStoppedAsItUnpacksAndNothingIsWritten() throws {
        let site = TestSite()
        let names = try dayOneZip(in: site, photoSizes: [100_000])
        try lie(aboutSizeOf: names[0], in: site.folder.appending(path: "export.zip"))
        expectRefused("export.zip", in: site, limits: ExportLimits(fileBytes: 64 << 10), [
            "export.zip/\(names[0]): error: this unpacks to more than the 64 KiB a file of an export may, though the .zip says 10 bytes",
        ])
        // Each photo within the limit on a file, the two over the total.
        let total = TestSite()
        let photos = try dayOneZip(in: total, photoSizes: [50_000, 50_000])
        for name in photos { try lie(aboutSizeOf: name, in: total.folder.appending(path: "export.zip")) }
        expectRefused("export.zip", in: total, limits: ExportLimits(totalBytes: 80_000), [
            "export.zip/\(photos[1]): error: with this, the .zip unpacks to more than the 78.1 KiB an export may",
        ])
    }

    @Test func tooManyEntriesOrTooMuchInAllIsRefused() throws {
        let site = TestSite()
        _ = try dayOneZip(in: site, photoSizes: [1000, 1000, 1000])
        expectRefused("export.zip", in: site, limits: ExportLimits(entries: 3), ["export.zip: error: entry 4: this .zip holds more than the 3 entries an export may"])
        expectRefused("export.zip", in: site, limits: ExportLimits(totalBytes: 2500), ["export.zip: error: this .zip unpacks to 3."])
    }

    @Test func aFieldOrAFileTooLongIsALocatedError() throws {
        let site = TestSite()
        let long = String(repeating: "x", count: 200)
        let limits = ExportLimits(fieldBytes: 100)
        site.write("dayone.json", #"{"entries": [{"creationDate": "2020-08-30T12:00:00Z"}, {"creationDate": "2020-08-30T12:00:00Z", "text": "\#(long)"}]}"#)
        expectRefused("dayone.json", in: site, limits: limits, ["dayone.json: error: entry 2: `text` is longer than the 100 bytes a field of an export may be"])
        site.write("jrnl.json", #"{"entries": [{"date": "2020-08-30", "time": "09:00", "body": "", "tags": ["\#(long)"]}]}"#)
        expectRefused("jrnl.json", in: site, limits: limits, ["jrnl.json: error: entry 1: `tags[1]` is longer than the 100 bytes a field of an export may be"], app: .jrnl)
        site.write("journal.txt", "[2020-08-29 11:11] Short.\n\n[2020-08-30 09:00] Long\n\(long)\n")
        expectRefused("journal.txt", in: site, limits: limits, ["journal.txt:3: error: this entry is longer than the 100 bytes a field of an export may be"], app: .jrnl)
        site.write("daylio.csv", "full_date,date,weekday,time,mood,activities,note\n2020-08-30,,,21:00,good,,short\n2020-08-31,,,21:00,good,,\"\(long)\"\n")
        expectRefused("daylio.csv", in: site, limits: limits, ["daylio.csv:3: error: a field of the row that starts on this line is longer than the 100 bytes a field of an export may be"], app: .daylio)
        expectRefused("daylio.csv", in: site, limits: ExportLimits(fileBytes: 200), ["daylio.csv: error: this file is 3"], app: .daylio)
    }
}

/// Makes the .zip at `url` say that its member `name` unpacks to 10 bytes, in its central
/// directory and its local header, as a crafted zip would to slip past a check of sizes.
func lie(aboutSizeOf name: String, in url: URL) throws {
    var bytes = [UInt8](try Data(contentsOf: url))
    let nameBytes = Array(name.utf8)
    // The signature of each header, and where its uncompressed size and its name are.
    for (signature, sizeAt, nameAt) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22, 30), ([0x50, 0x4B, 0x01, 0x02], 24, 46)] {
        for start in 0..<(bytes.count - nameAt - nameBytes.count)
        where Array(bytes[start..<start + 4]) == signature && Array(bytes[start + nameAt..<start + nameAt + nameBytes.count]) == nameBytes {
            bytes.replaceSubrange(start + sizeAt..<start + sizeAt + 4, with: [10, 0, 0, 0])
        }
    }
    try Data(bytes).write(to: url)
}
