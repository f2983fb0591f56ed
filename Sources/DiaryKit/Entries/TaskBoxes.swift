import Mustache

/// A task list's boxes (`- [ ] call the bank`) as cmark-gfm renders them are form
/// controls without a name; each gets its task's words as its name, so a screen reader
/// says "call the bank, checkbox, checked" and not "checkbox" alone, and its item the
/// class `task`.
enum TaskBoxes {
    static func labelled(_ html: String) -> String {
        let box = "<input type=\"checkbox\" "
        var searched = html
        guard searched.withUTF8({ byteOffset(of: Array(box.utf8), in: $0, from: 0) }) != nil else { return html }
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: box), let end = rest[start.upperBound...].range(of: "/>") {
            // Its item is a task, which needs no bullet beside its box.
            if rest[..<start.lowerBound].hasSuffix("<li>") {
                result += rest[..<rest.index(start.lowerBound, offsetBy: -1)] + " class=\"task\">"
                result += rest[start.lowerBound..<end.lowerBound]
            } else {
                result += rest[..<end.lowerBound]
            }
            result += "aria-label=\"\(words(after: rest[end.upperBound...]))\" "
            rest = rest[end.lowerBound...]
        }
        return result + rest
    }

    /// The item's own words: its text up to its line's end or a list inside it, without tags.
    private static func words(after html: Substring) -> String {
        var words = "", inTag = false
        for character in html {
            if character == "\n" { break }
            if character == "<" { inTag = true; continue }
            if character == ">" { inTag = false; continue }
            // cmark-gfm writes a quote in text as `&quot;`; any other would end the attribute.
            if !inTag { words.append(character == "\"" ? "'" : character) }
        }
        return words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
