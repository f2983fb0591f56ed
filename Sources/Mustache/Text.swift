// The text functions the engine needs. They are public because DiaryKit escapes,
// searches and trims its own text with the same ones.

import Foundation

/// Escapes text for HTML and XML content and attribute values, and drops the
/// characters neither may hold (`isForbiddenInMarkup`). Byte by byte, so a combining
/// mark after `<` cannot hide it; most text has nothing to change and is returned as it is.
///
/// Inlinable: DiaryKit escapes every title and feed entry with it too, and this keeps
/// its release build as fast as when the function lived in the same module.
@inlinable
public func escapeXML(_ text: String) -> String {
    rewritingMarkup(text, escaping: true)
}

/// `text` without the characters XML and HTML may not hold (`isForbiddenInMarkup`),
/// for markup that is already escaped, such as cmark-gfm's HTML.
@inlinable
public func droppingForbiddenCharacters(_ text: String) -> String {
    rewritingMarkup(text, escaping: false)
}

/// Characters an XML 1.0 document may not hold (C0 controls but tab, line feed and
/// carriage return; U+FFFE and U+FFFF), and those HTML calls control characters or
/// noncharacters (DEL, C1 controls, U+FDD0–U+FDEF, the last two of every plane): one
/// makes a feed unreadable and a page invalid.
@inlinable
public func isForbiddenInMarkup(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0x09, 0x0A, 0x0D: return false
    case 0...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: return true
    default: return value & 0xFFFE == 0xFFFE
    }
}

/// How many bytes the forbidden character starting at `index` takes, or 0 when the
/// character there is allowed. Only a few lead bytes can start one, so most bytes cost
/// one comparison.
@inlinable
public func forbiddenCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x20 { return byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0 : 1 }
    if byte == 0x7F { return 1 }
    if byte < 0xC2 { return 0 }
    let left = bytes.count - index
    if byte == 0xC2 { return left > 1 && bytes[index + 1] <= 0x9F ? 2 : 0 } // U+0080–U+009F
    if byte == 0xEF, left > 2 {
        let second = bytes[index + 1], third = bytes[index + 2]
        return (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE) ? 3 : 0
    }
    if byte >= 0xF0, left > 3 { // U+1FFFE, U+1FFFF, … U+10FFFF
        return bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE ? 4 : 0
    }
    return 0
}

@inlinable
func rewritingMarkup(_ text: String, escaping: Bool) -> String {
    @inline(__always) func isSpecial(_ byte: UInt8) -> Bool {
        escaping && (byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27)
    }
    var source = text
    let rewritten: String? = source.withUTF8 { bytes in
        var first = 0
        while first < bytes.count, !isSpecial(bytes[first]), forbiddenCharacterLength(bytes, at: first) == 0 { first += 1 }
        guard first < bytes.count else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out += bytes[..<first]
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            let forbidden = forbiddenCharacterLength(bytes, at: index)
            if forbidden > 0 {
                index += forbidden
                continue
            }
            switch byte {
            case 0x26 where escaping: out += "&amp;".utf8
            case 0x3C where escaping: out += "&lt;".utf8
            case 0x3E where escaping: out += "&gt;".utf8
            case 0x22 where escaping: out += "&quot;".utf8
            case 0x27 where escaping: out += "&#39;".utf8
            default: out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
    return rewritten ?? text
}

/// Where `needle` first starts in `bytes`, at or after `start`: a plain byte search
/// for the short ASCII markers of templates and markup.
///
/// Inlinable: DiaryKit's search-and-replace over whole pages runs on it too.
@inlinable
public func byteOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let first = needle.first, let base = bytes.baseAddress else { return nil }
    let lastStart = bytes.count - needle.count
    var index = start
    // memchr looks for the first byte many bytes at a time; most text holds no marker at all.
    while index <= lastStart, let hit = memchr(base + index, Int32(first), lastStart + 1 - index) {
        index = UnsafeRawPointer(base).distance(to: hit)
        var matched = 1
        while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return index }
        index += 1
    }
    return nil
}

extension String {
    /// This text without the white space (spaces, tabs, line breaks) at either end.
    public var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
