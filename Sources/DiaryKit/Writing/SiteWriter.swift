import Foundation

/// Stage 7 of the pipeline: puts the site on disk.
///
/// A file whose bytes did not change is left alone, so its modification time
/// stays put and uploads stay small. Every write goes to a temporary file in the
/// same folder and is renamed into place, so an interrupted build never leaves a
/// truncated page. Files diarygen did not write are never touched; pages it wrote
/// before and no longer makes are removed, as recorded in a manifest.
public struct SiteWriter: Sendable {
    public static let manifestName = ".diarygen-manifest"
    /// There while a build writes; found by the next build, it tells of one that was killed.
    static let unfinishedMarkerName = ".diarygen-writing"

    /// What a write did.
    public struct WrittenFiles: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// Size and modification time of every page with known inputs that is now on disk.
        var pages: [String: FileStamp] = [:]
    }

    public let output: URL

    private let outputPath: String
    private var manifestPath: String { outputPath + "/" + SiteWriter.manifestName }
    private var unfinishedMarkerPath: String { outputPath + "/" + SiteWriter.unfinishedMarkerName }

    public init(output: URL) {
        self.output = output
        outputPath = output.standardizedFileURL.path
    }

    /// Puts `files` in place. A file at a path that diarygen did not write before (it is
    /// not in the manifest) is never replaced: `Conflict` lists them before anything is
    /// written, unless `takingOver` says the person wants them replaced.
    public func write(_ files: [OutputFile], takingOver: Bool = false, progress: ProgressHandler? = nil) throws -> WrittenFiles {
        let session = try start(paths: files.map(\.path), current: files.filter { $0.contents == .current }.map(\.path),
                                takingOver: takingOver, progress: progress)
        do {
            try session.put(files)
        } catch {
            session.abandon()
            throw error
        }
        return try session.finish()
    }

    /// Opens the output for a site of `paths` (those in `current` are on disk as they
    /// should be), whose files then come in batches (`WriteSession.put`), so a build
    /// need not hold every page at once. Conflicts, the manifest and the removal of
    /// stale pages are settled here, before any file is written.
    func start(paths: [String], current: [String], takingOver: Bool, progress: ProgressHandler?) throws -> WriteSession {
        let counter = ProgressCounter(.writing, total: paths.count, handler: progress)
        var status = stat()
        if lstat(outputPath, &status) != 0, errno == ENOENT, let session = try startNewSite(paths: paths, counter: counter) { return session }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // Two builds writing one site would each remove what the other wrote.
        let lock = OpenFolder(path: outputPath)
        guard lock?.tryLock() ?? true else { throw anotherBuild }
        let currentManifest = SiteManifest.bytes(of: paths)
        let previousManifest = FileBytes(path: manifestPath)?.bytes
        // Most builds make the same files as the last: then none can be someone else's or
        // stale, and no set of every path is made.
        var stale: Set<SiteManifest.Path> = []
        var journalIsLonger = false
        if previousManifest != currentManifest {
            let planned = Set(paths.map(SiteManifest.Path.init))
            let previous = previousManifest.map(SiteManifest.paths(in:)) ?? []
            if !takingOver {
                let current = Set(current.map(SiteManifest.Path.init))
                let conflicts = paths.filter { path in
                    let named = SiteManifest.Path(path)
                    return !current.contains(named) && !previous.contains(named) && isSomeoneElses(path, previous: previous)
                }
                if !conflicts.isEmpty { throw Conflict(output: outputPath, paths: conflicts.sorted()) }
            }
            // Before any page is written, the manifest names every file this build may write,
            // so a build stopped on the way (killed, or a full disk) leaves none that the next
            // build would not know to remove.
            let journal = previous.union(planned)
            if journal != previous { try FileWriting.writeAtomically(SiteManifest.bytes(of: journal.map(\.string)), to: manifestPath) }
            stale = journal.subtracting(planned)
            journalIsLonger = journal != planned
        }
        // Only a build that did not finish can have left temporary files behind.
        if FileManager.default.fileExists(atPath: unfinishedMarkerPath) { removeLeftoverTemporaryFiles() }
        try FileWriting.writeAtomically([], to: unfinishedMarkerPath)
        // Pages that went are removed first: a file that became a folder (or the
        // reverse) then finds its place free.
        let removed = removeStale(stale)
        let finish = { () throws -> Void in
            if journalIsLonger { try FileWriting.writeAtomically(currentManifest, to: self.manifestPath) }
            unlink(self.unfinishedMarkerPath)
        }
        return WriteSession(writer: self, replacing: true, removed: removed, counter: counter, lock: lock, finish: finish, abandon: {})
    }

    /// A site written where nothing was: into a folder of its own beside the output,
    /// renamed into place when complete. Until then there is no half-built site to
    /// see, and no page needs a temporary file of its own. Nil when that folder
    /// cannot be made (someone else's is there): then pages go in one by one.
    private func startNewSite(paths: [String], counter: ProgressCounter) throws -> WriteSession? {
        let parent = output.standardizedFileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = SiteWriter(output: parent.appending(path: ".\(output.standardizedFileURL.lastPathComponent).diarygen-new"))
        if let leftover = OpenFolder(path: staging.outputPath) {
            // Locked: another build is filling it now.
            guard leftover.tryLock() else { throw anotherBuild }
            // Left by a build that was killed: the marker inside says diarygen made it, and
            // one killed before it wrote the marker left the folder empty (rmdir takes only that).
            if FileManager.default.fileExists(atPath: staging.unfinishedMarkerPath) {
                staging.removeUnfinished()
            } else {
                rmdir(staging.outputPath)
            }
        }
        // Held until the build ends, through the rename: the lock goes with the folder.
        guard mkdir(staging.outputPath, 0o755) == 0, let lock = OpenFolder(path: staging.outputPath) else { return nil }
        guard lock.tryLock() else { throw anotherBuild }
        do {
            try FileWriting.writeAtomically([], to: staging.unfinishedMarkerPath)
        } catch {
            staging.removeUnfinished()
            throw error
        }
        let folders = FoldersAhead(for: paths, in: staging.outputPath)
        let finish = { () throws -> Void in
            folders.wait()
            do {
                try FileWriting.writeAtomically(SiteManifest.bytes(of: paths), to: staging.manifestPath)
                guard rename(staging.outputPath, self.outputPath) == 0 else {
                    throw WriteFailure(path: self.outputPath)
                }
            } catch {
                staging.removeUnfinished()
                throw error
            }
            unlink(self.unfinishedMarkerPath)
        }
        return WriteSession(writer: staging, replacing: false, removed: 0, counter: counter, lock: lock, finish: finish,
                            abandon: {
                                folders.wait()
                                staging.removeUnfinished()
                            })
    }

    private var anotherBuild: WriteFailure {
        WriteFailure(path: outputPath, reason: "another diarygen build is writing this site right now; wait for it to finish")
    }

    /// Removes an unfinished new site, its marker last, so that a build killed while
    /// removing it leaves it still marked as diarygen's.
    private func removeUnfinished() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: outputPath)) ?? [] where name != SiteWriter.unfinishedMarkerName {
            try? FileManager.default.removeItem(atPath: outputPath + "/" + name)
        }
        unlink(unfinishedMarkerPath)
        rmdir(outputPath)
    }

    /// Puts every file in place, on every core. In a folder being filled for the
    /// first time, nothing can be there to compare with or to replace.
    func put(_ files: [OutputFile], replacing: Bool, counter: ProgressCounter) throws -> WrittenFiles {
        // Most of a build's wall time is the kernel creating files; both cores can wait on it.
        let outcomes = files.concurrentMap(runLength: 32) { file in
            defer { counter.step() }
            return Result { () throws(WriteFailure) in try put(file, replacing: replacing) }
        }
        var result = WrittenFiles()
        for (file, outcome) in zip(files, outcomes) {
            let (wrote, stamp) = try outcome.get()
            if wrote { result.written += 1 } else { result.unchanged += 1 }
            if file.inputs != nil, let stamp { result.pages[file.path] = stamp }
        }
        return result
    }

    /// Writes `file` unless the same bytes are already there; says whether it wrote,
    /// and how the file on disk looks now.
    private func put(_ file: OutputFile, replacing: Bool) throws(WriteFailure) -> (wrote: Bool, stamp: FileStamp?) {
        // A file left as it was (most of a rebuild's) has no bytes here: nothing is done for it.
        try file.withBytes(in: outputPath) { bytes in
            Result { () throws(WriteFailure) -> (wrote: Bool, stamp: FileStamp?) in
                let path = outputPath + "/" + file.path
                if replacing, let stamp = SiteWriter.stamp(ifContains: bytes, at: path) { return (false, stamp) }
                let write = { () throws(WriteFailure) -> FileStamp in
                    replacing ? try FileWriting.writeAtomically(bytes, to: path) : try FileWriting.write(bytes, to: path)
                }
                // Written first, and its folder made only when that is missing: most are
                // there already (`FoldersAhead`, or the last build's).
                let stamp: FileStamp
                do throws(WriteFailure) {
                    stamp = try write()
                } catch where error.folderIsMissing {
                    try makeFolder(containing: file.path)
                    stamp = try write()
                }
                return (true, file.inputs == nil ? nil : stamp)
            }
        }?.get() ?? (false, nil)
    }

    /// Makes the folder `path` (relative to the output) goes in, and the folders that one
    /// is in, unless they are there: on the core that writes the file.
    private func makeFolder(containing path: String) throws(WriteFailure) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        let folder = String(path[..<slash])
        let onDisk = outputPath + "/" + folder
        if mkdir(onDisk, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw WriteFailure(path: onDisk) }
        try makeFolder(containing: folder)
        guard mkdir(onDisk, 0o755) == 0 || errno == EEXIST else { throw WriteFailure(path: onDisk) }
    }

    /// Removes files diarygen wrote that the site no longer has, and the folders
    /// they leave empty; says how many it removed.
    private func removeStale(_ paths: Set<SiteManifest.Path>) -> Int {
        var removed = 0
        // A path that would leave the output folder was not written by diarygen.
        for stale in paths.map(\.string).sorted() where !stale.hasPrefix("/") && !stale.split(separator: "/").contains("..") {
            // Only files: diarygen writes no other kind, and a folder there is someone else's.
            guard unlink(outputPath + "/" + stale) == 0 else { continue }
            removed += 1
            removeEmptyFolders(from: output.appending(path: stale).deletingLastPathComponent())
        }
        return removed
    }

    /// Whether something at `path` (relative to the output) is not diarygen's: a file
    /// missing from the manifest, or a folder holding one.
    private func isSomeoneElses(_ path: String, previous: Set<SiteManifest.Path>) -> Bool {
        var status = stat()
        guard lstat(outputPath + "/" + path, &status) == 0 else { return false }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return true }
        let inside = FileManager.default.enumerator(atPath: outputPath + "/" + path)
        while let name = inside?.nextObject() as? String {
            if inside?.fileAttributes?[.type] as? FileAttributeType != .typeDirectory, !previous.contains(SiteManifest.Path(path + "/" + name)) { return true }
        }
        return false
    }

    /// The file at `path` if it holds exactly `bytes`; its size is looked at first.
    private static func stamp(ifContains bytes: UnsafeRawBufferPointer, at path: String) -> FileStamp? {
        guard let stamp = FileStamp(path: path), stamp.size == bytes.count,
              FileBytes(path: path)?.bytes.withUnsafeBytes({ bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) == true
        else { return nil }
        return stamp
    }

    private func removeEmptyFolders(from folder: URL) {
        var folder = folder.standardizedFileURL
        let top = output.standardizedFileURL.path
        while folder.path.hasPrefix(top + "/"), (try? FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) == true {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }

    /// A build killed between writing a temporary file and renaming it leaves the
    /// temporary file behind; the next build clears them away.
    private func removeLeftoverTemporaryFiles() {
        guard let walker = FileManager.default.enumerator(atPath: output.path) else { return }
        for case let path as String in walker where path.hasSuffix(FileWriting.temporarySuffix) {
            try? FileManager.default.removeItem(atPath: output.appending(path: path).path)
        }
    }
}
