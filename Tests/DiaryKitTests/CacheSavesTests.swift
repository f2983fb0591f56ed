// Sources/DiaryKit/Cache/: what the cache saves and reads back (full saves and their
// changes, damaged and forgotten files), and the Fingerprint values it keeps from one run
// to the next.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

extension BuildCacheTests {
    /// A cache file is read into memory when small and mapped when large: both hold the
    /// file's bytes; an empty or missing file is none.
    @Test func aCacheFileIsReadWholeSmallOrLarge() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [1, 4096, WholeFile.mappedFrom - 1, WholeFile.mappedFrom, WholeFile.mappedFrom + 4097] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            let path = folder.appending(path: "\(size)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let file = try #require(WholeFile(path: path))
            #expect(Array(file.bytes) == bytes, "\(size) bytes")
        }
        try Data().write(to: folder.appending(path: "empty"))
        #expect(WholeFile(path: folder.appending(path: "empty").path) == nil && WholeFile(path: folder.appending(path: "none").path) == nil)
    }

    /// A checked file may be written over where it lies by another build while this one
    /// reads it: what was checked is what is read, however large the file.
    @Test func aCheckedFileWrittenOverWhileReadIsReadAsChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "months").path
        var first = CacheArchive.Writer(), second = CacheArchive.Writer()
        first.bytes = [UInt8](repeating: 1, count: WholeFile.mappedFrom + 4096)
        second.bytes = [UInt8](repeating: 2, count: WholeFile.mappedFrom + 4096)
        try FileWriting.writeInPlace(first.checked(), to: path)
        var reader = try #require(CacheArchive.Reader(checkedPath: path))
        try FileWriting.writeInPlace(second.checked(), to: path)
        #expect(Array(try reader.raw(first.bytes.count)) == first.bytes)
        #expect(CacheArchive.Reader(checkedPath: path).map { Array($0.rest) } == second.bytes)
    }

    @Test func aFewChangedEntriesAreSavedAsChangesThenInFull() throws {
        let site = trickyDiary()
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let changes = cache.appending(path: "entries-changes").path
        try buildAndCompare(site, "first build")
        #expect(!FileManager.default.fileExists(atPath: changes))
        site.entry("2025/04/2025-04-06.md", mood: "great", body: "Changed once.")
        try buildAndCompare(site, "one entry changed")
        #expect(FileManager.default.fileExists(atPath: changes))
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/04/2025-04-07.md"))
        site.entry("2025/04/2025-04-06.md", mood: "bad", body: "Changed twice.")
        try buildAndCompare(site, "changed again, and one removed")
        let folder = SiteFolder(site.folder)
        let stored = BuildCache(site: folder).loadEntries(parser: try SiteBuild.settings(site: folder).parser)
        #expect(stored.records["2025/04/2025-04-07.md"] == nil)
        #expect(stored.records["2025/04/2025-04-06.md"]?.metadata.mood?.id == "bad")
        // The changes are written over the file where it lies: one written halfway (a byte of
        // an older one left) is refused whole, and the entries are read again.
        var written = try Data(contentsOf: URL(fileURLWithPath: changes))
        written[written.count - 2] ^= 0x55
        try written.write(to: URL(fileURLWithPath: changes))
        let refused = BuildCache(site: folder).loadEntries(parser: try SiteBuild.settings(site: folder).parser)
        #expect(refused.changes.isEmpty && refused.records["2025/04/2025-04-07.md"] != nil)
        try buildAndCompare(site, "after the changes were written halfway")
        // Changes never apply to a full save they were not made after.
        try FileManager.default.removeItem(at: cache.appending(path: "entries"))
        site.entry("2025/04/2025-04-05.md", mood: "good", body: "Changed after the full save was lost.")
        try buildAndCompare(site, "without the full save")
        #expect(!FileManager.default.fileExists(atPath: changes))
        try buildAndCompare(site, "once more")
    }

    /// The search index's 64 parts take new inputs at every edit of words, so only a site of
    /// thousands of pages saves an edit as changes: its records are remembered here directly.
    @Test func aFewPagesMadeAreSavedAsChangesThenInFull() throws {
        let site = TestSite()
        let output = site.output
        let cache = BuildCache(site: SiteFolder(site.folder))
        let cacheFolder = site.folder.appending(path: SiteFolder.cacheName)
        let named = { (prefix: String) in try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasPrefix(prefix) } }
        var paths = (0..<200).map { "\($0)/index.html" }
        var inputs: [String: Fingerprint] = [:]
        /// Writes `made` from new inputs, leaves the other pages as they are, and remembers them all.
        func build(making made: [String]) throws {
            let stored = cache.loadPages(output: output)
            var written = SiteWriter.WrittenFiles()
            for path in made {
                inputs[path] = Fingerprint(value: (inputs[path]?.value ?? 0) + 1)
                let file = output.appending(path: path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("made from \(inputs[path]!.value)".utf8).write(to: file)
                written.pages[path] = FileStamp(path: file.path)
            }
            let pages = paths.compactMap { path in
                BuildCache.MadePage(OutputFile(path: path, contents: made.contains(path) ? .text("") : .current, inputs: inputs[path]))
            }
            try cache.rememberPages(pages, written: written, stored: stored, output: output)
        }
        func expectRecordsFollowTheBuilds(_ step: String) {
            let stored = cache.loadPages(output: output)
            #expect(stored.current.mapValues(\.inputs) == inputs.filter { paths.contains($0.key) }, "\(step): every page's inputs")
            #expect(stored.stale.isEmpty, "\(step)")
        }

        try build(making: paths)
        let full = try #require(try named("pages-").first)
        let changes = "page-changes-" + full.dropFirst("pages-".count)
        #expect(try named("page-changes-").isEmpty)
        let saved = try Data(contentsOf: cacheFolder.appending(path: full))
        expectRecordsFollowTheBuilds("first build")

        try build(making: ["3/index.html", "150/index.html"])
        #expect(try named("page-changes-") == [changes])
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) == saved, "the full save is left as it was")
        expectRecordsFollowTheBuilds("two pages made again")

        let gone = paths.removeLast()
        try build(making: ["3/index.html"])
        #expect(cache.loadPages(output: output).changes[gone] == .some(nil), "a page no longer made is recorded as gone")
        expectRecordsFollowTheBuilds("a page gone")

        // A page changed by hand is not current, and is current again once made again.
        try Data("by hand".utf8).write(to: output.appending(path: "7/index.html"))
        #expect(cache.loadPages(output: output).stale == ["7/index.html"])
        try build(making: ["7/index.html"])
        expectRecordsFollowTheBuilds("a page changed by hand made again")
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) == saved)

        // More changes than the site's twentieth and 64: saved in full, and the changes go.
        try build(making: Array(paths[10..<80]))
        #expect(try named("page-changes-").isEmpty)
        #expect(try Data(contentsOf: cacheFolder.appending(path: full)) != saved)
        expectRecordsFollowTheBuilds("many pages made again")

        // Changes never apply to a full save they were not made after.
        try build(making: ["5/index.html"])
        #expect(try named("page-changes-") == [changes])
        try FileManager.default.removeItem(at: cacheFolder.appending(path: full))
        #expect(cache.loadPages(output: output).current.isEmpty)
        try build(making: paths)
        #expect(try named("page-changes-").isEmpty)
        expectRecordsFollowTheBuilds("without the full save")
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let site = trickyDiary()
        try buildAndCompare(site, "first build")
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let files = TestSite.files(in: cache).filter { !$0.hasPrefix("photos/") || $0 == "photos/records" }
        for name in files {
            let file = cache.appending(path: name)
            let bytes = try Data(contentsOf: file)
            // Cut in half, past the header: records that end in the middle.
            try bytes.prefix(bytes.count / 2).write(to: file)
        }
        site.entry("2025/04/2025-04-06.md", mood: "great")
        try buildAndCompare(site, "after the cache was damaged")
        for name in files {
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: cache.appending(path: name))
        }
        try buildAndCompare(site, "after the cache was filled with noise")
    }

    @Test func theCacheForgetsOutputFoldersThatAreGone() throws {
        let site = trickyDiary()
        let today = CivilDate(argument: "2025-11-23")
        let elsewhere = site.folder.appending(path: "elsewhere")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, output: elsewhere, today: today))
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        let cache = site.folder.appending(path: SiteFolder.cacheName)
        let pagesFiles = { try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("pages-") } }
        #expect(try pagesFiles().count == 2)
        try FileManager.default.removeItem(at: elsewhere)
        site.entry("2025/04/2025-04-06.md", mood: "great")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        #expect(try pagesFiles().count == 1)
        // One left by a diarygen that named it by another hash of the same folder goes too.
        let current = try #require(try pagesFiles().first)
        try FileManager.default.copyItem(at: cache.appending(path: current), to: cache.appending(path: "pages-0123abcd"))
        site.entry("2025/04/2025-04-07.md", mood: "good")
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: today))
        #expect(try pagesFiles() == [current])
    }

    @Test func withoutTheCacheNothingIsKept() throws {
        let site = trickyDiary()
        _ = try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: CivilDate(argument: "2025-11-23"), useCache: false))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: SiteFolder.cacheName).path))
    }
}

/// The build cache keeps fingerprints from one run to the next, so their values are
/// pinned. The expected numbers come from Python's `xxhash` package (its own copy of
/// xxHash, not Debian's library): `xxhash.xxh3_64_intdigest(data, seed=...)`.
@Suite struct FingerprintTests {
    func fingerprint(_ bytes: [UInt8]) -> Fingerprint {
        bytes.withUnsafeBytes { Fingerprint($0) }
    }

    @Test func oneRunOfBytesIsItsXXH3() {
        #expect(Fingerprint().value == 0)
        #expect(fingerprint([]).value == 0x2d06_8005_38d3_94c2)
        #expect(fingerprint(Array("abc".utf8)).value == 0x78af_5f94_892f_3950)
        // Longer than 240 bytes, where XXH3 takes another path.
        let long = [UInt8]((0..<1024).map { UInt8($0 % 256) })
        #expect(fingerprint(long).value == 0xa870_f929_8439_8d22)
    }

    @Test func eachPieceIsHashedWithTheValueSoFarAsSeed() {
        var number = Fingerprint()
        number.add(1)
        // xxh3_64_intdigest((1).to_bytes(8, "little"), seed=0)
        #expect(number.value == 0x2fbc_5935_64db_792e)
        number.add(2)
        // xxh3_64_intdigest((2).to_bytes(8, "little"), seed=0x2fbc593564db792e)
        #expect(number.value == 0xc552_6e54_81d0_3c88)

        // A string is its length, then its UTF-8: 3 seeded by 0, then "abc" seeded by that.
        var text = Fingerprint()
        text.add("abc")
        #expect(text.value == 0x076d_0876_15a0_59f9)

        var long = fingerprint(Array("abc".utf8))
        [UInt8]((0..<1024).map { UInt8($0 % 256) }).withUnsafeBytes { long.add($0) }
        #expect(long.value == 0xd1b3_a4f0_d379_de65)
    }

    /// A number is hashed without the bytes' general path; it must give what that path gives.
    @Test func aNumberIsHashedAsItsEightBytesAre() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt64] = [0, 1, UInt64(UInt32.max), UInt64(UInt32.max) + 1, .max, 0x8000_0000_0000_0000]
        let randoms = (0..<2000).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
        for (seed, number) in zip(edges + randoms, edges.reversed() + randoms.reversed()) {
            var asNumber = Fingerprint(value: seed)
            asNumber.add(number)
            var asBytes = Fingerprint(value: seed)
            withUnsafeBytes(of: number.littleEndian) { asBytes.add($0) }
            #expect(asNumber == asBytes, "seed \(seed), number \(number)")
        }
    }

    @Test func theSameTextSplitOtherwiseDiffers() {
        func strings(_ pieces: String...) -> UInt64 {
            var fingerprint = Fingerprint()
            pieces.forEach { fingerprint.add($0) }
            return fingerprint.value
        }
        #expect(strings("ab", "c") != strings("a", "bc"))
        #expect(strings("abc", "") != strings("", "abc"))
        #expect(strings("abc") != strings("abc", ""))
        #expect(strings("ab", "c") == strings("ab", "c"))
    }
}
