import Foundation

/// A 64-bit hash that stays the same from run to run (Swift's `Hasher` is seeded
/// per process), for telling whether an input changed since the last build.
/// Each eight bytes are xored in, then multiplied and folded: builds hash every
/// entry's HTML, and a byte at a time was slow.
struct Fingerprint: Hashable, Sendable, ValueStream {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init(value: UInt64) { self.value = value }

    init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var value = self.value
        var offset = 0
        while offset + 8 <= bytes.count {
            value = mix(value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        while offset < bytes.count {
            value = mix(value ^ UInt64(bytes[offset]))
            offset += 1
        }
        self.value = value
    }

    /// Multiplying spreads each bit upwards only; the shift brings the high bits down.
    private func mix(_ value: UInt64) -> UInt64 {
        let spread = value &* 0x9e37_79b9_7f4a_7c15
        return spread ^ (spread >> 32)
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
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
