import Foundation

/// The manifest (`.diarygen-manifest`): every file diarygen wrote into the site, one
/// path a line, in the order of their bytes. Its paths are told apart by their bytes,
/// as the disk tells names apart: Strings take `é` and `e` with a combining accent for
/// one name, where Linux keeps two files.
enum SiteManifest {
    /// A path of the site, relative to its folder, as its bytes.
    struct Path: Hashable {
        let bytes: [UInt8]

        init(_ path: String) { bytes = Array(path.utf8) }
        init(bytes: [UInt8]) { self.bytes = bytes }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The manifest of `paths`: each once, sorted.
    static func bytes(of paths: some Collection<String>) -> [UInt8] {
        // Every path's bytes in one buffer, sorted as spans of it: a rebuild sorts every
        // path of the site, and comparing Strings took a copy and a look at the storage
        // of each at every step.
        var joined: [UInt8] = []
        var spans: [Range<Int>] = []
        joined.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count })
        spans.reserveCapacity(paths.count)
        for path in paths {
            let start = joined.count
            joined += path.utf8
            spans.append(start..<joined.count)
        }
        return joined.withUnsafeBytes { all in
            func bytes(_ span: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: all[span]) }
            spans.sort { a, b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(all.baseAddress! + a.lowerBound, all.baseAddress! + b.lowerBound, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
            var manifest: [UInt8] = []
            manifest.reserveCapacity(joined.count + spans.count)
            for (index, span) in spans.enumerated() where index == 0 || !bytes(span).elementsEqual(bytes(spans[index - 1])) {
                manifest += bytes(span)
                manifest.append(UInt8(ascii: "\n"))
            }
            return manifest
        }
    }

    /// The paths a manifest names.
    static func paths(in manifest: [UInt8]) -> Set<Path> {
        Set(manifest.split(separator: UInt8(ascii: "\n")).map { Path(bytes: Array($0)) })
    }
}
