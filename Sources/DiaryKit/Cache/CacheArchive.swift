import Foundation

/// The cache's bytes: numbers and length-prefixed strings, read back with every
/// bound checked, so a damaged file is an empty cache and never a crash.
enum CacheArchive {
    struct Damaged: Error {}

    struct Writer: ValueStream {
        var bytes: [UInt8] = []

        mutating func int(_ number: Int) {
            withUnsafeBytes(of: Int64(number).littleEndian) { bytes += $0 }
        }

        mutating func fingerprint(_ fingerprint: Fingerprint) {
            int(Int(Int64(bitPattern: fingerprint.value)))
        }

        mutating func string(_ text: String) {
            self.text(UTF8Text(text))
        }

        mutating func text(_ text: UTF8Text) {
            text.withUTF8 { text in
                int(text.count)
                bytes += text
            }
        }

        mutating func uint32(_ number: UInt32) {
            withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
        }

        /// Its count, then each number as four bytes: the search index keeps millions.
        mutating func numbers(_ list: [UInt32]) {
            int(list.count)
            if UInt32(1).littleEndian == 1 {
                list.withUnsafeBytes { bytes += $0 }
            } else {
                for number in list { withUnsafeBytes(of: number.littleEndian) { bytes += $0 } }
            }
        }

        mutating func diagnostics(_ list: [Diagnostic]) {
            int(list.count)
            for diagnostic in list {
                string(diagnostic.severity.rawValue)
                string(diagnostic.path)
                int(diagnostic.line ?? -1)
                string(diagnostic.message)
            }
        }

        mutating func stamp(_ stamp: SourceStamp?) {
            int(stamp == nil ? 0 : 1)
            if let stamp {
                int(stamp.device); int(stamp.inode); int(stamp.size); int(stamp.modified); int(stamp.changed)
            }
        }

        mutating func entryRecord(_ record: BuildCache.EntryRecord) {
            fingerprint(record.source)
            stamp(record.stamp)
            let metadata = record.metadata
            int(metadata.date.year); int(metadata.date.month); int(metadata.date.day)
            int(metadata.secondsIntoDay ?? -1)
            int(metadata.utcOffset == nil ? 0 : 1)
            if let offset = metadata.utcOffset { int(offset) }
            optional(metadata.mood?.id)
            optional(metadata.title)
            strings(metadata.tags)
            string(metadata.visibility.rawValue)
            int(metadata.isDraft ? 1 : 0)
            let otherKeys = metadata.otherFields.keys.sorted()
            strings(otherKeys)
            strings(otherKeys.map { metadata.otherFields[$0]! })
            int(metadata.reviews.count)
            for review in metadata.reviews {
                string(review.kind.rawValue); string(review.title); optional(review.by)
                int(review.rating.map { Int($0 * 2) } ?? -1)
                int(review.finished?.dayNumber ?? Int.min)
                optional(review.cover)
            }
            diagnostics(record.warnings)
            int(record.conversion == nil ? 0 : 1)
            guard let conversion = record.conversion else { return }
            text(conversion.body.htmlText)
            fingerprint(conversion.body.htmlFingerprint)
            int(conversion.body.words)
            text(conversion.body.excerptText)
            fingerprint(conversion.body.excerptFingerprint)
            int(conversion.body.hasFootnotes ? 1 : 0)
            int(conversion.body.hasTables ? 1 : 0)
            int(conversion.links.count)
            for link in conversion.links {
                string(link.url); optional(link.replacement); optional(link.asset); optional(link.missing); optional(link.photo)
            }
            diagnostics(conversion.diagnostics)
        }
    }

    /// Sendable: its bytes are never written while a reader holds them.
    struct Reader: @unchecked Sendable {
        private let shared: UTF8Text.Bytes
        /// `shared`'s, which it keeps alive.
        private let bytes: UnsafeRawBufferPointer
        private var offset = 0

        init(_ bytes: [UInt8]) {
            self.init(UTF8Text.Bytes(bytes))
        }

        /// The cache file at `path` (WholeFile, `mapping` it if large); nil when there is none.
        init?(path: String, mapping: Bool = true) {
            guard let file = WholeFile(path: path, mapping: mapping) else { return nil }
            self.init(UTF8Text.Bytes(file))
        }

        private init(_ shared: UTF8Text.Bytes) {
            self.shared = shared
            bytes = shared.buffer
        }

        /// A string left as the file's bytes until it is asked for.
        mutating func text() throws(Damaged) -> UTF8Text {
            let length = try count()
            defer { offset += length }
            return UTF8Text(shared, offset..<offset + length)
        }

        mutating func numbers() throws(Damaged) -> [UInt32] {
            let count = try int()
            guard count >= 0, count <= (bytes.count - offset) / 4 else { throw Damaged() }
            // Copied whole where the file's order is the machine's: a build loads the search
            // terms' lists of every year it keeps, one number at a time was most of that.
            let start = offset
            let list = [UInt32](unsafeUninitializedCapacity: count) { list, initialized in
                if UInt32(1).littleEndian == 1 {
                    UnsafeMutableRawBufferPointer(list).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count * 4]))
                } else {
                    for index in 0..<count { list[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * 4, as: UInt32.self)) }
                }
                initialized = count
            }
            offset += count * 4
            return list
        }

        mutating func uint32() throws(Damaged) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw Damaged() }
            defer { offset += 4 }
            return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }

        /// The next `count` bytes as they lie in the file, valid while this reader is.
        mutating func raw(_ count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        /// The bytes not read yet.
        var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[offset...]) }

        mutating func skip(_ count: Int) throws(Damaged) {
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            offset += count
        }

        @inline(__always)
        mutating func int() throws(Damaged) -> Int {
            guard offset + 8 <= bytes.count else { throw Damaged() }
            // From the pointer: the buffer's own load, with its checks, was left a call of its own,
            // and a rebuild reads every entry's record a number at a time.
            let number = UInt64(littleEndian: (bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
            offset += 8
            return Int(Int64(bitPattern: number))
        }

        @inline(__always)
        mutating func fingerprint() throws(Damaged) -> Fingerprint {
            Fingerprint(value: UInt64(bitPattern: Int64(try int())))
        }

        @inline(__always)
        mutating func count() throws(Damaged) -> Int {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            return count
        }

        mutating func string() throws(Damaged) -> String {
            let length = try count()
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            offset += length
            return text
        }

        mutating func optional() throws(Damaged) -> String? {
            try int() == 0 ? nil : try string()
        }

        mutating func strings() throws(Damaged) -> [String] {
            let count = try count()
            var list: [String] = []
            list.reserveCapacity(count)
            for _ in 0..<count { list.append(try string()) }
            return list
        }

        /// The one of `choices` whose name is the next string, told by its bytes: no
        /// String is made of them (a rebuild reads every entry's mood and visibility).
        mutating func choice<T>(of choices: some Sequence<T>, name: (T) -> String) throws(Damaged) -> T {
            let length = try count()
            let read = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
            offset += length
            for choice in choices {
                var written = name(choice)
                if written.withUTF8({ $0.count == length && (length == 0 || memcmp($0.baseAddress!, read.baseAddress!, length) == 0) }) { return choice }
            }
            throw Damaged()
        }

        mutating func diagnostics() throws(Damaged) -> [Diagnostic] {
            var list: [Diagnostic] = []
            for _ in 0..<(try count()) {
                guard let severity = Diagnostic.Severity(rawValue: try string()) else { throw Damaged() }
                let path = try string()
                let line = try int()
                list.append(Diagnostic(severity, path, line: line < 0 ? nil : line, try string()))
            }
            return list
        }

        mutating func stamp() throws(Damaged) -> SourceStamp? {
            try int() == 0 ? nil
                : SourceStamp(device: try int(), inode: try int(), size: try int(), modified: try int(), changed: try int())
        }

        mutating func entryRecord(moods: MoodScale) throws(Damaged) -> BuildCache.EntryRecord {
            let source = try fingerprint()
            let stamp = try stamp()
            guard let date = CivilDate(year: try int(), month: try int(), day: try int()) else { throw Damaged() }
            let seconds = try int()
            let offset = try int() != 0 ? try int() : nil
            // A mood by its id, as `optional` reads it.
            let mood = try int() == 0 ? nil : try choice(of: moods.moods, name: \.id)
            let title = try optional()
            let tags = try strings()
            let visibility = try choice(of: Visibility.allCases, name: \.rawValue)
            let isDraft = try int() != 0
            let otherKeys = try strings(), otherValues = try strings()
            guard otherKeys.count == otherValues.count else { throw Damaged() }
            var reviews: [Review] = []
            for _ in 0..<(try count()) {
                guard let kind = Review.Kind(rawValue: try string()) else { throw Damaged() }
                let title = try string(), by = try optional()
                let halves = try int(), finished = try int()
                reviews.append(Review(kind: kind, title: title, by: by, rating: halves < 0 ? nil : Double(halves) / 2,
                                      finished: finished == Int.min ? nil : CivilDate(dayNumber: finished), cover: try optional()))
            }
            let warnings = try diagnostics()
            var conversion: BodyConversion?
            if try int() != 0 {
                let body = EntryBody(htmlText: try text(), htmlFingerprint: try fingerprint(), words: try int(), excerptText: try text(),
                                     excerptFingerprint: try fingerprint(), hasFootnotes: try int() != 0, hasTables: try int() != 0)
                var links: [LinkRewrite] = []
                for _ in 0..<(try count()) {
                    links.append(LinkRewrite(url: try string(), replacement: try optional(), asset: try optional(), missing: try optional(), photo: try optional()))
                }
                conversion = BodyConversion(body: body, links: links, diagnostics: try diagnostics())
            }
            let metadata = EntryMetadata(date: date, secondsIntoDay: seconds < 0 ? nil : seconds, utcOffset: offset, mood: mood, title: title, tags: tags,
                                         visibility: visibility, isDraft: isDraft,
                                         otherFields: otherKeys.isEmpty ? [:] : Dictionary(zip(otherKeys, otherValues), uniquingKeysWith: { first, _ in first }),
                                         reviews: reviews)
            return BuildCache.EntryRecord(source: source, stamp: stamp, metadata: metadata, warnings: warnings, conversion: conversion)
        }
    }
}

extension CacheArchive.Writer {
    /// The bytes as a file of the cache whose every byte is checked when it is read
    /// (`Reader(checkedPath:)`): this program's fingerprint and the bytes' checksum first.
    /// Such a file can be written over where it lies (`FileWriting.writeInPlace`): one
    /// written halfway fails its checksum.
    func checked() -> [UInt8] {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.fingerprint(bytes.withUnsafeBytes(Fingerprint.init))
        writer.bytes += bytes
        return writer.bytes
    }
}

extension CacheArchive.Reader {
    /// The file at `path` past its header, if `Writer.checked()` made it with this
    /// program and no byte of it changed since: a file read only in part is checked whole.
    /// Read, never mapped: another build may write it over where it lies meanwhile.
    init?(checkedPath path: String) {
        guard var reader = CacheArchive.Reader(path: path, mapping: false) else { return nil }
        do {
            guard try reader.fingerprint() == BuildCache.program, try reader.fingerprint() == Fingerprint(reader.rest) else { return nil }
        } catch {
            return nil
        }
        self = reader
    }
}
