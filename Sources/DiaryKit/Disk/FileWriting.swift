import Foundation

/// A file that could not be put in place, and why.
public struct WriteFailure: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// The `errno` it came from, when it came from one.
    let errorNumber: Int32?
    public var description: String { "cannot write \(path): \(reason)" }

    init(path: String, reason: String, errorNumber: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    /// The failure `errno` tells of.
    init(path: String) {
        let number = errno
        self.init(path: path, reason: String(cString: strerror(number)), errorNumber: number)
    }

    /// A folder on the way to the file is not there.
    var folderIsMissing: Bool { errorNumber == ENOENT }
}

/// Writing whole files, the one way the site and the cache are put on disk.
enum FileWriting {
    static func temporaryName(for name: String) -> String { ".\(name).\(processID).diarygen-tmp" }
    private static let processID = getpid()
    /// How temporary files end, for clearing away those of a killed build.
    static let temporarySuffix = ".diarygen-tmp"

    /// The temporary file beside `path` that becomes it. Cut with string operations:
    /// a file URL would look at the disk to see if the path is a folder.
    private static func temporaryPath(for path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        return String(path[..<nameStart]) + temporaryName(for: String(path[nameStart...]))
    }

    /// A temporary file renamed into place: a killed build leaves the old file or
    /// the new one, never half of one. No fsync: the site can always be built again,
    /// and syncing every page would make builds several times slower.
    /// Returns the new file's stamp.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(WriteFailure) -> FileStamp {
        try bytes.withUnsafeBytes { bytes in Result { () throws(WriteFailure) in try writeAtomically(bytes, to: path) } }.get()
    }

    @discardableResult
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(WriteFailure) -> FileStamp {
        let temporary = temporaryPath(for: path)
        do throws(WriteFailure) {
            let stamp = try write(bytes, to: temporary)
            guard rename(temporary, path) == 0 else { throw WriteFailure(path: path) }
            return stamp
        } catch {
            unlink(temporary)
            throw WriteFailure(path: path, reason: error.reason, errorNumber: error.errorNumber)
        }
    }

    /// `bytes` written to `path`, and the written file's stamp.
    static func write(_ bytes: [UInt8], to path: String) throws(WriteFailure) -> FileStamp {
        try bytes.withUnsafeBytes { bytes in Result { () throws(WriteFailure) in try write(bytes, to: path) } }.get()
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(WriteFailure) -> FileStamp {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(path: path) }
        return try write(bytes, to: descriptor, path: path)
    }

    /// `bytes` written over the file at `path` where it lies, or a new file: for a file of the
    /// cache whose every byte its reader checks (`CacheArchive.Writer.checked()`), so that
    /// one written halfway is refused, never read. On ext4, renaming a new file over the
    /// old one had the old one's blocks freed and new ones allocated, for each of the few
    /// files of the cache a rebuild writes; written over, a file keeps its blocks. A link at
    /// `path` is not followed.
    static func writeInPlace(_ bytes: [UInt8], to path: String) throws(WriteFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(path: path) }
        _ = try bytes.withUnsafeBytes { bytes in
            Result { () throws(WriteFailure) in try write(bytes, to: descriptor, path: path, cuttingTheRest: true) }
        }.get()
    }

    /// Writes all of `bytes` to an open file and closes it; `cuttingTheRest`, the file
    /// then ends where they do.
    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String,
                              cuttingTheRest: Bool = false) throws(WriteFailure) -> FileStamp {
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let failure = WriteFailure(path: path)
                close(descriptor)
                throw failure
            }
            written += count
        }
        if cuttingTheRest, ftruncate(descriptor, off_t(bytes.count)) != 0 {
            let failure = WriteFailure(path: path)
            close(descriptor)
            throw failure
        }
        // The written file's size and time, read from the open file rather than looked up again.
        var status = stat()
        fstat(descriptor, &status)
        guard close(descriptor) == 0 else { throw WriteFailure(path: path) }
        return FileStamp(status)
    }

    /// `bytes` as a new file at `path`, whole or not at all; false, and nothing
    /// written, when `path` already exists. A hard link puts the finished temporary
    /// file in place, and fails rather than replace a file that appeared meanwhile.
    static func createNew(_ bytes: [UInt8], at path: String) throws(WriteFailure) -> Bool {
        let temporary = temporaryPath(for: path)
        defer { unlink(temporary) }
        _ = try write(bytes, to: temporary)
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw WriteFailure(path: path)
        }
        return true
    }
}
