// Sources/DiaryKit/Entries/EightBytes.swift: eight bytes tested at once, exactly.
import Mustache
import Testing
@testable import DiaryKit

@Suite struct EightBytesTests {
    /// Every byte, at every place among seven others that are each test's opposite,
    /// is marked exactly when it is what the test looks for.
    @Test func everyByteIsMarkedWhereverItLies() {
        for byte in 0...255 {
            for place in 0..<8 {
                for filler: UInt8 in [0x00, 0x3C, 0x41, 0x7F, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(byte)
                    let eight = bytes.withUnsafeBufferPointer { EightBytes(at: $0.baseAddress!) }
                    func marked(_ test: (UInt8) -> Bool) -> UInt64 {
                        bytes.enumerated().reduce(0) { $0 | (test($1.element) ? 0x80 << (8 * UInt64($1.offset)) : 0) }
                    }
                    #expect(eight.marking(from: 0x30, through: 0x39) == marked { (0x30...0x39).contains($0) })
                    #expect(eight.marking(from: 0x00, through: 0x1F) == marked { $0 < 0x20 })
                    #expect(eight.marking(0x3C) == marked { $0 == 0x3C })
                    #expect(eight.marking(0xFF) == marked { $0 == 0xFF })
                    #expect(eight.lettersAndDigits == marked { $0 < 0x80 && (Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber) })
                    #expect(eight.whiteSpace == marked { $0 == 0x20 || (0x09...0x0D).contains($0) })
                    #expect(eight.isASCII == bytes.allSatisfy { $0 < 0x80 })
                    #expect(EightBytes(eight.bits).lanes == eight.lanes)
                    let equal = eight.marking(filler)
                    #expect(EightBytes.count(equal) == bytes.filter { $0 == filler }.count)
                    #expect(firstTopBit(equal) == (bytes.firstIndex(of: filler) ?? 8))
                }
            }
        }
    }
}
