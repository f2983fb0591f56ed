import ArgumentParser
import DiaryKit
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a new diary: a site folder with a commented diarygen.yml, an example entry for today and a .gitignore.")

    @Argument(help: "The new site folder, empty or not there yet (default: the current folder).")
    var folder = "."

    @OptionGroup var date: TodayOption

    func run() throws {
        let site = SiteFolder(URL(fileURLWithPath: folder, isDirectory: true))
        let files: [URL]
        do {
            files = try NewSite.create(site)
        } catch {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        let entry = try startEntry(in: site, date: date.today, mood: "good", title: NewSite.exampleTitle, body: NewSite.exampleBody)
        Terminal.say("Made a new diary in \(site.url.path):")
        for url in files + [entry] {
            Terminal.say("  " + String(url.path.dropFirst(site.url.path.count + 1)))
        }
        let move = folder == "." ? "" : "cd \(shellWord(folder)) && "
        Terminal.say("Next: \(move)diarygen serve, and open the address it prints.")
    }
}
