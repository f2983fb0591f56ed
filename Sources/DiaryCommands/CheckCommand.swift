import ArgumentParser
import DiaryKit
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every entry and the configuration, and list every problem as path:LINE: message.")

    @OptionGroup var site: SiteOptions

    func run() throws {
        let diagnostics: [Diagnostic]
        let entries: Int?
        var drafts = 0
        do {
            let reading = try SiteBuild.read(site: site.siteFolder)
            diagnostics = reading.warnings
            entries = reading.diary.entries.count
            drafts = reading.drafts
        } catch {
            diagnostics = error.diagnostics
            entries = nil
        }
        diagnostics.forEach(Terminal.show)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let counts = "\(counted(errors, "error", "errors")), \(counted(warnings, "warning", "warnings"))"
        if let entries {
            Terminal.say("\(counted(entries, "entry", "entries")) checked: \(counts)" + (drafts > 0 ? "; \(counted(drafts, "draft", "drafts")) left out." : "."))
        } else {
            Terminal.complain(counts + ".")
            throw ExitCode.failure
        }
    }
}
