import Foundation

/// `path` with every symbolic link resolved in the part of it that exists; the
/// rest, which does not exist yet, as written. Guards compare real paths, so a
/// link cannot carry a write or a deletion somewhere they refuse.
func realPath(_ path: String) -> String {
    var existing = URL(fileURLWithPath: path).standardizedFileURL
    var rest: [String] = []
    while existing.path != "/", !FileManager.default.fileExists(atPath: existing.path) {
        rest.insert(existing.lastPathComponent, at: 0)
        existing.deleteLastPathComponent()
    }
    let resolved = realpath(existing.path, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? existing.path
    return rest.reduce(URL(fileURLWithPath: resolved)) { $0.appending(path: $1) }.standardizedFileURL.path
}

/// Whether `path` is `folder` or inside it (both real paths).
func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
}
