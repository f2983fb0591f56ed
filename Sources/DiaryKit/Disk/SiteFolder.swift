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

    /// The home folder, as `$HOME` names it and as the system's user list does.
    public static var homeFolders: [String] {
        let passwd = getpwuid(getuid()).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
        return [ProcessInfo.processInfo.environment["HOME"], passwd].compactMap { $0 }
    }
}
