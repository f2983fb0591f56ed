import Foundation

/// How text is folded and split into terms for searching: the one way the terminal
/// search reads an entry and a query, and the site's index (SearchIndex) its entries;
/// the search page's script (templates/search.js) folds and splits the same way.
public enum SearchText {
    /// NFKC, case folded, and accents on Latin, Greek and Cyrillic letters taken
    /// off: "CAFÉ", "café" and "cafe" fold alike, precomposed or decomposed, and
    /// "ｗａｌｋ" is "walk". Marks of other scripts stay: が is not か.
    public static func folded(_ text: some StringProtocol) -> String {
        // ASCII is its own NFKC, and folds by lower case: most diary text, with no Foundation call.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let compatible = String(text).precomposedStringWithCompatibilityMapping
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

    /// Folded text split into terms, by script: words (runs of letters, marks and
    /// digits) for Latin, Hangul and other scripts written with spaces; one term a
    /// character for Han ideographs, hiragana and katakana, which are written
    /// without spaces and are found by their characters.
    public static func terms(in text: some StringProtocol) -> [String] {
        var terms: [String] = []
        eachTerm(in: folded(text)) { terms.append($0) }
        return terms
    }

    /// Each term of text that is already `folded`, in order. Read byte by byte, and a
    /// term made once from its bytes: a diary has a million words.
    static func eachTerm(in folded: some StringProtocol, _ body: (String) -> Void) {
        var text = String(folded)
        text.withUTF8 { bytes in
            var wordStart = -1
            var index = 0
            func endWord() {
                if wordStart >= 0 { body(String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self)) }
                wordStart = -1
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    // ASCII, most of a diary: a letter or digit, or a break between words.
                    if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) {
                        if wordStart < 0 { wordStart = index }
                    } else {
                        endWord()
                    }
                    index += 1
                    continue
                }
                let (scalar, length) = decode(bytes, at: index)
                if isWrittenWithoutSpaces(scalar) {
                    endWord()
                    body(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self))
                } else if isPartOfWord(scalar) {
                    if wordStart < 0 { wordStart = index }
                } else {
                    endWord()
                }
                index += length
            }
            endWord()
        }
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
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3005, 0x3007: true  // kana, 々, 〇
        default: scalar.properties.isIdeographic && scalar.value >= 0x2E80
        }
    }

    static func isPartOfWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return (0x30...0x39).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) || (0x41...0x5A).contains(scalar.value)
        }
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
