import Foundation

/// Where relative links and images in an entry lead once the entry is a page:
/// a link to another entry's file leads to that entry's day page, a link to an
/// image leads to its copy under `media/`.
struct ContentLinks: Sendable {
    /// Entry content path → the entry's date.
    let entryDates: [String: CivilDate]
    let assets: Set<String>
    /// Where `[[links]]` lead by name.
    let names: NoteNames
    /// Whether inline `#tags` are links to their pages.
    var tagLinks = true

    init(entryDates: [String: CivilDate], assets: Set<String>) {
        self.entryDates = entryDates
        self.assets = assets
        names = NoteNames(entries: entryDates, assets: assets)
    }
    /// In the public build, the entries that have a page there; nil in the author's build.
    var publishedEntries: Set<String>? = nil
    /// The photos among the assets, shown through the files made from them.
    var photos = PhotoShelf()
    /// How a photo is shown: in the author's build with a link to its original, if
    /// the settings keep originals; in the public build never.
    var originals: OriginalLinks? = nil

    /// The author's site's links from each photo to its original, and their label.
    struct OriginalLinks: Sendable, Equatable {
        let label: String
    }

    enum Resolution: Equatable {
        /// Not a relative link (a web address, an anchor, a site-absolute path).
        case external
        /// Another entry's day page (`2025/10/03/`), plus any `?query#fragment`.
        case entry(path: String, suffix: String)
        /// A file copied to `media/`, by its content path.
        case asset(contentPath: String, path: String, suffix: String)
        /// A photo, shown through the files made from it.
        case photo(Photo, suffix: String)
        /// A file named as an image that diarygen cannot show.
        case unreadablePhoto(contentPath: String, PhotoProblem)
        /// An entry that has no page in this build (the public build of a private or mood-only entry).
        case unpublished
        /// Relative, but nothing in content/ is there.
        case missing(contentPath: String)
        /// A `[[link]]` to a note that is not in the diary (or has no page in this build):
        /// its text is shown, with no link.
        case noteElsewhere
    }

    /// Resolves `url`, written in the entry at `entryPath` (a content path).
    func resolve(_ url: String, from entryPath: String) -> Resolution {
        if url.hasPrefix("[[") {
            guard let name = NoteText.note(linkedBy: url), let target = names.contentPath(of: name) else { return .noteElsewhere }
            let resolution = resolve(target, from: "")
            return resolution == .unpublished ? .noteElsewhere : resolution
        }
        guard !ContentLinks.leadsOutside(url) else { return .external }
        let suffixStart = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let written = String(url[..<suffixStart])
        let suffix = String(url[suffixStart...])
        var components = entryPath.split(separator: "/").dropLast().map(String.init)
        for part in (written.removingPercentEncoding ?? written).split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return .missing(contentPath: written) }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        let target = components.joined(separator: "/")
        if let date = entryDates[target] {
            guard publishedEntries?.contains(target) ?? true else { return .unpublished }
            return .entry(path: SitePaths.day(date), suffix: suffix)
        }
        if let photo = photos.photos[target] { return .photo(photo, suffix: suffix) }
        if let problem = photos.problems[target] { return .unreadablePhoto(contentPath: target, problem) }
        if assets.contains(target) { return .asset(contentPath: target, path: SitePaths.mediaFolder + ContentLinks.encode(target), suffix: suffix) }
        return .missing(contentPath: target)
    }

    /// A web address, an anchor, a query or a site-absolute path: where it leads
    /// does not depend on what the diary holds.
    static func leadsOutside(_ url: String) -> Bool {
        // A `[[link]]` leads wherever the diary has the note it names.
        !url.hasPrefix("[[") && (url.isEmpty || url.hasPrefix("#") || url.hasPrefix("?") || url.hasPrefix("/") || hasScheme(url))
    }

    static func hasScheme(_ url: String) -> Bool {
        for character in url {
            if character == ":" { return true }
            if character == "/" || character == "?" || character == "#" { return false }
        }
        return false
    }

    /// Percent-encodes each path component, keeping the slashes.
    static func encode(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        return path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }.joined(separator: "/")
    }
}
