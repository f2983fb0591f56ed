import Foundation

/// A folder held open, so that its files are looked at by their path inside it:
/// the kernel then walks only that part, not the folder's own path again for each
/// of thousands of files.
final class OpenFolder: Sendable {
    private let descriptor: Int32

    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// What `stat` tells of the file at `path` inside the folder, if it can be looked at.
    func status(of path: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, path, &status, 0) == 0 ? status : nil
    }
}
