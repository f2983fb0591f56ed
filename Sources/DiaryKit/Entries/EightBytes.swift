import Mustache

/// Eight bytes of text as the lanes of one vector, the first in the lowest byte when read
/// as an integer, tested all at once with Mustache's lane tests (`topBits`), which mark the
/// bytes they find in their top bits (0x80), exactly. Counting words and taking an entry's
/// text out of its HTML read most bytes this way; the marks are an integer, so that the
/// bytes before and after one can be reached by shifting.
struct EightBytes {
    let lanes: SIMD8<UInt8>

    static let topBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    init(_ bits: UInt64) { lanes = unsafeBitCast(bits.littleEndian, to: SIMD8<UInt8>.self) }

    /// The eight bytes at `start`.
    @inline(__always)
    init(at start: UnsafePointer<UInt8>) {
        lanes = UnsafeRawPointer(start).loadUnaligned(as: SIMD8<UInt8>.self)
    }

    /// As an integer, the first byte the lowest.
    @inline(__always)
    var bits: UInt64 { UInt64(littleEndian: unsafeBitCast(lanes, to: UInt64.self)) }

    @inline(__always)
    var isASCII: Bool { bits & EightBytes.topBits == 0 }

    /// The bytes from `low` through `high` (at most 0x80 of them).
    @inline(__always)
    func marking(from low: UInt8, through high: UInt8) -> UInt64 {
        EightBytes.marks(Mustache.topBits(of: lanes, from: low, count: high - low + 1))
    }

    /// The bytes equal to `byte`.
    @inline(__always)
    func marking(_ byte: UInt8) -> UInt64 {
        EightBytes.marks(Mustache.topBits(of: lanes, equalTo: byte))
    }

    /// ASCII letters and digits: `| 0x20` makes capitals small and nothing else a letter.
    @inline(__always)
    var lettersAndDigits: UInt64 {
        EightBytes.marks(Mustache.topBits(of: lanes | SIMD8(repeating: 0x20), from: 0x61, count: 26) | Mustache.topBits(of: lanes, from: 0x30, count: 10))
    }

    /// ASCII white space: tab, line feed, vertical tab, form feed, carriage return, space.
    @inline(__always)
    var whiteSpace: UInt64 {
        EightBytes.marks(Mustache.topBits(of: lanes, from: 0x09, count: 5) | Mustache.topBits(of: lanes, equalTo: 0x20))
    }

    /// The lanes' top bits as an integer, the first lane's in the lowest byte.
    @inline(__always)
    private static func marks(_ lanes: SIMD8<UInt8>) -> UInt64 {
        UInt64(littleEndian: unsafeBitCast(lanes, to: UInt64.self)) & topBits
    }

    /// How many bytes `marks` marks, summed into the highest byte by one multiplication
    /// (this build's processor baseline has no instruction that counts bits).
    @inline(__always)
    static func count(_ marks: UInt64) -> Int {
        Int(((marks &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
    }
}
