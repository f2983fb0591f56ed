/// An entry's words as its page shows them, without markup: what the search index
/// holds and its passages quote. Made from the HTML cmark-gfm wrote, which escapes
/// only `&`, `<`, `>` and `"` in text; a block's end becomes a line break, and other
/// runs of white space one space.
struct PlainText {
    let text: String

    init(html: String) {
        var text = ""
        var inTag = false, tag = ""
        var entity: String?
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    if PlainText.breaks(tag) && !text.isEmpty {
                        if text.last == " " { text.removeLast() }
                        if text.last != "\n" { text.append("\n") }
                    }
                } else if tag.count < 12 {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
                tag = ""
            } else if var name = entity {
                if character == ";" {
                    text += PlainText.decode(name)
                    entity = nil
                } else if name.count < 10 {
                    name.append(character)
                    entity = name
                } else {
                    text += "&" + name
                    entity = nil
                }
            } else if character == "&" {
                entity = ""
            } else if character.isWhitespace {
                // Spaces and the line breaks of the HTML's source are one space.
                if let last = text.last, !last.isWhitespace { text.append(" ") }
            } else {
                text.append(character)
            }
        }
        while text.last?.isWhitespace == true { text.removeLast() }
        self.text = text
    }

    /// Whether an element ending here (or a `<br>`) ends a line of text.
    private static func breaks(_ tag: String) -> Bool {
        let closing = tag.hasPrefix("/")
        let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
        return closing ? ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "td", "th"].contains(name)
            : name == "br" || name == "hr"
    }

    private static func decode(_ name: String) -> String {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "#39", "apos": return "'"
        default:
            let number = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "&\(name);"
        }
    }
}

/// For the fuzz target: an entry's words as the search index takes them from its HTML.
@_spi(Fuzzing) public enum SearchEntryPoint {
    public static func plainText(ofHTML html: String) -> String { PlainText(html: html).text }
}
