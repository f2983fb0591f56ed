import ArgumentParser
import DiaryKit
import Foundation

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Start today's entry, with its front-matter filled in.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The entry's date, YYYY-MM-DD (default: today in the configured time zone).")
    var date: CivilDate?

    @Option(name: .long, help: "The mood: an id, emoji or score.")
    var mood: String

    @Option(name: .long, help: "A title.")
    var title: String?

    func run() throws {
        let url = try startEntry(in: site.siteFolder, date: date, mood: mood, title: title)
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

/// Writes an entry for `date`, or for today in the site's time zone, as `new` and
/// `init` do; prints what stops it and fails.
func startEntry(in site: SiteFolder, date: CivilDate?, mood: String, title: String?, body: String = "") throws -> URL {
    let settings: SiteBuild.Settings
    do {
        settings = try SiteBuild.settings(site: site)
    } catch {
        error.diagnostics.forEach(Terminal.show)
        throw ExitCode.failure
    }
    let day = date ?? CivilDate.today(in: settings.config.timeZone)
    do {
        return try NewEntry.create(in: site, date: day, mood: mood, title: title, body: body, moods: settings.moods)
    } catch let error as NewEntry.Refused {
        Terminal.fail(error.description)
        throw ExitCode.failure
    }
}
