// The sealed site as its host and its reader see it: `build --sealed` run as a person
// would (the passphrase from DIARYGEN_PASSPHRASE), every byte and name of the folder
// searched for the diary's words, and the site opened in headless Chromium
// (scripts/check-sealed): unlocked, walked through, deep-linked, altered, locked.
import DiaryKit
import Foundation
import Testing
import TestFixtures

@Suite struct SealedSiteTests {
    static let passphrase = "correct horse battery staple"

    struct Seen: Decodable {
        struct Image: Decodable {
            let alt: String
            let blob: Bool
            let shown: Bool
        }
        let step: String
        let address: String
        let title: String
        let text: String
        let images: [Image]
        let message: String?
        let lock: Bool
        let ms: Double
        let errors: [String]
        /// axe-core's serious and critical violations, for an `axe` step.
        let violations: [String]?
    }

    static func sealedBuild(_ site: TestSite, passphrase: String = passphrase, _ more: [String] = []) throws -> DiarygenCommand.Result {
        try DiarygenCommand.run(["build", "--sealed", "--today", "2025-11-23"] + more, in: site.folder,
                                environment: ["DIARYGEN_PASSPHRASE": passphrase])
    }

    static func read(_ sealed: URL, _ steps: [String]) throws -> [Seen] {
        try chromiumLines("check-sealed", [sealed.path] + steps, as: Seen.self)
    }

    @Test func theHostLearnsNoWordTitleTagMoodDateOrPhoto() throws {
        let site = visibilityDiary()
        let build = try Self.sealedBuild(site)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("If you lose it, nothing and no one can read the sealed copy"))
        let sealed = site.folder.appending(path: "sealed")
        let files = try snapshot(sealed)
        // In plain sight: the reader, its page, the salt, robots.txt and the writer's list of names.
        #expect(Set(files.keys.filter { !$0.hasPrefix("s/") }) == ["index.html", "reader.js", "robots.txt", "seal.json", ".diarygen-manifest"])
        #expect(files.keys.filter { $0.hasPrefix("s/") }.allSatisfy { name in
            name.count == 35 && name.split(separator: "/").map(\.count) == [1, 2, 30] && name.dropFirst(2).filter { $0 != "/" }.allSatisfy(\.isHexDigit)
        })
        // The salt and the check are random: a short word could turn up in them by chance.
        let record = try #require(SealRecord(json: Array(files["seal.json"]!)))
        var searched = files
        searched["seal.json"] = Data(String(decoding: files["seal.json"]!, as: UTF8.self)
            .replacingOccurrences(of: Data(record.salt).base64EncodedString(), with: "")
            .replacingOccurrences(of: Data(record.check).base64EncodedString(), with: "").utf8)
        // Every word the diary holds that is long enough not to turn up in random bytes
        // (one of 8 bytes is expected once in 2^64 / 2.4 MB): texts, titles, tags, file and
        // photo names, the site's title and address, moods, dates as pages write them.
        let planted = ["Openmarker", "Defaultmarker", "Privatemarker", "opentag", "defaulttag", "privatetag",
                       "openfilename", "defaultfilename", "privatefilename", "openpicture", "defaultpicture", "privatepicture",
                       "unreferencedpicture", "Public test", "example.org", "Great", "Awful", "2025-03-01", "2025-03-02", "2025-03-03",
                       "2025-04-10", "2025/03", "2025/04", "March 2025", "March 1", "site-header", "<svg", "mood-great"]
        for word in planted {
            let bytes = Data(word.utf8)
            #expect(!searched.contains { $0.value.range(of: bytes) != nil }, "\(word) is in the sealed folder")
            #expect(!searched.keys.contains { $0.localizedCaseInsensitiveContains(word) }, "\(word) is in a file name")
        }
        // Every sealed file is a nonce, a padded size's ciphertext and a tag: sizes fall into buckets.
        let sizes = Set(files.filter { $0.key.hasPrefix("s/") }.map(\.value.count))
        #expect(sizes.count < files.count / 2)
    }

    @Test func aRebuildChangesNoByteAndAnEditOnlyTheFilesItTouches() throws {
        let site = visibilityDiary()
        try #require(try Self.sealedBuild(site).status == 0)
        let sealed = site.folder.appending(path: "sealed")
        let first = try snapshot(sealed)
        let again = try Self.sealedBuild(site)
        #expect(again.stdout.contains("(0 written"), "\(again.stdout)")
        #expect(try snapshot(sealed) == first)
        site.write("content/2025/03/2025-03-02-defaultfilename.md", "---\nmood: bad\ntitle: \"Defaultmarker title\"\ntags: [defaulttag]\n---\nOther words.\n")
        try #require(try Self.sealedBuild(site).status == 0)
        let edited = try snapshot(sealed)
        let changed = Set(edited.keys.filter { edited[$0] != first[$0] }).union(first.keys.filter { edited[$0] == nil })
        #expect(!changed.isEmpty && changed.count * 5 < first.count, "\(changed.count) of \(first.count) files changed")
        #expect(changed.allSatisfy { $0.hasPrefix("s/") })
        // The same as sealing the edited diary from scratch.
        try #require(try Self.sealedBuild(site, ["--no-cache"]).status == 0)
        #expect(try snapshot(sealed) == edited)
    }

    @Test func anotherPassphraseOrAPlainBuildLeavesTheSealedSiteAlone() throws {
        let site = visibilityDiary()
        try #require(try Self.sealedBuild(site).status == 0)
        let sealed = site.folder.appending(path: "sealed")
        let first = try snapshot(sealed)
        let wrong = try Self.sealedBuild(site, passphrase: "another passphrase entirely")
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("was sealed with another one. Nothing was written."), "\(wrong.stderr)")
        let plain = try DiarygenCommand.run(["build", "--output", "sealed"], in: site.folder)
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("it holds a sealed site"), "\(plain.stderr)")
        #expect(try snapshot(sealed) == first)
        let short = try DiarygenCommand.run(["build", "--sealed", "--output", "other"], in: site.folder, environment: ["DIARYGEN_PASSPHRASE": "short"])
        #expect(short.status != 0 && short.stderr.contains("too short"))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appending(path: "other").path))
    }

    @Test func publishingSealedMirrorsTheSealedFolderAndTheSecondTimeSendsNothing() throws {
        let site = visibilityDiary()
        let host = site.folder.appending(path: "host/www")
        let environment = ["DIARYGEN_PASSPHRASE": Self.passphrase]
        let first = try DiarygenCommand.run(["publish", "--sealed", "--to", host.path], in: site.folder, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        var published = try snapshot(host)
        var built = try snapshot(site.folder.appending(path: "sealed"))
        built[SiteWriter.manifestName] = nil
        #expect(published.removeValue(forKey: Publisher.markerName) != nil)
        #expect(published == built && published["seal.json"] != nil && published.keys.contains { $0.hasPrefix("s/") })
        let second = try DiarygenCommand.run(["publish", "--sealed", "--to", host.path], in: site.folder, environment: environment)
        #expect(second.stdout.hasSuffix("0 files uploaded, 0 deleted, on \(host.path).\n"), "\(second.stdout)")
        // `publish` without --sealed would put a site anyone can read in its place.
        let plain = try DiarygenCommand.run(["publish", "--to", host.path], in: site.folder)
        #expect(plain.status != 0 && plain.stderr.contains("holds a sealed site"), "\(plain.stderr)")
        #expect(try snapshot(host).keys.contains("seal.json"))
    }

    @Test func theDiaryIsReadInChromiumWithItsPassphraseOnly() throws {
        let site = visibilityDiary()
        try #require(try Self.sealedBuild(site).status == 0)
        let sealed = site.folder.appending(path: "sealed")
        let seen = try Self.read(sealed, [
            "unlock:not the passphrase", "unlock:\(Self.passphrase)", "click:2025/", "click:2025/03/", "click:2025/03/03/",
            "click:2025/03/recap/", "click:insights/", "click:search/", "search:privatemarker", "click:2025/03/03/",
            "open:/2025/03/03/", "unlock:\(Self.passphrase)", "lock", "axe",
            "remember:\(Self.passphrase)", "axe", "open:/2025/03/", "lock", "open:/2025/03/",
        ])
        try #require(seen.count == 19)
        #expect(seen.allSatisfy { $0.errors.isEmpty }, "\(seen.flatMap(\.errors))")
        // A wrong passphrase: the message, and nothing of the diary.
        #expect(seen[0].message == "That passphrase does not open this diary.")
        #expect(!seen[0].text.contains("marker") && !seen[0].lock)
        #expect(seen[1].title.contains("Public test") && seen[1].lock)
        #expect(seen[3].address == "#/2025/03/" && seen[3].text.contains("March 2025"))
        // The private day, its words and its photo, decrypted.
        let day = seen[4]
        #expect(day.address == "#/2025/03/03/" && day.text.contains("Privatemarker body"), "\(day)")
        #expect(day.images.count == 1 && day.images.allSatisfy { $0.blob && $0.shown }, "\(day.images)")
        #expect(seen[5].address == "#/2025/03/recap/" && seen[5].text.contains("March 2025"))
        #expect(seen[6].address == "#/insights/" && seen[6].title.contains("Insights"))
        #expect(seen[8].address == "#/search/?q=privatemarker" && seen[8].text.contains("2 entries found"), "\(seen[8].text)")
        #expect(seen[9].address.hasPrefix("#/2025/03/03/") && seen[9].text.contains("Privatemarker body"), "\(seen[9])")
        // A bookmark or a reload asks again, then shows the day it names.
        #expect(seen[10].text.contains("A sealed diary") && !seen[10].text.contains("marker"))
        #expect(seen[11].address == "#/2025/03/03/" && seen[11].text.contains("Privatemarker body"))
        #expect(seen[12].text.contains("A sealed diary") && !seen[12].text.contains("marker"))
        // The page that asks and a page of the diary, for axe-core, in light and dark mode.
        #expect(seen[13].violations == [] && seen[15].violations == [], "\(seen[13].violations ?? []) \(seen[15].violations ?? [])")
        // Remembered on this device: a fresh load opens without asking, until Lock.
        #expect(seen[16].address == "#/2025/03/" && seen[16].lock && seen[16].text.contains("March 2025"), "\(seen[16])")
        #expect(seen[17].text.contains("A sealed diary") && !seen[17].lock)
        #expect(seen[18].text.contains("A sealed diary") && !seen[18].text.contains("March 2025"))
    }

    @Test func aFileAlteredOnTheHostIsRefused() throws {
        let site = visibilityDiary()
        try #require(try Self.sealedBuild(site).status == 0)
        let sealed = site.folder.appending(path: "sealed")
        let record = try #require(SealRecord(json: Array(try Data(contentsOf: sealed.appending(path: "seal.json")))))
        let key = try #require(SealKey(passphrase: Self.passphrase, record: record))
        let day = sealed.appending(path: SealedSite(key: key).sealedPath(of: "2025/03/03/index.html"))
        var bytes = try Data(contentsOf: day)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: day)
        let seen = try Self.read(sealed, ["open:/2025/03/03/", "unlock:\(Self.passphrase)"])
        let altered = try #require(seen.last)
        #expect(altered.message?.hasPrefix("A file of this site was changed after it was sealed") == true, "\(altered)")
        #expect(!altered.text.contains("marker") && !altered.lock)
    }
}
