import Mustache

/// A JSON string literal, which YAML also reads as a double-quoted scalar. The
/// characters web pages and feeds may not hold are left out here too, so recap.json
/// says what the pages say.
public func doubleQuoted(_ text: String) -> String {
    var text = text
    // Byte by byte into a string made once (escaping at most doubles a byte): the
    // search index quotes every entry's words with it.
    return text.withUTF8 { bytes in
        String(unsafeUninitializedCapacity: bytes.count * 2 + 2) { out in
            var count = 0
            func put(_ byte: UInt8) {
                out[count] = byte
                count += 1
            }
            put(0x22)
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
                case 0x22, 0x5C: put(0x5C); put(byte)
                case 0x0A: put(0x5C); put(UInt8(ascii: "n"))
                case 0x0D: put(0x5C); put(UInt8(ascii: "r"))
                case 0x09: put(0x5C); put(UInt8(ascii: "t"))
                default: put(byte)
                }
                index += 1
            }
            put(0x22)
            return count
        }
    }
}
