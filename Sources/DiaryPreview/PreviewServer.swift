import DiaryKit
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `diarygen preview`: builds the site into a temporary folder, serves it on
/// loopback with Hummingbird's FileMiddleware, rebuilds when the diary changes,
/// and tells open pages to reload.
public struct PreviewServer: Sendable {
    public struct Options: Sendable {
        public var siteFolder: URL
        public var host: String
        public var port: Int
        public var today: CivilDate?
        public var month: YearMonth?
        public var audience: Audience

        public init(siteFolder: URL, host: String = "127.0.0.1", port: Int = 8000, today: CivilDate? = nil, month: YearMonth? = nil,
                    audience: Audience = .author) {
            self.audience = audience
            self.siteFolder = siteFolder.standardizedFileURL
            self.host = host
            self.port = port
            self.today = today
            self.month = month
        }
    }

    /// What the terminal is told.
    public struct Events: Sendable {
        public var ready: @Sendable (_ line: String) -> Void
        public var rebuilt: @Sendable (_ report: SiteBuild.Report, _ seconds: Double) -> Void
        public var failed: @Sendable (_ diagnostics: [Diagnostic]) -> Void

        public init(ready: @escaping @Sendable (String) -> Void, rebuilt: @escaping @Sendable (SiteBuild.Report, Double) -> Void,
                    failed: @escaping @Sendable ([Diagnostic]) -> Void) {
            self.ready = ready
            self.rebuilt = rebuilt
            self.failed = failed
        }
    }

    public static let statusPath = "/__diarygen/status"

    let options: Options
    /// The preview's own temporary folder, which no other user may enter: the
    /// author's site in it holds every private entry.
    let privateFolder: URL
    /// What is served: a link to one of `builds`, switched when the other is complete,
    /// so no page is ever seen half written.
    let served: URL
    /// Two sites built in turn, each rebuilt from where it was two builds before.
    let builds: [URL]

    public init(options: Options) {
        self.options = options
        privateFolder = FileManager.default.temporaryDirectory.appending(path: "diarygen-preview-\(UUID().uuidString)")
        served = privateFolder.appending(path: "site")
        builds = [privateFolder.appending(path: "site-a"), privateFolder.appending(path: "site-b")]
    }

    /// Another program listens on the port asked for.
    public struct PortInUse: Error, CustomStringConvertible {
        public let host: String
        public let port: Int
        public var description: String {
            "port \(port) on \(host) is already in use by another program; pass --port with another number, or --port 0 for a free one."
        }
    }

    /// The host of a `Host:` header (`127.0.0.1:8000`, `[::1]:8000`, `localhost`).
    static func host(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") { return String(authority[authority.index(after: authority.startIndex)..<end]) }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Serves until SIGINT or SIGTERM, then removes the temporary folder.
    /// Throws when the first build fails, since there is no site to show yet.
    public func run(events: Events) async throws {
        try FileManager.default.createDirectory(at: privateFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer {
            try? FileManager.default.removeItem(at: privateFolder)
            builds.forEach(BuildCache(site: SiteFolder(options.siteFolder)).forgetPages(output:))
        }
        let first = try build(number: 0)
        let status = BuildStatus(words: first.reading.translations)
        let link = recapLink(first)

        let router = Router()
        router.get(RouterPath(stringLiteral: PreviewServer.statusPath)) { _, _ -> Response in
            let (version, errors, heading) = await status.snapshot()
            let body = "{\"version\": \(version), \"errors\": \(errors.map(doubleQuoted) ?? "null"), \"heading\": \(doubleQuoted(heading))}"
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        // Hummingbird logs every start-up detail at info level; the terminal gets our own short lines.
        var quiet = Logger(label: "diarygen-preview")
        quiet.logLevel = .error
        if HostName.isLoopback(options.host) { router.add(middleware: LoopbackHostMiddleware()) }
        router.add(middleware: FileMiddleware(served.path, cacheControl: .init([(MediaType(type: .any), [.noCache])]),
                                              searchForIndexHtml: true, logger: quiet))

        let host = options.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: options.port), serverName: "diarygen"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shownHost = host.contains(":") ? "[\(host)]" : host
                events.rebuilt(first, 0)
                events.ready("\(link.label): http://\(shownHost):\(port)/\(link.path)")
            },
            logger: quiet
        )
        let watcher = Task.detached { await watch(status: status, events: events) }
        defer { watcher.cancel() }
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(host: host, port: options.port)
        }
    }

    /// Rebuilds after the diary changes: content/, templates/ and diarygen.yml are
    /// polled, and a rebuild waits until they have been still for a moment.
    private func watch(status: BuildStatus, events: Events) async {
        // The first build, before serving, was number 0.
        var number = 1
        var known = fingerprint()
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            var current = fingerprint()
            guard current != known else { continue }
            repeat {
                known = current
                try? await Task.sleep(for: .milliseconds(200))
                current = fingerprint()
            } while current != known
            let started = Date()
            do {
                let report = try build(number: number)
                number += 1
                await status.succeeded(words: report.reading.translations)
                events.rebuilt(report, Date().timeIntervalSince(started))
            } catch let error as DiagnosticsError {
                await status.failed(error.diagnostics.map(\.description).joined(separator: "\n"))
                events.failed(error.diagnostics)
            } catch {
                await status.failed("\(error)")
                events.failed([.error("(build)", "\(error)")])
            }
        }
    }

    /// Builds the site into the folder not being served, then serves it.
    private func build(number: Int) throws -> SiteBuild.Report {
        let output = builds[number % 2]
        var build = SiteBuild.Options(siteFolder: options.siteFolder, output: output, today: options.today, audience: options.audience)
        build.liveReloadScript = PreviewServer.reloadScript
        let report = try SiteBuild.run(build)
        // A new link renamed over the old one: the switch is a single step.
        let link = privateFolder.appending(path: "site.next").path
        unlink(link)
        guard symlink(output.lastPathComponent, link) == 0, rename(link, served.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return report
    }

    /// The page to open first: last month's recap (or `--month`'s), else the home page.
    private func recapLink(_ build: SiteBuild.Report) -> (label: String, path: String) {
        let reading = build.reading
        let month = options.month ?? build.today.yearMonth.previous
        let name = DateNames(localeIdentifier: reading.config.localeIdentifier).title(of: month)
        guard reading.diary.month(month) != nil else { return (reading.translations.format("preview_home", ["month": name]), "") }
        return (reading.translations.format("recap_of", ["month": name]), month.recapPath)
    }

    /// Every watched file's path, size and modification time.
    private func fingerprint() -> [String: String] {
        var state: [String: String] = [:]
        let manager = FileManager.default
        func note(_ path: String) {
            if let attributes = try? manager.attributesOfItem(atPath: path) {
                state[path] = "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            }
        }
        let site = SiteFolder(options.siteFolder)
        note(site.config.path)
        for folder in [site.content, site.templates] {
            let root = folder.path
            note(root)
            guard let walker = manager.enumerator(atPath: root) else { continue }
            for case let path as String in walker { note(root + "/" + path) }
        }
        return state
    }

    /// Injected into preview pages only: polls the build status, reloads after a
    /// rebuild, and shows a failed rebuild's errors over the last good page.
    static let reloadScript = """
    <script>
    (() => {
      let seen = null;
      async function poll() {
        try {
          const status = await (await fetch("\(statusPath)", {cache: "no-store"})).json();
          if (seen !== null && status.version !== seen) { location.reload(); return; }
          seen = status.version;
          let overlay = document.getElementById("diarygen-errors");
          if (status.errors) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "diarygen-errors";
              overlay.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;margin:0;padding:1rem;" +
                "background:#3b0d0c;color:#ffe3e1;font:14px/1.45 ui-monospace,monospace;white-space:pre-wrap;z-index:2147483647";
              document.body.append(overlay);
            }
            overlay.textContent = status.heading + "\\n\\n" + status.errors;
          } else if (overlay) {
            overlay.remove();
          }
        } catch (error) {}
        setTimeout(poll, 600);
      }
      poll();
    })();
    </script>
    """
}

/// The preview's build number, the last failed rebuild's errors, and the words the
/// page says them with: the site's language as the last good build read it.
actor BuildStatus {
    private var version = 1
    private var errors: String?
    private var heading: String

    init(words: Translations) { heading = words["preview_failed"] }

    func snapshot() -> (Int, String?, String) { (version, errors, heading) }

    func succeeded(words: Translations) {
        version += 1
        errors = nil
        heading = words["preview_failed"]
    }

    func failed(_ text: String) { errors = text }
}

/// Answers only requests addressed to this machine by name: a web page elsewhere
/// cannot point a name of its own at 127.0.0.1 (DNS rebinding) and read the diary.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let authority = request.head.authority, !HostName.isLoopback(PreviewServer.host(ofAuthority: authority)) {
            return Response(status: .misdirectedRequest)
        }
        return try await next(request, context)
    }
}
