// What a search reads: any text as a query (SearchQuery), as Markdown converted and
// made plain text for the site's index (PlainText), and as text folded and split into
// terms (SearchText). Folding twice is folding once, and a term is never empty, never
// holds white space and is already folded.
@_spi(Fuzzing) import DiaryKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = SearchQuery(text)
    let plain = SearchEntryPoint.plainText(ofHTML: Markdown.convert(text).html)
    for source in [text, plain] {
        let folded = SearchText.folded(source)
        precondition(SearchText.folded(folded) == folded, "folding twice differs from once: \(Array(source.unicodeScalars))")
        for term in SearchText.terms(in: source) {
            precondition(!term.isEmpty && !term.contains(where: \.isWhitespace), "a bad term \(Array(term.unicodeScalars))")
            precondition(SearchText.folded(term) == term, "a term not folded: \(Array(term.unicodeScalars))")
        }
    }
    return 0
}
