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

    /// A template context. A dictionary's entries are hashed one by one and summed,
    /// so the order it happens to iterate in does not matter.
    mutating func add(context value: Any) {
        switch value {
        case let text as String:
            add(1); add(text)
        case let dictionary as [String: Any]:
            add(2); add(dictionary.count)
            var sum: UInt64 = 0
            for (key, item) in dictionary {
                var entry = Fingerprint()
                entry.add(key)
                entry.add(context: item)
                sum &+= entry.value
            }
            add(sum)
        // The lists contexts hold, before the general case: casting them to [Any] copies them.
        case let list as [[String: Any]]:
            add(3); add(list.count)
            for item in list { add(context: item) }
        case let list as [String]:
            add(3); add(list.count)
            for item in list { add(context: item) }
        case let list as [Any]:
            add(3); add(list.count)
            for item in list { add(context: item) }
        case let flag as Bool:
            add(4); add(flag ? 1 : 0)
        case let number as Int:
            add(5); add(number)
        default:
            add(6); add(String(reflecting: value))
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
