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

    /// Takes the folder's lock, held until this is closed; false when another process
    /// holds it.
    func tryLock() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// What `stat` tells of the file at `path` inside the folder, if it can be looked at.
    func status(of path: String) -> stat? {
        var status = stat()
        // Through withCString: a String passed as a C string is copied into an array first.
        return path.withCString { fstatat(descriptor, $0, &status, 0) } == 0 ? status : nil
    }
}
