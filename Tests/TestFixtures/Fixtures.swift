// The diaries and the site folder both test targets build (DiaryKitTests through the
// library, EndToEndTests through the executable); DiaryKit's public API only.
import Foundation
import DiaryKit

/// A site folder in a fresh temporary directory, for tests that build real sites.
public final class TestSite {
    public let folder: URL

    public init() {
        folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    public var output: URL { folder.appending(path: "site") }

    public func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    public func write(_ path: String, _ data: Data) {
        let url = folder.appending(path: path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
    }

    /// An entry with the usual front-matter.
    public func entry(_ path: String, date: String? = nil, mood: String, title: String? = nil, tags: [String]? = nil, body: String = "Some words.") {
        var text = "---\n"
        if let date { text += "date: \(date)\n" }
        text += "mood: \(mood)\n"
        if let title { text += "title: \"\(title)\"\n" }
        if let tags { text += "tags: [\(tags.joined(separator: ", "))]\n" }
        write("content/" + path, text + "---\n\n" + body + "\n")
    }

    @discardableResult
    public func build(today: String = "2025-11-23") throws -> SiteBuild.Report {
        try SiteBuild.run(SiteBuild.Options(siteFolder: folder, today: CivilDate(argument: today)))
    }

    public func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: output.appending(path: path).path).flatMap { String(data: $0, encoding: .utf8) }
    }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appending(path: path).path) }

    /// Every file of the built site, relative to its folder.
    public func outputFiles() -> [String] { TestSite.files(in: output) }

    /// Every file in `folder`, relative to it, sorted.
    public static func files(in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: base)!
        return walker.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }

    /// One entry a day for `count` days from `first`, each at content/YYYY/YYYY-MM-DD.md;
    /// `text` gives the text of the `index`th.
    public func writeDays(from first: CivilDate, count: Int, _ text: (_ index: Int) -> String) {
        for index in 0..<count {
            let date = first.adding(days: index)
            write("content/\(date.year)/\(date).md", text(index))
        }
    }
}

extension CivilDate {
    public init?(argument: String) {
        guard case .success(let written) = WrittenDate.parse(argument) else { return nil }
        self = written.date
    }

    public static func ymd(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day)! }
}

/// The text between `start` and the next `end`, for picking one element out of a page.
public func slice(_ text: String, from start: String, to end: String) -> String? {
    guard let lower = text.range(of: start) else { return nil }
    guard let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return nil }
    return String(text[lower.lowerBound..<upper.upperBound])
}

public func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// Every file under `folder` with its bytes.
public func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    for path in TestSite.files(in: folder) { files[path] = FileManager.default.contents(atPath: base + "/" + path) }
    return files
}

/// A diary with the inputs that break diaries: leap days, a year boundary, a month
/// of a single mood, two entries on one day, CRLF and BOM files, Korean file names
/// and text, a date only in the file name, emoji and numeric moods, and HTML in a title.
public func trickyDiary() -> TestSite {
    let site = TestSite()
    site.entry("2024/02/2024-02-28.md", mood: "good", tags: ["leap"])
    site.entry("2024/02/2024-02-29.md", mood: "great", title: "Leap day", tags: ["leap"])
    site.entry("2024/03/2024-03-01.md", mood: "okay")
    site.entry("2024/12/late.md", date: "2024-12-31T23:59:59+09:00", mood: "great", title: "Last minute")
    site.entry("2025/01/early.md", date: "2025-01-01T00:00:01-08:00", mood: "good", title: "First second")
    site.entry("2025/01/2025-01-02.md", mood: "🙂")
    site.entry("2025/01/2025-01-03.md", mood: "1", title: "<script>alert(1)</script>", tags: ["<b>"])
    site.entry("2025/01/2025-01-03-evening.md", date: "2025-01-03T21:00", mood: "great", title: "Evening")
    site.entry("2025/01/2025-01-03-morning.md", date: "2025-01-03T08:00", mood: "great", title: "Morning")
    for day in [5, 6, 7] { site.entry("2025/04/2025-04-0\(day).md", mood: "okay") }
    site.write("content/2025/05/2025-05-01.md", Data("\u{FEFF}---\r\nmood: good\r\ntitle: CRLF\r\n---\r\nHello\r\nthere\r\n".utf8))
    site.entry("2025/05/2025-05-02-설날.md", mood: "great", title: "떡국", body: "떡국을 먹었다. ![사진](사진.png)")
    site.write("content/2025/05/사진.png", fixturePhoto("screenshot.png"))
    site.write("content/2025/05/.hidden.md", "not an entry")
    site.write("content/2025/05/2025-05-03.md~", "backup")
    return site
}

/// The tricky diary plus published entries that carry what day pages must survive:
/// HTML in a title and tags, a footnote on a day with several entries, a wide
/// table, a long unbroken word, an image, and a link to an entry that stays private.
public func trickyDiaryWithPublicEntries() -> TestSite {
    let site = trickyDiary()
    site.write("content/2025/01/2025-01-03-public.md", """
    ---
    date: 2025-01-03T23:00
    mood: okay
    public: true
    title: "<em>Public</em> & \\"quoted\\""
    tags: [<i>, "a b", 떡국]
    ---
    A footnote[^1] and a link to [the morning](2025-01-03-morning.md) and [the leap day](../../2024/02/2024-02-29.md).

    | a | very | wide | table | with | many | columns | that | would | not | fit | on | a | phone |
    | - | ---- | ---- | ----- | ---- | ---- | ------- | ---- | ----- | --- | --- | -- | - | ----- |
    | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 |

    Supercalifragilisticexpialidocious-and-then-some-more-words-without-any-space-at-all-to-break-on.

        a code block with a line that is much longer than any phone screen is wide, to see it scroll inside its box

    [^1]: The note.
    """)
    site.write("content/2025/05/2025-05-02-public.md", """
    ---
    date: 2025-05-02T12:00
    mood: good
    public: true
    title: 사진
    ---
    ![사진](사진.png) and a footnote[^1].

    - [x] done
    - [ ] not yet

    [^1]: 각주.
    """)
    site.write("content/2024/02/2024-02-29-public.md", "---\ndate: 2024-02-29T09:00\nmood: good\npublic: true\ntitle: Leap, in public\n---\nPublic.\n")
    return site
}

/// A diary whose private and mood-only entries carry marker words that must never
/// reach the public build, in any file or file name.
public func visibilityDiary() -> TestSite {
    let site = TestSite()
    site.write("diarygen.yml", "title: Public test\nbase_url: https://example.org/me/\n")
    site.write("content/2025/03/2025-03-01-openfilename.md", """
    ---
    mood: great
    public: true
    title: "Openmarker title"
    tags: [opentag]
    ---
    Openmarker body. ![a picture](openpicture.png) and [a mood-only day](2025-03-02-defaultfilename.md).
    """)
    site.write("content/2025/03/openpicture.png", fixturePhoto("screenshot.png"))
    site.write("content/2025/03/2025-03-02-defaultfilename.md", """
    ---
    mood: bad
    title: "Defaultmarker title"
    tags: [defaulttag]
    ---
    Defaultmarker body. ![secret](defaultpicture.png)
    """)
    site.write("content/2025/03/defaultpicture.png", fixturePhoto("screenshot.png"))
    site.write("content/2025/03/2025-03-03-privatefilename.md", """
    ---
    mood: awful
    private: true
    title: "Privatemarker title"
    tags: [privatetag]
    ---
    Privatemarker body. ![secret](privatepicture.png)
    """)
    site.write("content/2025/03/privatepicture.png", fixturePhoto("screenshot.png"))
    site.write("content/2025/03/unreferencedpicture.png", fixturePhoto("screenshot.png"))
    // A month with only a private entry gets no public pages at all.
    site.write("content/2025/04/2025-04-10.md", "---\nmood: good\nprivate: true\ntitle: \"Privatemarker april\"\n---\nPrivatemarker\n")
    return site
}

/// A diary with one of each problem `diarygen check` knows.
public func brokenDiary() -> TestSite {
    let site = TestSite()
    site.entry("2025/01/2025-01-01.md", mood: "good", body: "Fine. ![gone](missing.jpg)")
    site.write("content/2025/01/2025-01-02.md", Data([0x2D, 0x2D, 0x2D, 0x0A, 0xC3, 0x28, 0x0A]))
    site.write("content/2025/01/2025-01-03.md", "")
    site.write("content/2025/01/2025-01-04.md", "mood: good\ntitle: no fences\n")
    site.write("content/2025/01/2025-01-05.md", "---\nmood: good\n")
    site.write("content/2025/01/2025-01-06.md", "---\nmood: good\ntitle: \"unclosed\n---\n")
    site.write("content/2025/01/2025-01-07.md", "---\nmood: good\ntags: {a: 5}\n---\n")
    site.write("content/2025/01/2025-01-08.md", "---\ntitle: no mood\n---\n")
    site.write("content/2025/01/2025-01-12.md", "---\ntitle: empty mood\nmood:\n---\n")
    site.write("content/2025/01/2025-01-09.md", "---\nmood: grate\n---\n")
    site.write("content/2025/01/undated.md", "---\nmood: good\n---\n")
    site.write("content/2025/02/2025-02-30.md", "---\nmood: good\n---\n")
    site.write("content/2025/01/2025-01-10.md", "---\ndate: 2025-01-11\nmood: good\n---\n")
    site.write("content/2025/01/Photo.jpg", "a")
    site.write("content/2025/01/photo.jpg", "b")
    return site
}

/// The photos of Tests/Fixtures/photos/, made for these tests: `sideways-gps.jpg`
/// (stored on its side with EXIF orientation 6, a GPS position, camera, serial
/// number, software, XMP, IPTC and a comment, each `Planted…`), `gps.heic`,
/// `screenshot.png`, `animated.gif` (three frames), and the bad ones: `truncated.jpg`,
/// `not-an-image.jpg`, `empty.png`, `bomb.png` (a header of 400 megapixels) and
/// `chunk-overrun.png` (1 KB whose iTXt chunk claims 1.7 GB; found by FuzzPhotoDecoding).
public func fixturePhoto(_ name: String) -> Data {
    let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/photos")
    return try! Data(contentsOf: folder.appending(path: name))
}

/// A day of twelve photos, one public entry: a JPEG on its side, HEICs, a screenshot,
/// an animation, written as one gallery, and one bad image shown as its description.
public func twelvePhotoDiary() -> TestSite {
    let site = TestSite()
    site.write("diarygen.yml", "title: 사진 일기\nlocale: ko_KR\n")
    let names = ["sideways-gps.jpg", "gps.heic", "screenshot.png", "animated.gif"]
    var lines: [String] = []
    for index in 0..<12 {
        let fixture = names[index % names.count]
        let name = "photo-\(index + 1)." + fixture.split(separator: ".").last!
        site.write("content/2025/06/" + name, fixturePhoto(fixture))
        lines.append("![사진 \(index + 1)](\(name))")
    }
    site.write("content/2025/06/2025-06-07.md", """
    ---
    mood: great
    public: true
    title: "바다에 다녀온 날"
    ---
    하루 종일 바다에서 놀았다.

    \(lines.joined(separator: "\n"))

    ![잘린 사진](cut.jpg)
    """)
    site.write("content/2025/06/cut.jpg", fixturePhoto("truncated.jpg"))
    return site
}
