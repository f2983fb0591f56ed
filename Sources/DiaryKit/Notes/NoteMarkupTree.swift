import CCmarkGFM
import Foundation
import Mustache

/// What Obsidian shows that CommonMark has no syntax for, made in a parsed document before
/// it is rendered: `==highlight==` is marked, a quote that starts `[!note] Title` is a
/// callout (a titled box). Made of cmark-gfm's custom nodes, whose HTML is diarygen's
/// own: safe mode drops any HTML an entry writes, never these.
enum NoteMarkupTree {
    /// Whether `text` may hold either: most entries hold neither `==` nor `[!`.
    static func mayApply(to text: String) -> Bool {
        var text = text
        return text.withUTF8 { byteOffset(of: highlightMark, in: $0, from: 0) != nil || byteOffset(of: calloutOpening, in: $0, from: 0) != nil }
    }

    private static let highlightMark = Array("==".utf8), calloutOpening = Array("[!".utf8)

    /// Made with `memory`, the allocator the document was parsed with.
    static func dress(_ document: OpaquePointer, memory: UnsafeMutablePointer<cmark_mem>) {
        // `[!note]` comes out of the parser as three texts, `[`, `!note` and `]`.
        cmark_consolidate_text_nodes(document)
        var texts: [OpaquePointer] = []
        var quotes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                if let literal = cmark_node_get_literal(node), strstr(literal, "==") != nil { texts.append(node) }
            case CMARK_NODE_BLOCK_QUOTE:
                quotes.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)
        // Changed after the walk: an iterator must not see its tree change.
        for text in texts { mark(text, memory: memory) }
        for quote in quotes { makeCallout(quote, memory: memory) }
    }

    /// Splits a text node at each `==highlight==` (no space just inside the marks).
    private static func mark(_ node: OpaquePointer, memory: UnsafeMutablePointer<cmark_mem>) {
        let text = String(cString: cmark_node_get_literal(node))
        var pieces: [(text: String, marked: Bool)] = []
        var rest = text[...]
        var search = rest.startIndex
        while let open = rest[search...].range(of: "==") {
            search = open.upperBound
            guard let first = rest[open.upperBound...].first, first != " ", first != "=",
                  let close = rest[rest.index(after: open.upperBound)...].range(of: "=="),
                  rest[rest.index(before: close.lowerBound)] != " " else { continue }
            pieces.append((String(rest[..<open.lowerBound]), false))
            pieces.append((String(rest[open.upperBound..<close.lowerBound]), true))
            rest = rest[close.upperBound...]
            search = rest.startIndex
        }
        guard !pieces.isEmpty else { return }
        pieces.append((String(rest), false))
        var inserted: [OpaquePointer] = []
        for piece in pieces where !piece.text.isEmpty {
            var made = textNode(piece.text, memory: memory)
            if piece.marked {
                let mark = customNode(CMARK_NODE_CUSTOM_INLINE, enter: "<mark>", exit: "</mark>", memory: memory)
                cmark_node_append_child(mark, made)
                made = mark
            }
            // A table's cell takes no custom node: the text stays as written there.
            guard cmark_node_insert_before(node, made) != 0 else {
                cmark_node_free(made)
                inserted.forEach(cmark_node_free)
                return
            }
            inserted.append(made)
        }
        cmark_node_free(node)
    }

    /// A quote whose first line is `[!type] Title` (or `[!type]- Title`, folded in
    /// Obsidian) becomes a box of that type with its title, then the quote's content.
    private static func makeCallout(_ quote: OpaquePointer, memory: UnsafeMutablePointer<cmark_mem>) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(first) else { return }
        let line = String(cString: literal)
        guard line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return }
        let kind = line[line.index(line.startIndex, offsetBy: 2)..<close].lowercased()
        guard !kind.isEmpty, kind.utf8.count <= 30, kind.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return }
        let box = customNode(CMARK_NODE_CUSTOM_BLOCK, enter: "<div class=\"callout callout-\(kind)\" role=\"note\">", exit: "</div>", memory: memory)
        // Put in place first: where it cannot go, the quote stays a quote.
        guard cmark_node_insert_before(quote, box) != 0 else {
            cmark_node_free(box)
            return
        }
        var title = line[line.index(after: close)...]
        if let fold = title.first, fold == "-" || fold == "+" { title = title.dropFirst() }
        cmark_node_set_literal(first, String(title.drop { $0 == " " }))
        let heading = customNode(CMARK_NODE_CUSTOM_BLOCK, enter: "<p class=\"callout-title\">", exit: "</p>", memory: memory)
        // The title is the first line: the inlines before the paragraph's first line break.
        while let inline = cmark_node_first_child(paragraph) {
            let type = cmark_node_get_type(inline)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                cmark_node_free(inline)
                break
            }
            guard cmark_node_append_child(heading, inline) != 0 else { break }
        }
        if cmark_node_first_child(heading) == nil || onlyEmptyText(heading) {
            while let empty = cmark_node_first_child(heading) { cmark_node_free(empty) }
            cmark_node_append_child(heading, textNode(kind.prefix(1).uppercased() + kind.dropFirst(), memory: memory))
        }
        cmark_node_append_child(box, heading)
        if cmark_node_first_child(paragraph) == nil {
            ownTexts(heading)
            cmark_node_free(paragraph)
        }
        while let block = cmark_node_first_child(quote), cmark_node_append_child(box, block) != 0 {}
        cmark_node_free(quote)
    }

    /// A parsed inline's text points into its paragraph's buffer, which goes with the
    /// paragraph: asking for it (`cmark_chunk_to_cstr`) gives each its own copy first.
    private static func ownTexts(_ node: OpaquePointer) {
        let iterator = cmark_iter_new(node)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let inline = cmark_iter_get_node(iterator) else { continue }
            _ = cmark_node_get_literal(inline)
            let type = cmark_node_get_type(inline)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                _ = cmark_node_get_url(inline)
                _ = cmark_node_get_title(inline)
            }
        }
        cmark_iter_free(iterator)
    }

    private static func onlyEmptyText(_ node: OpaquePointer) -> Bool {
        guard let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(child) else { return false }
        return String(cString: literal).allSatisfy(\.isWhitespace)
    }

    private static func textNode(_ text: String, memory: UnsafeMutablePointer<cmark_mem>) -> OpaquePointer {
        let node = cmark_node_new_with_mem(CMARK_NODE_TEXT, memory)!
        cmark_node_set_literal(node, text)
        return node
    }

    private static func customNode(_ type: cmark_node_type, enter: String, exit: String, memory: UnsafeMutablePointer<cmark_mem>) -> OpaquePointer {
        let node = cmark_node_new_with_mem(type, memory)!
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }
}
