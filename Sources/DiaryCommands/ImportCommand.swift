import ArgumentParser
import DiaryKit
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in the entries of a Daylio, Day One, jrnl or Journey export, one Markdown file each.",
        discussion: "For Daylio, give its backup (a .daylio file, which has the photos) or its CSV: "
            + "which one it is, diarygen tells by what the file holds, whatever its name. "
            + "Journey's moods are numbers (its `sentiment`): map each with --mood, such as --mood 'sentiment 1.25=good'.")

    @Argument(help: "The app the export is from: daylio, dayone, jrnl or journey.")
    var app: DiaryImport.App

    @Argument(help: "Daylio's backup (.daylio) or CSV; Day One's Journal.json or export .zip; jrnl's JSON export or journal file; Journey's JSON export .zip.")
    var file: String

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "Map an app's mood to one of the diary's: NAME=MOOD (an id, alias or score). Repeat for more.")
    var mood: [String] = []

    @Flag(name: .long, help: "Say what would be written, and write nothing.")
    var dryRun = false

    func run() throws {
        var command = ["diarygen", "import", app.rawValue, file]
        if site.source != "." { command += ["--source", site.source] }
        command += mood.flatMap { ["--mood", $0] }
        let request = DiaryImport.Request(
            app: app, file: URL(fileURLWithPath: file), displayPath: file, site: site.siteFolder,
            moodArguments: mood, dryRun: dryRun, command: command.map(shellWord).joined(separator: " "))
        let report: DiaryImport.Report
        do {
            report = try DiaryImport.run(request)
        } catch {
            error.diagnostics.forEach(Terminal.show)
            Terminal.complain("\(counted(error.errors.count, "error", "errors")); nothing was written.")
            throw ExitCode.failure
        }
        report.warnings.forEach(Terminal.show)
        if dryRun { report.written.forEach { Terminal.say("would write content/\($0)") } }
        Terminal.say("\(dryRun ? "Would import" : "Imported") \(counted(report.entriesWritten, "entry", "entries")) on "
            + "\(counted(report.daysWritten, "day", "days")) (\(report.alreadyThere) already there)")
    }
}

extension DiaryImport.App: ExpressibleByArgument {}
