import Foundation

/// What a link in an entry was rewritten to, and what that told the build.
struct LinkRewrite: Sendable, Equatable {
    let url: String
    /// Nil keeps the link as written.
    let replacement: String?
    /// The content path of a file in content/ the link shows.
    let asset: String?
    /// Where a relative link pointed when nothing was there.
    let missing: String?
    /// For a link to a photo, the HTML that shows it in place of an `<img>`
    /// (`PhotoMarkup`); it names the files made from the photo, so a changed photo
    /// is a changed link.
    var photo: String? = nil
}

/// An entry's body converted to HTML, and what its links led to then.
struct BodyConversion: Sendable, Equatable {
    let body: EntryBody
    let links: [LinkRewrite]
    /// Warnings about links; an error when the file could not be read to be converted.
    let diagnostics: [Diagnostic]
}

/// Stage 3 of the pipeline: an entry's Markdown becomes the HTML its day page shows,
/// with relative links pointed at the pages and media copies they lead to.
enum EntryConversion {
    /// An entry's body, if every link in it leads outside the diary, so that nothing
    /// else the diary holds can change it; nil when it must wait for `convert(_:links:)`.
    static func convertWithoutLinks(_ header: EntryHeader, tagLinks: Bool) -> BodyConversion? {
        guard let markdown = header.markdown else { return nil }
        var linksInside = false
        let body = Markdown.convert(NoteText.markdown(markdown, tagLinks: tagLinks)) { url in
            if !ContentLinks.leadsOutside(url) { linksInside = true }
            return EntryConversion.tagPage(url)
        }
        if header.reviews.contains(where: { $0.cover.map { !ContentLinks.leadsOutside($0) } ?? false }) { linksInside = true }
        return linksInside ? nil : BodyConversion(body: body, links: [], diagnostics: [])
    }

    /// Converts an entry's Markdown; relative links are pointed at the pages and
    /// media copies they lead to, as seen from the day page (three folders deep).
    static func convert(_ header: EntryHeader, links: ContentLinks) -> BodyConversion {
        let markdown: (text: String, firstLine: Int)
        switch self.markdown(of: header) {
        case .success(let found): markdown = found
        case .failure(let problem): return BodyConversion(body: EntryBody(html: "", words: 0, excerpt: ""), links: [], diagnostics: [problem])
        }
        var rewrites: [LinkRewrite] = []
        /// Where `url` leads, kept unless it is a web address or an anchor, which lead
        /// where they lead whatever the diary holds.
        func record(_ url: String) -> LinkRewrite {
            let rewrite = rewrite(url, from: header.source.contentPath, links: links)
            if rewrite != LinkRewrite(url: url, replacement: nil, asset: nil, missing: nil) { rewrites.append(rewrite) }
            return rewrite
        }
        var body = Markdown.convert(NoteText.markdown(markdown.text, tagLinks: links.tagLinks)) { url in
            EntryConversion.tagPage(url) ?? record(url).replacement
        }
        body = PhotoMarkup.showingPhotos(body, rewrites)
        let inBody = rewrites.count
        // A review's cover is a link of the entry's too: copied, checked and published with it.
        for cover in header.reviews.compactMap(\.cover) { _ = record(cover) }
        let warnings = rewrites.indices.compactMap { index -> Diagnostic? in
            let rewrite = rewrites[index]
            if rewrite.photo.map(PhotoMarkup.isUnreadable) == true,
               case let .unreadablePhoto(target, problem) = links.resolve(rewrite.url, from: header.source.contentPath) {
                let written = NoteText.note(linkedBy: rewrite.url).map { "![[" + $0 } ?? rewrite.url
                let line = index < inBody ? markdown.text.lineNumber(containing: written).map { $0 + markdown.firstLine - 1 } : nil
                return .warning(header.source.displayPath, line: line, "shows `\(written)\(written == rewrite.url ? "" : "]]")`, but content/\(target) \(problem.description); the page shows its description instead")
            }
            if rewrite.replacement == Markdown.textOnly, let name = NoteText.note(linkedBy: rewrite.url),
               NoteText.namesImage(name) {
                let line = markdown.text.lineNumber(containing: "[[" + name).map { $0 + markdown.firstLine - 1 }
                return .warning(header.source.displayPath, line: line, "shows `![[\(name)]]`, but content/ has no file of that name")
            }
            guard let target = rewrite.missing else { return nil }
            // A cover is written in the front-matter, not in the text searched for lines.
            guard index < inBody else {
                return .warning(header.source.displayPath, "a review's cover is `\(rewrite.url)`, but there is no content/\(target)")
            }
            let line = markdown.text.lineNumber(containing: rewrite.url).map { $0 + markdown.firstLine - 1 }
            return .warning(header.source.displayPath, line: line, "links to `\(rewrite.url)`, but there is no content/\(target)")
        }
        return BodyConversion(body: body, links: rewrites, diagnostics: warnings)
    }

    /// An inline tag's link (`#[[tag]]`, as `NoteText` writes it) leads to the tag's page.
    private static func tagPage(_ url: String) -> String? {
        NoteText.tag(linkedBy: url).map { "../../../" + SitePaths.href(SitePaths.tag(folder: SitePaths.tagFolder($0))) }
    }

    /// Where `url`, written in the entry at `entryPath`, leads now.
    static func rewrite(_ url: String, from entryPath: String, links: ContentLinks) -> LinkRewrite {
        switch links.resolve(url, from: entryPath) {
        case .external: LinkRewrite(url: url, replacement: nil, asset: nil, missing: nil)
        case let .entry(path, suffix): LinkRewrite(url: url, replacement: "../../../" + path + suffix, asset: nil, missing: nil)
        case let .asset(contentPath, path, suffix): LinkRewrite(url: url, replacement: "../../../" + path + suffix, asset: contentPath, missing: nil)
        case let .photo(photo, suffix):
            PhotoMarkup.rewrite(url, showing: photo, suffix: suffix, originals: links.originals)
        case let .unreadablePhoto(contentPath, _):
            // The author's site keeps the file as it is; the public site never publishes it.
            links.originals != nil
                ? LinkRewrite(url: url, replacement: "../../../" + SitePaths.mediaFolder + ContentLinks.encode(contentPath), asset: contentPath,
                              missing: nil, photo: PhotoMarkup.unreadable)
                : LinkRewrite(url: url, replacement: "#", asset: nil, missing: nil, photo: PhotoMarkup.unreadable)
        case .unpublished: LinkRewrite(url: url, replacement: "#", asset: nil, missing: nil)
        case .missing(let target): LinkRewrite(url: url, replacement: nil, asset: nil, missing: target)
        case .noteElsewhere: LinkRewrite(url: url, replacement: Markdown.textOnly, asset: nil, missing: nil)
        }
    }

    /// The entry as pages show it: its front-matter and its converted body.
    static func entry(_ header: EntryHeader, _ conversion: BodyConversion, photos: PhotoShelf) -> Entry {
        let covers = header.reviews.map { review -> String? in
            guard let cover = review.cover else { return nil }
            if ContentLinks.leadsOutside(cover) { return cover }
            guard let asset = conversion.links.first(where: { $0.url == cover && $0.asset != nil })?.asset else { return nil }
            // A photo's cover is a file made from it, which every browser shows.
            return photos.photos[asset].map(\.fallback.url) ?? SitePaths.mediaFolder + ContentLinks.encode(asset)
        }
        let assets = conversion.links.compactMap(\.asset)
        var shown = Set<String>()
        let entryPhotos = assets.compactMap { photos.photos[$0] }.filter { shown.insert($0.contentPath).inserted }
        return Entry(source: header.source, metadata: header.metadata, body: conversion.body, isPublished: true,
                     linkedAssets: assets, reviewCovers: covers, photos: entryPhotos)
    }

    /// A mood-only entry as the world sees it: a date and a mood, nothing of its words.
    static func moodOnly(_ header: EntryHeader) -> Entry {
        Entry(source: header.source, metadata: header.metadata.moodOnly, body: EntryBody(html: "", words: 0, excerpt: ""),
              isPublished: false, linkedAssets: [])
    }

    /// The Markdown of an entry taken from the cache unread, now that it must be converted again.
    private static func markdown(of header: EntryHeader) -> Result<(text: String, firstLine: Int), Diagnostic> {
        if let markdown = header.markdown { return .success((markdown, header.markdownFirstLine)) }
        guard let read = FileBytes(path: header.source.path) else {
            return .failure(.error(header.source.displayPath, "this file cannot be read; check its permissions"))
        }
        return EntryParser.frontMatter(of: header.source, bytes: read.bytes).map { ($0.body, $0.bodyFirstLine) }
    }
}

extension Markdown {
    /// `header`'s body converted as a build converts it, its relative links resolved among
    /// `entryDates` (content path → date) and `assets`. SPI because the link-rewriting fuzz
    /// target in Fuzz/ feeds it; a build goes through `EntryConversion.convert(_:links:)`.
    @_spi(Fuzzing) public static func convert(_ header: EntryHeader, entryDates: [String: CivilDate],
                                              assets: Set<String>) -> (body: EntryBody, diagnostics: [Diagnostic]) {
        let conversion = EntryConversion.convert(header, links: ContentLinks(entryDates: entryDates, assets: assets))
        return (conversion.body, conversion.diagnostics)
    }
}

extension String {
    /// The 1-based line of the first occurrence of `needle`, if any.
    func lineNumber(containing needle: String) -> Int? {
        guard let range = range(of: needle) else { return nil }
        return self[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
