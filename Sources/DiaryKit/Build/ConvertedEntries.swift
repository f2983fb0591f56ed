import Foundation

/// Stage 3 of the pipeline, for the whole diary: each entry's body converted (or
/// reused from the cache while its links lead where they led), what the audience
/// may not see left out, and every problem found so far sorted by file and line.
struct ConvertedEntries: Sendable {
    let entries: [Entry]
    /// The files of content/ this build copies, or shows through the files made from them.
    let assets: [SourceFile]
    let photos: PhotoShelf
    let warnings: [Diagnostic]
    /// Entries left out because they say `draft: true`.
    let drafts: Int
    /// Every entry's record for the cache, by its file; nil when the cache holds all of it
    /// already, or there is no cache to keep it.
    let records: BuildCache.EntryRecords?

    /// Throws every error found, with its warnings, so that nothing is written when
    /// anything is wrong. As `invalid` says, an entry or folder with errors may be left
    /// out with a warning instead. For the `.world`, private entries are dropped here,
    /// mood-only entries keep only their date and mood, and only files that published
    /// entries show are kept. `remembering`: whether a cache keeps the entries' records.
    init(_ read: EntryReading, photos: PhotoShelf = PhotoShelf(), originals: ContentLinks.OriginalLinks? = nil, audience: Audience,
         invalid: InvalidEntries, remembering: Bool) throws(DiagnosticsError) {
        var diagnostics = read.folder.problems + read.entries.flatMap(\.outcome.diagnostics)
        // Entries are kept by their place in `read.entries`: copying a whole diary's
        // headers and records into new arrays and tables was most of this phase.
        let readEntries = read.entries
        @Sendable func header(_ index: Int) -> EntryHeader { readEntries[index].outcome.header! }
        let parsed = read.entries.indices.filter { read.entries[$0].outcome.header != nil }
        let kept = parsed.filter { !header($0).isDraft }
        var renewed = read.entries.map { !$0.reused }
        // Bodies converted anew, by place; every other record stays as it was read.
        var conversions: [Int: BodyConversion] = [:]

        diagnostics += ConvertedEntries.duplicateOutputPaths(read.folder.assets)
        switch invalid {
        case .stop: break
        case .skip: diagnostics = diagnostics.map(\.skipped)
        case .skipOutside(let month): diagnostics = ConvertedEntries.skipping(diagnostics, of: read) { $0.yearMonth == month }
        case .skipOutsideYear(let year): diagnostics = ConvertedEntries.skipping(diagnostics, of: read) { $0.year == year }
        }

        let entryDates = Dictionary(parsed.lazy.map { (header($0).source.contentPath, header($0).date) }, uniquingKeysWith: { first, _ in first })
        var links = ContentLinks(entryDates: entryDates, assets: Set(read.folder.assets.map(\.contentPath)))
        links.photos = photos
        links.tagLinks = read.tagLinks
        if audience == .author { links.originals = originals }
        // A link to a draft leads nowhere, as one to a private entry does in the public build.
        if kept.count < parsed.count { links.publishedEntries = Set(kept.map { header($0).source.contentPath }) }
        var assets = read.folder.assets
        let entries: [Entry]
        switch audience {
        case .author:
            entries = ConvertedEntries.convert(kept, of: read.entries, links: links, conversions: &conversions, renewed: &renewed, diagnostics: &diagnostics)
        case .world:
            let shown = kept.filter { header($0).visibility != .private }
            let published = shown.filter { header($0).visibility == .public }
            links.publishedEntries = Set(published.map { header($0).source.contentPath })
            var converted = ConvertedEntries.convert(published, of: read.entries, links: links, conversions: &conversions, renewed: &renewed,
                                                     diagnostics: &diagnostics).makeIterator()
            // `published` is in the order of `shown`, so its entries are taken in turn.
            entries = shown.map { header($0).visibility == .public ? converted.next()! : EntryConversion.moodOnly(header($0)) }
            let linked = Set(entries.flatMap(\.linkedAssets))
            assets = assets.filter { linked.contains($0.contentPath) }
        }
        // One file's problems together, in file order, whatever stage found them.
        let error = DiagnosticsError(diagnostics.enumerated().sorted { a, b in
            (a.element.path, a.element.line ?? 0, a.offset) < (b.element.path, b.element.line ?? 0, b.offset)
        }.map(\.element))
        guard error.errors.isEmpty else { throw error }
        self.entries = entries
        self.assets = assets
        self.photos = photos
        self.warnings = diagnostics
        self.drafts = parsed.count - kept.count
        let renewedPlaces = parsed.indices.filter { renewed[parsed[$0]] }
        self.records = !remembering || renewedPlaces.isEmpty && parsed.count == read.stored.records.count ? nil
            : BuildCache.EntryRecords(count: parsed.count, path: { header(parsed[$0]).source.contentPath },
                                      record: { [conversions] place in
                                          let record = readEntries[parsed[place]].record!
                                          return conversions[parsed[place]].map(record.with(conversion:)) ?? record
                                      }, renewed: renewedPlaces)
    }

    /// The diary, modelled from the converted entries.
    func reading(_ settings: SiteBuild.Settings) -> SiteBuild.Reading {
        SiteBuild.Reading(config: settings.config, theme: settings.theme, translations: settings.translations,
                          diary: Diary(entries: entries, moods: settings.moods), assets: assets, photos: photos,
                          warnings: warnings + ConvertedEntries.tagPageClashes(entries), drafts: drafts)
    }

    /// Tags written differently that get the same page (`Work` and `work`, `day off`
    /// and `day-off`): one warning for each spelling after the first, at an entry with it.
    static func tagPageClashes(_ entries: [Entry]) -> [Diagnostic] {
        var folders: [String: String] = [:]
        var first: [String: (tag: String, path: String)] = [:]
        var problems: [Diagnostic] = []
        for entry in entries {
            for tag in entry.tags where folders[tag] == nil {
                let folder = SitePaths.tagFolder(tag)
                folders[tag] = folder
                if let known = first[folder] {
                    problems.append(.warning(entry.source.displayPath, "the tags `\(tag)` and `\(known.tag)` (\(known.path)) share the page \(SitePaths.tag(folder: folder)), which lists both; write them one way if they are one tag, or rename one"))
                } else {
                    first[folder] = (tag, entry.source.displayPath)
                }
            }
        }
        return problems
    }

    /// Saves what this build learned of entries that the cache did not hold yet.
    func save(to cache: BuildCache, over stored: BuildCache.StoredEntries, parser: EntryParser) {
        // A cache that cannot be written only makes the next build slower.
        if let records { try? cache.saveEntries(records, over: stored, parser: parser) }
    }

    /// Files whose names differ only in case would overwrite each other on the
    /// case-insensitive disks of macOS and Windows, and on most web hosts' mirrors.
    static func duplicateOutputPaths(_ assets: [SourceFile]) -> [Diagnostic] {
        var seen: [String: SourceFile] = [:]
        var problems: [Diagnostic] = []
        for asset in assets {
            let key = asset.contentPath.lowercased()
            if let first = seen[key] {
                problems.append(.error(asset.displayPath, "this file and \(first.displayPath) would be written to the same place; rename one of them"))
            } else {
                seen[key] = asset
            }
        }
        return problems
    }

    /// Converts the entries at `indices` on every core, in order; a body converted before
    /// is reused while every link in it still leads to the same place.
    static func convert(_ indices: [Int], of read: [EntryReading.ReadEntry], links: ContentLinks, conversions: inout [Int: BodyConversion],
                        renewed: inout [Bool], diagnostics: inout [Diagnostic]) -> [Entry] {
        let converted = indices.concurrentMap { index -> (entry: Entry, conversion: BodyConversion, reused: Bool) in
            let header = read[index].outcome.header!
            if let conversion = read[index].conversion,
               conversion.links.allSatisfy({ EntryConversion.rewrite($0.url, from: header.source.contentPath, links: links) == $0 }) {
                return (EntryConversion.entry(header, conversion, photos: links.photos), conversion, true)
            }
            let conversion = EntryConversion.convert(header, links: links)
            return (EntryConversion.entry(header, conversion, photos: links.photos), conversion, false)
        }
        for (index, (_, conversion, reused)) in zip(indices, converted) {
            diagnostics += conversion.diagnostics
            if !reused {
                conversions[index] = conversion
                renewed[index] = true
            }
        }
        return converted.map(\.entry)
    }
}

extension ConvertedEntries {
    /// Errors as warnings that the file was left out, but those of entries whose day `keeps`.
    fileprivate static func skipping(_ diagnostics: [Diagnostic], of read: EntryReading, keeping keeps: (CivilDate) -> Bool) -> [Diagnostic] {
        let kept = Set(read.entries.filter { $0.outcome.day.map(keeps) == true }.flatMap { entry in
            entry.outcome.diagnostics.map(\.path) + (entry.outcome.header.map { [$0.source.displayPath] } ?? [])
        })
        return diagnostics.map { kept.contains($0.path) ? $0 : $0.skipped }
    }
}

/// What a reading does with entries (and folders) that have errors.
public enum InvalidEntries: Sendable, Equatable {
    /// Any error stops it: a build, `check`, `recap --strict`.
    case stop
    /// Each is left out with a warning: `build --skip-invalid`.
    case skip
    /// Each is left out with a warning unless it is of this month (by its date, or its
    /// file name's when the date cannot be read): `recap`, whose month would be wrong
    /// without one of its entries, while an old broken entry does not touch it.
    case skipOutside(YearMonth)
    /// The same for a year: `recap --year`.
    case skipOutsideYear(Int)
}

extension Diagnostic {
    /// An error as a warning that the file was left out.
    fileprivate var skipped: Diagnostic {
        severity == .error ? .warning(path, line: line, "skipped: \(message)") : self
    }
}
