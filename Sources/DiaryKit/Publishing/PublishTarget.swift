import Foundation
import Mustache

/// Where `publish` may mirror the site to, decided before rsync runs: rsync's
/// `--delete` removes whatever the target holds that the site does not, so a
/// target must be a place the site alone lives in.
public struct PublishTarget: Sendable, Equatable {
    /// What rsync is given: a folder's path, or `user@host:path`.
    public let address: String
    /// Whether it is on another machine (`host:path`, `rsync://…`).
    public let isRemote: Bool

    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a target as written on the command line or in diarygen.yml: `~` is the
    /// home folder. A target that could destroy what is not the site is refused:
    /// `/`, the home folder, the site folder, a folder holding it or one inside its
    /// content, theme, cache or the built site itself.
    public init(_ written: String, site: SiteFolder, builtSite: URL, home: String = PublishTarget.homeFolder) throws(Refused) {
        var text = written.trimmingSpaces
        guard !text.isEmpty else { throw Refused(description: "the publish target is empty; name a folder or user@host:path") }
        // rsync would read it as one of its own options (`--rsh=…` runs a program).
        guard !text.hasPrefix("-") else {
            throw Refused(description: "will not publish to `\(written)`: a target cannot start with `-`; write ./\(written) for a folder of that name")
        }
        if text == "~" || text.hasPrefix("~/") { text = home + text.dropFirst() }
        isRemote = PublishTarget.isRemote(text)
        address = text
        guard !isRemote else { return }
        let target = realPath(text)
        let siteFolder = realPath(site.url.path)
        let homes = Set([home, PublishTarget.passwdHome].compactMap { $0 }.map(realPath))
        let reason: String? =
            target == "/" ? "it is the root folder" :
            homes.contains(target) ? "it is your home folder" :
            target == siteFolder ? "it is the site folder itself" :
            isInside(siteFolder, target) ? "it contains the site folder" :
            isInside(target, realPath(site.content.path)) ? "it is inside content/" :
            isInside(target, realPath(site.templates.path)) ? "it is inside templates/" :
            isInside(target, realPath(site.cache.path)) ? "it is inside \(SiteFolder.cacheName)/" :
            isInside(target, realPath(builtSite.path)) ? "it is the built site, which is what is published" : nil
        if let reason {
            throw Refused(description: "will not publish to \(written): \(reason), and publishing deletes whatever else is there. Name a folder of its own, such as ~/sites/diary")
        }
    }

    /// `$HOME`, or the passwd entry's when it is not set.
    public static var homeFolder: String { ProcessInfo.processInfo.environment["HOME"] ?? passwdHome ?? "/" }

    private static var passwdHome: String? {
        getpwuid(getuid()).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
    }

    /// rsync's own rule: a colon before the first slash names a host.
    static func isRemote(_ text: String) -> Bool {
        if text.hasPrefix("rsync://") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        return !text[..<colon].contains("/")
    }
}
