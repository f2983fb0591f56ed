import ArgumentParser
import DiaryKit
import DiaryPreview
import Foundation

struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Build the site into a temporary folder, serve it, and rebuild when the diary changes.",
        // What Hugo and Zola users type.
        aliases: ["serve"])

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
                Terminal.say("Rebuilt \(counted(report.entries, "entry", "entries")) in \(String(format: "%.2f", seconds)) s "
                    + "(\(counted(report.files.written, "file", "files")) changed)")
            },
            failed: { diagnostics in
                diagnostics.forEach(Terminal.show)
                Terminal.complain("The rebuild failed; still serving the last good site.")
            })
        if !PreviewServer.isLoopback(host) {
            Terminal.complain(Terminal.warningLabel + ": listening on \(host): other machines that can reach it can read "
                + (`public` ? "the public site." : "EVERY ENTRY, private ones included."))
        }
        do {
            try await server.run(events: events)
        } catch let error as PreviewServer.PortInUse {
            Terminal.fail(error.description)
            throw ExitCode.failure
        } catch let error as DiagnosticsError {
            error.diagnostics.forEach(Terminal.show)
            Terminal.complain("Nothing to preview: \(counted(error.errors.count, "error", "errors")) to fix first.")
            throw ExitCode.failure
        }
    }
}
