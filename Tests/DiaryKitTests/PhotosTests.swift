// Sources/DiaryKit/Photos/: the files made from photos, read back with exiftool and
// libvips; what the public site holds of them; bad images; the cache.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct PhotosTests {
    /// Every name and value planted in the fixtures' metadata.
    static let planted = ["Planted", "PLANTED", "48 deg", "48.858", "2.294"]

    /// A diary whose public entry shows a sideways JPEG with GPS, a HEIC, a screenshot and
    /// an animation; whose private entry shows `privatephoto.jpg`; and whose mood-only
    /// entry shows `moodonlyphoto.heic`.
    func photoDiary() -> TestSite {
        let site = TestSite()
        site.write("diarygen.yml", "title: Photos\n")
        site.write("content/2025/06/2025-06-01.md", """
        ---
        mood: great
        public: true
        title: "Beach day"
        ---
        A walk.

        ![The bay at dusk](bay.jpg)
        ![A shell](shell.heic)
        ![The map app](map.png) ![Waves](waves.gif)

        The [original](bay.jpg).
        """)
        site.write("content/2025/06/bay.jpg", fixturePhoto("sideways-gps.jpg"))
        site.write("content/2025/06/shell.heic", fixturePhoto("gps.heic"))
        site.write("content/2025/06/map.png", fixturePhoto("screenshot.png"))
        site.write("content/2025/06/waves.gif", fixturePhoto("animated.gif"))
        site.write("content/2025/06/2025-06-02.md", "---\nmood: bad\nprivate: true\n---\n![Secretplace](privatephoto.jpg)\n")
        site.write("content/2025/06/privatephoto.jpg", fixturePhoto("sideways-gps.jpg") + Data("privatebytes".utf8))
        site.write("content/2025/06/2025-06-03.md", "---\nmood: okay\n---\n![Moodonly](moodonlyphoto.heic)\n")
        site.write("content/2025/06/moodonlyphoto.heic", fixturePhoto("gps.heic") + Data("moodonlybytes".utf8))
        return site
    }

    @discardableResult
    func build(_ site: TestSite, _ audience: Audience = .author) throws -> SiteBuild.Report {
        try SiteBuild.run(SiteBuild.Options(siteFolder: site.folder, today: CivilDate(argument: "2025-06-30"), audience: audience))
    }

    func images(in folder: URL) -> [String] {
        TestSite.files(in: folder).filter { Photo.isPhoto($0) }
    }

    /// What exiftool reads of a file, every group, as `-G1 -s` lists it.
    func exiftool(_ path: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/exiftool")
        process.arguments = ["-a", "-G1", "-s", "-u", path.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    func header(_ url: URL) throws -> ImageCodec.Header {
        try ImageCodec.header(Array(try Data(contentsOf: url))).get()
    }

    @Test func noMadeImageKeepsWhereOrWithWhatItWasTaken() throws {
        let site = photoDiary()
        try build(site)
        try build(site, .world)
        for folder in [site.output, site.folder.appending(path: "public")] {
            let made = images(in: folder).filter { $0.contains(#/\.[0-9a-f]{8}-\d+\.(webp|jpg|png|gif)$/#) }
            #expect(made.count >= 7)
            for path in made {
                let tags = try exiftool(folder.appending(path: path))
                for group in ["[GPS]", "[IFD0]", "[ExifIFD]", "[XMP", "[IPTC]", "Comment"] {
                    #expect(!tags.contains(group), "\(path) keeps \(group): \(tags)")
                }
                let bytes = String(decoding: try Data(contentsOf: folder.appending(path: path)), as: UTF8.self)
                for word in PhotosTests.planted { #expect(!bytes.contains(word), "\(path) holds \(word)") }
            }
        }
    }

    @Test func photosAreUprightSizedAndMarkedUp() throws {
        let site = photoDiary()
        try build(site)
        let html = try #require(site.read("2025/06/01/index.html"))
        // Stored 640 × 480 on its side: upright it is 480 wide and 640 tall, and never upscaled.
        let bay = images(in: site.output).filter { $0.hasPrefix("media/2025/06/bay.") && $0 != "media/2025/06/bay.jpg" }.sorted()
        #expect(bay.count == 2, "\(bay)") // 480 WebP and the 480 JPEG for old browsers
        for path in bay {
            let made = try header(site.output.appending(path: path))
            #expect(made.width == 480 && made.height == 640, "\(path): \(made)")
        }
        #expect(html.contains("<source type=\"image/webp\" srcset=\"../../../media/2025/06/bay."))
        #expect(html.contains("alt=\"The bay at dusk\" width=\"480\" height=\"640\" loading=\"lazy\" decoding=\"async\">"))
        // The author's site keeps the original, and links it.
        #expect(site.exists("media/2025/06/bay.jpg"))
        #expect(html.contains("<a class=\"photo-original\" data-unindexed href=\"../../../media/2025/06/bay.jpg\">Full size</a>"))
        #expect(html.contains("The <a href=\"../../../media/2025/06/bay.jpg\">original</a>"))
        // HEIC is shown from WebP and JPEG; no page points at the .heic but its "full size" link.
        #expect(occurrences(of: "shell.heic\"", in: html) == 1)
        // The screenshot stays lossless: WebP lossless and PNG.
        let map = images(in: site.output).filter { $0.hasPrefix("media/2025/06/map.") && $0.hasSuffix(".png") && $0 != "media/2025/06/map.png" }
        #expect(map.count == 1)
        // The animation keeps its frames.
        let gif = try #require(images(in: site.output).first { $0.hasPrefix("media/2025/06/waves.") && $0 != "media/2025/06/waves.gif" })
        #expect(try header(site.output.appending(path: gif)).pages == 3)
        // Photos written together make a gallery: four frames in one paragraph.
        #expect(occurrences(of: "<span class=\"photo-frame\">", in: html) == 4)
        #expect(html.contains("<p class=\"photo-gallery\"><span class=\"photo-frame\"><picture class=\"photo\"><source type=\"image/webp\" srcset=\"../../../media/2025/06/bay."))
    }

    @Test func thePublicSiteHoldsNoOriginalAndNothingOfOtherEntriesPhotos() throws {
        let site = photoDiary()
        try build(site, .world)
        let output = site.folder.appending(path: "public")
        let files = TestSite.files(in: output)
        for original in ["bay.jpg", "shell.heic", "map.png", "waves.gif"] {
            #expect(!files.contains("media/2025/06/" + original))
        }
        let originals = try ["sideways-gps.jpg", "gps.heic", "screenshot.png", "animated.gif"].map(fixturePhoto)
        for path in files {
            let bytes = try Data(contentsOf: output.appending(path: path))
            #expect(!originals.contains(bytes), "\(path) is an original")
            for word in ["privatephoto", "moodonlyphoto", "Secretplace", "Moodonly", "privatebytes", "moodonlybytes"] {
                #expect(!path.contains(word))
                #expect(!String(decoding: bytes, as: UTF8.self).contains(word), "\(path) holds \(word)")
            }
        }
        let html = try #require(String(data: try Data(contentsOf: output.appending(path: "2025/06/01/index.html")), encoding: .utf8))
        #expect(!html.contains("photo-original"))
        // A plain link leads to the widest file made, not to the original.
        #expect(html.contains("The <a href=\"../../../media/2025/06/bay."))
        // The month's recap shows the public entry's photos only.
        let recap = try #require(String(data: try Data(contentsOf: output.appending(path: "2025/06/recap/index.html")), encoding: .utf8))
        #expect(occurrences(of: "<li><a href=\"../../../2025/06/01/\"><span class=\"photo-frame\"><picture", in: recap) == 4)
    }

    @Test func theAuthorsRecapShowsEveryPhotoOfTheMonthAsThumbnails() throws {
        let site = photoDiary()
        try build(site)
        let recap = try #require(site.read("2025/06/recap/index.html"))
        #expect(recap.contains("The month&#39;s photos"))
        #expect(occurrences(of: "<li><a href=\"../../../2025/06/0", in: recap) == 6, "\(recap)")
        // Thumbnails: no file over 800 px is offered.
        #expect(!recap.contains("960w") && !recap.contains("1600w"))
    }

    @Test func badImagesAreWarnedAboutAtTheirLineAndShownAsTheirDescription() throws {
        let site = TestSite()
        site.write("content/2025/06/2025-06-01.md", """
        ---
        mood: good
        public: true
        ---
        Bad ones.

        ![A cut-off photo](truncated.jpg)
        ![Words in a jpg](words.jpg)
        ![Nothing](empty.png)
        ![Too many pixels](bomb.png)
        ![A chunk too long](overrun.png)
        """)
        site.write("content/2025/06/truncated.jpg", fixturePhoto("truncated.jpg"))
        site.write("content/2025/06/words.jpg", fixturePhoto("not-an-image.jpg"))
        site.write("content/2025/06/empty.png", fixturePhoto("empty.png"))
        site.write("content/2025/06/bomb.png", fixturePhoto("bomb.png"))
        site.write("content/2025/06/overrun.png", fixturePhoto("chunk-overrun.png"))
        let report = try build(site)
        let warnings = report.warnings.filter { $0.path == "content/2025/06/2025-06-01.md" }
        #expect(warnings.map(\.line) == [7, 8, 9, 10, 11], "\(warnings)")
        #expect(warnings[0].message.contains("truncated.jpg") && warnings[0].message.contains("cannot be read"))
        #expect(warnings[1].message.contains("is not an image"))
        #expect(warnings[3].message.contains("400 megapixels"))
        // libpng would have allocated the 1.7 GB the chunk claims before finding it is not there.
        #expect(warnings[4].message.contains("a PNG chunk claims 1702035903 bytes, more than the file holds"), "\(warnings[4])")
        let html = try #require(site.read("2025/06/01/index.html"))
        #expect(html.contains("<span class=\"photo-unreadable\">A cut-off photo</span>"))
        #expect(html.contains("<span class=\"photo-unreadable\">Too many pixels</span>"))
        // The public site publishes none of them.
        try build(site, .world)
        #expect(TestSite.files(in: site.folder.appending(path: "public")).filter { $0.hasPrefix("media/") }.isEmpty)
    }

    @Test func aRebuildMakesNothingAgainAndAChangedOrRemovedPhotoOnlyTouchesItsOwnFiles() throws {
        let site = photoDiary()
        try build(site)
        let made = site.folder.appending(path: ".diarygen-cache/photos")
        let stamps = { Dictionary(uniqueKeysWithValues: TestSite.files(in: made).map { ($0, FileStamp(path: made.appending(path: $0).path)) }) }
        let first = stamps()
        let again = try build(site)
        #expect(again.files.written == 0)
        #expect(stamps() == first, "nothing decoded or encoded again")

        // One photo changed: its files are new, the others untouched, the old ones gone.
        site.write("content/2025/06/map.png", fixturePhoto("animated.gif"))
        try build(site)
        let changed = stamps()
        let kept = first.filter { changed[$0.key] == $0.value }
        #expect(first.count - kept.count == 3, "only map.png's two files and the records changed")
        #expect(images(in: site.output).filter { $0.hasPrefix("media/2025/06/map.") }.count == 2) // the GIF now, and its original

        // One photo removed from the entry and content/: its files leave the site and the cache.
        site.write("content/2025/06/2025-06-03.md", "---\nmood: okay\n---\nNo photo.\n")
        try FileManager.default.removeItem(at: site.folder.appending(path: "content/2025/06/moodonlyphoto.heic"))
        try build(site)
        #expect(!TestSite.files(in: site.output).contains { $0.contains("moodonlyphoto") })
        #expect(TestSite.files(in: made).count < changed.count)
    }

    /// Files with the same bytes share one key: their images are made once, never by
    /// two threads writing the same files.
    @Test func copiesOfOnePhotoAreMadeOnceAndWhole() throws {
        let site = TestSite()
        let names = (1...8).map { "copy-\($0).jpg" }
        site.entry("2025/06/2025-06-01.md", mood: "good", body: names.map { "![A copy](\($0))" }.joined(separator: "\n"))
        for name in names { site.write("content/2025/06/" + name, fixturePhoto("sideways-gps.jpg")) }
        try build(site)
        #expect(TestSite.files(in: site.folder.appending(path: ".diarygen-cache/photos")).filter { $0 != "records" }.count == 2)
        let made = images(in: site.output).filter { $0.contains("copy-") && !$0.hasSuffix(".jpg") || $0.contains("-480.jpg") }
        #expect(made.count == 16)
        let bytes = Set(try made.filter { $0.hasSuffix(".webp") }.map { try Data(contentsOf: site.output.appending(path: $0)) })
        #expect(bytes.count == 1)
        for path in made { #expect(try header(site.output.appending(path: path)).width == 480) }
    }

    @Test func photoSettingsAreReadAndChecked() throws {
        let site = TestSite()
        site.write("diarygen.yml", "photos: {widths: [320, 640], quality: 70, originals: false}\n")
        let config = try SiteConfig.load(from: SiteFolder(site.folder))
        #expect(config.photos.widths == [320, 640] && config.photos.quality == 70 && !config.photos.linksOriginals)
        site.write("diarygen.yml", "photos:\n  widths: [3000]\n  quality: 0\n  size: big\n")
        #expect {
            try SiteConfig.load(from: SiteFolder(site.folder))
        } throws: { error in
            let lines = (error as? DiagnosticsError)?.diagnostics.compactMap(\.line) ?? []
            return lines == [2, 3, 4]
        }
    }

    @Test func webPMetadataChunksAreRemoved() {
        // RIFF, a VP8X header with the EXIF flag, an EXIF chunk, and image data.
        func chunk(_ name: String, _ payload: [UInt8]) -> [UInt8] {
            Array(name.utf8) + [UInt8(payload.count), 0, 0, 0] + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let body = Array("WEBP".utf8) + chunk("VP8X", [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + chunk("EXIF", Array("Planted".utf8)) + chunk("VP8 ", [1, 2, 3, 4])
        let file = Array("RIFF".utf8) + [UInt8(body.count), 0, 0, 0] + body
        let stripped = WebPChunks.removingMetadata(file)
        #expect(!String(decoding: stripped, as: UTF8.self).contains("Planted"))
        #expect(stripped[20] == 0, "the EXIF flag is cleared")
        #expect(Int(stripped[4]) == stripped.count - 8)
    }
}
