import Mustache
import Synchronization
/// Where a `[[link]]` leads. Obsidian and Logseq name notes, not paths: `[[Mina]]` is
/// the note `Mina.md` in whichever folder, `[[Trips/Jeju]]` one by its path, and
/// `[[2025-01-04]]` (or Logseq's `[[Jan 4th, 2025]]`) the day's entry.
final class NoteNames: Sendable {
    private let entries: [String: CivilDate]
    private let assets: Set<String>
    /// Made at the first `[[link]]` a build resolves: most diaries have none.
    private let index = Mutex<Index?>(nil)

    private struct Index: Sendable {
        /// Lower-cased paths and file names (an entry's also without its extension) → content paths.
        var byName: [String: String] = [:]
        var byDate: [CivilDate: String] = [:]
    }

    init(entries: [String: CivilDate], assets: Set<String>) {
        self.entries = entries
        self.assets = assets
    }

    /// The content path of the entry or file `name` names, if the diary holds one.
    func contentPath(of name: String) -> String? {
        let key = name.trimmingSpaces.lowercased()
        return index.withLock { index in
            if index == nil { index = NoteNames.index(entries, assets) }
            return index!.byName[key] ?? NoteNames.date(named: key).flatMap { index!.byDate[$0] }
        }
    }

    private static func index(_ entries: [String: CivilDate], _ assets: Set<String>) -> Index {
        var index = Index()
        /// Of two notes of one name, Obsidian links the one nearest the top of the vault.
        func prefer(_ path: String, over other: String?) -> Bool {
            guard let other else { return true }
            let (depth, otherDepth) = (path.count(where: { $0 == "/" }), other.count(where: { $0 == "/" }))
            return depth != otherDepth ? depth < otherDepth : path < other
        }
        func add(_ key: String, _ path: String) {
            if prefer(path, over: index.byName[key]) { index.byName[key] = path }
        }
        for (path, date) in entries {
            let lowered = path.lowercased()
            let name = lowered.split(separator: "/").last.map(String.init) ?? lowered
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            for key in [lowered, name, stem, String(lowered.dropLast(name.count - stem.count))] where !key.isEmpty { add(key, path) }
            if prefer(path, over: index.byDate[date]) { index.byDate[date] = path }
        }
        for path in assets {
            let lowered = path.lowercased()
            add(lowered, path)
            add(lowered.split(separator: "/").last.map(String.init) ?? lowered, path)
        }
        return index
    }

    /// The day a name that is only a date names: `2025-01-04`, `2025_01_04`, `20250104`,
    /// or Logseq's journal title `Jan 4th, 2025`.
    static func date(named name: String) -> CivilDate? {
        if name.allSatisfy({ $0.isASCII && ($0.isNumber || "-_. ".contains($0)) }),
           case .success(let date)? = FileNameDate.read(name, order: nil) {
            return date
        }
        let parts = name.replacingEvery(",", with: " ").split(separator: " ")
        guard parts.count == 3, let month = months.firstIndex(of: String(parts[0].prefix(3))),
              let day = Int(parts[1].prefix { $0.isNumber }), let year = Int(parts[2]) else { return nil }
        return CivilDate(year: year, month: month + 1, day: day)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
}
