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
    /// Raised whenever what the cache holds, or how it is written, changes.
    static let formatVersion = 14

    /// What the running program is: a new diarygen may make different pages of the same input.
    static let program: Fingerprint = {
        var fingerprint = Fingerprint()
        fingerprint.add(formatVersion)
        // Looked at with one `stat`: Foundation's bundle and file attributes take
        // milliseconds, a share of a rebuild that has nothing to do.
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        var status = stat()
        if stat(executable, &status) == 0 {
            fingerprint.add(Int(status.st_size))
            fingerprint.add(status.st_mtim.nanoseconds)
        }
        return fingerprint
    }()

    let folder: URL
    /// A file written within the clock tick of its `stat` could keep its stamp, so a
    /// stamp is trusted only for a file whose change time is before this (in ns).
    let stampsSettleBefore: Int

    /// `now` is when the build started; stamps of files changed in the two seconds before are not kept.
    public init(site: SiteFolder, now: Date = Date()) {
        folder = site.cache
        stampsSettleBefore = Int((now.timeIntervalSince1970 - 2) * 1_000_000_000)
    }

    // MARK: Entries

    /// One entry as the last build parsed and converted it. A class that never changes
    /// rather than a struct: a rebuild copied every record's dozen fields into the cache's
    /// table and again into each entry read, a fifth of its page faults.
    final class EntryRecord: Sendable, Equatable {
        /// Of the file's bytes.
        let source: Fingerprint
        /// What `stat` said of the file then; nil when it had just changed.
        let stamp: SourceStamp?
        let metadata: EntryMetadata
        /// Warnings about the front-matter.
        let warnings: [Diagnostic]
        let conversion: BodyConversion?

        init(source: Fingerprint, stamp: SourceStamp?, metadata: EntryMetadata, warnings: [Diagnostic], conversion: BodyConversion?) {
            (self.source, self.stamp, self.metadata, self.warnings, self.conversion) = (source, stamp, metadata, warnings, conversion)
        }

        func with(stamp: SourceStamp?) -> EntryRecord {
            EntryRecord(source: source, stamp: stamp, metadata: metadata, warnings: warnings, conversion: conversion)
        }

        func with(conversion: BodyConversion?) -> EntryRecord {
            EntryRecord(source: source, stamp: stamp, metadata: metadata, warnings: warnings, conversion: conversion)
        }

        static func == (one: EntryRecord, other: EntryRecord) -> Bool {
            one === other || (one.source == other.source && one.stamp == other.stamp && one.metadata == other.metadata
                && one.warnings == other.warnings && one.conversion == other.conversion)
        }
    }

    /// Every record, as the last full save left them (megabytes, mostly HTML).
    private var entriesFile: URL { folder.appending(path: "entries") }
    /// The records changed since: a build that changed a few entries writes only
    /// those, not every entry's HTML again.
    private var changesFile: URL { folder.appending(path: "entries-changes") }

    /// The entries as the last build left them.
    struct StoredEntries: Sendable {
        /// By content path, changes applied.
        var records = PathOrderedRecords<EntryRecord>()
        /// Names the full save, so that changes are never applied to another one.
        var generation = 0
        /// What the changes file holds: each entry's record, or nil for an entry gone.
        var changes: [String: EntryRecord?] = [:]
    }

    /// The records of the last build; how the parser reads is part of what a record
    /// depends on (a mood is written as an id, an emoji, an alias or a score).
    func loadEntries(parser: EntryParser) -> StoredEntries {
        guard var reader = CacheArchive.Reader(path: entriesFile.path) else { return StoredEntries() }
        let header = BuildCache.entriesHeader(parser)
        let moods = parser.moods
        var stored = StoredEntries()
        do {
            guard try reader.fingerprint() == header else { return StoredEntries() }
            stored.generation = try reader.int()
            let count = try reader.count()
            stored.records.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.string()
                guard stored.records.append(path, try reader.entryRecord(moods: moods)) else { return StoredEntries() }
            }
        } catch {
            return StoredEntries()
        }
        stored.changes = loadChanges(changesFile, header: header, generation: stored.generation) { reader throws(CacheArchive.Damaged) in
            try reader.entryRecord(moods: moods)
        }
        for (path, change) in stored.changes { stored.records.set(change, for: path) }
        return stored
    }

    /// The records a build leaves for the next: every parsed entry's, by its file, and
    /// which of them it did not take from the cache as they were. A record is made when
    /// asked for: a rebuild that read one entry again saves that one as a change, and
    /// copying the diary's thousands of records first took longer than the rest of its
    /// conversion phase.
    struct EntryRecords: Sendable {
        let count: Int
        /// The file of the record at a place, of `0..<count`.
        let path: @Sendable (Int) -> String
        let record: @Sendable (Int) -> EntryRecord
        /// Places of the records read or converted anew.
        let renewed: [Int]
    }

    /// Saves `records` over what `stored` holds: as changes while they are few, else in full.
    /// Only the renewed records are compared with the cache's, so a rebuild that read one
    /// entry again compares one record, not the diary's.
    func saveEntries(_ records: EntryRecords, over stored: StoredEntries, parser: EntryParser) throws {
        var changes = stored.changes
        for index in records.renewed {
            let (path, record) = (records.path(index), records.record(index))
            if stored.records[path] != record { changes[path] = record }
        }
        // Every record not renewed was found in the cache under its path; a path the cache
        // holds beyond those and the renewed ones it knows is an entry gone.
        let known = (records.count - records.renewed.count) + records.renewed.count(where: { stored.records[records.path($0)] != nil })
        if known < stored.records.count {
            let paths = Set((0..<records.count).map(records.path))
            for path in stored.records.paths where !paths.contains(path) { changes[path] = .some(nil) }
        }
        let header = BuildCache.entriesHeader(parser)
        if stored.generation != 0, BuildCache.keepsAsChanges(changes.count, of: records.count) {
            try saveChanges(changes, to: changesFile, header: header, generation: stored.generation) { $0.entryRecord($1) }
            return
        }
        var writer = CacheArchive.Writer()
        let all = (0..<records.count).map { (path: records.path($0), record: records.record($0)) }
        // Most of it is the entries' HTML; growing to megabytes a doubling at a time copied it over and over.
        writer.bytes.reserveCapacity(all.reduce(4096) { $0 + 1024 + ($1.record.conversion?.body.htmlText.withUTF8(\.count) ?? 0) })
        writer.fingerprint(header)
        writer.int(Int.random(in: 1...Int.max))
        writer.int(all.count)
        for (path, record) in all.sorted(by: { $0.path < $1.path }) {
            writer.string(path)
            writer.entryRecord(record)
        }
        // The old changes belong to the old save; gone first, they can never meet the new one.
        unlink(changesFile.path)
        try save(writer.bytes, to: entriesFile)
    }

    private static func entriesHeader(_ parser: EntryParser) -> Fingerprint {
        var fingerprint = BuildCache.program
        fingerprint.add(moods: parser.moods)
        for mood in parser.moods.moods { fingerprint.add(mood.aliases.count); for alias in mood.aliases { fingerprint.add(alias) } }
        fingerprint.add(parser.dateOrder?.rawValue ?? "")
        fingerprint.add(parser.moodRequirement.rawValue)
        fingerprint.add(parser.inlineTags ? 1 : 0)
        return fingerprint
    }

    func save(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileWriting.writeAtomically(bytes, to: file.path)
    }

    /// `writer`'s bytes in the checked format (`CacheArchive.Writer.checked()`), written over
    /// the file where it lies: the few files of the cache most rebuilds rewrite.
    func saveChecked(_ writer: CacheArchive.Writer, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileWriting.writeInPlace(writer.checked(), to: file.path)
    }
}
