import Foundation

/// Eight bytes of text in one integer, the first in the lowest byte, tested all at
/// once: each test marks the bytes it finds in their top bits (0x80), exactly, with
/// wrapping arithmetic that never carries from one byte into the next. Counting words
/// and taking an entry's text out of its HTML read most bytes this way.
struct EightBytes {
    let bits: UInt64

    static let topBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    init(_ bits: UInt64) { self.bits = bits }

    /// The eight bytes at `start`.
    init(at start: UnsafePointer<UInt8>) {
        bits = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
    }

    var isASCII: Bool { bits & EightBytes.topBits == 0 }

    /// The bytes from `low` through `high`, both below 0x80. Of a byte's seven low bits,
    /// adding 0x80 − `low` reaches its top bit when they are `low` or more, and adding
    /// 0x7F − `high` when they are more than `high`; a byte of 0x80 or more is never marked.
    func marking(from low: UInt8, through high: UInt8) -> UInt64 {
        let seven = bits & EightBytes.lowBits
        return (seven &+ EightBytes.ones &* UInt64(0x80 - low)) & ~(seven &+ EightBytes.ones &* UInt64(0x7F - high)) & ~bits & EightBytes.topBits
    }

    /// The bytes equal to `byte`: those of `bits ^ byte` whose seven low bits, plus 0x7F,
    /// do not reach the top bit, and whose top bit is clear.
    func marking(_ byte: UInt8) -> UInt64 {
        let difference = bits ^ EightBytes.ones &* UInt64(byte)
        return ~((difference & EightBytes.lowBits &+ EightBytes.lowBits) | difference | EightBytes.lowBits)
    }

    /// ASCII letters and digits: `| 0x20` makes capitals small and nothing else a letter.
    var lettersAndDigits: UInt64 {
        EightBytes(bits | EightBytes.ones &* 0x20).marking(from: 0x61, through: 0x7A) | marking(from: 0x30, through: 0x39)
    }

    /// How many bytes come before the first marked in `marks`: 8 when none is.
    static func firstMarked(_ marks: UInt64) -> Int {
        marks == 0 ? 8 : marks.trailingZeroBitCount / 8
    }

    /// How many bytes `marks` marks, summed into the highest byte by one multiplication
    /// (this build's processor baseline has no instruction that counts bits).
    static func count(_ marks: UInt64) -> Int {
        Int(((marks &>> 7) &* ones) &>> 56)
    }
}
