import Foundation

/// How an entry's body shows its photos: cmark-gfm writes `<img src alt title />`
/// for each image; one that shows a photo becomes the `<picture>` of the files made
/// from it, sized for the screen.
enum PhotoMarkup {
    /// The body column is at most 52rem less its padding; a phone shows a photo across.
    static let daySizes = "(max-width: 52rem) calc(100vw - 2rem), 50rem"
    /// Stands for the `<img>`'s own attributes (alt, title) in a photo's markup.
    static let attributesSlot = "{attributes}"
    /// Stands for the alt text, where a photo cannot be shown.
    static let altSlot = "{alt}"
    /// In place of a photo that cannot be read: what it shows, in words.
    static let unreadable = "<span class=\"photo-unreadable\">\(altSlot)</span>"

    static func isUnreadable(_ markup: String) -> Bool { markup == unreadable }

    /// The link to a photo as a day page writes it: an image shows the photo's files; a
    /// plain link leads to the original in the author's site (when it keeps originals)
    /// and to the widest file made from it otherwise.
    static func rewrite(_ url: String, showing photo: Photo, suffix: String, originals: ContentLinks.OriginalLinks?) -> LinkRewrite {
        let original = originals.map { (href: SitePaths.mediaFolder + ContentLinks.encode(photo.contentPath), label: $0.label) }
        let markup = photo.markup(prefix: "../../../", attributes: attributesSlot, sizes: daySizes, original: original)
        return LinkRewrite(url: url, replacement: "../../../" + (original?.href ?? photo.largest.url) + suffix, asset: photo.contentPath,
                           missing: nil, photo: markup)
    }

    /// `body` with each `<img>` that shows a photo replaced by the photo's markup.
    static func showingPhotos(_ body: EntryBody, _ rewrites: [LinkRewrite]) -> EntryBody {
        let shown = rewrites.filter { $0.photo != nil && $0.replacement != nil }
        guard !shown.isEmpty else { return body }
        var html = body.html
        for rewrite in shown {
            // As cmark-gfm escapes a URL in an attribute.
            let source = rewrite.replacement!.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#x27;")
            html = replacingImages(in: html, source: source, with: rewrite.photo!)
        }
        return EntryBody(html: markingGalleries(html), words: body.words, excerpt: body.excerpt, hasFootnotes: body.hasFootnotes, hasTables: body.hasTables)
    }

    /// A paragraph of several photos (written one per line, or side by side) is a gallery.
    private static func markingGalleries(_ html: String) -> String {
        let frame = "<span class=\"photo-frame\">"
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: "<p>"), let end = rest[start.upperBound...].range(of: "</p>") {
            let paragraph = rest[start.upperBound..<end.lowerBound]
            result += rest[..<start.lowerBound]
            let photos = paragraph.components(separatedBy: frame).count - 1
            result += photos > 1 ? "<p class=\"photo-gallery\">" : "<p>"
            result += paragraph
            result += "</p>"
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    private static func replacingImages(in html: String, source: String, with markup: String) -> String {
        let opening = "<img src=\"\(source)\""
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: opening), let end = rest[start.upperBound...].range(of: " />") {
            let attributes = rest[start.upperBound..<end.lowerBound]
            result += rest[..<start.lowerBound]
            if isUnreadable(markup) {
                let alt = attributes.range(of: "alt=\"").flatMap { found in
                    attributes[found.upperBound...].firstIndex(of: "\"").map { attributes[found.upperBound..<$0] }
                } ?? ""
                result += markup.replacingOccurrences(of: altSlot, with: alt)
            } else {
                result += markup.replacingOccurrences(of: attributesSlot, with: attributes)
            }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
