import Foundation
import Mustache

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

    /// Every field of an entry: what any page showing it can be made from.
    mutating func add(entry: Entry) {
        add(entry.source.contentPath)
        add(entry.date.dayNumber)
        add(entry.secondsIntoDay ?? -1)
        add(entry.mood.id)
        optional(entry.title)
        strings(entry.tags)
        add(entry.visibility.rawValue)
        add(entry.body.htmlFingerprint.value)
        add(entry.body.words)
        add(entry.body.excerpt)
        add((entry.body.hasFootnotes ? 1 : 0) + (entry.body.hasTables ? 2 : 0) + (entry.isPublished ? 4 : 0))
        strings(entry.linkedAssets)
    }

    mutating func add(moods: MoodScale) {
        for mood in moods.moods {
            add(mood.id); add(mood.label); add(mood.emoji); add(mood.color); add(String(mood.score))
        }
    }

    /// Every setting of diarygen.yml but the moods, which `add(moods:)` takes as
    /// they are shown (a label left out there comes from the site's words).
    mutating func add(config: SiteConfig) {
        optional(config.title)
        optional(config.baseURL)
        add(config.localeIdentifier)
        add(config.timeZone.identifier)
        add(config.weekStart)
        optional(config.publishTarget)
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
        // Looked at with one `stat`: Foundation's bundle and file attributes took
        // milliseconds, a share of a rebuild that has nothing to do.
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        var status = stat()
        if stat(executable, &status) == 0 {
            fingerprint.add(Int(status.st_size))
            fingerprint.add(status.st_mtim.nanoseconds)
        }
        return fingerprint
    }()
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
