import Mustache

/// An entry's words as its page shows them, without markup: what the search index
/// holds and its passages quote. Made from the HTML cmark-gfm wrote, which escapes
/// only `&`, `<`, `>` and `"` in text; a block's end becomes a line break, and other
/// runs of white space one space. Tags, entities and cmark's white space are ASCII,
/// so the HTML is read as UTF-8 bytes and every other byte is copied as it is.
struct PlainText {
    /// As UTF-8: the index folds it and quotes it as bytes, and making a String of it
    /// would check every byte once more.
    let utf8: [UInt8]

    var text: String { String(decoding: utf8, as: UTF8.self) }

    init(html: String) {
        self.init(html: UTF8Text(html))
    }

    init(html: UTF8Text) {
        utf8 = html.withUTF8 { PlainText.text(of: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Text is never longer than its HTML (a tag becomes at most a line break, an
    /// entity at most its four bytes), so it is written straight into an array of
    /// the HTML's length, with no appends to grow.
    private static func text(of html: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: html.count) { buffer, written in
            // A pointer of its own, not the closure's buffer, which would be read again at every byte.
            let out = buffer.baseAddress!
            var count = 0
            var index = 0
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
            while index < html.count {
                let byte = html[index]
                if byte > UInt8(ascii: "<") && index + 8 <= html.count {
                    // Most bytes, copied as they are: eight at once, up to the first that is
                    // a tag's, an entity's or white space but a single space.
                    let eight = EightBytes(at: html.baseAddress! + index)
                    let plain = plainBytes(eight)
                    UnsafeMutableRawPointer(out + count).storeBytes(of: eight.bits, as: UInt64.self)
                    count &+= plain
                    index &+= plain
                } else if byte > UInt8(ascii: "<") {
                    out[count] = byte
                    count &+= 1
                    index &+= 1
                } else if byte == UInt8(ascii: "<"), let end = html[index...].firstIndex(of: UInt8(ascii: ">")) {
                    if let after = endOfUnindexed(html, tag: (index + 1)..<end) {
                        index = after
                        continue
                    }
                    if count > 0 && breaksLine(html[(index + 1)..<end]) {
                        if out[count - 1] == 0x20 { count -= 1 }
                        if count > 0 && out[count - 1] != 0x0A { out[count] = 0x0A; count += 1 }
                    }
                    index = end + 1
                } else if byte == UInt8(ascii: "&"), let end = html[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                          let decoded = decode(html[(index + 1)..<end]) {
                    for byte in decoded.utf8 { out[count] = byte; count += 1 }
                    index = end + 1
                } else if isSpace(byte) {
                    if count > 0 && !isSpace(out[count - 1]) { out[count] = 0x20; count += 1 }
                    index += 1
                } else {
                    out[count] = byte
                    count &+= 1
                    index &+= 1
                }
            }
            while count > 0 && isSpace(out[count - 1]) { count -= 1 }
            written = count
        }
    }

    /// How many of eight bytes of HTML (the first not a space) are text as it is, from
    /// the first: up to a `<`, `&` or byte below a space, or a space after another.
    @inline(__always)
    private static func plainBytes(_ eight: EightBytes) -> Int {
        let spaces = eight.marking(0x20)
        return firstTopBit(eight.marking(0x3C) | eight.marking(0x26) | eight.marking(from: 0x00, through: 0x1F) | spaces & spaces &<< 8)
    }

    /// Where an element marked `data-unindexed` ends, when the tag opens one: words
    /// diarygen adds to an entry (a photo's "Full size" link) are not the author's.
    private static func endOfUnindexed(_ html: UnsafeBufferPointer<UInt8>, tag: Range<Int>) -> Int? {
        guard tag.count > unindexed.count else { return nil }
        let opening = UnsafeBufferPointer(rebasing: html[tag])
        guard byteOffset(of: unindexed, in: opening, from: 0) != nil else { return nil }
        let closing = Array("</".utf8) + opening.prefix { $0 != 0x20 && $0 != UInt8(ascii: "/") } + [UInt8(ascii: ">")]
        return byteOffset(of: closing, in: html, from: tag.upperBound).map { $0 + closing.count }
    }

    private static let unindexed = Array(" data-unindexed".utf8)

    /// Whether an element ending here (`</p>`, `</li>`, `</h1>`–`</h6>`, `</blockquote>`,
    /// `</pre>`, `</tr>`, `</td>`, `</th>`) or a `<br>` or `<hr>` ends a line of text.
    /// Every tag of every entry comes here: its name is packed into an integer, which
    /// is compared with theirs.
    private static func breaksLine(_ tag: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let closing = tag.first == UInt8(ascii: "/")
        // Most opening tags (<p>, <em>, <a href…>) are passed over at their first byte.
        guard closing || tag.first == UInt8(ascii: "b") || tag.first == UInt8(ascii: "h") else { return false }
        var name: UInt64 = 0
        for byte in tag.drop(while: { $0 == UInt8(ascii: "/") }) {
            guard let code = nameCode(byte) else { break }
            // Ten bytes are in already: no name here is longer.
            guard name >> 54 == 0 else { return false }
            name = name << 6 | code
        }
        return (closing ? blocks : lineBreaks).contains(name)
    }

    /// 0–9 as 1–10, a–z as 11–36: six bits a byte, ten bytes a name.
    private static func nameCode(_ byte: UInt8) -> UInt64? {
        switch byte {
        case 0x30...0x39: UInt64(byte - 0x2F)
        case 0x61...0x7A: UInt64(byte - 0x56)
        default: nil
        }
    }

    private static func packed(_ name: String) -> UInt64 { name.utf8.reduce(0) { $0 << 6 | nameCode($1)! } }
    private static let blocks = ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "td", "th"].map(packed)
    private static let lineBreaks = ["br", "hr"].map(packed)

    /// The text of `&name;`, or nil when it is not an entity (the `&` is then kept).
    private static func decode(_ entity: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        let name = String(decoding: entity, as: UTF8.self)
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "#39", "apos": return "'"
        default:
            let number = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}

/// For the fuzz target: an entry's words as the search index takes them from its HTML.
@_spi(Fuzzing) public enum SearchEntryPoint {
    public static func plainText(ofHTML html: String) -> String { PlainText(html: html).text }
}
