import Mustache

/// Markup made as UTF-8 bytes, for the charts: written as string interpolations are
/// (`out += "<rect x=\"\(x, digits: 2)\">"`), but appended straight to bytes. The
/// charts of a ten-year build write over a hundred thousand small pieces, and
/// appending each to a String took hundreds of instructions.
struct MarkupBytes: ExpressibleByStringInterpolation {
    private(set) var bytes: [UInt8]

    init(stringLiteral text: String) {
        bytes = Array(text.utf8)
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    static func += (markup: inout MarkupBytes, piece: MarkupBytes) {
        markup.bytes += piece.bytes
    }

    /// The markup as text, as pages take it.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            appendInterpolation(literal)
        }

        /// Text as it is: ids, names of attributes, markup made already.
        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { bytes += $0 }
        }

        mutating func appendInterpolation(_ markup: MarkupBytes) {
            bytes += markup.bytes
        }

        /// Text escaped as `escapeXML` escapes it.
        mutating func appendInterpolation(escaping text: String) {
            var text = text
            text.withUTF8 { appendMarkup($0, escaping: true, to: &bytes) }
        }

        mutating func appendInterpolation(_ number: Int) {
            appendDigits(of: number, to: &bytes)
        }

        /// A length or coordinate as `decimalText` writes it.
        mutating func appendInterpolation(_ value: Double, digits: Int) {
            appendDecimal(value, maxFractionDigits: digits, to: &bytes)
        }
    }
}
