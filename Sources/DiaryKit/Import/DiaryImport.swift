import Foundation

/// `diarygen import`: another diary app's export read whole, its moods mapped, its
/// files planned, then written under `content/` — only when every row was read, every
/// mood mapped, every name checked and every file to copy read through, never over a
/// file already there, and never outside content/ (`SiteFolder.createInContent`).
public enum DiaryImport {
    public enum App: String, CaseIterable, Sendable {
        case daylio, dayone, jrnl, journey

        /// What its messages call one of the export's entries: the rows of Daylio's CSV.
        func entryWord(reading export: ExportFile) -> String { self == .daylio && !export.isArchive ? "row" : "entry" }
    }

    public struct Request: Sendable {
        public let app: App
        public let file: URL
        /// The export's path as the person wrote it, for messages.
        public let displayPath: String
        public let site: SiteFolder
        /// `--mood NAME=MOOD` arguments.
        public let moodArguments: [String]
        public let dryRun: Bool
        /// The command as run, which the message about unmapped moods extends.
        public let command: String
        /// How much of the export may be read; lowered by tests.
        var limits = ExportLimits.standard

        public init(app: App, file: URL, displayPath: String, site: SiteFolder, moodArguments: [String], dryRun: Bool, command: String) {
            self.app = app
            self.file = file
            self.displayPath = displayPath
            self.site = site
            self.moodArguments = moodArguments
            self.dryRun = dryRun
            self.command = command
        }
    }

    public struct Report: Sendable {
        /// Content paths of the files written (or, in a dry run, that would be).
        public let written: [String]
        public let entriesWritten: Int
        /// The days the written entries are on.
        public let daysWritten: Int
        /// Entries whose file is already there, byte for byte.
        public let alreadyThere: Int
        public let warnings: [Diagnostic]
    }

    /// Reads, maps and plans; writes unless `dryRun`. Throws every problem when any row
    /// cannot be read, any mood has no mapping, any name from the export is refused, or any
    /// planned file would leave content/ or cannot be read through, before anything is written.
    public static func run(_ request: Request) throws(DiagnosticsError) -> Report {
        let settings = try SiteBuild.settings(site: request.site)
        let mapping = try MoodMapping(moods: settings.moods, written: request.moodArguments)
        let export = try ExportFile(url: request.file, displayPath: request.displayPath, limits: request.limits)
        let (entries, readWarnings) = try read(export, app: request.app, fallbackZone: settings.config.timeZone)
        let unmapped = mapping.unmapped(entries, command: request.command, path: request.displayPath)
        guard unmapped.isEmpty else { throw DiagnosticsError(unmapped) }

        let plan = ImportPlan(entries: entries, moods: mapping, app: request.app.rawValue)
        let site = request.site
        let entryWord = request.app.entryWord(reading: export)
        var onDisk: [String: ImportPlan.OnDisk] = [:]
        var problems: [Diagnostic] = []
        for file in plan.files {
            let display = SiteFolder.displayPath(ofContent: file.contentPath)
            let entry = "\(entryWord) \(file.entryNumber) of \(request.displayPath)"
            if let problem = site.problem(writingContent: file.contentPath) {
                problems.append(.error(display, "\(entry) would be written outside \(SiteFolder.contentName)/: \(problem)"))
                continue
            }
            do throws(DiagnosticsError) {
                if let existing = FileBytes(path: site.content.path + "/" + file.contentPath) {
                    onDisk[file.contentPath] = try bytes(of: file, from: export) == existing.bytes ? .same : .different
                } else if case .copy(let exportPath) = file.contents {
                    try export.check(exportPath)
                }
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        let decision = plan.decide(onDisk: onDisk)
        var warnings = readWarnings
        for file in decision.keptAsTheyAre {
            warnings.append(.warning(SiteFolder.displayPath(ofContent: file.contentPath),
                "a different file is already here, so what \(entryWord) \(file.entryNumber) of \(request.displayPath) would put here is not written; move this file away and import again to have both"))
        }
        if !request.dryRun {
            for file in decision.toWrite { try write(file, from: export, into: site) }
        }
        let entryFiles = decision.toWrite.filter(\.isEntry)
        let days = Set(entryFiles.compactMap { file -> CivilDate? in
            if case .entry(_, let date) = file.contents { return date }
            return nil
        })
        return Report(written: decision.toWrite.map(\.contentPath), entriesWritten: entryFiles.count, daysWritten: days.count,
                      alreadyThere: decision.alreadyThere.filter(\.isEntry).count, warnings: warnings)
    }

    /// Every entry of the export, in its order, or every problem in it.
    static func read(_ export: ExportFile, app: App, fallbackZone: TimeZone) throws(DiagnosticsError) -> ([ImportedEntry], [Diagnostic]) {
        if app == .daylio, export.isArchive { return try readDaylioBackup(export) }
        if app == .journey { return try readJourneyExport(export, fallbackZone: fallbackZone) }
        var entries: [ImportedEntry] = [], warnings: [Diagnostic] = [], problems: [Diagnostic] = []
        let photos = app == .dayone ? export.files(under: "photos") : []
        let fieldLimit = export.limits.fieldBytes
        for (path, data) in try export.documents() {
            do throws(DiagnosticsError) {
                let read = try read(document: data, path: path, app: app, photoPaths: photos, fallbackZone: fallbackZone, fieldLimit: fieldLimit)
                entries += read.entries
                warnings += read.warnings
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return (entries, warnings)
    }

    /// Daylio's backup: a zip (named `.daylio`) that holds `backup.daylio` and the photos.
    private static func readDaylioBackup(_ export: ExportFile) throws(DiagnosticsError) -> ([ImportedEntry], [Diagnostic]) {
        let name = DaylioBackup.documentName
        guard export.holds(name) else {
            throw DiagnosticsError([.error(export.displayPath, "this zip holds no \(name), so it is no Daylio backup; make one in Daylio "
                + "(More → Backup & Restore → Advanced options → Export), or export the CSV (More → Export entries → CSV)")])
        }
        return try DaylioBackup.entries(
            export.member(name), path: "\(export.displayPath)/\(name)", photoPaths: export.files(under: DaylioBackup.photoFolder),
            leadingBytes: { path throws(DiagnosticsError) in try export.leadingBytes(of: path, count: 16) }, fieldLimit: export.limits.fieldBytes)
    }

    /// Journey's export: a zip of one JSON file per entry, and the photos beside them.
    private static func readJourneyExport(_ export: ExportFile, fallbackZone: TimeZone) throws(DiagnosticsError) -> ([ImportedEntry], [Diagnostic]) {
        guard export.isArchive else {
            throw DiagnosticsError([.error(export.displayPath, "this is not a zip; give Journey's export as it is, the .zip it makes "
                + "(Export / Backup → JSON), which holds one JSON file for each entry and their photos")])
        }
        return try JourneyExport.entries(
            export.documents(), location: export.displayPath, fallbackZone: fallbackZone, holds: export.holds,
            leadingBytes: { path throws(DiagnosticsError) in try export.leadingBytes(of: path, count: 16) }, fieldLimit: export.limits.fieldBytes)
    }

    /// The entries of one document of an export (`Journal.json`, a CSV), or every problem in it.
    /// SPI because the fuzz targets in Fuzz/ feed it bytes; no other client needs it.
    @_spi(Fuzzing) public static func read(document data: Data, path: String, app: App, photoPaths: Set<String>, fallbackZone: TimeZone,
                                           fieldLimit: Int? = nil) throws(DiagnosticsError)
        -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        let fieldLimit = fieldLimit ?? ExportLimits.standard.fieldBytes
        switch app {
        case .dayone:
            return try DayOneJournal.entries(data, path: path, photoPaths: photoPaths, fallbackZone: fallbackZone, fieldLimit: fieldLimit)
        case .journey:
            // One entry's file alone: the photos it names are not at hand.
            return try JourneyExport.entries([(path, data)], location: path, fallbackZone: fallbackZone, holds: { _ in false },
                                             leadingBytes: { _ in [] }, fieldLimit: fieldLimit)
        case .jrnl where path.lowercased().hasSuffix(".json"):
            return (try JrnlJournal.entries(json: data, path: path, fieldLimit: fieldLimit), [])
        case .daylio, .jrnl:
            guard let text = String(validating: Array(data), as: UTF8.self) else {
                throw DiagnosticsError([.error(path, "this file is not UTF-8 text")])
            }
            return (try app == .daylio ? DaylioCSV.entries(text, path: path, fieldLimit: fieldLimit)
                        : JrnlJournal.entries(text: text, path: path, fieldLimit: fieldLimit), [])
        }
    }

    /// The `backup.daylio` document of a Daylio backup, without the zip around it: its
    /// photos' files are only `photoPaths`, and each is read as empty. SPI for the fuzz
    /// targets, as `read(document:)` is.
    @_spi(Fuzzing) public static func readDaylioBackup(document data: Data, path: String, photoPaths: Set<String>) throws(DiagnosticsError)
        -> (entries: [ImportedEntry], warnings: [Diagnostic]) {
        try DaylioBackup.entries(data, path: path, photoPaths: photoPaths, leadingBytes: { _ in [] })
    }

    /// What the plan puts at the file's path.
    private static func bytes(of file: ImportPlan.File, from export: ExportFile) throws(DiagnosticsError) -> [UInt8] {
        switch file.contents {
        case .entry(let text, _): Array(text.utf8)
        case .copy(let exportPath): Array(try export.member(exportPath))
        }
    }

    private static func write(_ file: ImportPlan.File, from export: ExportFile, into site: SiteFolder) throws(DiagnosticsError) {
        let display = SiteFolder.displayPath(ofContent: file.contentPath)
        let bytes = try bytes(of: file, from: export)
        let created: Bool
        do {
            created = try site.createInContent(bytes, at: file.contentPath)
        } catch {
            throw DiagnosticsError([.error(display, error.description)])
        }
        // Created only where nothing is: a file that appeared since the plan is kept.
        guard created else { throw DiagnosticsError([.error(display, "this file appeared while importing; it is left as it is, import again")]) }
    }
}
