import ArgumentParser
import DiaryKit
import Foundation

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the diary site.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "Where to write the site (default: SOURCE/site, SOURCE/public with --public, SOURCE/sealed with --sealed).")
    var output: String?

    @Flag(name: .long, help: "Build what the world may see: moods, and the words of public entries only.")
    var `public` = false

    @OptionGroup var sealing: SealedOption

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

    func validate() throws {
        if sealing.sealed && `public` {
            throw ValidationError("--sealed and --public do not go together: a sealed site holds the whole diary, a public one what the world may see.")
        }
    }

    func run() throws {
        let output = output.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? (sealing.sealed ? site.siteFolder.defaultSealedOutput : nil)
        var options = SiteBuild.Options(siteFolder: site.siteFolder.url, output: output, today: date.today, skipInvalid: skipInvalid,
                                        audience: `public` ? .world : .author, baseURL: address.baseURL, useCache: !noCache)
        options.takeOver = force
        if sealing.sealed { options.seal = try sealing.key(output: options.output) }
        // Counted from here: the passphrase may take a person a while to type.
        let started = Date()
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
        let kind = options.seal != nil ? "sealed site" : options.audience == .world ? "public site" : "site"
        Terminal.say("Built the \(kind): \(counted(report.entries, "entry", "entries")), \(counted(report.months, "month", "months")), "
            + "\(counted(report.pages, "page", "pages")) into \(options.output.path) in \(seconds) s "
            + "(\(report.files.written) written, \(report.files.unchanged) unchanged, \(report.files.removed) removed)"
            + (report.drafts > 0 ? "; \(counted(report.drafts, "draft", "drafts")) left out" : ""))
        return report
    } catch let error as DiagnosticsError {
        error.diagnostics.forEach(Terminal.show)
        Terminal.complain("Nothing was written: \(counted(error.errors.count, "error", "errors")) to fix first.")
        throw ExitCode.failure
    } catch let error as BuildFailure where error.underlying is SiteWriter.Conflict {
        Terminal.fail("\(error.underlying)")
        throw ExitCode.failure
    } catch where error is OutputFolder.Refused || error is BuildFailure {
        Terminal.fail("\(error)")
        throw ExitCode.failure
    }
}
