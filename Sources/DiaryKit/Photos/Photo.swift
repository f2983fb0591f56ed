import Foundation

/// A photo in content/, as pages show it: the files made from it at a few widths,
/// named by its key, so that a changed photo gets new names and new pages.
public struct Photo: Sendable, Equatable {
    /// Where the original is below content/.
    public let contentPath: String
    /// Of the original's bytes and the photo settings.
    let key: String
    /// Of the original as it is seen (upright).
    public let width: Int
    public let height: Int
    let kind: Kind
    /// Smallest first.
    let renditions: [Rendition]

    enum Kind: Sendable, Equatable {
        /// Lossy WebP at every width, and a JPEG for browsers without WebP.
        case photo
        /// A PNG or a still GIF (a screenshot, a drawing): lossless WebP, and a PNG.
        case graphic
        /// An animated GIF: a GIF, every frame kept.
        case animation
    }

    /// One file made from the photo.
    struct Rendition: Sendable, Equatable {
        let width: Int
        let height: Int
        let format: ImageFormat
        /// From the site's root: `media/2025/01/beach.3f9a1c2e-960.webp`.
        let path: String
        /// The path as a link writes it.
        var url: String { ContentLinks.encode(path) }
    }

    init(contentPath: String, key: String, header: ImageCodec.Header, settings: PhotoSettings) {
        self.contentPath = contentPath
        self.key = key
        width = header.width
        height = header.height
        kind = header.pages > 1 ? .animation : header.loader.hasPrefix("png") || header.loader.hasPrefix("gif") ? .graphic : .photo
        // Never upscaled, and no side over the longest allowed.
        let widest = max(1, min(header.width, header.width * PhotoSettings.longestSide / max(header.width, header.height, 1)))
        let largest = min(widest, settings.widths.last!)
        let widths = kind == .animation ? [largest] : settings.widths.filter { $0 < largest } + [largest]
        let stem = contentPath.split(separator: "/").last.map { name in
            name.lastIndex(of: ".").map { String(name[..<$0]) } ?? String(name)
        } ?? contentPath
        let folder = contentPath.contains("/") ? String(contentPath[...contentPath.lastIndex(of: "/")!]) : ""
        let (main, fallback): (ImageFormat, ImageFormat?) = switch kind {
        case .photo: (.webp, .jpeg)
        case .graphic: (.losslessWebP, .png)
        case .animation: (.gif, nil)
        }
        func rendition(_ width: Int, _ format: ImageFormat) -> Rendition {
            let height = max(1, Int((Double(width) * Double(header.height) / Double(max(header.width, 1))).rounded()))
            let name = "\(stem).\(key.prefix(8))-\(width).\(format.fileExtension)"
            return Rendition(width: width, height: height, format: format, path: SitePaths.mediaFolder + folder + name)
        }
        // The fallback is for old browsers only: its smallest width serves them.
        renditions = widths.map { rendition($0, main) } + (fallback.map { [rendition(widths[0], $0)] } ?? [])
    }

    /// What an `<img>` points at: the file every browser shows.
    var fallback: Rendition { renditions.last! }
    /// The widest file, what a plain link to the photo leads to on the public site.
    var largest: Rendition { sized.last! }
    /// The files a browser picks from by width.
    private var sized: [Rendition] { kind == .animation ? renditions : renditions.filter { $0.format == renditions[0].format } }

    /// The `<picture>` that shows the photo, in its frame, as wide as its widest file
    /// (or its column) and no wider, from a page `prefix` below the site's root
    /// (`../../../` from a day page). `attributes` are the `<img>`'s own (alt, title),
    /// as written; `original`, a link to the original, if the page offers one.
    func markup(prefix: String, attributes: String, sizes: String, widths: ClosedRange<Int> = 0...Int.max, original: (href: String, label: String)? = nil) -> String {
        let shown = sized.filter { widths.contains($0.width) }
        let sources = (shown.isEmpty ? Array(sized.prefix(1)) : shown).map { "\(prefix)\($0.url) \($0.width)w" }.joined(separator: ", ")
        var html = "<picture class=\"photo\">"
        if kind != .animation { html += "<source type=\"\(renditions[0].format.mediaType)\" srcset=\"\(sources)\" sizes=\"\(sizes)\">" }
        html += "<img src=\"\(prefix)\(fallback.url)\"\(attributes) width=\"\(largest.width)\" height=\"\(largest.height)\" loading=\"lazy\" decoding=\"async\"></picture>"
        if let original { html += "<a class=\"photo-original\" data-unindexed href=\"\(prefix)\(original.href)\">\(original.label)</a>" }
        return "<span class=\"photo-frame\">\(html)</span>"
    }

    /// The file extensions diarygen shows as photos.
    static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif"]

    static func isPhoto(_ contentPath: String) -> Bool {
        guard let dot = contentPath.lastIndex(of: "."), !contentPath[dot...].contains("/") else { return false }
        return extensions.contains(contentPath[contentPath.index(after: dot)...].lowercased())
    }
}
