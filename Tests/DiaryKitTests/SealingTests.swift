// Sources/DiaryKit/Sealing/: the keys (PBKDF2, then HKDF per use), seal.json, each
// file's sealing (AES-256-GCM with an HMAC nonce, its path bound, its size padded), and
// a sealed build through the library (incremental, refused where it would do harm).
import Crypto
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct SealingTests {
    static let passphrase = "correct horse battery staple"
    // Made once: each one is 600,000 rounds of PBKDF2.
    static let key = SealKey(newSiteWith: passphrase)

    @Test func onlyThePassphraseOpensTheRecordWhateverItsNormalization() throws {
        let record = try #require(SealRecord(json: Self.key.record.json))
        #expect(record == Self.key.record)
        #expect(record.iterations == 600_000 && record.salt.count == 16)
        #expect(SealKey(passphrase: Self.passphrase, record: record) != nil)
        #expect(SealKey(passphrase: Self.passphrase + " ", record: record) == nil)
        // 한글 typed as syllables (NFC) and as jamo (NFD) is one passphrase.
        let korean = SealKey(newSiteWith: "봄날의 산책 일기장")
        #expect(SealKey(passphrase: "봄날의 산책 일기장".decomposedStringWithCanonicalMapping, record: korean.record) != nil)
    }

    @Test func aRecordThisDiarygenCannotUseIsRefused() {
        let json = String(decoding: Self.key.record.json, as: UTF8.self)
        #expect(SealRecord(json: Array(json.replacingOccurrences(of: "600000", with: "1000").utf8)) == nil)
        #expect(SealRecord(json: Array(json.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2").utf8)) == nil)
        #expect(SealRecord(json: Array("{}".utf8)) == nil)
        #expect(SealRecord(json: Array(json.dropLast(5).utf8)) == nil)
    }

    @Test func aFileSealsToTheSameBytesAndOpensOnlyAtItsPath() throws {
        let sealed = SealedSite(key: Self.key)
        let page = Array("<p>Privatemarker</p>".utf8)
        let once = page.withUnsafeBytes { sealed.seal($0, path: "2025/03/03/index.html") }
        let again = page.withUnsafeBytes { sealed.seal($0, path: "2025/03/03/index.html") }
        #expect(once == again)
        // Another path, another nonce: the same bytes never share one.
        let elsewhere = page.withUnsafeBytes { sealed.seal($0, path: "2025/03/04/index.html") }
        #expect(once.prefix(12) != elsewhere.prefix(12))
        let changed = Array("<p>Privatemarker.</p>".utf8).withUnsafeBytes { sealed.seal($0, path: "2025/03/03/index.html") }
        #expect(once.prefix(12) != changed.prefix(12))
        // nonce · ciphertext of the padded bytes · tag.
        #expect(once.count == 12 + SealedSite.bucket(page.count + 1) + 16)
        let box = try AES.GCM.SealedBox(combined: once)
        let opened = try AES.GCM.open(box, using: Self.key.content, authenticating: Array("2025/03/03/index.html".utf8))
        #expect(Array(opened.prefix(page.count)) == page)
        #expect(opened[page.count] == 0x80 && opened.dropFirst(page.count + 1).allSatisfy { $0 == 0 })
        // Moved by the host to another page's name, it does not open.
        #expect(throws: (any Error).self) {
            try AES.GCM.open(box, using: Self.key.content, authenticating: Array("2025/03/04/index.html".utf8))
        }
        var flipped = once
        flipped[20] ^= 1
        #expect(throws: (any Error).self) {
            try AES.GCM.open(AES.GCM.SealedBox(combined: flipped), using: Self.key.content, authenticating: Array("2025/03/03/index.html".utf8))
        }
    }

    @Test func namesSayNothingOfThePath() {
        let sealed = SealedSite(key: Self.key)
        let name = sealed.sealedPath(of: "2025/03/03/index.html")
        #expect(name.count == 2 + 2 + 1 + 30 && name.hasPrefix("s/") && name.dropFirst(4).hasPrefix("/"))
        #expect(name.dropFirst(2).filter { $0 != "/" }.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(name == sealed.sealedPath(of: "2025/03/03/index.html"))
        #expect(name != sealed.sealedPath(of: "2025/03/04/index.html"))
        #expect(name != SealedSite(key: SealKey(newSiteWith: Self.passphrase)).sealedPath(of: "2025/03/03/index.html"))
    }

    @Test func sizesArePaddedToPadméBuckets() {
        #expect(SealedSite.bucket(0) == 256)
        #expect(SealedSite.bucket(256) == 256)
        #expect(SealedSite.bucket(257) == 272)
        #expect(SealedSite.bucket(1000) == 1024)
        #expect(SealedSite.bucket(9_000) == 9_216)
        var buckets: Set<Int> = []
        for length in stride(from: 1, through: 2_000_000, by: 997) {
            let bucket = SealedSite.bucket(length)
            #expect(bucket >= length && bucket == SealedSite.bucket(bucket))
            // At most 12% more than the file, past the smallest bucket.
            if length > 256 { #expect(Double(bucket) <= Double(length) * 1.12) }
            buckets.insert(bucket)
        }
        // Two thousand lengths fall into about a tenth as many sizes.
        #expect(buckets.count < 250)
    }
}

@Suite struct SealedBuildTests {
    func sealedBuild(_ site: TestSite, key: SealKey = SealingTests.key) throws -> SiteBuild.Report {
        var options = SiteBuild.Options(siteFolder: site.folder, output: site.folder.appending(path: "sealed"), today: CivilDate(argument: "2025-11-23"))
        options.seal = DerivingSealKey { key }
        return try SiteBuild.run(options)
    }

    @Test func aSealedRebuildFindsItsPagesCurrentUnderTheirSealedNames() throws {
        let site = trickyDiary()
        let first = try sealedBuild(site)
        #expect(first.files.written > 50)
        let sealed = site.folder.appending(path: "sealed")
        let files = TestSite.files(in: sealed)
        #expect(Set(files.filter { !$0.hasPrefix("s/") }) == ["index.html", "reader.js", "robots.txt", "seal.json", ".diarygen-manifest"])
        let before = try snapshot(sealed)
        let again = try sealedBuild(site)
        #expect(again.files.written == 0)
        #expect(try snapshot(sealed) == before)
        // Only the pages an edit touches are made again: far fewer than the site.
        site.entry("2024/12/late.md", date: "2024-12-31T23:59:59+09:00", mood: "great", title: "Last minute", body: "Other words.")
        let edited = try sealedBuild(site)
        #expect(edited.files.written > 0 && edited.files.written < first.files.written / 4)
    }

    @Test func aBuildThatIsNotSealedIsRefusedASealedFolder() throws {
        let site = trickyDiary()
        try sealedBuild(site)
        let plain = SiteBuild.Options(siteFolder: site.folder, output: site.folder.appending(path: "sealed"), today: CivilDate(argument: "2025-11-23"))
        #expect(throws: OutputFolder.Refused.self) { try SiteBuild.run(plain) }
        // …and a sealed build a folder holding a plain site.
        try site.build()
        #expect(throws: OutputFolder.Refused.self) { try SealRecord.read(in: site.output) }
        #expect(try SealRecord.read(in: site.folder.appending(path: "nothing-yet")) == nil)
        site.write("sealed/seal.json", "{\"format\": \"diarygen-sealed\"}")
        #expect(throws: OutputFolder.Refused.self) { try SealRecord.read(in: site.folder.appending(path: "sealed")) }
    }
}
