import Foundation
import Mustache

/// `diarygen publish`: mirrors the public site to a web host with rsync, so
/// only files whose bytes changed travel, and pages that are gone are deleted there.
public enum Publisher {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Result: Sendable, Equatable {
        public var uploaded: [String] = []
        public var deleted: [String] = []
    }

    public static let rsyncMissing = "rsync is not installed, and publishing uses it. Install it: `sudo apt-get install rsync` on Debian or Ubuntu, `brew install rsync` on macOS."

    /// rsync from the PATH, or nil when it is not installed.
    public static func rsync(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: "rsync")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Makes `target` (a folder, or `user@host:path`) hold exactly what `folder` holds.
    public static func sync(_ folder: URL, to target: String, dryRun: Bool) throws -> Result {
        guard let rsync = rsync() else {
            throw Refused(description: rsyncMissing)
        }
        let process = Process()
        process.executableURL = rsync
        // --checksum: a rebuilt page with the same bytes is not sent again.
        process.arguments = ["--recursive", "--links", "--perms", "--times", "--delete", "--checksum", "--itemize-changes",
                             "--exclude=/\(SiteWriter.manifestName)"] + (dryRun ? ["--dry-run"] : [])
            + [folder.standardizedFileURL.path + "/", target]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Refused(description: "rsync to \(target) failed (exit \(process.terminationStatus)): \(complaint.trimmingSpaces)")
        }
        return parseItemized(printed)
    }

    /// Reads rsync's `--itemize-changes` lines: `<f+++++++++ 2025/01/index.html`
    /// (sent; `>` for a local copy) and `*deleting   old/page.html`.
    static func parseItemized(_ text: String) -> Result {
        var result = Result()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("*deleting") {
                let path = line.dropFirst("*deleting".count).trimmingPrefix(while: { $0 == " " })
                if !path.hasSuffix("/") { result.deleted.append(String(path)) }
            } else if line.count > 12, let kind = line.first, kind == "<" || kind == ">",
                      line[line.index(after: line.startIndex)] == "f" {
                result.uploaded.append(String(line.dropFirst(12)))
            }
        }
        return result
    }
}
