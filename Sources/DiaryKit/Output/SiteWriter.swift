import Foundation

/// Stage 7 of the pipeline: puts the site on disk.
///
/// A file whose bytes did not change is left alone, so its modification time
/// stays put and uploads stay small. Every write goes to a temporary file in the
/// same folder and is renamed into place, so an interrupted build never leaves a
/// truncated page. Files diarygen did not write are never touched; pages it wrote
/// before and no longer makes are removed, as recorded in a manifest.
public struct SiteWriter {
    public static let manifestName = ".diarygen-manifest"

    public struct Result: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    public let output: URL

    public init(output: URL) { self.output = output }

    public func write(_ files: [OutputFile]) throws -> Result {
        let manager = FileManager.default
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        let previous = readManifest()
        removeLeftoverTemporaryFiles()
        var result = Result()
        var createdFolders: Set<String> = []
        for file in files {
            let url = output.appending(path: file.path)
            let folder = url.deletingLastPathComponent()
            if createdFolders.insert(folder.path).inserted {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let bytes: Data
            switch file.contents {
            case .text(let text): bytes = Data(text.utf8)
            case .copy(let source): bytes = try Data(contentsOf: source)
            }
            if manager.contents(atPath: url.path) == bytes {
                result.unchanged += 1
            } else {
                try SiteWriter.writeAtomically(bytes, to: url)
                result.written += 1
            }
        }
        let current = Set(files.map(\.path))
        for stale in previous.subtracting(current).sorted() {
            let url = output.appending(path: stale)
            guard (try? manager.removeItem(at: url)) != nil else { continue }
            result.removed += 1
            removeEmptyFolders(from: url.deletingLastPathComponent())
        }
        try SiteWriter.writeAtomically(Data((current.sorted().joined(separator: "\n") + "\n").utf8), to: output.appending(path: SiteWriter.manifestName))
        return result
    }

    /// The files the last build wrote; a path that would leave the output folder is ignored.
    private func readManifest() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: output.appending(path: SiteWriter.manifestName).path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init).filter { path in
            !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
        })
    }

    private func removeEmptyFolders(from folder: URL) {
        var folder = folder.standardizedFileURL
        let top = output.standardizedFileURL.path
        while folder.path.hasPrefix(top + "/"), (try? FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) == true {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }

    static func temporaryName(for name: String) -> String { ".\(name).\(getpid()).diarygen-tmp" }

    /// A build killed between writing a temporary file and renaming it leaves the
    /// temporary file behind; the next build clears them away.
    private func removeLeftoverTemporaryFiles() {
        guard let walker = FileManager.default.enumerator(atPath: output.path) else { return }
        for case let path as String in walker where path.hasSuffix(".diarygen-tmp") {
            try? FileManager.default.removeItem(atPath: output.appending(path: path).path)
        }
    }

    static func writeAtomically(_ bytes: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appending(path: temporaryName(for: url.lastPathComponent))
        guard FileManager.default.createFile(atPath: temporary.path, contents: bytes) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
