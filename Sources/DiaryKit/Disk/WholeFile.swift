import Foundation

/// A whole file in memory, read-only. A large one (the build cache's records, megabytes
/// of HTML) is mapped, read where the kernel keeps it rather than first copied into
/// memory of its own; a small one is read: mapping it and letting it go again changes
/// the page tables and, with a second thread running, interrupts the other core, which
/// cost more than copying the bytes of the search cache's 120 months. A file replaced by
/// a rename, as the cache's full saves are, stays as it was; one that may be written over
/// where it lies (`FileWriting.writeInPlace`) is read (`mapping: false`), as its bytes
/// could change under a mapping after they were checked.
final class WholeFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// Below this many bytes, a file is read rather than mapped.
    static let mappedFrom = 1 << 20

    /// Nil when the file cannot be opened or read, or is empty.
    init?(path: String, mapping: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard mapping, size >= WholeFile.mappedFrom else {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
            guard FileBytes.read(size, from: descriptor, into: buffer.baseAddress!) else {
                buffer.deallocate()
                return nil
            }
            bytes = UnsafeRawBufferPointer(buffer)
            isMapped = false
            return
        }
        // Not populated up front (`MAP_POPULATE`): mapping all its pages at once held the
        // process's memory map while other threads waited to map memory of their own; a
        // fault maps a run of pages around the one read, and the records are read in order.
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate()
        }
    }
}
