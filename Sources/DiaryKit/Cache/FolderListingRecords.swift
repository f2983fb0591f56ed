import Foundation

/// The cache's part for content/'s folders (`folders`): the names each held when a build
/// last listed it, by the folder's stamp then (`FolderListing`), so that a rebuild lists
/// again only the folders that changed.
extension BuildCache {
    private var foldersFile: URL { folder.appending(path: "folders") }

    /// By each folder's path on disk; empty when there are none, or they cannot be read.
    func loadFolderListings() -> [String: FolderListing] {
        guard var reader = CacheArchive.Reader(path: foldersFile.path) else { return [:] }
        do {
            guard try reader.fingerprint() == BuildCache.program else { return [:] }
            let count = try reader.count()
            var listings: [String: FolderListing] = [:]
            listings.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.string()
                guard let stamp = try reader.stamp() else { throw CacheArchive.Damaged() }
                var children: [ContentFolder.Child] = []
                let childCount = try reader.count()
                children.reserveCapacity(childCount)
                for _ in 0..<childCount {
                    children.append(ContentFolder.Child(name: try reader.string(), type: Int32(truncatingIfNeeded: try reader.int())))
                }
                listings[path] = FolderListing(stamp: stamp, children: children)
            }
            return listings
        } catch {
            return [:]
        }
    }

    func saveFolderListings(_ listings: [String: FolderListing]) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.int(listings.count)
        for (path, listing) in listings {
            writer.string(path)
            writer.stamp(listing.stamp)
            writer.int(listing.children.count)
            for child in listing.children {
                writer.string(child.name)
                writer.int(Int(child.type))
            }
        }
        try save(writer.bytes, to: foldersFile)
    }
}
