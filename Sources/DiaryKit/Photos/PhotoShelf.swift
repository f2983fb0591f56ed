import Foundation

/// The photos of content/, each looked at once a build: its key and its sizes,
/// made into `.diarygen-cache/photos/KEY/` unless they are there already, or what
/// is wrong with it. A photo whose file did not change since the last build (by
/// `stat`) is not read again; one whose sizes are there is not decoded again.
public struct PhotoShelf: Sendable {
    /// By content path.
    public let photos: [String: Photo]
    /// Files named as images that diarygen cannot show, by content path.
    let problems: [String: PhotoProblem]
    /// Where the files made from each photo are: `folder/KEY/WIDTH.FORMAT`.
    let folder: URL?

    public init() { self.init(photos: [:], problems: [:], folder: nil) }

    private init(photos: [String: Photo], problems: [String: PhotoProblem], folder: URL?) {
        self.photos = photos
        self.problems = problems
        self.folder = folder
    }

    /// What a look at a file found, kept in the cache and trusted while its stamp holds.
    struct Record: Sendable, Equatable {
        let stamp: SourceStamp?
        /// Of the file's bytes.
        let source: Fingerprint
        /// A file that could not be decoded is a failure too.
        let header: Result<ImageCodec.Header, PhotoProblem>
    }

    /// Looks at every photo among `assets` and makes its sizes, on every core.
    /// `cache` keeps what was learned for the next build.
    init(_ assets: [SourceFile], settings: PhotoSettings, cache: BuildCache?, progress: ProgressHandler? = nil) {
        let candidates = assets.filter { Photo.isPhoto($0.contentPath) }
        guard !candidates.isEmpty else { self.init(); return }
        // Without a cache, made where nothing is kept (`removeUnkept`).
        let folder = cache?.photosFolder ?? FileManager.default.temporaryDirectory.appending(path: "diarygen-photos-\(UUID().uuidString)")
        let known = cache?.loadPhotoRecords() ?? [:]
        let settleBefore = cache?.stampsSettleBefore ?? 0
        var looked = candidates.concurrentMap { file -> Record? in
            var status = stat()
            guard stat(file.path, &status) == 0 else { return nil }
            let stamp = SourceStamp(status)
            if let record = known[file.contentPath], record.stamp == stamp { return record }
            guard let read = FileBytes(path: file.path) else { return nil }
            return Record(stamp: stamp.settled(before: settleBefore), source: read.bytes.withUnsafeBytes(Fingerprint.init),
                          header: ImageCodec.header(read.bytes))
        }
        // Made once a key: files with the same bytes share their images, and two threads
        // must not write the same files.
        var unmade: [String: (file: SourceFile, photo: Photo)] = [:]
        for (file, record) in zip(candidates, looked) {
            guard let record, case .success(let header) = record.header else { continue }
            let photo = Photo(contentPath: file.contentPath, key: PhotoShelf.key(record.source, settings), header: header, settings: settings)
            if unmade[photo.key] == nil, !PhotoShelf.isMade(photo, in: folder) { unmade[photo.key] = (file, photo) }
        }
        let counter = ProgressCounter(.photos, total: unmade.count, handler: progress)
        let making = unmade.values.sorted { $0.file.contentPath < $1.file.contentPath }
        let made = making.concurrentMap { item -> PhotoProblem? in
            defer { counter.step() }
            guard let read = FileBytes(path: item.file.path) else { return .unreadable("it cannot be opened") }
            return PhotoShelf.make(item.photo, from: read.bytes, settings: settings, into: folder).failure
        }
        var failures: [String: PhotoProblem] = [:]
        for (item, problem) in zip(making, made) { failures[item.photo.key] = problem }
        for index in looked.indices {
            guard let record = looked[index], let problem = failures[PhotoShelf.key(record.source, settings)] else { continue }
            // Without its stamp the record is not trusted: a failure to write is tried again next build.
            looked[index] = Record(stamp: nil, source: record.source, header: .failure(problem))
        }
        var records: [String: Record] = [:]
        var photos: [String: Photo] = [:]
        var problems: [String: PhotoProblem] = [:]
        for (file, record) in zip(candidates, looked) {
            guard let record else {
                problems[file.contentPath] = .unreadable("it cannot be opened; check its permissions")
                continue
            }
            records[file.contentPath] = record
            switch record.header {
            case .success(let header):
                photos[file.contentPath] = Photo(contentPath: file.contentPath, key: PhotoShelf.key(record.source, settings), header: header, settings: settings)
            case .failure(let problem): problems[file.contentPath] = problem
            }
        }
        // A cache that cannot be written only makes the next build slower.
        if let cache, records != known { try? cache.savePhotoRecords(records) }
        cache?.forgetPhotos(except: Set(photos.values.map(\.key)))
        self.init(photos: photos, problems: problems, folder: folder)
    }

    /// Removes the files made for a build without a cache, once the site is written.
    func removeUnkept(cache: BuildCache?) {
        if cache == nil, let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Where the file made for `rendition` of `photo` is.
    static func file(_ rendition: Photo.Rendition, of photo: Photo, in folder: URL) -> URL {
        folder.appending(path: "\(photo.key)/\(rendition.width).\(rendition.format.rawValue)")
    }

    /// Whether every size of `photo` is made already.
    private static func isMade(_ photo: Photo, in folder: URL) -> Bool {
        photo.renditions.allSatisfy { FileManager.default.fileExists(atPath: file($0, of: photo, in: folder).path) }
    }

    /// Decodes the photo once and writes each of its sizes.
    private static func make(_ photo: Photo, from bytes: [UInt8], settings: PhotoSettings, into folder: URL) -> Result<Void, PhotoProblem> {
        let requests = photo.renditions.map { ImageCodec.Request(width: $0.width, format: $0.format) }
        return ImageCodec.encode(bytes, requests, quality: settings.quality, animated: photo.kind == .animation).flatMap { made in
            do {
                try FileManager.default.createDirectory(at: folder.appending(path: photo.key), withIntermediateDirectories: true)
                for (rendition, bytes) in zip(photo.renditions, made) {
                    _ = try FileWriting.writeAtomically(bytes, to: file(rendition, of: photo, in: folder).path)
                }
                return .success(())
            } catch {
                return .failure(.unreadable("its sizes could not be written to \(folder.path): \(error)"))
            }
        }
    }

    /// Names the files made from a photo: another photo, other settings or another
    /// way of making them gives other names.
    static func key(_ source: Fingerprint, _ settings: PhotoSettings) -> String {
        var key = source
        key.add(PhotoShelf.makingVersion)
        key.add(settings.quality)
        settings.widths.forEach { key.add($0) }
        let hex = String(key.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Raised when the files made from the same photo would differ.
    static let makingVersion = 1
}

extension Result {
    /// The error, if it failed.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
