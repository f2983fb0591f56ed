import Foundation
@testable import DiaryKit

/// A site folder in a fresh temporary directory, for tests that build real sites.
final class TestSite {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var output: URL { folder.appending(path: "site") }

    func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) {
        let url = folder.appending(path: path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
    }

    /// An entry with the usual front-matter.
    func entry(_ path: String, date: String? = nil, mood: String, title: String? = nil, tags: [String]? = nil, body: String = "Some words.") {
        var text = "---\n"
        if let date { text += "date: \(date)\n" }
        text += "mood: \(mood)\n"
        if let title { text += "title: \"\(title)\"\n" }
        if let tags { text += "tags: [\(tags.joined(separator: ", "))]\n" }
        write("content/" + path, text + "---\n\n" + body + "\n")
    }

    @discardableResult
    func build(today: String = "2025-11-23") throws -> SiteBuild.Report {
        try SiteBuild.run(SiteBuild.Options(siteFolder: folder, today: CivilDate(argument: today)))
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: output.appending(path: path).path).flatMap { String(data: $0, encoding: .utf8) }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appending(path: path).path) }

    /// Every file of the built site, relative to its folder.
    func outputFiles() -> [String] { TestSite.files(in: output) }

    /// Every file in `folder`, relative to it, sorted.
    static func files(in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: base)!
        return walker.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }
}

extension CivilDate {
    init?(argument: String) {
        guard case .success(let written) = WrittenDate.parse(argument) else { return nil }
        self = written.date
    }

    static func ymd(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day)! }
}

/// The text between `start` and the next `end`, for picking one element out of a page.
func slice(_ text: String, from start: String, to end: String) -> String? {
    guard let lower = text.range(of: start) else { return nil }
    guard let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return nil }
    return String(text[lower.lowerBound..<upper.upperBound])
}

func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}
