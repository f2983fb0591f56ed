import ArgumentParser
import DiaryKit
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new diary: a site folder with a commented diarygen.yml, an example entry for today and a .gitignore.")

    @Argument(help: "The new site folder, empty or not there yet (default: the current folder).")
    var folder = "."

    @Option(help: ArgumentHelp("An Obsidian vault to read as it is: content/ becomes a link to it, and its daily notes are the entries.",
                               valueName: "folder"))
    var obsidian: String?

    @Option(help: ArgumentHelp("A Logseq graph to read as it is: content/ becomes a link to it, and its journals are the entries.",
                               valueName: "folder"))
    var logseq: String?

    @OptionGroup var date: TodayOption

    func validate() throws {
        if obsidian != nil && logseq != nil { throw ValidationError("give --obsidian or --logseq, not both") }
    }

    func run() throws {
        let site = SiteFolder(URL(fileURLWithPath: folder, isDirectory: true))
        let notes = obsidian.map { NewSite.NoteFolder(app: .obsidian, url: URL(fileURLWithPath: $0, isDirectory: true)) }
            ?? logseq.map { NewSite.NoteFolder(app: .logseq, url: URL(fileURLWithPath: $0, isDirectory: true)) }
        let files: [URL]
        do {
            files = try NewSite.create(site, over: notes)
        } catch {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        let move = folder == "." ? "" : "cd \(shellWord(folder)) && "
        if let notes {
            // Nothing is written into the notes: no example entry.
            Terminal.say("Made a new diary over \(notes.app == .obsidian ? "the Obsidian vault" : "the Logseq graph") at \(notes.url.path):")
            for url in files {
                let name = String(url.path.dropFirst(site.url.path.count + 1))
                Terminal.say("  " + (url == site.content ? "\(name) → \(notes.url.path)" : name))
            }
            Terminal.say("Next: \(move)diarygen build, or diarygen serve to watch it as you write.")
            return
        }
        let entry = try startEntry(in: site, date: date.today, mood: "good", title: NewSite.exampleTitle, body: NewSite.exampleBody)
        Terminal.say("Made a new diary in \(site.url.path):")
        for url in files + [entry] {
            Terminal.say("  " + String(url.path.dropFirst(site.url.path.count + 1)))
        }
        Terminal.say("Next: \(move)diarygen serve, and open the address it prints.")
    }
}
