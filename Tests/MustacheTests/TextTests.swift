import Testing
import Mustache

@Suite("Text") struct TextTests {
    @Test func escapingReplacesTheFiveMarkupCharacters() {
        #expect(escapeXML(#"<a href="x?a=1&b='2'">"#) == "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;")
        #expect(escapeXML("Grüße aus Köln, 서울") == "Grüße aus Köln, 서울")
        #expect(escapeXML("") == "")
        // A combining mark after `<` makes one Character of the two; the `<` is escaped all the same.
        #expect(escapeXML("a<\u{301}b") == "a&lt;\u{301}b")
        #expect(escapeXML("é&") == "é&amp;")
    }

    @Test func byteOffsetFindsTheFirstWholeMatchFromTheStart() {
        func offset(_ needle: String, in text: String, from start: Int = 0) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { byteOffset(of: Array(needle.utf8), in: $0, from: start) }
        }
        #expect(offset("{{", in: "ab {{x}} {{y}}") == 3)
        #expect(offset("{{", in: "ab {{x}} {{y}}", from: 4) == 9)
        // A first byte that does not begin a match is passed over.
        #expect(offset("}}", in: "}x}}") == 2)
        #expect(offset("</table>", in: "<td></td></table>") == 9)
        // A match may end at the very last byte, but not run past it.
        #expect(offset("}}", in: "x}}") == 1)
        #expect(offset("}}", in: "x}") == nil)
        #expect(offset("{{", in: "{{", from: 1) == nil)
        #expect(offset("ö", in: "Köln") == 1)
        #expect(offset("", in: "text") == nil)
        #expect(offset("x", in: "") == nil)
    }

    @Test func trimmingSpacesTakesWhiteSpaceOffBothEndsOnly() {
        #expect(" \t name \r\n".trimmingSpaces == "name")
        #expect("  a b  ".trimmingSpaces == "a b")
        #expect(" \n ".trimmingSpaces == "")
        #expect("\u{3000}全角\u{3000}".trimmingSpaces == "全角")
        // Text that starts and ends with other ASCII is handed back as it is.
        #expect("name".trimmingSpaces == "name" && "a".trimmingSpaces == "a" && "".trimmingSpaces == "")
        #expect("a b\u{3000}".trimmingSpaces == "a b" && "\u{85}b".trimmingSpaces == "b" && "a\u{A0}".trimmingSpaces == "a")
        #expect("\u{600}a".trimmingSpaces == "\u{600}a" && "é ".trimmingSpaces == "é")
    }

    @Test func charactersMarkupMayNotHoldAreDropped() {
        #expect(escapeXML("Bell\u{7} <here>") == "Bell &lt;here&gt;")
        // Swift's literals refuse noncharacters, so they are made from numbers.
        let non = [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFF, 0x10FFFE].map { String(Unicode.Scalar(UInt32($0))!) }
        #expect(escapeXML("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e\u{9F}f\(non[0])g\(non[1])h\(non[2])i\(non[3])j\(non[4])k") == "ab[31mcdefghijk")
        #expect(droppingForbiddenCharacters("<p>Bell\u{7}</p>") == "<p>Bell</p>")
        // Everything else stays, byte for byte: tabs and line ends, non-breaking spaces,
        // Hangul, full-width forms, emoji with their variation selectors, U+FFFD.
        let kept = "tab\tline\ncr\r\u{A0}nbsp 한국어 ！？ \u{FF9F} ☁️ 😄 \u{FFFD} \u{FDCF}\u{FDF0} \u{1FFFD} \u{10FFFD}"
        #expect(escapeXML(kept) == kept)
        #expect(droppingForbiddenCharacters(kept) == kept)
        #expect(isForbiddenInMarkup("\u{0C}") && !isForbiddenInMarkup("\u{0D}") && !isForbiddenInMarkup("\u{A0}"))
    }

    /// Text is passed over eight bytes at a time; a character to change must be found at
    /// any place in such a run, or across two, in ASCII text and in Hangul alike.
    @Test func everyCharacterToChangeIsFoundWhereverItStands() {
        let characters = (0...0x7F).map { Unicode.Scalar(UInt8($0)) }
            + [0x80, 0x85, 0x9F, 0xA0, 0xC2, 0xE9, 0xEF, 0xFF, 0x100, 0xAC00, 0xD7A3, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0,
               0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F600, 0x1FFFD, 0x1FFFE, 0x1FFFF, 0x10FFFD, 0x10FFFE, 0x10FFFF]
                .map { Unicode.Scalar(UInt32($0))! }
        // What each function should make of a text, one character at a time.
        func expected(_ text: String, escaping: Bool) -> String {
            var out = ""
            for scalar in text.unicodeScalars where !isForbiddenInMarkup(scalar) {
                switch scalar {
                case "&" where escaping: out += "&amp;"
                case "<" where escaping: out += "&lt;"
                case ">" where escaping: out += "&gt;"
                case "\"" where escaping: out += "&quot;"
                case "'" where escaping: out += "&#39;"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        for filler in ["abcdefghijklmnopqrstu", "가나다라마바사아자차카"] {
            let fill = Array(filler.unicodeScalars)
            for character in characters {
                for place in 0...fill.count {
                    var scalars = fill
                    scalars.insert(character, at: place)
                    // A second one further on: what follows a change is looked at too.
                    scalars.insert(character, at: min(scalars.count, place + 1 + place % 9))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    #expect(escapeXML(text) == expected(text, escaping: true), "U+\(String(character.value, radix: 16)) at \(place) in \(filler)")
                    #expect(droppingForbiddenCharacters(text) == expected(text, escaping: false), "U+\(String(character.value, radix: 16)) at \(place)")
                    let found = Array(text.utf8).withUnsafeBufferPointer { nextForbiddenCharacter(in: $0, from: 0)?.index }
                    let first = text.unicodeScalars.firstIndex(where: isForbiddenInMarkup).map { text.utf8.distance(from: text.startIndex, to: $0) }
                    #expect(found == first, "U+\(String(character.value, radix: 16)) at \(place)")
                }
            }
        }
    }
}
