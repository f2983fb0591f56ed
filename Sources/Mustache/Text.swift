// The text functions the engine needs. They are public because DiaryKit escapes,
// searches and trims its own text with the same ones.

import Foundation

/// Escapes text for HTML and XML content and attribute values. Byte by byte, so a
/// combining mark after `<` cannot hide it; most text has nothing to escape and is
/// returned as it is.
///
/// Inlinable: DiaryKit escapes every title and feed entry with it too, and this keeps
/// its release build as fast as when the function lived in the same module.
@inlinable
public func escapeXML(_ text: String) -> String {
    var source = text
    let escaped: String? = source.withUTF8 { bytes in
        guard let first = bytes.firstIndex(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out += bytes[..<first]
        for byte in bytes[first...] {
            switch byte {
            case 0x26: out += "&amp;".utf8
            case 0x3C: out += "&lt;".utf8
            case 0x3E: out += "&gt;".utf8
            case 0x22: out += "&quot;".utf8
            case 0x27: out += "&#39;".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
    return escaped ?? text
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
