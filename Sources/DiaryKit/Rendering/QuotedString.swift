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
/// entry's words into files of many, so sixteen bytes are passed over at once while
/// none needs a look, and each run that needs no escape is copied whole.
func appendDoubleQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(0x22)
    jsonEscapes.withUnsafeBufferPointer { escapes in
        var copied = 0
        var index = 0
        while index < bytes.count {
            if index + 16 <= bytes.count {
                let lane = firstJSONCandidate(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: SIMD16<UInt8>.self))
                index += lane
                if lane == 16 { continue }
            }
            // A byte that may need a look is at `index`, or fewer than sixteen are left: each is looked at.
            let end = index + 16 <= bytes.count ? index + 1 : bytes.count
            while index < end {
                let escape = escapes[Int(bytes[index])]
                let forbidden = escape == 0 ? forbiddenCharacterLength(bytes, at: index) : 0
                guard escape != 0 || forbidden > 0 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                if escape != 0 {
                    out.append(0x5C)
                    out.append(escape)
                }
                index += max(forbidden, 1)
                copied = index
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
    out.append(0x22)
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
