import Foundation

/// A whole file mapped into memory, read-only: the build cache's records (megabytes
/// of HTML) are read where the kernel keeps the file, not first copied into memory of
/// their own. A file replaced by a rename, as the cache is saved, stays mapped as it was.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    /// Nil when the file cannot be opened or is empty.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        #if os(Linux)
        // The pages are mapped in one call rather than one fault at a time.
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let base = mmap(nil, size, PROT_READ, flags, descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
