import Foundation

/// The whole pipeline, phase by phase in the order they run (`BuildPhase`): load
/// settings → read entries → convert them → model the diary → plan pages → render
/// them → write the site → remember what the next build may reuse.
public enum SiteBuild {
    public struct Options: Sendable {
        public var site: SiteFolder
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
        /// Told as each phase ends (`--verbose`); called from any thread.
        public var phaseTimer: PhaseTimer?
        /// Replace files in the output folder that diarygen did not write (`--force`).
        public var takeOver = false
        /// Seal the site with these keys (`--sealed`): every file encrypted, for any host.
        public var seal: DerivingSealKey?

        public init(siteFolder: URL, output: URL? = nil, today: CivilDate? = nil, skipInvalid: Bool = false,
                    audience: Audience = .author, baseURL: String? = nil, useCache: Bool = true) {
            self.site = SiteFolder(siteFolder)
            self.output = (output ?? site.defaultOutput(for: audience)).standardizedFileURL
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
        public let files: SiteWriter.WrittenFiles

        public var entries: Int { reading.diary.entries.count }
        public var months: Int { reading.diary.months.count }
        public var warnings: [Diagnostic] { reading.warnings }
        public var drafts: Int { reading.drafts }
    }

    /// Everything read and checked, before anything is written.
    public struct Reading: Sendable {
        public let config: SiteConfig
        public let theme: Theme
        public let translations: Translations
        public let diary: Diary
        public let assets: [SourceFile]
        /// The photos among the assets, with the files made from them.
        public let photos: PhotoShelf
        public let warnings: [Diagnostic]
        /// Entries left out because they say `draft: true`.
        public let drafts: Int
    }

    /// The site's configuration, theme, words and moods: what every command needs
    /// before it reads a single entry.
    public struct Settings: Sendable {
        public let config: SiteConfig
        public let theme: Theme
        public let translations: Translations
        public let moods: MoodScale

        /// How entries are read under these settings.
        public var parser: EntryParser { EntryParser(self) }
        /// How the author's site links a photo's original; nil when it keeps none.
        var originalLinks: ContentLinks.OriginalLinks? {
            config.photos.linksOriginals ? ContentLinks.OriginalLinks(label: translations.strings["photo_original"] ?? "Full size") : nil
        }
    }

    /// Starts reading, on another core, what every build needs and no setting or argument
    /// changes: the built-in theme's templates and English words, and ICU's time zone,
    /// calendar and date-pattern data, which the default settings look up before a site's
    /// diarygen.yml is read. Each took a rebuild milliseconds on its one path. A command
    /// calls it before it reads its arguments.
    public static func prepare() {
        DispatchQueue.global().async {
            _ = Theme.builtInEnglish
            _ = Theme.builtInTemplates
            _ = SiteConfig()
        }
    }

    public static func settings(site: SiteFolder) throws(DiagnosticsError) -> Settings {
        let config = try SiteConfig.load(from: site)
        let theme = try Theme.load(from: site, named: config.themeName)
        let translations = try theme.translations(language: config.languageCode)
        let moods = MoodScale(config.moods.map { spec in
            Mood(id: spec.id, label: spec.label ?? translations.strings["mood_" + spec.id] ?? spec.id,
                 emoji: spec.emoji, color: spec.color, score: spec.score, aliases: spec.aliases)
        })
        return Settings(config: config, theme: theme, translations: translations, moods: moods)
    }

    /// Reads and checks the whole diary, as a build does before writing anything
    /// (`check`, `recap`). Throws every error found, with its warnings, except those
    /// `invalid` leaves out. `settings` are loaded when not given.
    public static func read(site: SiteFolder, settings: Settings? = nil, invalid: InvalidEntries = .stop, audience: Audience = .author,
                            cache: BuildCache? = nil, progress: ProgressHandler? = nil) throws(DiagnosticsError) -> Reading {
        let settings = if let settings { settings } else { try self.settings(site: site) }
        let parser = settings.parser
        let read = EntryReading(site: site, parser: parser, app: settings.config.notes.app, audience: audience, cache: cache, progress: progress)
        let photos = PhotoShelf(read.folder.assets, settings: settings.config.photos, cache: cache, progress: progress)
        defer { photos.removeUnkept(cache: cache) }
        let converted = try ConvertedEntries(read, photos: photos, originals: settings.originalLinks, audience: audience, invalid: invalid,
                                             remembering: cache != nil)
        if let cache { converted.save(to: cache, over: read.stored, parser: parser) }
        return converted.reading(settings)
    }

    /// Builds the site. Nothing in the output folder is touched until the diary has been
    /// read and converted without error; then pages are rendered and written a batch at a time.
    public static func run(_ options: Options) throws -> Report {
        try OutputFolder.check(options.output, site: options.site, sealed: options.seal != nil)
        let timer = options.phaseTimer
        let cache = options.useCache ? BuildCache(site: options.site) : nil
        let (settings, config) = try BuildPhase.loadSettings.run(timer: timer) {
            let settings = try self.settings(site: options.site)
            var config = settings.config
            if let baseURL = options.baseURL { config.baseURL = try SiteConfig.normalizedBaseURL(baseURL) }
            return (settings, config)
        }
        let parser = settings.parser
        let (read, sealed) = try readEntries(options, settings: settings, cache: cache)
        // Where a page lies on disk: a sealed one under its opaque name.
        let located: @Sendable (String) -> String
        if let sealed { located = { sealed.sealedPath(of: $0) } } else { located = { $0 } }
        let today = options.today ?? CivilDate.today(in: config.timeZone)
        // Which pages on disk are as the last build wrote them (a `stat` of each) is looked
        // up beside converting, modelling and planning: a rebuild's thousands of `stat`s
        // took longer than converting and modelling, and the plan waited for them.
        let stored = read.stored
        let (recorded, planned) = concurrently({ cache?.loadPages(output: options.output, located: located) ?? BuildCache.StoredPages() }, {
            Result { () throws -> (ConvertedEntries, Reading, PagePlan) in
                let converted = try convert(read, options, settings: settings, cache: cache)
                let reading = BuildPhase.model.run(timer: timer) { converted.reading(settings) }
                let plan = BuildPhase.plan.run(timer: timer) {
                    PagePlan(diary: reading.diary, config: config, theme: reading.theme, translations: reading.translations,
                             bodyEnd: options.liveReloadScript, today: today, audience: options.audience)
                }
                return (converted, reading, plan)
            }
        })
        let (converted, reading, plan) = try (consume planned).get()
        // The entries as read (each body's Markdown) are let go here, before the pages are
        // made, not with the rest at the end: a long diary's peak memory is made then.
        _ = consume read
        // The entries' cache is saved while the site is rendered and written.
        let (_, built) = concurrently({ if let cache { converted.save(to: cache, over: stored, parser: parser) } }, {
            Result { () throws -> ([BuildCache.MadePage], Int, SiteWriter.WrittenFiles) in
                let media = PhotoFiles.outputs(reading.assets, photos: reading.photos, audience: options.audience,
                                               linksOriginals: config.photos.linksOriginals, previous: recorded.current)
                let (made, written) = try renderAndWrite(options, cache: cache, plan: plan, media: media, reading: reading, config: config, today: today,
                                                         previousPages: recorded.current, sealed: sealed, located: located)
                return (made, plan.files.count, written)
            }
        })
        converted.photos.removeUnkept(cache: cache)
        let (made, pages, written) = try (consume built).get()
        if let cache {
            // A cache that cannot be written only makes the next build slower.
            try? BuildPhase.remember.run(timer: timer) {
                // The images made from photos are remembered like pages: while a name and its
                // file on disk are as written, the next build does not copy it again.
                try cache.rememberPages(made, written: written, stored: recorded, output: options.output, located: located)
            }
        }
        // Every value that holds the entries' records goes, so that this thread, which the
        // command exits from, is never the one left to free them.
        releaseElsewhere((consume converted, consume stored, consume recorded, consume plan, consume made))
        return Report(reading: reading, today: today, pages: pages, files: written)
    }
}

extension SiteBuild {
    /// The read phase of a build: every entry file read, or taken from the cache as it was.
    /// A sealed build's keys, derived on a thread of their own, are waited for after the
    /// reading, and a passphrase that does not open the site stops the build there.
    private static func readEntries(_ options: Options, settings: Settings, cache: BuildCache?) throws -> (EntryReading, SealedSite?) {
        let (read, key) = BuildPhase.read.run(timer: options.phaseTimer) {
            (EntryReading(site: options.site, parser: settings.parser, app: settings.config.notes.app, audience: options.audience, cache: cache,
                          progress: options.progress),
             options.seal?.value)
        }
        if options.seal != nil && key == nil {
            throw OutputFolder.Refused(description: "this passphrase does not open the sealed site in \(options.output.path): it was sealed with another one. "
                + "Nothing was written. Use the passphrase it was sealed with, or seal into another folder with --output.")
        }
        return (read, key.map(SealedSite.init(key:)))
    }

    /// The photos and convert phases: the entries as pages will show them.
    private static func convert(_ read: EntryReading, _ options: Options, settings: Settings, cache: BuildCache?) throws -> ConvertedEntries {
        let photos = BuildPhase.photos.run(timer: options.phaseTimer) {
            PhotoShelf(read.folder.assets, settings: settings.config.photos, cache: cache, progress: options.progress)
        }
        return try BuildPhase.convert.run(timer: options.phaseTimer) {
            try ConvertedEntries(read, photos: photos, originals: settings.originalLinks, audience: options.audience,
                                 invalid: options.skipInvalid ? .skip : .stop, remembering: cache != nil)
        }
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
