import ArgumentParser
import DiaryKit
import Foundation

/// `diarygen preview`. Its options are parsed here; the server itself is in diarygen-preview,
/// the program that links the preview server's libraries, which sets `server`.
public struct Preview: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Build the site into a temporary folder, serve it, and rebuild when the diary changes.",
        // What Hugo and Zola users type.
        aliases: ["serve"])

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The address to listen on; only this machine can reach the default.")
    public var host = "127.0.0.1"

    @Option(name: .long, help: "The port; 0 picks a free one.")
    public var port = 8000

    @Flag(name: .long, help: "Let other machines reach the author's preview, private entries and all (with --host).")
    public var allowRemote = false

    @OptionGroup var date: TodayOption

    @Option(name: .long, help: "The month whose recap to point at, YYYY-MM (default: last month).")
    public var month: YearMonth?

    @Flag(name: .long, help: "Preview the public site: what publishing would show the world.")
    public var `public` = false

    public init() {}

    /// The site folder to preview.
    public var siteFolder: URL { site.siteFolder.url }
    public var today: CivilDate? { date.today }

    /// Runs the server until it is stopped: set by diarygen-preview before it parses the
    /// command line. In diarygen it is nil, and `preview` runs diarygen-preview instead.
    nonisolated(unsafe) public static var server: (@Sendable (Preview) async throws -> Void)?

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; ports run from 1 to 65535, and 0 picks a free one.") }
        guard HostName.isLoopback(host) || `public` || allowRemote else {
            throw ValidationError("--host \(host) would let other machines read every private entry of your diary. "
                + "Preview the public site with --public, or pass --allow-remote if that is what you want.")
        }
    }

    public func run() async throws {
        guard let server = Preview.server else { try PreviewProgram.run() }
        // Everything the preview writes holds the diary's words: for this user alone.
        umask(0o077)
        try await server(self)
    }
}

/// diarygen-preview, beside this program: what `diarygen preview` becomes.
enum PreviewProgram {
    /// Replaces this process with diarygen-preview, given the same command line, which it
    /// parses again; returns only by throwing, when there is no such program to run.
    static func run() throws -> Never {
        let own = Bundle.main.executableURL?.resolvingSymlinksInPath() ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let path = own.deletingLastPathComponent().appending(path: "diarygen-preview").path
        // A diarygen-preview that is this program (a link, or a copy named so) would run itself for ever.
        var ownStatus = stat(), programStatus = stat()
        if stat(own.path, &ownStatus) == 0, stat(path, &programStatus) == 0,
           ownStatus.st_dev == programStatus.st_dev, ownStatus.st_ino == programStatus.st_ino {
            Terminal.fail("\(path) is diarygen itself, not the preview server; install diarygen again.")
            throw ExitCode.failure
        }
        let arguments = ["diarygen-preview"] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(path, &pointers)
        Terminal.fail("cannot run \(path): \(String(cString: strerror(errno))). `diarygen preview` runs the preview server "
            + "from diarygen-preview, which is installed beside diarygen; install diarygen again, or build both with `swift build`.")
        throw ExitCode.failure
    }
}
