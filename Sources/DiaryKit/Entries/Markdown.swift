import CCmarkGFM
import CCmarkMarks
import Foundation
import Synchronization
import Mustache

/// An entry body as HTML, with what the rest of the pipeline needs to know about it.
public struct EntryBody: Sendable, Equatable {
    /// Decoded when asked for: a body from the build cache stays the cache's bytes,
    /// as most builds only hash it and write it back.
    public var html: String { htmlText.string }
    let htmlText: UTF8Text
    /// Of the HTML, made once when it is rendered and kept in the cache: pages hash
    /// it on every build instead of the HTML itself.
    let htmlFingerprint: Fingerprint
    /// Words written; each CJK character counts as a word.
    public let words: Int
    /// The first paragraph or heading as plain text, shortened for lists.
    public var excerpt: String { excerptText.string }
    /// Decoded when asked for, as `htmlText`: a rebuild shows only a few.
    let excerptText: UTF8Text
    /// Of the excerpt, kept in the cache as `htmlFingerprint` is: pages hash every entry's
    /// excerpt on every build, and reading the excerpts themselves brought each from memory.
    let excerptFingerprint: Fingerprint
    /// Footnote ids need scoping when a page shows several entries.
    public var hasFootnotes = false
    /// A table may be wider than a phone; pages put it in a box that scrolls.
    public var hasTables = false

    public init(html: String, words: Int, excerpt: String, hasFootnotes: Bool = false, hasTables: Bool = false) {
        self.init(htmlText: UTF8Text(html), words: words, excerpt: excerpt, hasFootnotes: hasFootnotes, hasTables: hasTables)
    }

    init(htmlText text: UTF8Text, words: Int, excerpt: String, hasFootnotes: Bool, hasTables: Bool) {
        var fingerprint = Fingerprint(), excerptFingerprint = Fingerprint()
        fingerprint.add(text)
        let excerptText = UTF8Text(excerpt)
        excerptFingerprint.add(excerptText)
        self.init(htmlText: text, htmlFingerprint: fingerprint, words: words, excerptText: excerptText, excerptFingerprint: excerptFingerprint,
                  hasFootnotes: hasFootnotes, hasTables: hasTables)
    }

    init(htmlText: UTF8Text, htmlFingerprint: Fingerprint, words: Int, excerptText: UTF8Text, excerptFingerprint: Fingerprint,
         hasFootnotes: Bool, hasTables: Bool) {
        self.htmlText = htmlText
        self.htmlFingerprint = htmlFingerprint
        self.words = words
        self.excerptText = excerptText
        self.excerptFingerprint = excerptFingerprint
        self.hasFootnotes = hasFootnotes
        self.hasTables = hasTables
    }
}

/// Text that is either a string or a stretch of shared UTF-8 bytes, decoded only
/// when asked for.
struct UTF8Text: Sendable, Equatable {
    /// Bytes that many texts point into, such as a cache file's.
    final class Bytes: @unchecked Sendable {
        let buffer: UnsafeRawBufferPointer
        /// The file `buffer` lies in; nil when it was allocated here.
        private let file: WholeFile?

        init(_ bytes: [UInt8]) {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
            bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
            buffer = UnsafeRawBufferPointer(rebasing: copy[0..<bytes.count])
            file = nil
        }

        init(_ file: WholeFile) {
            buffer = file.bytes
            self.file = file
        }

        deinit {
            if file == nil { buffer.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() } }
        }
    }

    private enum Storage: Sendable {
        case string(String)
        /// UTF-8 as cmark-gfm wrote it, from a String's: never checked again.
        case array([UInt8])
        case slice(Bytes, Range<Int>)
    }

    private let storage: Storage

    init(_ string: String) { storage = .string(string) }

    init(_ bytes: Bytes, _ range: Range<Int>) { storage = .slice(bytes, range) }

    /// UTF-8 made from valid UTF-8, as cmark-gfm's HTML of a String is.
    init(utf8 array: [UInt8]) { storage = .array(array) }

    var string: String {
        switch storage {
        case .string(let string): string
        case .array(let array): String(decoding: array, as: UTF8.self)
        case .slice(let bytes, let range): String(decoding: UnsafeRawBufferPointer(rebasing: bytes.buffer[range]), as: UTF8.self)
        }
    }

    /// The UTF-8 as an array of its own: the one it is, or a copy.
    var array: [UInt8] {
        switch storage {
        case .array(let array): array
        default: withUTF8 { Array($0) }
        }
    }

    func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch storage {
        case .string(var string): string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .array(let array): array.withUnsafeBytes(body)
        case .slice(let bytes, let range): withExtendedLifetime(bytes) { body(UnsafeRawBufferPointer(rebasing: bytes.buffer[range])) }
        }
    }

    static func == (a: UTF8Text, b: UTF8Text) -> Bool {
        if case let .slice(x, r) = a.storage, case let .slice(y, q) = b.storage, x === y, r == q { return true }
        return a.withUTF8 { a in
            b.withUTF8 { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }
}

/// Renders GFM with libcmark-gfm: safe mode (raw HTML and `javascript:` links are
/// dropped), the table, strikethrough, autolink, tagfilter and tasklist extensions,
/// footnotes, and table alignment as style attributes (HTML5 has no `align`).
public enum Markdown {
    static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    private static let parsing = Mutex(())

    /// What `rewriteURL` returns for a link that leads nowhere to be shown as text.
    static let textOnly = ""

    /// A document just parsed, handed out of the lock around parsing to the one call that parsed it.
    private struct ParsedDocument: @unchecked Sendable {
        let root: OpaquePointer?
    }

    /// Registers the GFM extensions once per process, before any parser is made.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Renders `text`. `rewriteURL` sees every link and image destination and may
    /// return a replacement (nil keeps it; `textOnly` shows the link's text, or the
    /// image's description, with no link); it is how relative links follow an entry
    /// to its generated page.
    public static func convert(_ text: String, rewriteURL: (String) -> String? = { _ in nil }) -> EntryBody {
        precondition(registered)
        let memory = CmarkMemory(textBytes: text.utf8.count)
        guard let parser = cmark_parser_new_with_mem(options, memory.allocator) else { fatalError("cmark-gfm could not allocate a parser") }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        // Fed from the text's own UTF-8, which cmark-gfm reads by its length: no copy of it.
        var source = text
        func parse() -> ParsedDocument {
            source.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            }
            return ParsedDocument(root: cmark_parser_finish(parser))
        }
        // cmark-gfm marks the extensions' special characters (`~`, `:`, `w`) in a global
        // table while it parses and unmarks them when done, so two parses at once break
        // each other's strikethrough and autolinks (github/cmark-gfm#176). CCmarkMarks
        // takes the unmarking away; until a parse has shown that it did, parses take turns.
        let parsed = cmark_marks_stay() != 0 ? parse() : parsing.withLock { _ in parse() }
        guard let document = parsed.root else { fatalError("cmark-gfm could not parse") }
        if NoteMarkupTree.mayApply(to: text) { NoteMarkupTree.dress(document, memory: memory.allocator) }
        var unlinked: [OpaquePointer] = []

        var words = 0
        var excerpt = ""
        var excerptDone = false
        var inExcerptBlock = false
        // An image's alt text describes a picture; it is not words written.
        var imageDepth = 0
        var hasFootnotes = false
        var hasTables = false
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if type == CMARK_NODE_IMAGE { imageDepth += event == CMARK_EVENT_ENTER ? 1 : -1 }
                if event == CMARK_EVENT_ENTER, let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                   let replacement = rewriteURL(url) {
                    if replacement == textOnly { unlinked.append(node) } else { cmark_node_set_url(node, replacement) }
                }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if !excerptDone {
                    if event == CMARK_EVENT_ENTER { inExcerptBlock = true } else {
                        inExcerptBlock = false
                        excerptDone = !excerpt.isEmpty
                    }
                }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                if imageDepth == 0, let literal = cmark_node_get_literal(node) {
                    // Counted in cmark's own buffer: most text never needs to become a String.
                    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self),
                                                    count: strlen(literal))
                    words += WordCount.count(utf8: bytes)
                    if inExcerptBlock && !excerptDone { excerpt += String(decoding: bytes, as: UTF8.self) }
                }
            case CMARK_NODE_FOOTNOTE_DEFINITION:
                hasFootnotes = true
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                if inExcerptBlock && !excerptDone { excerpt += " " }
            default:
                // The table extension's node type is not exported; its name is.
                if !hasTables, event == CMARK_EVENT_ENTER, let name = cmark_node_get_type_string(node), strcmp(name, "table") == 0 {
                    hasTables = true
                }
            }
        }
        // Taken out after the walk: an iterator must not see its tree change.
        for link in unlinked {
            while let child = cmark_node_first_child(link), cmark_node_insert_before(link, child) != 0 {}
            cmark_node_free(link)
        }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            fatalError("cmark-gfm could not render HTML")
        }
        // Kept as bytes: cmark-gfm's HTML of a String is UTF-8 (it writes U+FFFD for what
        // is not), and checking it again, as a String would, cost Korean text more than
        // all that is done to it here. cmark-gfm passes control characters through,
        // which pages and feeds may not hold.
        var html: [UInt8] = []
        let length = strlen(rendered)
        html.reserveCapacity(length)
        appendMarkup(UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: length), escaping: false, to: &html)
        memory.release(parser: parser, document: document, iterator: iterator, rendered: rendered)
        return EntryBody(htmlText: UTF8Text(utf8: TaskBoxes.labelled(html)), words: words, excerpt: shorten(excerpt, to: 140),
                         hasFootnotes: hasFootnotes, hasTables: hasTables)
    }
}
