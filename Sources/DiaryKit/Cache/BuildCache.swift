import Foundation

/// What the last build learned, kept in `SOURCE/.diarygen-cache/` so the next one
/// redoes only what changed: every entry's front-matter and rendered body, keyed
/// by the file's bytes, and, per output folder, which inputs each page was made from.
///
/// Nothing in it is trusted blindly. An entry is reused only when its file has the
/// same bytes and every link in it still leads where it led; a page is skipped only
/// when its inputs hash the same and the file on disk is the one the last build
/// wrote. A cache from another diarygen, or one that cannot be read, is ignored.
public struct BuildCache: Sendable {
    public static let folderName = ".diarygen-cache"
    /// Raised whenever what the cache holds, or how it is written, changes.
    static let formatVersion = 7

    let folder: URL
    /// A file written within the clock tick of its `stat` could keep its stamp, so a
    /// stamp is trusted only for a file whose change time is before this (in ns).
    let stampsSettleBefore: Int

    /// `now` is when the build started; stamps of files changed in the two seconds before are not kept.
    public init(siteFolder: URL, now: Date = Date()) {
        folder = siteFolder.appending(path: BuildCache.folderName)
        stampsSettleBefore = Int((now.timeIntervalSince1970 - 2) * 1_000_000_000)
    }

    // MARK: Entries

    /// One entry as the last build parsed and rendered it.
    struct EntryRecord: Sendable, Equatable {
        /// Of the file's bytes.
        let source: Fingerprint
        /// What `stat` said of the file then; nil when it had just changed.
        var stamp: SourceStamp?
        let date: CivilDate
        let secondsIntoDay: Int?
        let moodID: String
        let title: String?
        let tags: [String]
        let visibility: Visibility
        /// Warnings about the front-matter.
        let warnings: [Diagnostic]
        var rendering: Rendering?
    }

    /// What `stat` tells of an entry's file. The kernel changes `changed` on every write,
    /// and no program can set it back, so while the stamp is the same, so are the bytes.
    struct SourceStamp: Sendable, Equatable {
        let device: Int
        let inode: Int
        let size: Int
        let modified: Int
        /// In nanoseconds, as `modified`.
        let changed: Int

        init(_ status: stat) {
            device = Int(status.st_dev)
            inode = Int(status.st_ino)
            size = Int(status.st_size)
            modified = status.st_mtim.nanoseconds
            changed = status.st_ctim.nanoseconds
        }

        init(device: Int, inode: Int, size: Int, modified: Int, changed: Int) {
            (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
        }
    }

    /// An entry's body as rendered, and what its links led to then.
    struct Rendering: Sendable, Equatable {
        let body: RenderedMarkdown
        let links: [LinkRewrite]
        /// Warnings about links; an error when the file could not be read to be rendered.
        let diagnostics: [Diagnostic]
    }

    /// Every record, as the last full save left them (megabytes, mostly HTML).
    private var entriesFile: URL { folder.appending(path: "entries") }
    /// The records changed since: a build that changed a few entries writes only
    /// those, not every entry's HTML again.
    private var changesFile: URL { folder.appending(path: "entries-changes") }

    /// The entries as the last build left them.
    struct StoredEntries: Sendable {
        /// By content path, changes applied.
        var records: [String: EntryRecord] = [:]
        /// Names the full save, so that changes are never applied to another one.
        var generation = 0
        /// What the changes file holds.
        var changes: [String: EntryChange] = [:]
    }

    enum EntryChange: Sendable {
        case record(EntryRecord)
        case removed
    }

    /// The records of the last build; `moods` is part of what a record depends on
    /// (a mood is written as an id, an emoji or a score).
    func loadEntries(moods: MoodScale) -> StoredEntries {
        guard let bytes = FileBytes(path: entriesFile.path)?.bytes else { return StoredEntries() }
        let header = BuildCache.entriesHeader(moods)
        var stored = StoredEntries()
        var reader = CacheArchive.Reader(bytes)
        do {
            guard try reader.fingerprint() == header else { return StoredEntries() }
            stored.generation = try reader.int()
            let count = try reader.count()
            stored.records.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.string()
                stored.records[path] = try reader.entryRecord()
            }
        } catch {
            return StoredEntries()
        }
        // Changes that cannot be read leave records that are older than the files; each
        // record is checked against its file anyway.
        guard let changeBytes = FileBytes(path: changesFile.path)?.bytes else { return stored }
        var changes = CacheArchive.Reader(changeBytes)
        do {
            guard try changes.fingerprint() == header, try changes.int() == stored.generation else { return stored }
            var read: [String: EntryChange] = [:]
            for _ in 0..<(try changes.count()) {
                let path = try changes.string()
                read[path] = try changes.int() == 0 ? .removed : .record(try changes.entryRecord())
            }
            for (path, change) in read {
                switch change {
                case .record(let record): stored.records[path] = record
                case .removed: stored.records[path] = nil
                }
            }
            stored.changes = read
        } catch {}
        return stored
    }

    /// Saves `records` over what `stored` holds: as changes while they are few, else in full.
    func saveEntries(_ records: [String: EntryRecord], over stored: StoredEntries, moods: MoodScale) throws {
        var changes = stored.changes
        for (path, record) in records where stored.records[path] != record { changes[path] = .record(record) }
        for path in stored.records.keys where records[path] == nil { changes[path] = .removed }
        let header = BuildCache.entriesHeader(moods)
        var writer = CacheArchive.Writer()
        if stored.generation != 0, changes.count <= max(64, records.count / 20) {
            writer.fingerprint(header)
            writer.int(stored.generation)
            writer.int(changes.count)
            for path in changes.keys.sorted() {
                writer.string(path)
                switch changes[path]! {
                case .record(let record): writer.int(1); writer.entryRecord(record)
                case .removed: writer.int(0)
                }
            }
            try save(writer.bytes, to: changesFile)
            return
        }
        // Most of it is the entries' HTML; growing to megabytes a doubling at a time copied it over and over.
        writer.bytes.reserveCapacity(records.values.reduce(4096) { $0 + 1024 + ($1.rendering?.body.htmlText.withUTF8(\.count) ?? 0) })
        writer.fingerprint(header)
        writer.int(Int.random(in: 1...Int.max))
        writer.int(records.count)
        for path in records.keys.sorted() {
            writer.string(path)
            writer.entryRecord(records[path]!)
        }
        // The old changes belong to the old save; gone first, they can never meet the new one.
        unlink(changesFile.path)
        try save(writer.bytes, to: entriesFile)
    }

    private static func entriesHeader(_ moods: MoodScale) -> Fingerprint {
        var fingerprint = Fingerprint.program
        fingerprint.add(moods: moods)
        return fingerprint
    }

    // MARK: Pages

    /// A page as the last build wrote it into one output folder.
    struct PageRecord: Sendable, Equatable {
        /// Of everything the page was rendered from.
        let inputs: Fingerprint
        /// The file as written, to notice a page changed or removed by hand.
        let stamp: SiteWriter.FileStamp
    }

    /// One file per output folder, named by a hash of its path.
    private func pagesFile(output: URL) -> URL {
        var name = Fingerprint()
        name.add(output.standardizedFileURL.path)
        return folder.appending(path: "pages-" + String(name.value, radix: 16))
    }

    /// The inputs of each page of `output` that is still the file the last build wrote.
    func loadPages(output: URL) -> [String: PageRecord] {
        guard let bytes = FileBytes(path: pagesFile(output: output).path)?.bytes else { return [:] }
        var reader = CacheArchive.Reader(bytes)
        let outputPath = output.standardizedFileURL.path
        do {
            guard try reader.fingerprint() == Fingerprint.program, try reader.string() == outputPath else { return [:] }
            var recorded: [(path: String, record: PageRecord)] = []
            for _ in 0..<(try reader.count()) {
                let path = try reader.string()
                recorded.append((path, PageRecord(inputs: try reader.fingerprint(), stamp: SiteWriter.FileStamp(size: try reader.int(), modified: try reader.int()))))
            }
            // A `stat` per page, on every core.
            guard let folder = OpenFolder(path: outputPath) else { return [:] }
            let current = recorded.concurrentMap { page in
                folder.status(of: page.path).flatMap(SiteWriter.FileStamp.init(regularFile:)) == page.record.stamp
            }
            return Dictionary(uniqueKeysWithValues: zip(recorded, current).filter(\.1).map { ($0.0.path, $0.0.record) })
        } catch {
            return [:]
        }
    }

    func savePages(_ records: [String: PageRecord], output: URL) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(Fingerprint.program)
        writer.string(output.standardizedFileURL.path)
        writer.int(records.count)
        for path in records.keys.sorted() {
            let record = records[path]!
            writer.string(path)
            writer.fingerprint(record.inputs)
            writer.int(record.stamp.size)
            writer.int(record.stamp.modified)
        }
        try save(writer.bytes, to: pagesFile(output: output))
        forgetPagesOfRemovedFolders()
    }

    /// Builds into many `--output` folders leave a pages file each; those of
    /// folders that are gone are of no more use.
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
            if let output, !FileManager.default.fileExists(atPath: output) { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// Forgets the pages of an output folder that is going away (the preview's).
    public func forgetPages(output: URL) {
        try? FileManager.default.removeItem(at: pagesFile(output: output))
    }

    private func save(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SiteWriter.writeAtomically(bytes, to: file.path)
    }
}

/// What a link in an entry was rewritten to, and what that told the build.
struct LinkRewrite: Sendable, Equatable {
    let url: String
    /// Nil keeps the link as written.
    let replacement: String?
    /// The content path of a file in content/ the link shows.
    let asset: String?
    /// Where a relative link pointed when nothing was there.
    let missing: String?
}

/// The cache's bytes: numbers and length-prefixed strings, read back with every
/// bound checked, so a damaged file is an empty cache and never a crash.
enum CacheArchive {
    struct Damaged: Error {}

    struct Writer: ValueStream {
        var bytes: [UInt8] = []

        mutating func int(_ number: Int) {
            withUnsafeBytes(of: Int64(number).littleEndian) { bytes += $0 }
        }

        mutating func fingerprint(_ fingerprint: Fingerprint) {
            int(Int(Int64(bitPattern: fingerprint.value)))
        }

        mutating func string(_ text: String) {
            self.text(UTF8Text(text))
        }

        mutating func text(_ text: UTF8Text) {
            text.withUTF8 { text in
                int(text.count)
                bytes += text
            }
        }

        mutating func diagnostics(_ list: [Diagnostic]) {
            int(list.count)
            for diagnostic in list {
                string(diagnostic.severity.rawValue)
                string(diagnostic.path)
                int(diagnostic.line ?? -1)
                string(diagnostic.message)
            }
        }

        mutating func entryRecord(_ record: BuildCache.EntryRecord) {
            fingerprint(record.source)
            int(record.stamp == nil ? 0 : 1)
            if let stamp = record.stamp {
                int(stamp.device); int(stamp.inode); int(stamp.size); int(stamp.modified); int(stamp.changed)
            }
            int(record.date.year); int(record.date.month); int(record.date.day)
            int(record.secondsIntoDay ?? -1)
            string(record.moodID)
            optional(record.title)
            strings(record.tags)
            string(record.visibility.rawValue)
            diagnostics(record.warnings)
            int(record.rendering == nil ? 0 : 1)
            guard let rendering = record.rendering else { return }
            text(rendering.body.htmlText)
            fingerprint(rendering.body.htmlFingerprint)
            int(rendering.body.words)
            string(rendering.body.excerpt)
            int(rendering.body.hasFootnotes ? 1 : 0)
            int(rendering.body.hasTables ? 1 : 0)
            int(rendering.links.count)
            for link in rendering.links {
                string(link.url); optional(link.replacement); optional(link.asset); optional(link.missing)
            }
            diagnostics(rendering.diagnostics)
        }
    }

    struct Reader {
        private let shared: UTF8Text.Bytes
        private let bytes: [UInt8]
        private var offset = 0

        init(_ bytes: [UInt8]) {
            shared = UTF8Text.Bytes(bytes)
            self.bytes = bytes
        }

        /// A string left as the file's bytes until it is asked for.
        mutating func text() throws(Damaged) -> UTF8Text {
            let length = try count()
            defer { offset += length }
            return UTF8Text(shared, offset..<offset + length)
        }

        mutating func int() throws(Damaged) -> Int {
            guard offset + 8 <= bytes.count else { throw Damaged() }
            let number = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            offset += 8
            return Int(Int64(bitPattern: number))
        }

        mutating func fingerprint() throws(Damaged) -> Fingerprint {
            Fingerprint(value: UInt64(bitPattern: Int64(try int())))
        }

        mutating func count() throws(Damaged) -> Int {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            return count
        }

        mutating func string() throws(Damaged) -> String {
            let length = try count()
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            offset += length
            return text
        }

        mutating func optional() throws(Damaged) -> String? {
            try int() == 0 ? nil : try string()
        }

        mutating func strings() throws(Damaged) -> [String] {
            var list: [String] = []
            for _ in 0..<(try count()) { list.append(try string()) }
            return list
        }

        mutating func diagnostics() throws(Damaged) -> [Diagnostic] {
            var list: [Diagnostic] = []
            for _ in 0..<(try count()) {
                guard let severity = Diagnostic.Severity(rawValue: try string()) else { throw Damaged() }
                let path = try string()
                let line = try int()
                list.append(Diagnostic(severity, path, line: line < 0 ? nil : line, try string()))
            }
            return list
        }

        mutating func entryRecord() throws(Damaged) -> BuildCache.EntryRecord {
            let source = try fingerprint()
            let stamp = try int() == 0 ? nil
                : BuildCache.SourceStamp(device: try int(), inode: try int(), size: try int(), modified: try int(), changed: try int())
            guard let date = CivilDate(year: try int(), month: try int(), day: try int()) else { throw Damaged() }
            let seconds = try int()
            let moodID = try string()
            let title = try optional()
            let tags = try strings()
            guard let visibility = Visibility(rawValue: try string()) else { throw Damaged() }
            let warnings = try diagnostics()
            var rendering: BuildCache.Rendering?
            if try int() != 0 {
                let body = RenderedMarkdown(htmlText: try text(), htmlFingerprint: try fingerprint(), words: try int(), excerpt: try string(),
                                            hasFootnotes: try int() != 0, hasTables: try int() != 0)
                var links: [LinkRewrite] = []
                for _ in 0..<(try count()) {
                    links.append(LinkRewrite(url: try string(), replacement: try optional(), asset: try optional(), missing: try optional()))
                }
                rendering = BuildCache.Rendering(body: body, links: links, diagnostics: try diagnostics())
            }
            return BuildCache.EntryRecord(source: source, stamp: stamp, date: date, secondsIntoDay: seconds < 0 ? nil : seconds, moodID: moodID,
                                          title: title, tags: tags, visibility: visibility, warnings: warnings, rendering: rendering)
        }
    }
}
