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
}
