/// The files an import puts under `content/`, decided from the entries alone; then,
/// held against what is on disk, which to write, which are already there, and which
/// to leave alone because a different file is in their place. No I/O here.
public struct ImportPlan: Sendable {
    public struct File: Sendable, Equatable {
        /// Below `content/`: `2020/08/2020-08-29-2130-daylio.md`.
        public let contentPath: String
        public let contents: Contents
        /// The row or entry it comes from.
        public let entryNumber: Int

        public var isEntry: Bool { if case .entry = contents { true } else { false } }
    }

    public enum Contents: Sendable, Equatable {
        /// An entry's Markdown file, and its date.
        case entry(String, date: CivilDate)
        /// A file copied from the export, by its path there.
        case copy(exportPath: String)
    }

    public let files: [File]

    /// Each entry is named `YYYY-MM-DD-HHMM-APP.md` in `YYYY/MM/` (no `-HHMM` without a
    /// time); a second entry in the same minute gets `-2`, in the export's order, so the
    /// same export always plans the same names. Attachments go beside their entry.
    init(entries: [ImportedEntry], moods: MoodMapping, app: String) {
        var files: [File] = []
        var planned: Set<String> = []
        for entry in entries {
            let date = entry.date
            let folder = "\(pad(date.year, 4))/\(pad(date.month, 2))/"
            let time = entry.secondsIntoDay.map { "-\(pad($0 / 3600, 2))\(pad($0 / 60 % 60, 2))" } ?? ""
            let stem = folder + "\(date)\(time)-\(app)"
            var path = stem + ".md"
            var suffix = 1
            while planned.contains(path) {
                suffix += 1
                path = stem + "-\(suffix).md"
            }
            planned.insert(path)
            let mood = moods.mood(for: entry)
            files.append(File(contentPath: path, contents: .entry(entry.fileText(mood: mood), date: date), entryNumber: entry.number))
            for attachment in entry.attachments where planned.insert(folder + attachment.name).inserted {
                files.append(File(contentPath: folder + attachment.name, contents: .copy(exportPath: attachment.exportPath), entryNumber: entry.number))
            }
        }
        self.files = files
    }

    /// What is at a planned file's path now.
    public enum OnDisk: Sendable {
        case absent
        /// A file with the very bytes the plan would write.
        case same
        /// Another file, which an import never overwrites.
        case different
    }

    public struct Decision: Sendable {
        public let toWrite: [File]
        public let alreadyThere: [File]
        /// Planned files whose path holds a different file, left as it is.
        public let keptAsTheyAre: [File]
    }

    /// `onDisk` has every planned path that is not absent.
    public func decide(onDisk: [String: OnDisk]) -> Decision {
        var toWrite: [File] = [], alreadyThere: [File] = [], kept: [File] = []
        for file in files {
            switch onDisk[file.contentPath] ?? .absent {
            case .absent: toWrite.append(file)
            case .same: alreadyThere.append(file)
            case .different: kept.append(file)
            }
        }
        return Decision(toWrite: toWrite, alreadyThere: alreadyThere, keptAsTheyAre: kept)
    }
}
