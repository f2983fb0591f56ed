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
    }
}
