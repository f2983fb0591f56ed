import Foundation
import ZIPFoundation

/// Another diary app's export as `diarygen import` reads it: one file, or a .zip
/// (Day One's) whose members are read only when needed. Beside a lone JSON file,
/// its `photos/` folder stands in for the zip's.
final class ExportFile {
    /// As the person wrote it, for messages.
    let displayPath: String
    private let url: URL
    private let archive: ZIPFoundation.Archive?

    init(url: URL, displayPath: String) throws(DiagnosticsError) {
        self.url = url
        self.displayPath = displayPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw DiagnosticsError([.error(displayPath, "no such file")])
        }
        guard url.pathExtension.lowercased() == "zip" else {
            archive = nil
            return
        }
        do {
            archive = try ZIPFoundation.Archive(url: url, accessMode: .read, pathEncoding: nil)
        } catch {
            throw DiagnosticsError([.error(displayPath, "this .zip cannot be read: \(error)")])
        }
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
        return try names.map { name throws(DiagnosticsError) in
            guard let data = member(name) else { throw DiagnosticsError([.error("\(displayPath)/\(name)", "this cannot be read from the .zip")]) }
            return ("\(displayPath)/\(name)", data)
        }
    }

    /// Every file under `photos/`, by its path in the export.
    func photoPaths() -> Set<String> {
        if let archive {
            return Set(archive.filter { $0.type == .file && $0.path.hasPrefix("photos/") }.map(\.path))
        }
        let folder = url.deletingLastPathComponent().appending(path: "photos")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.map { "photos/\($0)" })
    }

    /// A file of the export by its path there: a member of the zip, or a file beside the export.
    func member(_ path: String) -> Data? {
        guard let archive else { return FileManager.default.contents(atPath: url.deletingLastPathComponent().appending(path: path).path) }
        guard let entry = archive[path] else { return nil }
        var data = Data()
        do {
            _ = try archive.extract(entry) { data.append($0) }
        } catch {
            return nil
        }
        return data
    }
}
