import Foundation
import Yams

/// `notes:` in diarygen.yml: content/ is a note app's folder (an Obsidian vault or a
/// Logseq graph), and whether `#tags` in the text are the entries' tags.
public struct NoteSettings: Sendable, Equatable {
    /// The app whose folder content/ is; nil when content/ holds only the diary.
    public var app: NoteApp?
    /// Whether a `#tag` in the text is a tag of its entry, beside the front-matter's.
    public var inlineTags = true

    public init() {}

    static func parse(_ node: Node, path: String, line: Int) -> Result<NoteSettings, DiagnosticsError> {
        KeyedSetting(name: "notes", example: "from: obsidian", keys: "from (obsidian or logseq) and inline_tags")
            .parse(node, path: path, line: line, into: NoteSettings()) { settings, key, value, text in
                switch key {
                case "from":
                    guard let app = text.flatMap({ NoteApp(rawValue: $0.lowercased()) }) else {
                        return .shouldBe("obsidian or logseq, not `\(text ?? YAMLReading.kindName(value))`")
                    }
                    settings.app = app
                case "inline_tags":
                    guard let flag = text.flatMap(YAMLReading.flag) else { return .shouldBe("true or false") }
                    settings.inlineTags = flag
                default: return .unknown
                }
                return .read
            }
    }
}

/// A note app whose folder can be content/ as it is: which of its Markdown files are
/// the diary's entries. The others are notes of other kinds, neither entries nor files
/// to publish; a `[[link]]` to one shows its text.
public enum NoteApp: String, Sendable, Equatable {
    /// An Obsidian vault: the daily notes, the notes whose names hold a date, in the folder
    /// the Daily notes plugin keeps them in when it is set (`.obsidian/daily-notes.json`).
    case obsidian
    /// A Logseq graph: the journals, `journals/2025_01_05.md`; `pages/` and Logseq's own
    /// folders are not the diary, `assets/` holds the files journals show.
    case logseq

    /// The folder below content/ that holds the entries, if the app keeps them in one.
    func entryFolder(in content: URL) -> String? {
        switch self {
        case .logseq: return "journals"
        case .obsidian:
            guard let data = FileManager.default.contents(atPath: content.appending(path: ".obsidian/daily-notes.json").path),
                  let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let folder = (settings["folder"] as? String)?.split(separator: "/").joined(separator: "/"), !folder.isEmpty else { return nil }
            return folder
        }
    }

    /// Whether the Markdown file at `contentPath` is an entry: a date in its name, in `folder`.
    static func isEntry(_ contentPath: String, folder: String?) -> Bool {
        guard folder.map({ contentPath.hasPrefix($0 + "/") }) ?? true else { return false }
        return FileNameDate.read(String(contentPath.split(separator: "/").last ?? ""), order: nil) != nil
    }

    /// Folders of the app's own, never part of the diary: Logseq's settings and backups
    /// (`logseq/bak/` holds old copies of journals). Obsidian's (`.obsidian/`, `.trash/`)
    /// are hidden, and so never read.
    func isOwnFolder(_ contentPath: String) -> Bool {
        self == .logseq && ["logseq", "version-files", "draws", "whiteboards"].contains(contentPath)
    }
}
