extension Markdown {
    /// An entry's excerpt, as lists show it: the text's first `limit` Characters, cut at
    /// the last space in their second half, then "…"; the whole text when it is no longer.
    static func shorten(_ text: String, to limit: Int) -> String {
        let text = text.trimmingSpaces
        guard text.utf8.count > limit, let cut = asciiCut(of: text, to: limit) ?? characterCut(of: text, to: limit) else { return text }
        return cut.trimmingSpaces + "…"
    }

    /// The cut where the text's first `limit + 1` bytes are ASCII without a carriage return:
    /// each byte is then a Character of its own, so it is found by counting bytes rather
    /// than by walking Characters (most of the time `shorten` took).
    private static func asciiCut(of text: String, to limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.prefix(limit + 1).allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
            let space = bytes[..<limit].lastIndex(of: UInt8(ascii: " ")).flatMap { $0 > limit / 2 ? $0 : nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(space ?? limit)]), as: UTF8.self)
        }
    }

    /// The cut found by walking Characters, no further than the limit; nil when the text
    /// has no more than `limit` of them.
    private static func characterCut(of text: String, to limit: Int) -> String? {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else { return nil }
        let cut = text[..<end]
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 { return String(cut[..<space]) }
        return String(cut)
    }
}
