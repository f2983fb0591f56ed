import Foundation

/// The cache's part for photos: what each photo's last look found (`photos/records`),
/// and the files made from each (`photos/KEY/`), kept while the photo is in content/.
extension BuildCache {
    var photosFolder: URL { folder.appending(path: "photos") }
    private var photoRecordsFile: URL { photosFolder.appending(path: "records") }

    /// The folder of the files made from the photo with `key`.
    func photoFiles(key: String) -> URL { photosFolder.appending(path: key) }

    func loadPhotoRecords() -> [String: PhotoShelf.Record] {
        guard var reader = CacheArchive.Reader(path: photoRecordsFile.path) else { return [:] }
        do {
            guard try reader.fingerprint() == BuildCache.program else { return [:] }
            var records: [String: PhotoShelf.Record] = [:]
            for _ in 0..<(try reader.count()) {
                let path = try reader.string()
                let stamp = try reader.stamp()
                let source = try reader.fingerprint()
                let header: Result<ImageCodec.Header, PhotoProblem> = switch try reader.int() {
                case 0: .success(ImageCodec.Header(width: try reader.int(), height: try reader.int(), pages: try reader.int(), loader: try reader.string()))
                case 1: .failure(.notAnImage)
                case 2: .failure(.tooLarge(megapixels: try reader.int()))
                default: .failure(.unreadable(try reader.string()))
                }
                records[path] = PhotoShelf.Record(stamp: stamp, source: source, header: header)
            }
            return records
        } catch {
            return [:]
        }
    }

    func savePhotoRecords(_ records: [String: PhotoShelf.Record]) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.int(records.count)
        for path in records.keys.sorted() {
            let record = records[path]!
            writer.string(path)
            writer.stamp(record.stamp)
            writer.fingerprint(record.source)
            switch record.header {
            case .success(let header):
                writer.int(0); writer.int(header.width); writer.int(header.height); writer.int(header.pages); writer.string(header.loader)
            case .failure(.notAnImage): writer.int(1)
            case .failure(.tooLarge(let megapixels)): writer.int(2); writer.int(megapixels)
            case .failure(.unreadable(let reason)): writer.int(3); writer.string(reason)
            }
        }
        try FileManager.default.createDirectory(at: photosFolder, withIntermediateDirectories: true)
        try FileWriting.writeAtomically(writer.bytes, to: photoRecordsFile.path)
    }

    /// Removes the files made from photos that are no longer in content/ (or were
    /// made with other settings): every key not in `keys`.
    func forgetPhotos(except keys: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: photosFolder.path) else { return }
        for name in names where name != photoRecordsFile.lastPathComponent && !keys.contains(name) {
            try? FileManager.default.removeItem(at: photosFolder.appending(path: name))
        }
    }
}
