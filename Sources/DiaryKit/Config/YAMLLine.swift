/// What the quick readers of YAML's commonest lines (`FrontMatterFields.quick`,
/// `TranslationLines.quick`) share: each reads a line's bytes itself, and leaves to
/// Yams anything these rules do not make plain.
enum YAMLLine {
    /// Bytes of a YAML text, indexed as in the whole of it.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// `text` without the spaces at either end (spaces, not whatever else is white).
    static func trimmingSpaces(_ text: Bytes) -> Bytes {
        guard let first = text.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return text[text.endIndex...] }
        return text[first...(text.lastIndex(where: { $0 != UInt8(ascii: " ") })!)]
    }

    /// No tab or other control character, and none of what YAML reads as a line break
    /// (U+0085, U+2028, U+2029) or refuses (U+FEFF, U+FFFE, U+FFFF).
    static func hasOnlyOrdinaryCharacters(_ line: Bytes) -> Bool {
        guard line.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return true }
        // Decoded in place: the line is a String's, so its UTF-8 is valid.
        var bytes = line.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&bytes) {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return false
            default: continue
            }
        }
        return true
    }

    /// The bytes a plain value may not start with, by byte.
    static let indicators = (0...255).map { "-?:,[]{}#&*!|>'\"%@`".utf8.contains(UInt8($0)) }

    /// A key as these readers take it: a letter or `_`, then letters, digits, `_` and `-`.
    static func isKey(_ key: Bytes) -> Bool {
        guard let first = key.first, isKeyStart(first) else { return false }
        return key.allSatisfy { isKeyStart($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
