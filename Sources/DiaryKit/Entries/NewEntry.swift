import Foundation

/// `diarygen new`: starts an entry file with its front-matter filled in.
public enum NewEntry {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `content/YYYY/MM/YYYY-MM-DD.md` (or `-2`, `-3`, … when that day
    /// already has one) with `body` below the front-matter, and returns its URL.
    /// Never overwrites a file.
    public static func create(in site: SiteFolder, date: CivilDate, mood written: String, title: String?, body: String = "",
                              moods: MoodScale) throws -> URL {
        guard let mood = moods.match(written) else { throw Refused(description: moods.unknownMoodMessage(written)) }
        let folder = site.content.appending(path: "\(pad(date.year, 4))/\(pad(date.month, 2))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = "---\ndate: \(date)\nmood: \(mood.id)\n"
        if let title, !title.isEmpty { text += "title: \(doubleQuoted(title))\n" }
        text += "tags: []\n---\n\n" + body
        for suffix in 1...999 {
            let url = folder.appending(path: "\(date)\(suffix == 1 ? "" : "-\(suffix)").md")
            do {
                if try FileWriting.createNew(Array(text.utf8), at: url.path) { return url }
            } catch {
                throw Refused(description: error.description)
            }
        }
        throw Refused(description: "\(date) already has 999 entries")
    }
}
