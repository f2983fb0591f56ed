import Mustache

/// A JSON string literal, which YAML also reads as a double-quoted scalar. The
/// characters web pages and feeds may not hold are left out here too, so recap.json
/// says what the pages say.
public func doubleQuoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendDoubleQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `doubleQuoted(text)`'s bytes, added to `out`.
func appendDoubleQuoted(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendDoubleQuoted(utf8: $0, to: &out) }
}

/// `doubleQuoted` of valid UTF-8, added to `out`: the search index quotes every
/// entry's words into files of many, so runs of bytes that need no escape are copied whole.
func appendDoubleQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    jsonEscapes.withUnsafeBufferPointer { escapes in
        out.reserveCapacity(out.count + bytes.count + 2)
        out.append(0x22)
        var index = 0
        var forbidden = nextForbiddenCharacter(in: bytes, from: 0)
        while index < bytes.count {
            let stop = forbidden?.index ?? bytes.count
            var end = index
            while end < stop && escapes[Int(bytes[end])] == 0 { end += 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
            if let found = forbidden, index == found.index {
                index += found.length
                forbidden = nextForbiddenCharacter(in: bytes, from: index)
            } else if index < bytes.count {
                out.append(0x5C)
                out.append(escapes[Int(bytes[index])])
                index += 1
            }
        }
        out.append(0x22)
    }
}

/// For each byte, the letter a backslash goes before in a JSON string, or 0 when it
/// stands as it is. Other control characters are forbidden, so never quoted.
private let jsonEscapes: [UInt8] = (0...255).map { byte in
    switch byte {
    case 0x22, 0x5C: UInt8(byte)
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    case 0x09: UInt8(ascii: "t")
    default: 0
    }
}
