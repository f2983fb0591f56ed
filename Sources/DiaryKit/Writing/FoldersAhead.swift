import Foundation

/// The folders of a new site, made on a thread of their own from the moment its paths
/// are known, while its first pages are still being rendered. A site of ten years has
/// thousands of day folders, and to place each one ext4 reads inode tables and bitmaps
/// from the disk, which both cores otherwise waited for while writing. Only a head
/// start: a file whose folder is not there yet still makes it (`SiteWriter.put`).
final class FoldersAhead: Sendable {
    private let made: ThreadedValue<Void>

    /// Starts making every folder that `paths` (relative to `top`) lie in, each after
    /// the folder it is in, in the order the paths come, as they will be written.
    init(for paths: [String], in top: String) {
        made = ThreadedValue {
            for folder in FoldersAhead.folders(of: paths) { mkdir(top + "/" + folder, 0o755) }
        }
    }

    /// Returns once every folder was made or found there: before the site is renamed
    /// into place, or removed.
    func wait() { made.value }

    /// Each folder that `paths` lie in, once, after the folders it is in.
    static func folders(of paths: [String]) -> [Substring] {
        var seen: Set<Substring> = []
        var folders: [Substring] = []
        var newOnes: [Substring] = []
        for path in paths {
            var folder = path[...]
            while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                guard seen.insert(folder).inserted else { break }
                newOnes.append(folder)
            }
            folders += newOnes.reversed()
            newOnes.removeAll(keepingCapacity: true)
        }
        return folders
    }
}
