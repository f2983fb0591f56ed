import Mustache

/// A JSON string literal, which YAML also reads as a double-quoted scalar. The
/// characters web pages and feeds may not hold are left out here too, so recap.json
/// says what the pages say.
public func doubleQuoted(_ text: String) -> String {
    var text = text
    // Byte by byte: the search index quotes every entry's words with it.
    return text.withUTF8 { bytes in
        var out: [UInt8] = [0x22]
        out.reserveCapacity(bytes.count + 2)
        var index = 0
        var forbidden = nextForbiddenCharacter(in: bytes, from: 0)
        while index < bytes.count {
            if let found = forbidden, found.index == index {
                index += found.length
                forbidden = nextForbiddenCharacter(in: bytes, from: index)
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x22, 0x5C: out.append(0x5C); out.append(byte)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            default: out.append(byte)
            }
            index += 1
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
