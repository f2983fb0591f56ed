import Foundation

/// The records a full save holds can be followed by a file of only those changed since,
/// while they are few: the entries' (`entries-changes`) and each output folder's pages'
/// (`page-changes-HASH`). A change is a record, or nil for one gone. The changes name the
/// full save's generation (a random number it was written with), so that they are never
/// applied to another one. Rewritten by most rebuilds, they are written over where they
/// lie and checked whole when read (`CacheArchive.Writer.checked()`).
extension BuildCache {
    /// Whether `changes` to a save of `records` are kept as changes; past a twentieth of the
    /// records, or 64, they are folded into a new full save.
    static func keepsAsChanges(_ changes: Int, of records: Int) -> Bool { changes <= max(64, records / 20) }

    /// The changes in `file` to the full save of `generation` made under `header`; none
    /// when they belong to another save or cannot all be read (records older than their
    /// files, which each build checks against the files anyway).
    func loadChanges<Record>(_ file: URL, header: Fingerprint, generation: Int,
                             record: (inout CacheArchive.Reader) throws(CacheArchive.Damaged) -> Record) -> [String: Record?] {
        guard var reader = CacheArchive.Reader(checkedPath: file.path) else { return [:] }
        do throws(CacheArchive.Damaged) {
            guard try reader.fingerprint() == header, try reader.int() == generation else { return [:] }
            var changes: [String: Record?] = [:]
            for _ in 0..<(try reader.count()) {
                let path = try reader.string()
                changes[path] = try reader.int() == 0 ? .some(nil) : try record(&reader)
            }
            return changes
        } catch {
            return [:]
        }
    }

    /// Saves `changes` to the full save of `generation`, by path.
    func saveChanges<Record>(_ changes: [String: Record?], to file: URL, header: Fingerprint, generation: Int,
                             record: (inout CacheArchive.Writer, Record) -> Void) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(header)
        writer.int(generation)
        writer.int(changes.count)
        for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.int(change == nil ? 0 : 1)
            if let change { record(&writer, change) }
        }
        try saveChecked(writer, to: file)
    }
}
