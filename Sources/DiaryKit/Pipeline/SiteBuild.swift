import Foundation

/// The whole pipeline in one place: read sources → parse entries → build the
/// diary → compute recaps → lay out and render pages → write the site.
public struct SiteBuild {
    public struct Options: Sendable {
        public var siteFolder: URL
        public var output: URL
        /// Stands in for the current date wherever the site depends on it.
        public var today: CivilDate?
        /// Build what is valid and leave out, with a warning, what is not.
        public var skipInvalid: Bool
        /// Added to the end of every page's body; only the preview server sets it.
        public var liveReloadScript: String?
        /// `.world` makes the public site.
        public var audience: Audience
        /// Overrides `base_url` from diarygen.yml.
        public var baseURL: String?
        /// Whether to reuse, and remember, what builds before learned (`.diarygen-cache/`).
        public var useCache: Bool
        /// Told as entries are read, pages rendered and files written; called from any thread.
        public var progress: ProgressHandler?

        public init(siteFolder: URL, output: URL? = nil, today: CivilDate? = nil, skipInvalid: Bool = false,
                    audience: Audience = .author, baseURL: String? = nil, useCache: Bool = true) {
            self.siteFolder = siteFolder.standardizedFileURL
            self.output = (output ?? siteFolder.appending(path: audience == .world ? "public" : "site")).standardizedFileURL
            self.today = today
            self.skipInvalid = skipInvalid
            self.audience = audience
            self.baseURL = baseURL
            self.useCache = useCache
        }
    }

    public struct Report: Sendable {
        /// The diary as this build read it.
        public let reading: Reading
        /// The date the site was built for.
        public let today: CivilDate
        public let pages: Int
        public let files: SiteWriter.Result

        public var entries: Int { reading.diary.entries.count }
        public var months: Int { reading.diary.months.count }
        public var warnings: [Diagnostic] { reading.warnings }
    }

    /// Everything read and checked, before anything is written.
    public struct Reading: Sendable {
        public let config: SiteConfig
        public let theme: Theme
        public let translations: Translations
        public let diary: Diary
        public let assets: [SourceFile]
        public let warnings: [Diagnostic]
    }

    /// The site's configuration, theme, words and moods: what every command needs
    /// before it reads a single entry.
    public struct Settings: Sendable {
        public let config: SiteConfig
        public let theme: Theme
        public let translations: Translations
        public let moods: MoodScale
    }

    public static func settings(siteFolder: URL) throws(DiagnosticsError) -> Settings {
        let config = try SiteConfig.load(siteFolder: siteFolder)
        let theme = try Theme.load(siteFolder: siteFolder)
        let translations = try theme.translations(language: config.locale.language.languageCode?.identifier ?? "en")
        let moods = MoodScale(config.moods.map { spec in
            Mood(id: spec.id, label: spec.label ?? translations.strings["mood_" + spec.id] ?? spec.id,
                 emoji: spec.emoji, color: spec.color, score: spec.score)
        })
        return Settings(config: config, theme: theme, translations: translations, moods: moods)
    }

    /// Reads and checks the whole diary. Throws every error found, with its
    /// warnings, so that nothing is written when anything is wrong. With
    /// `skipInvalid`, an entry or folder with errors is left out with a warning
    /// instead; problems with the configuration or theme still stop the build.
    /// For the `.world`, private entries are dropped here, mood-only entries keep
    /// only their date and mood, and only files that published entries show are kept.
    /// With a `cache`, an entry whose file did not change is not parsed again, and
    /// its body is not rendered again while its links lead where they led.
    public static func read(siteFolder: URL, skipInvalid: Bool = false, audience: Audience = .author,
                            cache: BuildCache? = nil, progress: ProgressHandler? = nil) throws(DiagnosticsError) -> Reading {
        let (reading, learned) = try readDiary(siteFolder: siteFolder, skipInvalid: skipInvalid, audience: audience, cache: cache, progress: progress)
        learned.save()
        return reading
    }

    /// What a reading learned of entries that the cache did not hold yet.
    struct LearnedEntries: Sendable {
        let cache: BuildCache?
        /// Nil when the cache holds all of it already.
        let records: [String: BuildCache.EntryRecord]?
        let stored: BuildCache.StoredEntries
        let moods: MoodScale

        func save() {
            // A cache that cannot be written only makes the next build slower.
            if let cache, let records { try? cache.saveEntries(records, over: stored, moods: moods) }
        }
    }

    /// `read`, leaving the cache to be saved.
    private static func readDiary(siteFolder: URL, skipInvalid: Bool, audience: Audience, cache: BuildCache?,
                                  progress: ProgressHandler?) throws(DiagnosticsError) -> (Reading, LearnedEntries) {
        let settings = try settings(siteFolder: siteFolder)
        let moods = settings.moods

        let (folder, cached) = concurrently({ ContentFolder(siteFolder: siteFolder) }, { cache?.loadEntries(moods: moods) ?? BuildCache.StoredEntries() })
        var diagnostics = folder.problems
        let parser = EntryParser(moods: moods)
        let counter = ProgressCounter(.parsing, total: folder.entries.count, handler: progress)
        let settled = cache?.stampsSettleBefore ?? 0
        let contentFolder = OpenFolder(path: siteFolder.appending(path: "content").path)
        let parsed = folder.entries.concurrentMap { file -> ParsedEntry in
            defer { counter.step() }
            var entry = readEntry(file, in: contentFolder, parser: parser, cached: cached.records[file.contentPath], settledBefore: settled)
            // Rendered now, beside the YAML parsing of other entries, if no link in it needs the rest of
            // the diary: cmark-gfm parses one entry at a time, and a pass of its own would keep a core idle.
            if let header = entry.outcome.header, entry.record?.rendering == nil, audience == .author || header.visibility == .public {
                entry.record?.rendering = renderWithoutLinks(header)
                if entry.record?.rendering != nil { entry.reused = false }
            }
            return entry
        }
        diagnostics += parsed.flatMap(\.outcome.diagnostics)
        let headers = parsed.compactMap(\.outcome.header)
        var records = Dictionary(uniqueKeysWithValues: parsed.compactMap { entry in entry.record.map { (entry.outcome.header!.source.contentPath, $0) } })
        var cacheChanged = parsed.contains { !$0.reused } || records.count != cached.records.count

        diagnostics += duplicateOutputPaths(folder.assets)
        if skipInvalid {
            diagnostics = diagnostics.map { problem in
                problem.severity == .error ? .warning(problem.path, line: problem.line, "skipped: \(problem.message)") : problem
            }
        }

        var links = ContentLinks(
            entryDates: Dictionary(headers.map { ($0.source.contentPath, $0.date) }, uniquingKeysWith: { first, _ in first }),
            assets: Set(folder.assets.map(\.contentPath)))
        var assets = folder.assets
        let entries: [Entry]
        switch audience {
        case .author:
            entries = render(headers, links: links, records: &records, changed: &cacheChanged, diagnostics: &diagnostics)
        case .world:
            let shown = headers.filter { $0.visibility != .private }
            links.publishedEntries = Set(shown.filter { $0.visibility == .public }.map(\.source.contentPath))
            let published = Dictionary(uniqueKeysWithValues: render(shown.filter { $0.visibility == .public }, links: links,
                                                                    records: &records, changed: &cacheChanged, diagnostics: &diagnostics)
                .map { ($0.source.contentPath, $0) })
            entries = shown.map { published[$0.source.contentPath] ?? moodOnly($0) }
            let linked = Set(entries.flatMap(\.linkedAssets))
            assets = assets.filter { linked.contains($0.contentPath) }
        }
        // One file's problems together, in file order, whatever stage found them.
        let error = DiagnosticsError(diagnostics.enumerated().sorted { a, b in
            (a.element.path, a.element.line ?? 0, a.offset) < (b.element.path, b.element.line ?? 0, b.offset)
        }.map(\.element))
        guard error.errors.isEmpty else { throw error }
        let reading = Reading(config: settings.config, theme: settings.theme, translations: settings.translations,
                              diary: Diary(entries: entries, moods: moods), assets: assets, warnings: diagnostics)
        return (reading, LearnedEntries(cache: cache, records: cacheChanged ? records : nil, stored: cached, moods: moods))
    }

    /// Reads an entry's file and parses its front-matter, unless the cache holds it
    /// parsed from the very same bytes. A rendered entry whose file has the stamp it
    /// had then is not even read.
    private static func readEntry(_ file: SourceFile, in contentFolder: OpenFolder?, parser: EntryParser, cached record: BuildCache.EntryRecord?,
                                  settledBefore settled: Int) -> ParsedEntry {
        let mood = record.flatMap { record in parser.moods.moods.first { $0.id == record.moodID } }
        if let record, let mood, record.rendering != nil, let stamp = record.stamp,
           contentFolder?.status(of: file.contentPath).map(BuildCache.SourceStamp.init) == stamp {
            return ParsedEntry(outcome: EntryParser.Outcome(header: header(file, record, mood, markdown: nil, firstLine: 0), diagnostics: record.warnings),
                               record: record, reused: true)
        }
        guard let read = FileBytes(path: file.path) else {
            return ParsedEntry(outcome: EntryParser.Outcome(header: nil, diagnostics: [.error(file.displayPath, "this file cannot be read; check its permissions")]))
        }
        let bytes = read.bytes
        let source = bytes.withUnsafeBytes { Fingerprint($0) }
        let stamp = BuildCache.SourceStamp(read.status)
        let settledStamp = stamp.changed < settled ? stamp : nil
        if var record, let mood, record.source == source, case .success(let frontMatter) = EntryParser.frontMatter(of: file, bytes: bytes) {
            let header = header(file, record, mood, markdown: frontMatter.body, firstLine: frontMatter.bodyFirstLine)
            let reused = record.stamp == settledStamp
            record.stamp = settledStamp
            return ParsedEntry(outcome: EntryParser.Outcome(header: header, diagnostics: record.warnings), record: record, reused: reused)
        }
        let outcome = parser.parse(file, bytes: bytes)
        return ParsedEntry(outcome: outcome, record: outcome.header.map { header in
            BuildCache.EntryRecord(source: source, stamp: settledStamp, date: header.date, secondsIntoDay: header.secondsIntoDay,
                                   moodID: header.mood.id, title: header.title, tags: header.tags, visibility: header.visibility,
                                   warnings: outcome.diagnostics, rendering: nil)
        })
    }

    private static func header(_ file: SourceFile, _ record: BuildCache.EntryRecord, _ mood: Mood, markdown: String?, firstLine: Int) -> EntryHeader {
        EntryHeader(source: file, date: record.date, secondsIntoDay: record.secondsIntoDay, mood: mood, title: record.title,
                    tags: record.tags, visibility: record.visibility, markdown: markdown, markdownFirstLine: firstLine)
    }

    /// The Markdown of an entry taken from the cache unread, now that it must be rendered again.
    private static func markdown(of header: EntryHeader) -> Result<(text: String, firstLine: Int), Diagnostic> {
        if let markdown = header.markdown { return .success((markdown, header.markdownFirstLine)) }
        guard let read = FileBytes(path: header.source.path) else {
            return .failure(.error(header.source.displayPath, "this file cannot be read; check its permissions"))
        }
        return EntryParser.frontMatter(of: header.source, bytes: read.bytes).map { ($0.body, $0.bodyFirstLine) }
    }

    /// An entry file read, and what the cache should remember of it.
    private struct ParsedEntry: Sendable {
        let outcome: EntryParser.Outcome
        var record: BuildCache.EntryRecord? = nil
        /// Whether `record` came from the cache unchanged.
        var reused = false
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

    /// Renders many entries on every core, in order; a body rendered before is
    /// reused while every link in it still leads to the same place.
    static func render(_ headers: [EntryHeader], links: ContentLinks, records: inout [String: BuildCache.EntryRecord],
                       changed: inout Bool, diagnostics: inout [Diagnostic]) -> [Entry] {
        let known = records
        let rendered = headers.concurrentMap { header -> (entry: Entry, rendering: BuildCache.Rendering, reused: Bool) in
            if let rendering = known[header.source.contentPath]?.rendering,
               rendering.links.allSatisfy({ rewrite($0.url, from: header.source.contentPath, links: links) == $0 }) {
                return (entry(header, rendering), rendering, true)
            }
            let rendering = render(header, links: links)
            return (entry(header, rendering), rendering, false)
        }
        for (entry, rendering, reused) in rendered {
            diagnostics += rendering.diagnostics
            records[entry.source.contentPath]?.rendering = rendering
            if !reused { changed = true }
        }
        return rendered.map(\.entry)
    }

    /// An entry's body, if every link in it leads outside the diary, so that nothing
    /// else the diary holds can change it; nil when it must wait for `render(_:links:)`.
    static func renderWithoutLinks(_ header: EntryHeader) -> BuildCache.Rendering? {
        guard let markdown = header.markdown else { return nil }
        var linksInside = false
        let body = Markdown.render(markdown) { url in
            if !ContentLinks.leadsOutside(url) { linksInside = true }
            return nil
        }
        return linksInside ? nil : BuildCache.Rendering(body: body, links: [], diagnostics: [])
    }

    /// Renders an entry's Markdown; relative links are pointed at the pages and
    /// media copies they lead to, as seen from the day page (three folders deep).
    static func render(_ header: EntryHeader, links: ContentLinks) -> BuildCache.Rendering {
        let markdown: (text: String, firstLine: Int)
        switch SiteBuild.markdown(of: header) {
        case .success(let found): markdown = found
        case .failure(let problem): return BuildCache.Rendering(body: RenderedMarkdown(html: "", words: 0, excerpt: ""), links: [], diagnostics: [problem])
        }
        var rewrites: [LinkRewrite] = []
        let body = Markdown.render(markdown.text) { url in
            let rewrite = rewrite(url, from: header.source.contentPath, links: links)
            // Web addresses and anchors lead where they lead whatever the diary holds.
            if rewrite != LinkRewrite(url: url, replacement: nil, asset: nil, missing: nil) { rewrites.append(rewrite) }
            return rewrite.replacement
        }
        let warnings = rewrites.compactMap { rewrite -> Diagnostic? in
            guard let target = rewrite.missing else { return nil }
            let line = markdown.text.lineNumber(containing: rewrite.url).map { $0 + markdown.firstLine - 1 }
            return .warning(header.source.displayPath, line: line, "links to `\(rewrite.url)`, but there is no content/\(target)")
        }
        return BuildCache.Rendering(body: body, links: rewrites, diagnostics: warnings)
    }

    static func rewrite(_ url: String, from entryPath: String, links: ContentLinks) -> LinkRewrite {
        switch links.resolve(url, from: entryPath) {
        case .external: LinkRewrite(url: url, replacement: nil, asset: nil, missing: nil)
        case let .entry(path, suffix): LinkRewrite(url: url, replacement: "../../../" + path + suffix, asset: nil, missing: nil)
        case let .asset(contentPath, path, suffix): LinkRewrite(url: url, replacement: "../../../" + path + suffix, asset: contentPath, missing: nil)
        case .unpublished: LinkRewrite(url: url, replacement: "#", asset: nil, missing: nil)
        case .missing(let target): LinkRewrite(url: url, replacement: nil, asset: nil, missing: target)
        }
    }

    static func entry(_ header: EntryHeader, _ rendering: BuildCache.Rendering) -> Entry {
        Entry(source: header.source, date: header.date, secondsIntoDay: header.secondsIntoDay, mood: header.mood,
              title: header.title, tags: header.tags, visibility: header.visibility, body: rendering.body,
              isPublished: true, linkedAssets: rendering.links.compactMap(\.asset))
    }

    /// A mood-only entry as the world sees it: a date and a mood, nothing of its words.
    static func moodOnly(_ header: EntryHeader) -> Entry {
        Entry(source: header.source, date: header.date, secondsIntoDay: header.secondsIntoDay, mood: header.mood,
              title: nil, tags: [], visibility: header.visibility, body: RenderedMarkdown(html: "", words: 0, excerpt: ""),
              isPublished: false, linkedAssets: [])
    }

    /// Builds the site. On any error nothing in the output folder is touched.
    public static func run(_ options: Options) throws -> Report {
        try OutputFolder.check(options.output, siteFolder: options.siteFolder)
        let cache = options.useCache ? BuildCache(siteFolder: options.siteFolder) : nil
        // Which pages on disk are still as the last build wrote them is looked up while the diary is read.
        let (readResult, recorded) = concurrently({ () -> Result<(Reading, LearnedEntries), DiagnosticsError> in
            Result { () throws(DiagnosticsError) in
                try readDiary(siteFolder: options.siteFolder, skipInvalid: options.skipInvalid, audience: options.audience,
                              cache: cache, progress: options.progress)
            }
        }, { cache?.loadPages(output: options.output) ?? [:] })
        let (reading, learned) = try readResult.get()
        var config = reading.config
        if let baseURL = options.baseURL { config.baseURL = try SiteConfig.normalizedBaseURL(baseURL) }
        let today = options.today ?? CivilDate.today(in: config.timeZone)
        // The entries' cache is saved while the site is laid out and written.
        let (_, built) = concurrently({ learned.save() }, { [config] () -> Result<([OutputFile], SiteWriter.Result), any Error> in
            Result {
                let layout = try SitePages(diary: reading.diary, config: config, theme: reading.theme, translations: reading.translations,
                                           names: DateNames(localeIdentifier: config.localeIdentifier), today: today,
                                           bodyEnd: options.liveReloadScript, previousPages: recorded.mapValues(\.inputs))
                let pages = try layout.render(progress: options.progress)
                let media = reading.assets.map { OutputFile(path: SitePages.mediaFolder + $0.contentPath, contents: .copy(of: $0.url)) }
                return (pages, try SiteWriter(output: options.output).write(pages + media, progress: options.progress))
            }
        })
        let (pages, result) = try built.get()
        if let cache {
            var records: [String: BuildCache.PageRecord] = [:]
            for page in pages {
                guard let inputs = page.inputs else { continue }
                if let stamp = result.pages[page.path] {
                    records[page.path] = BuildCache.PageRecord(inputs: inputs, stamp: stamp)
                } else if page.contents == .current {
                    records[page.path] = recorded[page.path]
                }
            }
            if records != recorded { try? cache.savePages(records, output: options.output) }
        }
        return Report(reading: reading, today: today, pages: pages.count, files: result)
    }
}

extension CivilDate {
    /// Today on the wall calendar of `timeZone`.
    public static func today(in timeZone: TimeZone, now: Date = Date()) -> CivilDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}

extension String {
    /// The 1-based line of the first occurrence of `needle`, if any.
    func lineNumber(containing needle: String) -> Int? {
        guard let range = range(of: needle) else { return nil }
        return self[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
