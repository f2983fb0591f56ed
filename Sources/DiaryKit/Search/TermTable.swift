import Foundation

/// Numbers the distinct terms it is given, 0, 1, 2… in the order first seen, keyed by
/// their bytes and the hash `SearchText.eachTermBytes` computed while reading them:
/// the index counts a million words, and a Dictionary of Strings would hash each one
/// again, with SipHash. Open addressing with linear probing; each term's bytes are
/// kept once, one after the other.
struct TermTable: Sendable {
    static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a, 64 bits: one more byte of a term.
    static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// Each position holds a term's number, or -1.
    private var positions: [Int32]
    private var hashes: [UInt64] = []
    /// Term n's bytes are `bytes[starts[n]..<starts[n + 1]]`.
    private var starts: [Int] = [0]
    private var bytes: [UInt8] = []

    var count: Int { hashes.count }

    init(expected: Int = 128) {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        positions = Array(repeating: -1, count: size)
    }

    /// The term's number, and whether it was new.
    mutating func number(of term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, isNew: Bool) {
        var position = firstPosition(hash)
        while positions[position] >= 0 {
            let number = Int(positions[position])
            if hashes[number] == hash && starts[number + 1] - starts[number] == term.count
                && bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + starts[number], term.baseAddress!, term.count) == 0 }) {
                return (number, false)
            }
            position = (position + 1) & (positions.count - 1)
        }
        let number = count
        positions[position] = Int32(number)
        hashes.append(hash)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        if count * 2 > positions.count { grow() }
        return (number, true)
    }

    /// Term n as a string.
    func term(_ number: Int) -> String { String(decoding: bytes[starts[number]..<starts[number + 1]], as: UTF8.self) }

    func hash(of number: Int) -> UInt64 { hashes[number] }

    /// The terms' bytes, for another table to number them.
    func withTerm<T>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]])) }
    }

    private func firstPosition(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ hash >> 29) & (positions.count - 1) }

    private mutating func grow() {
        positions = Array(repeating: -1, count: positions.count * 2)
        for (number, hash) in hashes.enumerated() {
            var position = firstPosition(hash)
            while positions[position] >= 0 { position = (position + 1) & (positions.count - 1) }
            positions[position] = Int32(number)
        }
    }
}
