extension Markdown {
    /// An entry's excerpt, as lists show it: the text's first `limit` Characters, cut at
    /// the last space in their second half, then "…"; the whole text when it is no longer.
    static func shorten(_ text: String, to limit: Int) -> String {
        let text = text.trimmingSpaces
        guard text.utf8.count > limit else { return text }
        switch scalarCut(of: text, to: limit) ?? characterCut(of: text, to: limit) {
        case .whole: return text
        case .cut(let kept): return kept.trimmingSpaces + "…"
        }
    }

    private enum Excerpt {
        case whole
        case cut(String)
    }

    /// The cut where each of the text's first `limit + 1` scalars is a Character of its
    /// own (`standsAlone`): it is found by counting scalars in the UTF-8 rather than by
    /// walking Characters, whose grapheme rules took most of an excerpt's time, and all
    /// of it for Korean. Nil when a scalar may join another.
    private static func scalarCut(of text: String, to limit: Int) -> Excerpt? {
        var text = text
        return text.withUTF8 { bytes -> Excerpt? in
            var offset = 0, scalars = 0
            // Where the last space after the first half is.
            var space: Int?
            while offset < bytes.count {
                let lead = bytes[offset]
                var length = 1
                if lead < 0x80 {
                    guard lead != 0x0D else { return nil }
                } else {
                    let value: UInt32
                    (value, length) = UTF8Scalar.decode(bytes, at: offset)
                    guard standsAlone(value) else { return nil }
                }
                if scalars == limit { return .cut(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(space ?? offset)]), as: UTF8.self)) }
                if lead == 0x20 && scalars > limit / 2 { space = offset }
                scalars += 1
                offset += length
            }
            return .whole
        }
    }

    /// Scalars beyond ASCII that no grapheme rule joins to those around them while those
    /// stand alone too (in ASCII, all but the CR of CR LF): Latin-1, Hangul syllables (only
    /// jamo join them), CJK ideographs, kana, and the common dashes, quotes and marks of CJK text.
    private static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0xA0...0xFF, 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA,
             0x2010...0x2027, 0x3001...0x3003, 0x300C...0x300F:
            true
        default: false
        }
    }

    /// The cut found by walking Characters, no further than the limit.
    private static func characterCut(of text: String, to limit: Int) -> Excerpt {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else { return .whole }
        let cut = text[..<end]
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 { return .cut(String(cut[..<space])) }
        return .cut(String(cut))
    }
}
