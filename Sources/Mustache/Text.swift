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

/// What each byte can mean to `rewritingMarkup`: `escapedByte` for the five bytes
/// escaping replaces, `forbiddenLead` for those a forbidden character can start with.
/// Looking a byte up once is what keeps the scan over every page's text fast; most
/// bytes are neither.
@usableFromInline let markupByteKinds: [UInt8] = (0...255).map { byte -> UInt8 in
    switch byte {
    case 0x26, 0x3C, 0x3E, 0x22, 0x27: escapedByte
    case 0x09, 0x0A, 0x0D: 0
    case 0x00...0x1F, 0x7F, 0xC2, 0xEF, 0xF0...0xFF: forbiddenLead
    default: 0
    }
}
@usableFromInline let escapedByte: UInt8 = 1
@usableFromInline let forbiddenLead: UInt8 = 2

/// How many bytes the forbidden character starting at `index` takes, or 0 when the
/// character there is allowed.
@inlinable
public func forbiddenCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return markupByteKinds[Int(byte)] == forbiddenLead ? 1 : 0 }
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

/// The next character in `bytes`, at or after `start`, that markup may not hold
/// (`isForbiddenInMarkup`): where it starts and how many bytes it takes.
@inlinable
public func nextForbiddenCharacter(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (index: Int, length: Int)? {
    nextMarkupChange(in: bytes, from: start, escaping: false)
}

/// The next bytes at or after `start` that `appendMarkup` changes: one to escape (when
/// `escaping`; one byte long), or a forbidden character to drop, and how many bytes it takes.
/// Inlined where it is called, so that `escaping` is known there.
@inlinable @inline(__always)
func nextMarkupChange(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, escaping: Bool) -> (index: Int, length: Int)? {
    // Escaping looks for both kinds of byte; dropping forbidden characters only for leads.
    let wanted = escaping ? escapedByte | forbiddenLead : forbiddenLead
    return markupByteKinds.withUnsafeBufferPointer { kinds in
        var index = start
        while index < bytes.count {
            index = nextMarkupCandidate(in: bytes, from: index, escaping: escaping)
            // A byte that may change is at `index`, or fewer than sixteen bytes are left:
            // they are looked at one by one; a line end (a candidate that stays) is passed.
            let end = index + 16 <= bytes.count ? index + 1 : bytes.count
            while index < end {
                let kind = kinds[Int(bytes[index])] & wanted
                if kind == escapedByte { return (index, 1) }
                if kind == forbiddenLead {
                    let length = forbiddenCharacterLength(bytes, at: index)
                    if length > 0 { return (index, length) }
                }
                index += 1
            }
        }
        return nil
    }
}

/// The first byte at or after `start` that `appendMarkup` may change (`markupCandidates`),
/// or where fewer than sixteen bytes are left: every byte before it is passed over sixteen
/// at a time, as one vector, since nearly all text has nothing to change.
@inlinable @inline(__always)
func nextMarkupCandidate(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, escaping: Bool) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var index = start
    while index + 16 <= bytes.count {
        let lane = firstTopBit(markupCandidates(UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self), escaping: escaping))
        index += lane
        if lane < 16 { break }
    }
    return index
}

/// The top bit set in each of the sixteen lanes that holds a byte markup may change:
/// below 0x20 (tabs and line ends too, which stay), DEL, the leads 0xC2 and 0xEF–0xFF of
/// the forbidden characters above it and, when `escaping`, `"` to `'` (`&` and the `#$%`
/// between, which stay) and `<` to `>` (with `=`). Each test sets the top bit of its own
/// lane and of no other: wrapping arithmetic on each byte, which the compiler turns into
/// vector instructions (lane comparisons it does one lane at a time).
@inlinable @inline(__always)
func markupCandidates(_ lanes: SIMD16<UInt8>, escaping: Bool) -> SIMD16<UInt8> {
    let low = lanes & SIMD16(repeating: 0x7F)
    let belowSpace = (lanes &- SIMD16(repeating: 0x20)) & ~lanes
    let delete = (low &+ SIMD16(repeating: 1)) & ~lanes
    let fromEF = (low &+ SIMD16(repeating: 0x11)) & lanes
    var found = belowSpace | delete | fromEF | topBits(of: lanes, equalTo: 0xC2)
    if escaping {
        found |= topBits(of: lanes, from: 0x22, count: 6) | topBits(of: lanes, from: 0x3C, count: 3)
    }
    return found
}

/// The first of the sixteen bytes in `lanes` a JSON string may change: those
/// `markupCandidates` finds without escaping, and `"` and `\`; 16 when there is none.
@inlinable @inline(__always)
public func firstJSONCandidate(_ lanes: SIMD16<UInt8>) -> Int {
    firstTopBit(markupCandidates(lanes, escaping: false) | topBits(of: lanes, equalTo: 0x22) | topBits(of: lanes, equalTo: 0x5C))
}

/// The top bit of each lane that is `byte` (each other bit is left as it falls). Lanes of
/// a vector, sixteen (markup, JSON) or eight (`EightBytes` in DiaryKit), never borrow
/// from one another, so each test is exact in its own lane.
@inlinable @inline(__always)
public func topBits<Lanes: SIMD>(of lanes: Lanes, equalTo byte: UInt8) -> Lanes where Lanes.Scalar == UInt8 {
    let differences = lanes ^ Lanes(repeating: byte)
    return (differences &- Lanes(repeating: 1)) & ~differences
}

/// The top bit of each lane from `first` to `first + count - 1` (`count` at most 0x80):
/// the byte less `first` sets its top bit when it is past the range, and so does the rest
/// of it plus `0x80 - count`.
@inlinable @inline(__always)
public func topBits<Lanes: SIMD>(of lanes: Lanes, from first: UInt8, count: UInt8) -> Lanes where Lanes.Scalar == UInt8 {
    let past = lanes &- Lanes(repeating: first)
    return ~(past | ((past & Lanes(repeating: 0x7F)) &+ Lanes(repeating: 0x80 &- count)))
}

/// The first lane whose top bit is set, 16 when none is.
@inlinable @inline(__always)
func firstTopBit(_ lanes: SIMD16<UInt8>) -> Int {
    let halves = unsafeBitCast(lanes & SIMD16(repeating: 0x80), to: (UInt64, UInt64).self)
    return halves.0 != 0 ? firstTopBit(halves.0) : 8 + firstTopBit(halves.1)
}

/// The first of eight bytes (the first in the lowest) whose top bit is set, 8 when none is.
@inlinable @inline(__always)
public func firstTopBit(_ bytes: UInt64) -> Int {
    let tops = UInt64(littleEndian: bytes) & 0x8080_8080_8080_8080
    return tops == 0 ? 8 : tops.trailingZeroBitCount / 8
}

@inlinable
func rewritingMarkup(_ text: String, escaping: Bool) -> String {
    var source = text
    let rewritten: String? = source.withUTF8 { bytes in
        guard let first = nextMarkupChange(in: bytes, from: 0, escaping: escaping)?.index else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out += bytes[..<first]
        appendMarkup(UnsafeBufferPointer(rebasing: bytes[first...]), escaping: escaping, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
    return rewritten ?? text
}

/// Appends `bytes` to `out` escaped for markup (when `escaping`) and without the
/// characters markup may not hold, as `escapeXML` and `droppingForbiddenCharacters` do.
@inlinable
public func appendMarkup(_ bytes: UnsafeBufferPointer<UInt8>, escaping: Bool, to out: inout some MarkupOutput) {
    var copied = 0
    while let (index, length) = nextMarkupChange(in: bytes, from: copied, escaping: escaping) {
        // The unchanged run before it goes in at once; a forbidden character is left out.
        out.appendBytes(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
        let entity: StaticString? = switch bytes[index] {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        default: nil
        }
        entity?.withUTF8Buffer { out.appendBytes($0) }
        copied = index + length
    }
    out.appendBytes(UnsafeBufferPointer(rebasing: bytes[copied...]))
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
        // Most text handed here has nothing to trim: it starts and ends with an ASCII byte
        // that is no space, and no character that starts with white space ends in such a byte.
        var text = self
        let untrimmed = text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return true }
            func isSolidASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
            return isSolidASCII(first) && isSolidASCII(last)
        }
        if untrimmed { return text }
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
