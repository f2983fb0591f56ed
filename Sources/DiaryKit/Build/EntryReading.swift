import Foundation

/// Stage 2 of the pipeline, with the cache: every entry file of content/ read and
/// its front-matter parsed, unless the cache holds it parsed from the very same bytes.
struct EntryReading: Sendable {
    /// An entry file read, and what the cache should remember of it.
    struct ReadEntry: Sendable {
        let outcome: EntryParser.Outcome
        var record: BuildCache.EntryRecord? = nil
        /// Whether `record` came from the cache unchanged.
        var reused = false

        var conversion: BodyConversion? { record?.conversion }
    }

    let folder: ContentFolder
    let entries: [ReadEntry]
    /// The cache's entries as the last build left them.
    let stored: BuildCache.StoredEntries
    /// Whether inline `#tags` are shown as links to their pages (`notes.inline_tags`).
    let tagLinks: Bool

    init(site: SiteFolder, parser: EntryParser, app: NoteApp?, audience: Audience, cache: BuildCache?, progress: ProgressHandler?) {
        tagLinks = parser.inlineTags
        // The entries' stamps are taken while the cache's records are still being decoded
        // on the other core, rather than waiting for the decoding, the longer of the two.
        // Without a cache, or a content/ that cannot be opened, there are none to compare.
        let ((folder, stamps), stored) = concurrently({ () -> (ContentFolder, [SourceStamp?]) in
            let remembered = cache?.loadFolderListings()
            let folder = ContentFolder(site: site, app: app, remembered: remembered, settledBefore: cache?.stampsSettleBefore ?? 0)
            // A cache that cannot be written only makes the next build slower. A listing
            // reused shares its names with the one remembered, so comparing them is quick.
            if let cache, folder.listings != remembered { try? cache.saveFolderListings(folder.listings) }
            guard cache != nil, let contentFolder = OpenFolder(path: site.content.path) else { return (folder, []) }
            return (folder, folder.entries.concurrentMap { contentFolder.status(of: $0.contentPath).map(SourceStamp.init) })
        }, { cache?.loadEntries(parser: parser) ?? BuildCache.StoredEntries() })
        let counter = ProgressCounter(.parsing, total: folder.entries.count, handler: progress)
        let settled = cache?.stampsSettleBefore ?? 0
        // Each file's record, looked for next to the last one found: the walk's order is the records'.
        var next = 0
        let cached = folder.entries.map { file -> BuildCache.EntryRecord? in
            guard let place = stored.records.place(of: file.contentPath, hint: next) else { return nil }
            next = place + 1
            return stored.records.record(at: place)
        }
        entries = Array(folder.entries.indices).concurrentMap { index -> ReadEntry in
            defer { counter.step() }
            let file = folder.entries[index]
            var entry = EntryReading.read(file, stamp: stamps.isEmpty ? nil : stamps[index], parser: parser, cached: cached[index],
                                          settledBefore: settled)
            // Converted now, beside the YAML parsing of other entries, if no link in it needs the rest of
            // the diary: cmark-gfm parses one entry at a time, and a pass of its own would keep a core idle.
            if let header = entry.outcome.header, let record = entry.record, record.conversion == nil, audience == .author || header.visibility == .public,
               let conversion = EntryConversion.convertWithoutLinks(header, tagLinks: parser.inlineTags) {
                entry.record = record.with(conversion: conversion)
                entry.reused = false
            }
            return entry
        }
        self.folder = folder
        self.stored = stored
    }

    /// Reads an entry's file and parses its front-matter, unless the cache holds it
    /// parsed from the very same bytes. A converted entry whose file has the stamp it
    /// had then is not even read.
    private static func read(_ file: SourceFile, stamp current: SourceStamp?, parser: EntryParser, cached record: BuildCache.EntryRecord?,
                             settledBefore settled: Int) -> ReadEntry {
        if let record, record.conversion != nil, let stamp = record.stamp, current == stamp {
            return ReadEntry(outcome: EntryParser.Outcome(header: header(file, record, markdown: nil, firstLine: 0), diagnostics: record.warnings),
                             record: record, reused: true)
        }
        guard let read = FileBytes(path: file.path) else {
            return ReadEntry(outcome: EntryParser.Outcome(header: nil, diagnostics: [.error(file.displayPath, "this file cannot be read; check its permissions")]))
        }
        let bytes = read.bytes
        let source = bytes.withUnsafeBytes { Fingerprint($0) }
        let stamp = SourceStamp(read.status)
        let settledStamp = stamp.settled(before: settled)
        if let record, record.source == source, case .success(let frontMatter) = EntryParser.frontMatter(of: file, bytes: bytes) {
            let header = header(file, record, markdown: frontMatter.body, firstLine: frontMatter.bodyFirstLine)
            let reused = record.stamp == settledStamp
            return ReadEntry(outcome: EntryParser.Outcome(header: header, diagnostics: record.warnings),
                             record: reused ? record : record.with(stamp: settledStamp), reused: reused)
        }
        let outcome = parser.parse(file, bytes: bytes)
        return ReadEntry(outcome: outcome, record: outcome.header.map { header in
            BuildCache.EntryRecord(source: source, stamp: settledStamp, metadata: header.metadata, warnings: outcome.diagnostics, conversion: nil)
        })
    }

    private static func header(_ file: SourceFile, _ record: BuildCache.EntryRecord, markdown: String?, firstLine: Int) -> EntryHeader {
        EntryHeader(source: file, metadata: record.metadata, markdown: markdown, markdownFirstLine: firstLine)
    }
}
