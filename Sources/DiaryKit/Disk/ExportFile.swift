import Foundation
import ZIPFoundation

/// Another diary app's export as `diarygen import` reads it: one file, or a zip (Day
/// One's .zip, Daylio's .daylio backup) whose members are read only when needed. Beside
/// a lone JSON file, its `photos/` folder stands in for the zip's. Read within `limits`;
/// a zip's entry names are checked on opening it, before any is used.
final class ExportFile {
    /// As the person wrote it, for messages.
    let displayPath: String
    let limits: ExportLimits
    private let url: URL
    private let archive: ZIPFoundation.Archive?
    /// The bytes each zip member read so far unpacked to, and their sum, so a member
    /// read twice (checked, then copied) counts once towards the total.
    private var unpacked: [String: Int] = [:]
    private var unpackedTotal = 0

    init(url: URL, displayPath: String, limits: ExportLimits = .standard) throws(DiagnosticsError) {
        self.url = url
        self.displayPath = displayPath
        self.limits = limits
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw DiagnosticsError([.error(displayPath, "no such file")])
        }
        guard url.pathExtension.lowercased() == "zip" || ExportFile.startsLikeAZip(url) else {
            archive = nil
            if let problem = ExportFile.sizeProblem(ofFileAt: url, limits: limits) { throw DiagnosticsError([.error(displayPath, problem)]) }
            return
        }
        let archive: ZIPFoundation.Archive
        do {
            archive = try ZIPFoundation.Archive(url: url, accessMode: .read, pathEncoding: nil)
        } catch {
            throw DiagnosticsError([.error(displayPath, "this .zip cannot be read: \(error)")])
        }
        self.archive = archive
        let problems = ExportFile.problems(in: archive, limits: limits).map { Diagnostic.error(displayPath, $0) }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
    }

    /// Whether the file starts as a zip does (a local file header, or the end record of
    /// an empty zip): Daylio's backup is one, named `.daylio`.
    private static func startsLikeAZip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 4)).map { [UInt8]($0) } ?? []
        return start == [0x50, 0x4B, 0x03, 0x04] || start == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Whether the export is a zip (and not one file).
    var isArchive: Bool { archive != nil }

    /// Whether the zip holds a file at `path`.
    func holds(_ path: String) -> Bool {
        archive?[path]?.type == .file
    }

    /// What is wrong with the zip's entries as its directory lists them: a name that is
    /// no relative path of plain names, a size or a count over the limits.
    private static func problems(in archive: ZIPFoundation.Archive, limits: ExportLimits) -> [String] {
        var problems: [String] = []
        var declared = 0
        for (index, entry) in archive.enumerated() {
            let number = index + 1
            guard number <= limits.entries else {
                problems.append("entry \(number): this .zip holds more than the \(limits.entries) entries an export may")
                break
            }
            let name = PlainName.shown(entry.path)
            if let problem = PlainName.pathProblem(entry.path, isFolder: entry.type == .directory) {
                problems.append("entry \(number): the name `\(name)` is no path inside the export: \(problem)")
            }
            let size = Int(clamping: entry.uncompressedSize)
            if size > limits.fileBytes {
                problems.append("entry \(number): `\(name)` unpacks to \(ExportLimits.text(bytes: size)), more than the \(ExportLimits.text(bytes: limits.fileBytes)) a file of an export may")
            }
            declared = declared.addingReportingOverflow(size).overflow ? .max : declared + size
        }
        if declared > limits.totalBytes {
            problems.append("this .zip unpacks to \(ExportLimits.text(bytes: declared)), more than the \(ExportLimits.text(bytes: limits.totalBytes)) an export may")
        }
        return problems
    }

    /// Why the file at `url` is too big to read whole; nil when it is not.
    private static func sizeProblem(ofFileAt url: URL, limits: ExportLimits) -> String? {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size > limits.fileBytes else { return nil }
        return "this file is \(ExportLimits.text(bytes: size)), more than the \(ExportLimits.text(bytes: limits.fileBytes)) a file of an export may"
    }

    /// The file itself; in a zip, each `.json` at its root (Day One names them after
    /// the journals), in name order, each with the path messages name it by.
    func documents() throws(DiagnosticsError) -> [(path: String, data: Data)] {
        guard let archive else {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw DiagnosticsError([.error(displayPath, "this file cannot be read; check its permissions")])
            }
            return [(displayPath, data)]
        }
        let names = archive.filter { $0.type == .file && !$0.path.contains("/") && $0.path.lowercased().hasSuffix(".json") }.map(\.path).sorted()
        guard !names.isEmpty else { throw DiagnosticsError([.error(displayPath, "this .zip holds no journal (a .json file at its top)")]) }
        return try names.map { name throws(DiagnosticsError) in ("\(displayPath)/\(name)", try member(name)) }
    }

    /// Every file under `folder` (`photos`), by its path in the export: in a zip, at any
    /// depth; beside a lone file, the folder's own files.
    func files(under folder: String) -> Set<String> {
        if let archive {
            return Set(archive.filter { $0.type == .file && $0.path.hasPrefix(folder + "/") }.map(\.path))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().appending(path: folder).path)) ?? []
        return Set(names.map { "\(folder)/\($0)" })
    }

    /// A file of the export by its path there, whole: a member of the zip, or a file beside the export.
    func member(_ path: String) throws(DiagnosticsError) -> Data {
        var data = Data()
        try read(path) { data.append($0) }
        return data
    }

    /// Up to `count` bytes from the start of a file of the export, unpacking no more of it
    /// than that (what the file is, for a name with the right extension).
    func leadingBytes(of path: String, count: Int) throws(DiagnosticsError) -> [UInt8] {
        var bytes: [UInt8] = []
        try read(path, upTo: count) { bytes += $0.prefix(count - bytes.count) }
        return bytes
    }

    /// Reads a file of the export through without keeping it, so what `member` would
    /// refuse (a size over the limits, a broken zip) is found before anything is written.
    func check(_ path: String) throws(DiagnosticsError) {
        try read(path) { _ in }
    }

    /// A member unpacked more than it may, counted as it unpacks: a zip's sizes can lie.
    private enum Exceeded: Error {
        case file, total
    }

    /// A file of the export as messages name it: `export.zip/photos/…`, or beside a lone
    /// journal, `export/photos/…`.
    private func location(of path: String) -> String {
        guard archive == nil else { return "\(displayPath)/\(path)" }
        return displayPath.lastIndex(of: "/").map { String(displayPath[...$0]) + path } ?? path
    }

    /// Ends unpacking a member once `upTo` bytes of it are read.
    private struct EnoughRead: Error {}

    /// Hands `consumer` the file's bytes in order, from a zip no more than `upTo` of them
    /// (give or take a chunk).
    private func read(_ path: String, upTo wanted: Int = .max, into consumer: (Data) -> Void) throws(DiagnosticsError) {
        let location = location(of: path)
        guard let archive else {
            let folder = url.deletingLastPathComponent(), file = folder.appending(path: path)
            // A link beside the journal could copy any file of yours into the diary.
            guard isInside(realPath(file.path), realPath(folder.path)) else {
                throw DiagnosticsError([.error(location, "this leads outside the export's folder")])
            }
            if let problem = ExportFile.sizeProblem(ofFileAt: file, limits: limits) { throw DiagnosticsError([.error(location, problem)]) }
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw DiagnosticsError([.error(location, "this file cannot be read; check its permissions")])
            }
            return consumer(data)
        }
        guard let entry = archive[path] else { throw DiagnosticsError([.error(location, "this is not in the .zip")]) }
        let others = unpackedTotal - (unpacked[path] ?? 0)
        var count = 0
        do {
            _ = try archive.extract(entry) { chunk in
                count += chunk.count
                if count > limits.fileBytes { throw Exceeded.file }
                if others + count > limits.totalBytes { throw Exceeded.total }
                consumer(chunk)
                if count >= wanted { throw EnoughRead() }
            }
        } catch is EnoughRead {
            // All that was wanted is read.
        } catch Exceeded.file {
            throw DiagnosticsError([.error(location, "this unpacks to more than the \(ExportLimits.text(bytes: limits.fileBytes)) a file of an export may, though the .zip says \(ExportLimits.text(bytes: Int(clamping: entry.uncompressedSize)))")])
        } catch Exceeded.total {
            throw DiagnosticsError([.error(location, "with this, the .zip unpacks to more than the \(ExportLimits.text(bytes: limits.totalBytes)) an export may")])
        } catch {
            throw DiagnosticsError([.error(location, "this cannot be read from the .zip: \(error)")])
        }
        unpackedTotal = others + count
        unpacked[path] = count
    }
}
