import Foundation

/// Numbers the distinct terms it is given, 0, 1, 2… in the order first seen, keyed by
/// their bytes and their `hash`, computed once for each word read: the index counts a
/// million words, and a Dictionary of Strings would hash each one again, with SipHash.
/// Open addressing with linear probing; each term's bytes are kept once, one after the other.
struct TermTable: Sendable {
    /// A term's hash (it is never empty), read eight bytes at a time and mixed by a full
    /// multiplication, as wyhash does: most terms are words of two to eight bytes, which
    /// take one step, where a byte at a time took one for each.
    static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let start = UnsafeRawPointer(term.baseAddress!), count = term.count
        func eight(at offset: Int) -> UInt64 { start.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        func four(at offset: Int) -> UInt64 { UInt64(start.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        guard count < 8 else {
            var offset = 0
            while offset + 8 < count {
                hash = mixed(hash ^ eight(at: offset))
                offset += 8
            }
            // The last eight bytes, which may overlap the ones before.
            return mixed(hash ^ eight(at: count - 8))
        }
        // Fewer than eight: two fours that may overlap, or the first, middle and last bytes.
        let bytes = count >= 4 ? four(at: 0) << 32 | four(at: count - 4)
            : UInt64(term[0]) << 16 | UInt64(term[count / 2]) << 8 | UInt64(term[count - 1])
        return mixed(hash ^ bytes)
    }

    private static func mixed(_ value: UInt64) -> UInt64 {
        let product = (value ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
        return product.high ^ product.low
    }

    /// A term's record: its hash, where its bytes are, and for a term of at most eight
    /// bytes those bytes packed as `packed(_:)` does, which with the length tells it
    /// from every other: most words are that short and are told apart without memcmp.
    private struct Record {
        let hash: UInt64
        let packed: UInt64
        let start: Int
        let count: Int
    }

    /// The bytes of a term of at most eight, packed as `hash` reads them (the first and
    /// last four, or the first, middle and last one): with the term's length, exact.
    /// Written out here and in `hash`: one shared function changes what the compiler
    /// inlines into the index's loop over words, which then takes longer.
    @inline(__always)
    private static func packed(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let start = UnsafeRawPointer(term.baseAddress!), count = term.count
        if count == 8 { return start.loadUnaligned(as: UInt64.self) }
        if count >= 4 {
            return UInt64(start.loadUnaligned(as: UInt32.self)) << 32 | UInt64(start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        }
        return UInt64(term[0]) << 16 | UInt64(term[count / 2]) << 8 | UInt64(term[count - 1])
    }

    /// Each position holds a term's number, or -1.
    private var positions: [Int32]
    private var records: [Record] = []
    /// The terms' bytes, one after the other.
    private var bytes: [UInt8] = []

    var count: Int { records.count }

    init(expected: Int = 128) {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        positions = Array(repeating: -1, count: size)
    }

    /// The term's number, and whether it was new.
    mutating func number(of term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, isNew: Bool) {
        let packed = term.count <= 8 ? TermTable.packed(term) : 0
        let (found, position) = probe(term, hash: hash, packed: packed)
        if let found { return (found, false) }
        let number = count
        positions[position] = Int32(number)
        records.append(Record(hash: hash, packed: packed, start: bytes.count, count: term.count))
        bytes.append(contentsOf: term)
        if count * 2 > positions.count { grow() }
        return (number, true)
    }

    /// The term's number, if it is in the table.
    func existingNumber(of term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        probe(term, hash: hash, packed: term.count <= 8 ? TermTable.packed(term) : 0).found
    }

    /// The term's number, or the free position where it would go.
    @inline(__always)
    private func probe(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, packed: UInt64) -> (found: Int?, position: Int) {
        let mask = positions.count - 1
        var position = firstPosition(hash)
        let found: Int? = positions.withUnsafeBufferPointer { positions in
            records.withUnsafeBufferPointer { records in
                while positions[position] >= 0 {
                    let number = Int(positions[position])
                    let record = records[number]
                    if record.hash == hash && record.count == term.count
                        && (term.count <= 8 ? record.packed == packed
                            : bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + record.start, term.baseAddress!, term.count) == 0 }) {
                        return number
                    }
                    position = (position + 1) & mask
                }
                return nil
            }
        }
        return (found, position)
    }

    func hash(of number: Int) -> UInt64 { records[number].hash }

    /// The terms' bytes, for another table to number them.
    func withTerm<T>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let record = records[number]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[record.start..<record.start + record.count])) }
    }

    private func firstPosition(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash ^ hash >> 29) & (positions.count - 1) }

    private mutating func grow() {
        positions = Array(repeating: -1, count: positions.count * 2)
        for (number, record) in records.enumerated() {
            var position = firstPosition(record.hash)
            while positions[position] >= 0 { position = (position + 1) & (positions.count - 1) }
            positions[position] = Int32(number)
        }
    }
}
