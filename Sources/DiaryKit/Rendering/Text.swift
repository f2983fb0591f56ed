import Foundation
import Mustache

extension String {
    /// Every `target` replaced, comparing UTF-8 bytes. Foundation's
    /// `replacingOccurrences` goes through UTF-16 and back: on day pages with
    /// tables or footnotes it was a tenth of a whole build.
    func replacingEvery(_ target: String, with replacement: String) -> String {
        var text = self
        return text.withUTF8 { bytesReplacingEvery(target, with: replacement, in: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? self
    }
}

extension Array<UInt8> {
    /// `String.replacingEvery` of UTF-8 bytes, which stay bytes.
    func replacingEvery(_ target: String, with replacement: String) -> [UInt8] {
        withUnsafeBufferPointer { bytesReplacingEvery(target, with: replacement, in: $0) } ?? self
    }
}

/// `bytes` with every `target` replaced; nil when there is none.
private func bytesReplacingEvery(_ target: String, with replacement: String, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let needle = Array(target.utf8)
    var out: [UInt8] = []
    var copied = 0
    while let found = byteOffset(of: needle, in: bytes, from: copied) {
        if copied == 0 { out.reserveCapacity(bytes.count + 64) }
        out.append(contentsOf: bytes[copied..<found])
        out.append(contentsOf: replacement.utf8)
        copied = found + needle.count
    }
    guard copied > 0 else { return nil }
    out.append(contentsOf: bytes[copied...])
    return out
}

/// A number with at most `maxFractionDigits` decimals and no trailing zeros,
/// never `-0`: the same bytes on every machine and locale.
func decimalText(_ value: Double, maxFractionDigits: Int) -> String {
    var bytes: [UInt8] = []
    appendDecimal(value, maxFractionDigits: maxFractionDigits, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `decimalText`'s bytes, appended to `bytes`.
func appendDecimal(_ value: Double, maxFractionDigits: Int, to bytes: inout [UInt8]) {
    var scale = 1
    for _ in 0..<maxFractionDigits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let whole = scaled / scale
    var fraction = abs(scaled % scale)
    // Between -1 and 0 the whole part, 0, has no sign of its own.
    if scaled < 0 && whole == 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(of: whole, to: &bytes)
    guard fraction > 0 else { return }
    bytes.append(UInt8(ascii: "."))
    // The fraction's digits with its leading zeros, without its trailing ones.
    var width = maxFractionDigits
    while fraction % 10 == 0 { fraction /= 10; width -= 1 }
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
        divisor /= 10
    }
}

/// A number's decimal digits, a minus sign first below zero (the search index's id of an entry
/// written before 1970), without making a string of them.
func appendDigits(of number: Int, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        bytes.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress!, count: writeDigits(of: number, to: digits.baseAddress!)))
    }
}

/// Writes `number`'s digits (a minus sign first, below zero) at `start`; says how many bytes.
func writeDigits(of number: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
    var length = number < 0 ? 2 : 1
    var rest = number.magnitude
    while rest >= 10 { rest /= 10; length += 1 }
    if number < 0 { start.pointee = UInt8(ascii: "-") }
    rest = number.magnitude
    var position = length
    repeat {
        position -= 1
        start[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
    } while rest > 0
    return length
}

/// Dark or white text, whichever contrasts more with `background` (`#rgb` or
/// `#rrggbb`), so day numbers stay readable on any mood colour (WCAG luminance).
func readableInk(on background: String) -> String {
    var hex = background.dropFirst().map { String($0) }
    if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
    guard hex.count == 6, let value = Int(hex.joined(), radix: 16) else { return darkInk }
    func channel(_ shift: Int) -> Double {
        let c = Double((value >> shift) & 0xFF) / 255
        return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    let darkLuminance = 0.0159 // #1f2328
    return 1.05 / (luminance + 0.05) > (luminance + 0.05) / (darkLuminance + 0.05) ? "#ffffff" : darkInk
}

let darkInk = "#1f2328"
