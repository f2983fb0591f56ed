import Foundation

/// How text is folded and split into terms for searching: the one way the terminal
/// search reads an entry and a query, and the site's index (SearchIndex) its entries;
/// the search page's script (templates/search.js) folds and splits the same way.
public enum SearchText {
    /// NFKC, case folded, and accents on Latin, Greek and Cyrillic letters taken
    /// off: "CAFÉ", "café" and "cafe" fold alike, precomposed or decomposed, and
    /// "ｗａｌｋ" is "walk". Marks of other scripts stay: が is not か.
    public static func folded(_ text: some StringProtocol) -> String {
        var text = String(text)
        return text.withUTF8 { String(decoding: folded(utf8: $0), as: UTF8.self) }
    }

    /// `folded` of valid UTF-8, as UTF-8: the index folds every entry's words, and
    /// making a String of them would check the bytes again.
    static func folded(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // Most entries hold only characters that fold to themselves, and ASCII, which is
        // its own NFKC and folds by lower case: they are copied into an array made once.
        var foldsByLowerCase = true
        let copied = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    // Eight ASCII bytes at a time while there are, the most of a diary's text.
                    while index + 8 <= bytes.count {
                        let eight = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                        guard eight & 0x8080_8080_8080_8080 == 0 else { break }
                        UnsafeMutableRawPointer(out.baseAddress! + index).storeBytes(of: lowercased(ascii: eight), as: UInt64.self)
                        index += 8
                    }
                    guard index < bytes.count, bytes[index] < 0x80 else { continue }
                    out[index] = (0x41...0x5A).contains(bytes[index]) ? bytes[index] | 0x20 : bytes[index]
                    index += 1
                    continue
                }
                // A Hangul syllable folds to itself: its three bytes as they are.
                if index + 2 < bytes.count, UTF8Scalar.isHangulSyllable(lead: byte, second: bytes[index + 1]) {
                    (out[index], out[index + 1], out[index + 2]) = (byte, bytes[index + 1], bytes[index + 2])
                    index += 3
                    continue
                }
                let (scalar, length) = decode(bytes, at: index)
                guard foldsToItself(scalar) else {
                    foldsByLowerCase = false
                    break
                }
                for offset in index..<index + length { out[offset] = bytes[offset] }
                index += length
            }
            count = foldsByLowerCase ? bytes.count : 0
        }
        if foldsByLowerCase { return copied }
        // Otherwise the same is done a character at a time, and only runs of other
        // characters, with the character before them (an accent or a jamo may join it),
        // go through Foundation, which took most of a Korean diary's index.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        // Where the last character copied here starts, in `bytes` and in `out`.
        var last: (byte: Int, out: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                last = (index, out.count)
                out.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                index += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            if foldsToItself(scalar) {
                last = (index, out.count)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
                continue
            }
            var start = index
            if let last {
                start = last.byte
                out.removeSubrange(last.out...)
            }
            var end = index + length
            while end < bytes.count {
                let (next, nextLength) = decode(bytes, at: end)
                if next.value < 0x80 || foldsToItself(next) { break }
                end += nextLength
            }
            out.append(contentsOf: foldedByFoundation(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)).utf8)
            last = nil
            index = end
        }
        return out
    }

    /// Eight ASCII bytes with A–Z made a–z: a byte's top bit is set by adding 0x3F when
    /// it is at least "A", and by adding 0x25 when it is past "Z"; no sum carries into
    /// the next byte, as no byte is over 0x7F.
    private static func lowercased(ascii eight: UInt64) -> UInt64 {
        let atLeastA = eight &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = eight &+ 0x2525_2525_2525_2525
        return eight | (atLeastA & ~pastZ & 0x8080_8080_8080_8080) >> 2
    }

    /// NFKC, case folding and accents taken off, by Foundation and Unicode's tables.
    static func foldedByFoundation(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping
        let caseFolded = compatible.folding(options: [.caseInsensitive], locale: nil)
        // Most diary text is ASCII after folding, with no accent to take off.
        guard caseFolded.utf8.contains(where: { $0 >= 0x80 }) else { return caseFolded }
        var bare = String.UnicodeScalarView()
        var afterAccentedScript = false
        for scalar in caseFolded.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.canonicalCombiningClass != .notReordered || scalar.properties.generalCategory == .nonspacingMark {
                if afterAccentedScript { continue }
            } else {
                afterAccentedScript = takesAccents(scalar)
            }
            bare.append(scalar)
        }
        return String(bare).precomposedStringWithCompatibilityMapping
    }

    /// Characters that NFKC, case folding and accent folding leave as they are and
    /// that never join the character before them, so a text can be folded a piece at a
    /// time between them (a mark or a jamo after one goes to Foundation with it).
    /// Checked against `foldedByFoundation` for every one of them in SearchTests.
    static func foldsToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3,  // Hangul syllables
             0x4E00...0x9FFF,  // CJK unified ideographs
             0x3041...0x3096, 0x30A1...0x30FA, 0x30FC,  // hiragana, katakana, ー
             0x3001...0x3002, 0x3005, 0x300C...0x300F,  // 、。々「」『』
             0x00B7, 0x2013...0x2014, 0x2018...0x2019, 0x201C...0x201D, 0x2022,  // ·, dashes, quotes, •
             0x2600...0x27BF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:  // symbols, dingbats, emoji
            true
        default:
            false
        }
    }

    /// Folded text split into terms, by script: words (runs of letters, marks and
    /// digits) for Latin, Hangul and other scripts written with spaces; one term a
    /// character for Han ideographs, hiragana and katakana, which are written
    /// without spaces and are found by their characters.
    public static func terms(in text: some StringProtocol) -> [String] {
        var terms: [String] = []
        eachTerm(in: folded(text)) { terms.append($0) }
        return terms
    }

    /// Each term of text that is already `folded`, in order.
    static func eachTerm(in folded: some StringProtocol, _ body: (String) -> Void) {
        var text = String(folded)
        text.withUTF8 { text in eachTermBytes(in: text) { bytes, _ in body(String(decoding: bytes, as: UTF8.self)) } }
    }

    /// Each term of UTF-8 that is already `folded`, as its bytes and their hash (for
    /// TermTable), in order. Read a byte at a time, no String made: the index reads a
    /// million words.
    static func eachTermBytes(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> Void) {
        var wordStart = -1
        var index = 0
        func endWord() {
            if wordStart >= 0 {
                let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<index])
                body(word, TermTable.hash(word))
            }
            wordStart = -1
        }
        asciiWordBytes.withUnsafeBufferPointer { isWordByte in
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    // ASCII, most of a diary: a word's letters and digits are passed over at once.
                    if isWordByte[Int(byte)] {
                        if wordStart < 0 { wordStart = index }
                        index += 1
                        while index < bytes.count && isWordByte[Int(bytes[index])] { index += 1 }
                    } else {
                        endWord()
                        index += 1
                    }
                    continue
                }
                let (scalar, length) = decode(bytes, at: index)
                if isWrittenWithoutSpaces(scalar) {
                    endWord()
                    let character = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
                    body(character, TermTable.hash(character))
                } else if isPartOfWord(scalar) {
                    if wordStart < 0 { wordStart = index }
                } else {
                    endWord()
                }
                index += length
            }
        }
        endWord()
    }

    /// For each byte, whether it is `0`–`9`, `A`–`Z` or `a`–`z`: one load a byte, and no
    /// byte of 0x80 or over is one, so a run of them stops at a character that is not ASCII.
    private static let asciiWordBytes: [Bool] = (0...255).map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length in bytes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset]) & 0x3F }
        let (value, length): (UInt32, Int) = switch lead {
        case ..<0x80: (lead, 1)
        case ..<0xE0: ((lead & 0x1F) << 6 | next(1), 2)
        case ..<0xF0: ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Han ideographs, hiragana and katakana (with its prolonged-sound mark and
    /// half-width forms, which NFKC has already widened).
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3: false  // Hangul syllables, most of a Korean diary: no property look-up
        case 0x4E00...0x9FFF: true
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3005, 0x3007: true  // kana, 々, 〇
        default: scalar.properties.isIdeographic && scalar.value >= 0x2E80
        }
    }

    static func isPartOfWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return (0x30...0x39).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) || (0x41...0x5A).contains(scalar.value)
        }
        if (0xAC00...0xD7A3).contains(scalar.value) { return true }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Latin, Greek and Cyrillic letters, whose accents a search folds away.
    private static func takesAccents(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x370...0x3FF, 0x1F00...0x1FFF, 0x400...0x52F: true
        default: false
        }
    }
}
