import ArgumentParser
import DiaryKit
import DiaryPreview
import Foundation

@main
struct Diarygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diarygen",
        abstract: "Turns a Markdown diary into a website of mood calendars and monthly recaps.",
        subcommands: [Build.self, Check.self, Recap.self, Preview.self, Publish.self, New.self]
    )
}

/// Options every command that reads a diary shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The site folder, holding content/ and diarygen.yml.")
    var source: String = "."

    var siteFolder: SiteFolder { SiteFolder(URL(fileURLWithPath: source, isDirectory: true)) }
}

/// `--today`, for the commands whose output depends on the date.
struct TodayOption: ParsableArguments {
    @Option(name: .long, help: "Stand-in for today's date, YYYY-MM-DD (default: today in the configured time zone).")
    var today: CivilDate?
}

/// `--base-url`, for the commands that build a site.
struct BaseURLOption: ParsableArguments {
    @Option(name: .long, help: "The site's address, for the feed and sitemap (default: base_url in diarygen.yml).")
    var baseURL: String?
}

extension CivilDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard argument.count == 10, case .success(let written) = WrittenDate.parse(argument) else { return nil }
        self = written.date
    }
}

extension YearMonth: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension RecapReport.Format: ExpressibleByArgument {}

/// "1 error", "2 errors".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// Reads the diary, or prints every problem and fails.
func readDiary(_ site: SiteOptions) throws -> SiteBuild.Reading {
    do {
        let reading = try SiteBuild.read(site: site.siteFolder)
        reading.warnings.forEach(Terminal.show)
        return reading
    } catch {
        error.diagnostics.forEach(Terminal.show)
        Terminal.complain("\(counted(error.errors.count, "error")) to fix first.")
        throw ExitCode.failure
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the diary site.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "Where to write the site (default: SOURCE/site, or SOURCE/public with --public).")
    var output: String?

    @Flag(name: .long, help: "Build what the world may see: moods, and the words of public entries only.")
    var `public` = false

    @OptionGroup var address: BaseURLOption

    @OptionGroup var date: TodayOption

    @Flag(name: .long, help: "Build every valid entry and leave out, with a warning, the ones with errors.")
    var skipInvalid = false

    @Flag(name: .customLong("no-cache"), help: "Build everything from scratch, without reading or writing SOURCE/.diarygen-cache.")
    var noCache = false

    @Flag(name: .shortAndLong, help: "Print only warnings and errors: no progress bar, no summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print how long each phase of the build took, on standard error.")
    var verbose = false

    @Flag(name: .long, help: "Replace files in the output folder that diarygen did not write.")
    var force = false

    func run() throws {
        let started = Date()
        var options = SiteBuild.Options(siteFolder: site.siteFolder.url, output: output.map { URL(fileURLWithPath: $0, isDirectory: true) },
                                        today: date.today, skipInvalid: skipInvalid, audience: `public` ? .world : .author, baseURL: address.baseURL,
                                        useCache: !noCache)
        options.takeOver = force
        if verbose {
            options.phaseTimer = { phase, duration in
                let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                Terminal.complain("\(phase.rawValue): \(String(format: "%.3f", seconds)) s")
            }
        }
        let report = try buildSite(options, started: started, quiet: quiet)
        // Done: exiting now spares freeing the whole diary object by object, which a
        // rebuild with little to do spent a few percent of its time on.
        withExtendedLifetime(report) { Foundation.exit(EXIT_SUCCESS) }
    }
}

/// Runs a build and tells the terminal how it went: a progress bar while a long
/// build runs, then one line.
func buildSite(_ options: SiteBuild.Options, started: Date, quiet: Bool = false) throws -> SiteBuild.Report {
    var options = options
    let bar = quiet ? nil : Terminal.ProgressBar(started: started)
    if let bar { options.progress = { progress in bar.show(progress) } }
    let outcome = Result { try SiteBuild.run(options) }
    // Warnings and errors start on a line of their own, not after the bar.
    bar?.clear()
    do {
        let report = try outcome.get()
        report.warnings.forEach(Terminal.show)
        guard !quiet else { return report }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        let kind = options.audience == .world ? "public site" : "site"
        Terminal.say("Built the \(kind): \(report.entries) entries, \(report.months) months, \(report.pages) pages into \(options.output.path) in \(seconds) s "
            + "(\(report.files.written) written, \(report.files.unchanged) unchanged, \(report.files.removed) removed)")
        return report
    } catch let error as DiagnosticsError {
        error.diagnostics.forEach(Terminal.show)
        Terminal.complain("Nothing was written: \(counted(error.errors.count, "error")) to fix first.")
        throw ExitCode.failure
    } catch let error as BuildFailure where error.underlying is SiteWriter.Conflict {
        Terminal.fail("\(error.underlying)")
        throw ExitCode.failure
    } catch where error is OutputFolder.Refused || error is BuildFailure {
        Terminal.fail("\(error)")
        throw ExitCode.failure
    }
}

struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the public site and mirror it to your web host with rsync.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "A folder or user@host:path (default: publish.target in diarygen.yml).")
    var to: String?

    @OptionGroup var address: BaseURLOption

    @Flag(name: .long, help: "Show what would be uploaded and deleted, and change nothing on the host.")
    var dryRun = false

    @Flag(name: .long, help: "Publish to a folder that holds files diarygen did not publish there, deleting them (they are listed first).")
    var force = false

    func run() throws {
        let started = Date()
        let configured = try? SiteConfig.load(from: site.siteFolder).publishTarget
        guard let written = to ?? configured else {
            Terminal.fail("where to? Pass --to user@host:path or --to FOLDER, or set publish.target in diarygen.yml.")
            throw ExitCode.failure
        }
        guard Publisher.rsync() != nil else {
            Terminal.fail(Publisher.rsyncMissing)
            throw ExitCode.failure
        }
        let options = SiteBuild.Options(siteFolder: site.siteFolder.url, audience: .world, baseURL: address.baseURL)
        let target: PublishTarget
        do {
            target = try PublishTarget(written, site: site.siteFolder, builtSite: options.output)
        } catch {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        _ = try buildSite(options, started: started)
        do {
            let takingOver: ((Publisher.Changes) -> Void)? = force ? { changes in
                Terminal.complain("Taking over \(target.address): \(counted(changes.deleted.count, "file")) there that diarygen did not publish "
                    + (dryRun ? "would be deleted:" : "will be deleted:"))
                changes.deleted.forEach { Terminal.complain("  \($0)") }
            } : nil
            let changes = try Publisher.sync(options.output, to: target, dryRun: dryRun, takingOver: takingOver)
            let verb = dryRun ? "would upload" : "uploaded"
            changes.uploaded.forEach { Terminal.say("\(verb): \($0)") }
            changes.deleted.forEach { Terminal.say("\(dryRun ? "would delete" : "deleted"): \($0)") }
            Terminal.say("\(dryRun ? "Dry run: " : "")\(counted(changes.uploaded.count, "file")) \(verb), "
                + "\(changes.deleted.count) \(dryRun ? "would be " : "")deleted, on \(target.address).")
        } catch let error as Publisher.Refused {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check every entry and the configuration, and list every problem as path:LINE: message.")

    @OptionGroup var site: SiteOptions

    func run() throws {
        let diagnostics: [Diagnostic]
        let entries: Int?
        do {
            let reading = try SiteBuild.read(site: site.siteFolder)
            diagnostics = reading.warnings
            entries = reading.diary.entries.count
        } catch {
            diagnostics = error.diagnostics
            entries = nil
        }
        diagnostics.forEach(Terminal.show)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let counts = "\(counted(errors, "error")), \(counted(warnings, "warning"))"
        if let entries {
            Terminal.say("\(entries) entries checked: \(counts).")
        } else {
            Terminal.complain(counts + ".")
            throw ExitCode.failure
        }
    }
}

struct Recap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a month's recap: last month's unless --month says otherwise.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The month, YYYY-MM (default: last month).")
    var month: YearMonth?

    @OptionGroup var date: TodayOption

    @Option(name: .long, help: "text, markdown or json.")
    var format: RecapReport.Format = .text

    func run() throws {
        let reading = try readDiary(site)
        let chosen = month ?? (date.today ?? CivilDate.today(in: reading.config.timeZone)).yearMonth.previous
        guard let diaryMonth = reading.diary.month(chosen) else {
            let name = DateNames(localeIdentifier: reading.config.localeIdentifier).title(of: chosen)
            Terminal.complain("No entries in \(name) (\(chosen)): there is no recap to show.")
            throw ExitCode.failure
        }
        let report = RecapReport(month: diaryMonth, moods: reading.diary.moods, translations: reading.translations,
                                 localeIdentifier: reading.config.localeIdentifier)
        print(report.formatted(format), terminator: "")
    }
}

struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into a temporary folder, serve it, and rebuild when the diary changes.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The address to listen on; only this machine can reach the default.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port; 0 picks a free one.")
    var port = 8000

    @Flag(name: .long, help: "Let other machines reach the author's preview, private entries and all (with --host).")
    var allowRemote = false

    @OptionGroup var date: TodayOption

    @Option(name: .long, help: "The month whose recap to point at, YYYY-MM (default: last month).")
    var month: YearMonth?

    @Flag(name: .long, help: "Preview the public site: what publishing would show the world.")
    var `public` = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; ports run from 1 to 65535, and 0 picks a free one.") }
        guard PreviewServer.isLoopback(host) || `public` || allowRemote else {
            throw ValidationError("--host \(host) would let other machines read every private entry of your diary. "
                + "Preview the public site with --public, or pass --allow-remote if that is what you want.")
        }
    }

    func run() async throws {
        // Everything the preview writes holds the diary's words: for this user alone.
        umask(0o077)
        let server = PreviewServer(options: .init(siteFolder: site.siteFolder.url, host: host, port: port, today: date.today, month: month,
                                                  audience: `public` ? .world : .author))
        let events = PreviewServer.Events(
            ready: { line in
                Terminal.say(line)
                Terminal.say("Watching content/, templates/ and diarygen.yml. Press Ctrl-C to stop.")
            },
            rebuilt: { report, seconds in
                report.warnings.forEach(Terminal.show)
                guard seconds > 0 else { return }
                Terminal.say("Rebuilt \(report.entries) entries in \(String(format: "%.2f", seconds)) s (\(report.files.written) files changed)")
            },
            failed: { diagnostics in
                diagnostics.forEach(Terminal.show)
                Terminal.complain("The rebuild failed; still serving the last good site.")
            })
        if !PreviewServer.isLoopback(host) {
            Terminal.complain(Terminal.paint("warning", "1;33") + ": listening on \(host): other machines that can reach it can read "
                + (`public` ? "the public site." : "EVERY ENTRY, private ones included."))
        }
        do {
            try await server.run(events: events)
        } catch let error as PreviewServer.PortInUse {
            Terminal.fail(error.description)
            throw ExitCode.failure
        } catch let error as DiagnosticsError {
            error.diagnostics.forEach(Terminal.show)
            Terminal.complain("Nothing to preview: \(counted(error.errors.count, "error")) to fix first.")
            throw ExitCode.failure
        }
    }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start today's entry, with its front-matter filled in.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The entry's date, YYYY-MM-DD (default: today in the configured time zone).")
    var date: CivilDate?

    @Option(name: .long, help: "The mood: an id, emoji or score.")
    var mood: String

    @Option(name: .long, help: "A title.")
    var title: String?

    func run() throws {
        let settings: SiteBuild.Settings
        do {
            settings = try SiteBuild.settings(site: site.siteFolder)
        } catch {
            error.diagnostics.forEach(Terminal.show)
            throw ExitCode.failure
        }
        let day = date ?? CivilDate.today(in: settings.config.timeZone)
        let url: URL
        do {
            url = try NewEntry.create(in: site.siteFolder, date: day, mood: mood, title: title, moods: settings.moods)
        } catch let error as NewEntry.Refused {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        print(url.path)
        if isatty(STDIN_FILENO) == 1, let editor = ProcessInfo.processInfo.environment["EDITOR"], !editor.isEmpty {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "$EDITOR \"$1\"", "sh", url.path]
            try process.run()
            process.waitUntilExit()
        }
    }
}

