import Foundation

/// How text is folded and split into terms for searching: the one way the terminal
/// search reads an entry and a query, and the way the site's search index is to.
public enum SearchText {
    /// NFKC, case folded, and accents on Latin, Greek and Cyrillic letters taken
    /// off: "CAFÉ", "café" and "cafe" fold alike, precomposed or decomposed, and
    /// "ｗａｌｋ" is "walk". Marks of other scripts stay: が is not か.
    public static func folded(_ text: some StringProtocol) -> String {
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

    /// Each term of text that is already `folded`, in order.
    static func eachTerm(in folded: some StringProtocol, _ body: (String) -> Void) {
        var word = String.UnicodeScalarView()
        func endWord() {
            if !word.isEmpty { body(String(word)); word = String.UnicodeScalarView() }
        }
        for scalar in folded.unicodeScalars {
            if isWrittenWithoutSpaces(scalar) {
                endWord()
                body(String(Character(scalar)))
            } else if isPartOfWord(scalar) {
                word.append(scalar)
            } else {
                endWord()
            }
        }
        endWord()
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
