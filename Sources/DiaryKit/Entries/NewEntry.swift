import Foundation

/// `diarygen new`: starts an entry file with its front-matter filled in.
public enum NewEntry {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `content/YYYY/MM/YYYY-MM-DD.md` (or `-2`, `-3`, … when that day
    /// already has one) and returns its URL. Never overwrites a file.
    public static func create(in site: SiteFolder, date: CivilDate, mood written: String, title: String?, moods: MoodScale) throws -> URL {
        guard let mood = moods.match(written) else { throw Refused(description: moods.unknownMoodMessage(written)) }
        let folder = site.content.appending(path: "\(pad(date.year, 4))/\(pad(date.month, 2))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = "---\ndate: \(date)\nmood: \(mood.id)\n"
        if let title, !title.isEmpty { text += "title: \(doubleQuoted(title))\n" }
        text += "tags: []\n---\n\n"
        for suffix in 1...999 {
            let url = folder.appending(path: "\(date)\(suffix == 1 ? "" : "-\(suffix)").md")
            // O_EXCL: the file is created here or not at all, even if another process races us.
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw Refused(description: "cannot create \(url.path): \(String(cString: strerror(errno)))")
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            return url
        }
        throw Refused(description: "\(date) already has 999 entries")
    }
}
