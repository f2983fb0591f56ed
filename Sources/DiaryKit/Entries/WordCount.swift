import Foundation

/// Counts words the way a writer would, by script. Latin, Hangul and the other
/// scripts that put spaces between words count runs of letters and digits between
/// spaces (`오늘 coffee 3잔 마셨다` is four words); Chinese characters and Japanese
/// kana, written without spaces, count one word each (`東京` is two). Letters
/// written straight after such a character (the particle of `東京에서`) belong to it.
public enum WordCount {
    public static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count(utf8:))
    }

    /// One pass over the UTF-8 bytes: ASCII is taken as it is and other scalars are
    /// decoded in place. Unicode property look-ups are slow, so the common scripts are
    /// told apart by their ranges first. A plain loop over a value type: a closure over
    /// the counters would box them and check exclusive access on every byte.
    static func count(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = bytes.baseAddress else { return 0 }
        var words = Words()
        // Within ASCII, a word starts at each letter whose last non-mark byte before it
        // was white space: `afterLetter` is 1 after a letter, 0 after a space.
        var afterLetter: UInt64 = 0
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = start[index]
            if lead >= 0x80 {
                // A Hangul syllable, as most of a Korean text is, is a letter: told by its
                // first two bytes, without decoding it or looking through the scripts.
                if index + 2 < end, UTF8Scalar.isHangulSyllable(lead: lead, second: start[index + 1]) {
                    words.count &+= Int(~afterLetter & 1)
                    afterLetter = 1
                    index += 3
                    continue
                }
                let (value, length) = UTF8Scalar.decode(bytes, at: index)
                index += length
                words.inWord = afterLetter == 1
                words.take(value)
                afterLetter = words.inWord ? 1 : 0
                continue
            }
            // Eight bytes at a time while they are all ASCII, as most text is; the last
            // few are made eight with marks, which change nothing.
            let taken = min(8, end - index)
            var padded: UInt64 = 0x2121_2121_2121_2121
            if taken < 8 { memcpy(&padded, start + index, taken) }
            let eight = taken == 8 ? EightBytes(at: start + index) : EightBytes(padded)
            if eight.isASCII {
                words.count &+= WordCount.wordStarts(in: eight, afterLetter: &afterLetter)
                index += taken
                continue
            }
            // One ASCII byte among others that are not, as the space between two Korean
            // words: tested alone, in the first of eight lanes.
            let one = EightBytes(UInt64(lead))
            let isLetter = one.lettersAndDigits &>> 7 & 1
            words.count &+= Int(isLetter & ~afterLetter & 1)
            afterLetter = one.whiteSpace & 0x80 != 0 ? 0 : afterLetter | isLetter
            index += 1
        }
        return words.count
    }

    /// The words starting among eight ASCII bytes: each byte is a letter or digit, white
    /// space, or (neither) a mark, which takes the kind of the byte before it.
    @inline(__always)
    private static func wordStarts(in eight: EightBytes, afterLetter: inout UInt64) -> Int {
        let letters = eight.lettersAndDigits
        let spaces = eight.whiteSpace
        // Each mark takes the kind of the nearest byte before it that is not one, in
        // steps of one, two and four bytes; marks before any take `afterLetter`'s.
        var kinds = letters, known = letters | spaces
        kinds |= kinds &<< 8 & ~known
        known |= known &<< 8
        kinds |= kinds &<< 16 & ~known
        known |= known &<< 16
        kinds |= kinds &<< 32 & ~known
        known |= known &<< 32
        kinds |= ~known & EightBytes.topBits & (0 &- afterLetter)
        let before = kinds &<< 8 | afterLetter &<< 7
        afterLetter = kinds &>> 63
        return EightBytes.count(letters & ~before)
    }

    private struct Words {
        var count = 0
        var inWord = false

        mutating func take(_ value: UInt32) {
            if WordCount.isHangul(value) {
                letter()
            } else if WordCount.isCountedPerCharacter(value) {
                count += 1
                inWord = true
            } else {
                takeByProperties(value)
            }
        }

        /// Any other scalar, by its Unicode properties. A function of its own: the look-up
        /// sets up Unicode's property types on every call, which a Korean syllable, taken
        /// above, should not wait for.
        @inline(never)
        private mutating func takeByProperties(_ value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            if scalar.properties.isWhitespace {
                inWord = false
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                letter()
            }
        }

        /// A letter or digit: a word starts unless one is under way.
        mutating func letter() {
            if !inWord {
                count += 1
                inWord = true
            }
        }
    }

    /// Hangul syllables and jamo: Korean puts spaces between its words.
    static func isHangul(_ value: UInt32) -> Bool {
        switch value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: true
        default: false
        }
    }

    /// Chinese characters (also in Japanese and Korean text) and Japanese kana, which
    /// are written without spaces between words.
    static func isCountedPerCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3134F, // Han
             0x3005, 0x3007, // 々 〇
             0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF: // kana
            true
        default: false
        }
    }

    /// Characters a terminal draws two columns wide.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        isHangul(scalar.value) || isCountedPerCharacter(scalar.value)
    }
}
