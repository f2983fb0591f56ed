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

    /// One file per output folder, named by a hash of its path.
    private func pagesFile(output: URL) -> URL {
        var name = Fingerprint()
        name.add(output.standardizedFileURL.path)
        return folder.appending(path: "pages-" + String(name.value, radix: 16))
    }

    /// The inputs of each page of `output` that is still the file the last build wrote,
    /// the page at `path` lying at `located(path)` in it (a sealed site's opaque names).
    func loadPages(output: URL, located: @Sendable (String) -> String = { $0 }) -> [String: PageRecord] {
        guard var reader = CacheArchive.Reader(path: pagesFile(output: output).path) else { return [:] }
        let outputPath = output.standardizedFileURL.path
        do {
            guard try reader.fingerprint() == BuildCache.program, try reader.string() == outputPath else { return [:] }
            var recorded: [(path: String, record: PageRecord)] = []
            for _ in 0..<(try reader.count()) {
                let path = try reader.string()
                recorded.append((path, PageRecord(inputs: try reader.fingerprint(), stamp: FileStamp(size: try reader.int(), modified: try reader.int()))))
            }
            // A `stat` per page, on every core.
            guard let folder = OpenFolder(path: outputPath) else { return [:] }
            let current = recorded.concurrentMap { page in
                folder.status(of: located(page.path)).flatMap(FileStamp.init(regularFile:)) == page.record.stamp
            }
            return Dictionary(uniqueKeysWithValues: zip(recorded, current).filter(\.1).map { ($0.0.path, $0.0.record) })
        } catch {
            return [:]
        }
    }

    /// A file of the site made from planned inputs, as a build made it.
    struct MadePage: Sendable {
        let path: String
        let inputs: Fingerprint
        /// Left as the last build wrote it.
        let wasCurrent: Bool

        /// Nil for a file made from no planned inputs (copied, or written every build).
        init?(_ file: OutputFile) {
            guard let inputs = file.inputs else { return nil }
            path = file.path
            self.inputs = inputs
            wasCurrent = file.contents == .current
        }
    }

    /// Remembers the inputs of every page of `output` made from planned inputs: those
    /// written now with their new stamps, and those left as they were with their old records.
    func rememberPages(_ pages: [MadePage], written: SiteWriter.WrittenFiles, previous: [String: PageRecord], output: URL,
                       located: (String) -> String = { $0 }) throws {
        // Every page left as the last build wrote it, and no other: the records are as they were.
        if written.pages.isEmpty, pages.count == previous.count, pages.allSatisfy(\.wasCurrent) { return }
        // In the plan's order, which is the same from build to build: the file is read
        // into a table, so no order is worth sorting thousands of paths for.
        var records: [(path: String, record: PageRecord)] = []
        records.reserveCapacity(pages.count)
        var changed = false
        for page in pages {
            // A page left as it was is not written: its record is looked up once, and keeps
            // its stamp. Its inputs are this build's: a file of the search index is left as
            // it was when what it is made from is the same, though the plan's inputs are not.
            if page.wasCurrent {
                if let kept = previous[page.path] {
                    if kept.inputs != page.inputs { changed = true }
                    records.append((page.path, PageRecord(inputs: page.inputs, stamp: kept.stamp)))
                }
                continue
            }
            guard let stamp = written.pages[located(page.path)] else { continue }
            let record = PageRecord(inputs: page.inputs, stamp: stamp)
            if !changed, previous[page.path] != record { changed = true }
            records.append((page.path, record))
        }
        if changed || records.count != previous.count { try savePages(records, output: output) }
    }

    private func savePages(_ records: [(path: String, record: PageRecord)], output: URL) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.string(output.standardizedFileURL.path)
        writer.int(records.count)
        for (path, record) in records {
            writer.string(path)
            writer.fingerprint(record.inputs)
            writer.int(record.stamp.size)
            writer.int(record.stamp.modified)
        }
        try save(writer.bytes, to: pagesFile(output: output))
        forgetPagesOfRemovedFolders()
    }

    /// Builds into many `--output` folders leave a pages file each; those of
    /// folders that are gone are of no more use, nor are those that cannot be read.
    private func forgetPagesOfRemovedFolders() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
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
            if useful != true { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// Forgets the pages of an output folder that is going away (the preview's).
    public func forgetPages(output: URL) {
        try? FileManager.default.removeItem(at: pagesFile(output: output))
    }
}
