import ArgumentParser
import DiaryKit
import Foundation

struct Diarygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diarygen",
        abstract: "Turns a Markdown diary into a website of mood calendars and monthly recaps.",
        subcommands: [Build.self, Check.self]
    )
}

/// Options every command that reads a diary shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The site folder, holding content/ and diarygen.yml.")
    var source: String = "."

    var siteFolder: URL { URL(fileURLWithPath: source, isDirectory: true) }
}

extension CivilDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard argument.count == 10, case .success(let written) = WrittenDate.parse(argument) else { return nil }
        self = written.date
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the diary site.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "Where to write the site (default: SOURCE/site).")
    var output: String?

    @Option(name: .long, help: "Stand-in for today's date, YYYY-MM-DD (default: today in the configured time zone).")
    var today: CivilDate?

    @Flag(name: .long, help: "Build every valid entry and leave out, with a warning, the ones with errors.")
    var skipInvalid = false

    func run() throws {
        let started = Date()
        let options = SiteBuild.Options(siteFolder: site.siteFolder, output: output.map { URL(fileURLWithPath: $0, isDirectory: true) },
                                        today: today, skipInvalid: skipInvalid)
        do {
            let report = try SiteBuild.run(options)
            report.warnings.forEach(Terminal.show)
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            Terminal.say("Built \(report.entries) entries, \(report.months) months, \(report.pages) pages into \(options.output.path) in \(seconds) s "
                + "(\(report.files.written) written, \(report.files.unchanged) unchanged, \(report.files.removed) removed)")
        } catch let error as DiagnosticsError {
            error.diagnostics.forEach(Terminal.show)
            Terminal.complain("Nothing was written: \(error.errors.count) error\(error.errors.count == 1 ? "" : "s") to fix first.")
            throw ExitCode.failure
        } catch let error as OutputFolder.Refused {
            Terminal.complain("\(Terminal.paint("error", "1;31")): \(error.description)")
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
            let reading = try SiteBuild.read(siteFolder: site.siteFolder)
            diagnostics = reading.warnings
            entries = reading.diary.entries.count
        } catch {
            diagnostics = error.diagnostics
            entries = nil
        }
        diagnostics.forEach(Terminal.show)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let counts = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if let entries {
            Terminal.say("\(entries) entries checked: \(counts).")
        } else {
            Terminal.complain(counts + ".")
            throw ExitCode.failure
        }
    }
}

Diarygen.main()
