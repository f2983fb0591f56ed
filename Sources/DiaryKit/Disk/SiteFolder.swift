import Foundation

/// A site folder's layout, named in this one place: where the entries, the theme,
/// the settings, the cache and the default outputs live.
public struct SiteFolder: Sendable, Equatable {
    public static let contentName = "content"
    public static let templatesName = "templates"
    public static let configName = "diarygen.yml"
    public static let cacheName = ".diarygen-cache"

    public let url: URL

    public init(_ url: URL) { self.url = url.standardizedFileURL }

    /// The entries and the files they show, one Markdown file an entry.
    public var content: URL { url.appending(path: SiteFolder.contentName) }
    /// The site's own theme files, each replacing the built-in one at the same path.
    public var templates: URL { url.appending(path: SiteFolder.templatesName) }
    public var config: URL { url.appending(path: SiteFolder.configName) }
    /// What builds remember for the next one.
    public var cache: URL { url.appending(path: SiteFolder.cacheName) }

    /// Where a build goes without `--output`: `site/` for the author, `public/` for the world.
    /// Where `build --sealed` puts the sealed site.
    public var defaultSealedOutput: URL { url.appending(path: "sealed") }

    public func defaultOutput(for audience: Audience) -> URL {
        url.appending(path: audience == .world ? "public" : "site")
    }

    /// A file of content/ as messages name it, relative to the site folder.
    static func displayPath(ofContent contentPath: String) -> String {
        contentPath.isEmpty ? contentName : contentName + "/" + contentPath
    }

    /// Why writing a site to `path`, or mirroring one there with deletions, could
    /// destroy what a person made; nil when it could not. Links are resolved first, so
    /// none can carry the site somewhere refused. `homes` are the home folder's paths.
    func danger(of path: String, homes: [String] = SiteFolder.homeFolders) -> String? {
        let target = realPath(path)
        let site = realPath(url.path)
        return target == "/" ? "it is the root folder" :
            homes.map(realPath).contains(target) ? "it is your home folder" :
            target == site ? "it is the site folder itself" :
            isInside(site, target) ? "it contains the site folder" :
            isInside(target, realPath(content.path)) ? "it is inside \(SiteFolder.contentName)/" :
            isInside(target, realPath(templates.path)) ? "it is inside \(SiteFolder.templatesName)/" :
            isInside(target, realPath(cache.path)) ? "it is inside \(SiteFolder.cacheName)/" : nil
    }

    /// Why a file at `contentPath` (below content/) would not land inside content/: a
    /// part of it that is no plain name, or a link on the way that leads elsewhere (a
    /// content/ that is itself a link is followed); nil when it would.
    func problem(writingContent contentPath: String) -> String? {
        for part in contentPath.split(separator: "/", omittingEmptySubsequences: false) {
            if let problem = PlainName.problem(String(part)) { return "its part `\(PlainName.shown(String(part)))`: \(problem)" }
        }
        let folder = realPath(content.path), target = realPath(content.path + "/" + contentPath)
        return target != folder && isInside(target, folder) ? nil : "it leads to \(target), outside \(SiteFolder.contentName)/"
    }

    /// `bytes` as a new file at `contentPath` below content/, its folders made as needed;
    /// false, and nothing written, when a file is already there. The one way an import
    /// writes: refused, with nothing written, when the path would leave content/.
    func createInContent(_ bytes: [UInt8], at contentPath: String) throws(WriteFailure) -> Bool {
        let path = content.path + "/" + contentPath
        if let problem = problem(writingContent: contentPath) { throw WriteFailure(path: path, reason: problem) }
        do {
            try FileManager.default.createDirectory(atPath: String(path[..<path.lastIndex(of: "/")!]), withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(path: path, reason: "cannot make its folder: \(error.localizedDescription)")
        }
        // Again now that its folders exist, so a link that appeared on the way meanwhile is refused too.
        if let problem = problem(writingContent: contentPath) { throw WriteFailure(path: path, reason: problem) }
        return try FileWriting.createNew(bytes, at: path)
    }

    /// The home folder, as `$HOME` names it and as the system's user list does.
    public static var homeFolders: [String] {
        let passwd = getpwuid(getuid()).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
        return [ProcessInfo.processInfo.environment["HOME"], passwd].compactMap { $0 }
    }
}
