/// A scalar read in place from UTF-8, where a loop over a text's bytes meets one that
/// is not ASCII: counting words, cutting an excerpt, folding text for search.
enum UTF8Scalar {
    /// The value of the scalar whose first byte is at `index`, and how many bytes it
    /// takes; U+FFFD and the rest of the bytes when they end before it does.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return (0xFFFD, bytes.count - index) }
        func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset]) & 0x3F }
        return switch length {
        case 1: (lead, 1)
        case 2: ((lead & 0x1F) << 6 | next(1), 2)
        case 3: ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
    }

    /// Whether the UTF-8 bytes of a scalar that start with `lead` and `second` are a
    /// Hangul syllable of U+AC00–U+D79F (EA B0 – ED 9D), all but the last few: three
    /// bytes, as most of a Korean text is, known without decoding them.
    @inline(__always)
    static func isHangulSyllable(lead: UInt8, second: UInt8) -> Bool {
        switch lead {
        case 0xEB, 0xEC: true
        case 0xEA: second >= 0xB0
        case 0xED: second < 0x9E
        default: false
        }
    }
}
