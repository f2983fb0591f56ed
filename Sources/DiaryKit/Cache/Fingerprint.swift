import Foundation

/// A 64-bit FNV-1a hash that stays the same from run to run (Swift's `Hasher` is
/// seeded per process), for telling whether an input changed since the last build.
struct Fingerprint: Hashable, Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init(value: UInt64) { self.value = value }

    init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var value = self.value
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        self.value = value
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

    /// The length goes first, so "ab"+"c" and "a"+"bc" differ.
    mutating func add(_ text: String) {
        add(text.utf8.count)
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// A template context. A group's named values are hashed one by one and summed,
    /// so the order a dictionary happens to iterate in does not matter.
    mutating func add(context value: TemplateValue) {
        switch value {
        case .text(let text):
            add(1); add(text)
        case .object(let fields):
            add(2); add(fields.count)
            var sum: UInt64 = 0
            for (key, item) in fields {
                var entry = Fingerprint()
                entry.add(key)
                entry.add(context: item)
                sum &+= entry.value
            }
            add(sum)
        case .list(let items):
            add(3); add(items.count)
            for item in items { add(context: item) }
        case .flag(let flag):
            add(4); add(flag ? 1 : 0)
        }
    }

    /// What the running program is: a new diarygen may render the same input differently.
    static let program: Fingerprint = {
        var fingerprint = Fingerprint()
        fingerprint.add(BuildCache.formatVersion)
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        if let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            fingerprint.add((attributes[.size] as? Int) ?? 0)
            fingerprint.add(Int(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1_000_000))
        }
        return fingerprint
    }()
}
