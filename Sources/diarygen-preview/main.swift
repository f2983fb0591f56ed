import ArgumentParser
import DiaryCommands
import DiaryKit
import DiaryPreview
import Foundation

// diarygen with the preview server: what `diarygen preview` runs, with the same command line.
Preview.server = { preview in
    let server = PreviewServer(options: .init(siteFolder: preview.siteFolder, host: preview.host, port: preview.port, today: preview.today,
                                              month: preview.month, audience: preview.public ? .world : .author))
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
    if !HostName.isLoopback(preview.host) {
        Terminal.complain(Terminal.warningLabel + ": listening on \(preview.host): other machines that can reach it can read "
            + (preview.public ? "the public site." : "EVERY ENTRY, private ones included."))
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
await Diarygen.runCommandLine()
