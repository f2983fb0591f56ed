import Foundation
import Mustache

/// `diarygen publish`: mirrors the public site to a web host with rsync, so
/// only files whose bytes changed travel, and pages that are gone are deleted there.
///
/// rsync deletes, on the target, whatever the site does not hold. So it deletes only
/// where diarygen published before (the target holds its marker), or where nothing
/// is yet; a target holding anything else is taken over only with `force`, after
/// saying what will be deleted there.
public enum Publisher {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// What a publish did (or, in a dry run, would do) on the target.
    public struct Changes: Sendable, Equatable {
        public var uploaded: [String] = []
        public var deleted: [String] = []
    }

    /// Left on every target diarygen publishes to: where it is, the target is the site's own.
    public static let markerName = ".diarygen-published"

    public static let rsyncMissing = "rsync is not installed, and publishing uses it. Install it: `sudo apt-get install rsync` on Debian or Ubuntu, `brew install rsync` on macOS."

    /// rsync from the PATH, or nil when it is not installed.
    public static func rsync(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: "rsync")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Makes `target` hold exactly what `folder` holds, and diarygen's marker.
    /// `takingOver` is told what will be deleted on a target diarygen did not publish
    /// to, before anything is; without it, such a target is refused.
    public static func sync(_ folder: URL, to target: PublishTarget, dryRun: Bool,
                            takingOver: ((Changes) -> Void)? = nil) throws -> Changes {
        guard let rsync = rsync() else { throw Refused(description: rsyncMissing) }
        let held = try names(in: target, rsync: rsync)
        // A slip of the fingers (`publish` for `publish --sealed`) would show every day's mood to the world.
        if held.contains(SealRecord.fileName), !FileManager.default.fileExists(atPath: folder.appending(path: SealRecord.fileName).path), takingOver == nil {
            throw Refused(description: "\(target.address) holds a sealed site, and publishing this site there would replace it with one anyone can read. "
                + "Publish with --sealed, or pass --force to replace the sealed site")
        }
        if !(held.allSatisfy { $0 == "." } || held.contains(markerName)) {
            guard let takingOver else {
                throw Refused(description: "\(target.address) holds files that diarygen did not publish there, and publishing would delete them. "
                    + "Publish to an empty folder, or pass --force to replace what is there (it first lists what it will delete)")
            }
            takingOver(try mirror(folder, to: target, rsync: rsync, dryRun: true))
        }
        // rsync makes only the last folder of a path.
        if !target.isRemote, !dryRun { try FileManager.default.createDirectory(atPath: target.address, withIntermediateDirectories: true) }
        return try mirror(folder, to: target, rsync: rsync, dryRun: dryRun)
    }

    /// The names in the target folder (rsync lists "." too); none when it is not there yet.
    private static func names(in target: PublishTarget, rsync: URL) throws -> [String] {
        // Without --recursive, rsync lists only the folder's own entries: "." and its names.
        let listing = try run(rsync, ["--list-only", "--", slashed(target.address)])
        guard listing.status == 0 else {
            // A folder that is not there yet is made by rsync, and holds nothing.
            if listing.errors.contains("No such file or directory") { return [] }
            throw Refused(description: "cannot look at \(target.address) (rsync exit \(listing.status)): \(listing.errors.trimmingSpaces)")
        }
        return listing.output.split(separator: "\n").compactMap { line in line.split(separator: " ", maxSplits: 4).last.map(String.init) }
    }

    private static func mirror(_ folder: URL, to target: PublishTarget, rsync: URL, dryRun: Bool) throws -> Changes {
        let marker = try markerFolder()
        defer { try? FileManager.default.removeItem(at: marker) }
        // --checksum: a rebuilt page with the same bytes is not sent again.
        let arguments = ["--recursive", "--links", "--perms", "--times", "--delete", "--checksum", "--itemize-changes",
                         "--exclude=/\(SiteWriter.manifestName)"] + (dryRun ? ["--dry-run"] : [])
            + ["--", slashed(folder.standardizedFileURL.path), marker.appending(path: markerName).path, slashed(target.address)]
        let result = try run(rsync, arguments)
        guard result.status == 0 else {
            throw Refused(description: "rsync to \(target.address) failed (exit \(result.status)): \(result.errors.trimmingSpaces)")
        }
        var changes = parseItemized(result.output)
        changes.uploaded.removeAll { $0 == markerName }
        return changes
    }

    /// A private folder holding the marker, which rsync sends beside the site.
    private static func markerFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "diarygen-publish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try Data("This folder is published by diarygen, which deletes here whatever the diary's site does not hold.\n".utf8)
            .write(to: folder.appending(path: markerName))
        return folder
    }

    private static func slashed(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }

    /// Runs rsync, reading what it prints on both streams at once: read one after the
    /// other, a full pipe on the second would leave both programs waiting forever.
    private static func run(_ rsync: URL, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = rsync
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (printed, complaint) = concurrently({ output.fileHandleForReading.readDataToEndOfFile() },
                                                { errors.fileHandleForReading.readDataToEndOfFile() })
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: complaint, as: UTF8.self))
    }

    /// Reads rsync's `--itemize-changes` lines: `<f+++++++++ 2025/01/index.html`
    /// (sent; `>` for a local copy) and `*deleting   old/page.html`.
    static func parseItemized(_ text: String) -> Changes {
        var changes = Changes()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("*deleting") {
                let path = line.dropFirst("*deleting".count).trimmingPrefix(while: { $0 == " " })
                if !path.hasSuffix("/") { changes.deleted.append(String(path)) }
            } else if line.count > 12, let kind = line.first, kind == "<" || kind == ">",
                      line[line.index(after: line.startIndex)] == "f" {
                changes.uploaded.append(String(line.dropFirst(12)))
            }
        }
        return changes
    }
}
