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
    public init(_ written: String, site: SiteFolder, builtSite: URL, homes: [String] = SiteFolder.homeFolders) throws(Refused) {
        var text = written.trimmingSpaces
        guard !text.isEmpty else { throw Refused(description: "the publish target is empty; name a folder or user@host:path") }
        // rsync would read it as one of its own options (`--rsh=…` runs a program).
        guard !text.hasPrefix("-") else {
            throw Refused(description: "will not publish to `\(written)`: a target cannot start with `-`; write ./\(written) for a folder of that name")
        }
        if let home = homes.first, text == "~" || text.hasPrefix("~/") { text = home + text.dropFirst() }
        isRemote = PublishTarget.isRemote(text)
        address = text
        guard !isRemote else { return }
        let reason = site.danger(of: text, homes: homes)
            ?? (isInside(realPath(text), realPath(builtSite.path)) ? "it is the built site, which is what is published" : nil)
        if let reason {
            throw Refused(description: "will not publish to \(written): \(reason), and publishing deletes whatever else is there. Name a folder of its own, such as ~/sites/diary")
        }
    }

    /// rsync's own rule: a colon before the first slash names a host.
    static func isRemote(_ text: String) -> Bool {
        if text.hasPrefix("rsync://") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        return !text[..<colon].contains("/")
    }
}
