import Foundation

/// A whole file read through one descriptor, with the status of that very file:
/// looking it up again by path would walk the path a second time, and might find
/// another file. Read straight into an array, which `Data` would copy once more.
struct FileBytes {
    let bytes: [UInt8]
    let status: stat

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            complete = size == 0 || FileBytes.read(size, from: descriptor, into: UnsafeMutableRawPointer(buffer.baseAddress!))
            count = complete ? size : 0
        }
        guard complete else { return nil }
        self.status = status
    }

    /// Reads `count` bytes of the open file into `start`, going on after a signal; false
    /// when the file ends or fails before them.
    static func read(_ count: Int, from descriptor: Int32, into start: UnsafeMutableRawPointer) -> Bool {
        var done = 0
        while done < count {
            let read = Foundation.read(descriptor, start + done, count - done)
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }
}
