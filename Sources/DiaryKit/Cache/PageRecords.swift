import Foundation

/// The cache's part for pages: per output folder (`pages-HASH`), which inputs each
/// file was made from and how the file looked on disk when it was written.
extension BuildCache {
    /// A page as the last build wrote it into one output folder.
    struct PageRecord: Sendable, Equatable {
        /// Of everything the page was rendered from.
        let inputs: Fingerprint
        /// The file as written, to notice a page changed or removed by hand.
        let stamp: FileStamp
    }

    /// What the cache holds of one output folder's pages.
    struct StoredPages: Sendable {
        /// The pages still on disk as the last build wrote them, by path.
        var current: [String: PageRecord] = [:]
        /// The pages recorded whose files were changed or removed since.
        var stale: [String] = []
        /// Names the full save, so that changes are never applied to another one.
        var generation = 0
        /// What the changes file holds: each page's record, or nil for a page gone.
        var changes: [String: PageRecord?] = [:]
    }

    /// One file per output folder, named by a hash of its path (`pages-HASH`), and the
    /// records changed since it was saved (`page-changes-HASH`): a rebuild that made a few
    /// pages writes those, not the thousands of the site again.
    private func pagesFile(output: URL) -> URL { folder.appending(path: "pages-" + outputName(output)) }
    private func pageChangesFile(output: URL) -> URL { folder.appending(path: Self.pageChangesPrefix + outputName(output)) }
    private static let pageChangesPrefix = "page-changes-"

    private func outputName(_ output: URL) -> String {
        var name = Fingerprint()
        name.add(output.standardizedFileURL.path)
        return String(name.value, radix: 16)
    }

    /// The records of the pages of `output`, and which of them are still the files the last
    /// build wrote, the page at `path` lying at `located(path)` in it (a sealed site's opaque names).
    func loadPages(output: URL, located: @Sendable (String) -> String = { $0 }) -> StoredPages {
        guard var reader = CacheArchive.Reader(path: pagesFile(output: output).path) else { return StoredPages() }
        let outputPath = output.standardizedFileURL.path
        var stored = StoredPages()
        var recorded: [(path: String, record: PageRecord)] = []
        do {
            guard try reader.fingerprint() == BuildCache.program, try reader.string() == outputPath else { return StoredPages() }
            stored.generation = try reader.int()
            let count = try reader.count()
            recorded.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.string()
                recorded.append((path, try reader.pageRecord()))
            }
        } catch {
            return StoredPages()
        }
        stored.changes = loadChanges(pageChangesFile(output: output), header: BuildCache.program, generation: stored.generation) {
            reader throws(CacheArchive.Damaged) in try reader.pageRecord()
        }
        // A `stat` per page, on every core.
        guard let folder = OpenFolder(path: outputPath) else { return stored }
        @Sendable func isOnDisk(_ page: (path: String, record: PageRecord)) -> Bool {
            folder.status(of: located(page.path)).flatMap(FileStamp.init(regularFile:)) == page.record.stamp
        }
        let onDisk = recorded.concurrentMap { isOnDisk($0) }
        stored.current.reserveCapacity(recorded.count)
        for (page, isCurrent) in zip(recorded, onDisk) {
            if isCurrent { stored.current[page.path] = page.record } else { stored.stale.append(page.path) }
        }
        // The few changes are applied to the table, rather than every page's path looked up among them.
        let changes = stored.changes
        if !changes.isEmpty {
            stored.stale.removeAll { changes[$0] != nil }
            for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
                stored.current[path] = nil
                guard let change else { continue }
                if isOnDisk((path, change)) { stored.current[path] = change } else { stored.stale.append(path) }
            }
        }
        return stored
    }

    /// A file of the site made from planned inputs, as a build made it.
    struct MadePage: Sendable {
        let path: String
        let inputs: Fingerprint
        /// Left as the last build wrote it.
        let wasCurrent: Bool
        /// Left as the last build wrote it from the same inputs: its record is the one stored.
        let keepsRecord: Bool

        /// Nil for a file made from no planned inputs (copied, or written every build).
        init?(_ file: OutputFile) {
            guard let inputs = file.inputs else { return nil }
            path = file.path
            self.inputs = inputs
            wasCurrent = file.contents == .current
            keepsRecord = false
        }

        /// A planned page whose file on disk was made from its inputs (`PagePlan.File.isCurrent`).
        init(keeping file: PagePlan.File) {
            path = file.path
            inputs = file.inputs
            wasCurrent = true
            keepsRecord = true
        }
    }

    /// Remembers the inputs of every page of `output` made from planned inputs: those
    /// written now with their new stamps, and those left as they were with their old records;
    /// as changes to what `stored` holds while they are few, else in full.
    func rememberPages(_ pages: [MadePage], written: SiteWriter.WrittenFiles, stored: StoredPages, output: URL,
                       located: (String) -> String = { $0 }) throws {
        let previous = stored.current
        // Every page left as the last build wrote it, and no other: the records are as they were.
        if written.pages.isEmpty, pages.count == previous.count, pages.allSatisfy(\.wasCurrent) { return }
        // In the plan's order, which is the same from build to build: the file is read
        // into a table, so no order is worth sorting thousands of paths for. A page that
        // keeps its record has none here (nil): most of a rebuild's are not looked up at all.
        var records: [(path: String, record: PageRecord?)] = []
        records.reserveCapacity(pages.count)
        var changes = stored.changes
        var changed = false
        // How many of this build's pages the current records hold: fewer than those records, and some are gone.
        var known = 0
        for page in pages {
            if page.keepsRecord {
                known += 1
                records.append((page.path, nil))
                continue
            }
            let kept = previous[page.path]
            if kept != nil { known += 1 }
            let record: PageRecord
            // A page left as it was is not written: its record keeps its stamp. Its inputs are
            // this build's: a file of the search index is left as it was when what it is made
            // from is the same, though the plan's inputs are not.
            if page.wasCurrent {
                guard let kept else { continue }
                record = PageRecord(inputs: page.inputs, stamp: kept.stamp)
            } else {
                guard let stamp = written.pages[located(page.path)] else { continue }
                record = PageRecord(inputs: page.inputs, stamp: stamp)
            }
            if kept != record { changes[page.path] = record; changed = true }
            records.append((page.path, record))
        }
        if known < previous.count || !stored.stale.isEmpty {
            let paths = Set(records.map(\.path))
            for path in previous.keys.filter({ !paths.contains($0) }) + stored.stale.filter({ !paths.contains($0) }) {
                changes[path] = .some(nil)
                changed = true
            }
        }
        guard changed else { return }
        if stored.generation != 0, BuildCache.keepsAsChanges(changes.count, of: records.count) {
            try saveChanges(changes, to: pageChangesFile(output: output), header: BuildCache.program, generation: stored.generation) {
                $0.pageRecord($1)
            }
        } else {
            try savePages(records.compactMap { page in (page.record ?? previous[page.path]).map { (page.path, $0) } }, output: output)
        }
        forgetPagesOfRemovedFolders()
    }

    private func savePages(_ records: [(path: String, record: PageRecord)], output: URL) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.string(output.standardizedFileURL.path)
        writer.int(Int.random(in: 1...Int.max))
        writer.int(records.count)
        for (path, record) in records {
            writer.string(path)
            writer.pageRecord(record)
        }
        // The old changes belong to the old save; gone first, they can never meet the new one.
        unlink(pageChangesFile(output: output).path)
        try save(writer.bytes, to: pagesFile(output: output))
    }

    /// Builds into many `--output` folders leave a pages file each; those of
    /// folders that are gone are of no more use, nor are those that cannot be read,
    /// nor changes whose pages file is gone.
    private func forgetPagesOfRemovedFolders() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var kept: Set<String> = []
        for name in names where name.hasPrefix("pages-") {
            let file = folder.appending(path: name)
            // The folder's path is at the start: the program's fingerprint, then the path.
            guard let handle = FileHandle(forReadingAtPath: file.path) else { continue }
            let start = handle.readData(ofLength: 16 + Int(PATH_MAX))
            try? handle.close()
            var reader = CacheArchive.Reader(Array(start))
            let output = (try? reader.fingerprint()).flatMap { _ in try? reader.string() }
            // Of no use either: a damaged file, or one another diarygen named by another hash.
            let useful = output.map { FileManager.default.fileExists(atPath: $0) && pagesFile(output: URL(fileURLWithPath: $0)).lastPathComponent == name }
            if useful == true { kept.insert(String(name.dropFirst("pages-".count))) } else { try? FileManager.default.removeItem(at: file) }
        }
        for name in names where name.hasPrefix(Self.pageChangesPrefix) && !kept.contains(String(name.dropFirst(Self.pageChangesPrefix.count))) {
            try? FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }

    /// Forgets the pages of an output folder that is going away (the preview's).
    public func forgetPages(output: URL) {
        try? FileManager.default.removeItem(at: pageChangesFile(output: output))
        try? FileManager.default.removeItem(at: pagesFile(output: output))
    }
}

extension CacheArchive.Writer {
    mutating func pageRecord(_ record: BuildCache.PageRecord) {
        fingerprint(record.inputs)
        int(record.stamp.size)
        int(record.stamp.modified)
    }
}

extension CacheArchive.Reader {
    mutating func pageRecord() throws(CacheArchive.Damaged) -> BuildCache.PageRecord {
        BuildCache.PageRecord(inputs: try fingerprint(), stamp: FileStamp(size: try int(), modified: try int()))
    }
}
