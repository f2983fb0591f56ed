/// Records by path, kept in the order of their paths (`<`), as a full save writes them.
/// A rebuild looks up every entry of the diary in the order its folders are walked, which
/// is nearly always this one: each is then found next to the one before, by comparing two
/// paths, where a table keyed by path hashed every path twice (when loaded, and when
/// looked up) and was thousands of insertions to build.
struct PathOrderedRecords<Record: Sendable>: Sendable {
    private(set) var paths: [String] = []
    private var records: [Record] = []

    var count: Int { paths.count }

    mutating func reserveCapacity(_ count: Int) {
        paths.reserveCapacity(count)
        records.reserveCapacity(count)
    }

    /// Adds a record after the others; false, and nothing added, when its path comes
    /// before theirs (then the file that held them was not written by a save).
    mutating func append(_ path: String, _ record: Record) -> Bool {
        guard paths.last.map({ !(path < $0) }) ?? true else { return false }
        paths.append(path)
        records.append(record)
        return true
    }

    /// Where `path` is, looked for first at `hint`.
    func place(of path: String, hint: Int? = nil) -> Int? {
        if let hint, paths.indices.contains(hint), paths[hint] == path { return hint }
        let place = insertionPlace(of: path)
        return place < paths.count && paths[place] == path ? place : nil
    }

    func record(at place: Int) -> Record { records[place] }

    subscript(path: String) -> Record? {
        place(of: path).map { records[$0] }
    }

    /// Sets the record of `path`, or removes it (nil), keeping the order.
    mutating func set(_ record: Record?, for path: String) {
        let place = insertionPlace(of: path)
        let found = place < paths.count && paths[place] == path
        switch (record, found) {
        case (let record?, true): records[place] = record
        case (let record?, false): paths.insert(path, at: place); records.insert(record, at: place)
        case (nil, true): paths.remove(at: place); records.remove(at: place)
        case (nil, false): break
        }
    }

    /// The first place whose path does not come before `path`.
    private func insertionPlace(of path: String) -> Int {
        var (low, high) = (0, paths.count)
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
