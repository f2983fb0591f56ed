import Mustache

/// A JSON string literal, which YAML also reads as a double-quoted scalar. The
/// characters web pages and feeds may not hold are left out here too, so recap.json
/// says what the pages say.
public func doubleQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where isForbiddenInMarkup(scalar): continue
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
