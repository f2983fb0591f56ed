import CXXHash
import Foundation
import Mustache

/// A 64-bit hash that stays the same from run to run (Swift's `Hasher` is seeded
/// per process), for telling whether an input changed since the last build.
/// Each piece added is hashed with XXH3 (xxHash), seeded with the value so far:
/// the value stays 8 bytes to copy, where XXH3's streaming state is 576.
struct Fingerprint: Hashable, Sendable, ValueStream {
    private(set) var value: UInt64 = 0

    init() {}

    init(value: UInt64) { self.value = value }

    /// XXH3 of the bytes (seed 0), as `xxhsum -H3` gives it.
    init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        value = XXH_INLINE_XXH3_64bits_withSeed(bytes.baseAddress, bytes.count, value)
    }

    /// XXH3 of the number's eight little-endian bytes, as `add(_:)` of those bytes gives it
    /// (xxHash's `XXH3_len_4to8_64b`, written out): planning adds hundreds of thousands
    /// of numbers, and the call into C, which first picks a path by length, cost more
    /// than the hash.
    mutating func add(_ number: UInt64) {
        let seed = value ^ (UInt64(UInt32(truncatingIfNeeded: value).byteSwapped) << 32)
        // The default secret's bytes 8..<16 and 16..<24, read little-endian and combined.
        let bitflip = (0x1cad_21f7_2c81_017c as UInt64 ^ 0xdb97_9083_e96d_d4de) &- seed
        let input64 = (number >> 32) &+ (number << 32)
        var hash = input64 ^ bitflip
        hash ^= (hash << 49 | hash >> 15) ^ (hash << 24 | hash >> 40)
        hash &*= 0x9fb2_1c65_1e98_df25
        hash ^= (hash >> 35) &+ 8
        hash &*= 0x9fb2_1c65_1e98_df25
        value = hash ^ (hash >> 28)
    }

    mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

    /// The length goes first, so "ab"+"c" and "a"+"bc" differ.
    mutating func add(_ text: String) {
        add(UTF8Text(text))
    }

    mutating func add(_ text: UTF8Text) {
        text.withUTF8 { bytes in
            add(bytes.count)
            add(bytes)
        }
    }

    mutating func int(_ number: Int) { add(number) }
    mutating func string(_ text: String) { add(text) }
}

/// Numbers and strings one after another, so that the same values in the same
/// order always make the same bytes: a cache file being written, or a fingerprint.
protocol ValueStream {
    mutating func int(_ number: Int)
    /// Its length, then its UTF-8, so "ab"+"c" and "a"+"bc" differ.
    mutating func string(_ text: String)
}

extension ValueStream {
    mutating func optional(_ text: String?) {
        int(text == nil ? 0 : 1)
        if let text { string(text) }
    }

    mutating func strings(_ list: [String]) {
        int(list.count)
        list.forEach { string($0) }
    }
}
