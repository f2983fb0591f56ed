import Foundation

/// Enough of an output file's status to notice it was changed by someone else.
struct FileStamp: Sendable, Equatable {
    let size: Int
    let modified: Int

    init(size: Int, modified: Int) {
        self.size = size
        self.modified = modified
    }

    init(_ status: stat) {
        size = Int(status.st_size)
        modified = status.st_mtim.nanoseconds
    }

    /// Of the file at `path`, if it is a regular file.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(regularFile: status)
    }

    init?(regularFile status: stat) {
        guard (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(status)
    }
}

/// What `stat` tells of an entry's file. The kernel changes `changed` on every write,
/// and no program can set it back, so while the stamp is the same, so are the bytes.
struct SourceStamp: Sendable, Equatable {
    let device: Int
    let inode: Int
    let size: Int
    let modified: Int
    /// In nanoseconds, as `modified`.
    let changed: Int

    init(_ status: stat) {
        device = Int(status.st_dev)
        inode = Int(status.st_ino)
        size = Int(status.st_size)
        modified = status.st_mtim.nanoseconds
        changed = status.st_ctim.nanoseconds
    }

    init(device: Int, inode: Int, size: Int, modified: Int, changed: Int) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    /// This stamp if the file changed before `moment` (ns since the epoch;
    /// `BuildCache.stampsSettleBefore`); nil if after, when a write in the same clock
    /// tick could have left it as it was.
    func settled(before moment: Int) -> SourceStamp? {
        changed < moment ? self : nil
    }
}

extension timespec {
    /// Since the epoch, as files' times are compared.
    var nanoseconds: Int { tv_sec * 1_000_000_000 + tv_nsec }
}
