import Foundation

/// Names that come from outside the diary (another app's export), checked before any
/// becomes part of a path: a plain name stays in the folder it is put in, whatever
/// later reads or decodes it.
enum PlainName {
    /// The longest name Linux and macOS file systems take, in UTF-8 bytes.
    static let maximumBytes = 255

    /// Why `name` is not a plain file name, or nil when it is one: not empty, no `/` or
    /// `\`, no control character (NUL among them), no leading dot (`..`, hidden files),
    /// and the same once its %-escapes are decoded, as a link to it would be.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.utf8.count > maximumBytes { return "it is longer than the \(maximumBytes) bytes a file name may be" }
        if name.contains("/") || name.contains("\\") { return "it holds a folder separator" }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "it holds the control character \(codePoint(control))"
        }
        if name.hasPrefix(".") { return name == ".." ? "it is `..`, the folder above" : "it starts with a dot" }
        if let decoded = name.removingPercentEncoding, decoded != name, let problem = problem(decoded) {
            return "decoded from its %-escapes, \(problem)"
        }
        return nil
    }

    /// Why `path`, a path inside an export (a zip entry's name), is not a relative path of
    /// plain names; nil when it is one. A folder's entry ends in `/`.
    static func pathProblem(_ path: String, isFolder: Bool) -> String? {
        if path.hasPrefix("/") { return "it is an absolute path" }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if isFolder, parts.count > 1, parts.last == "" { parts.removeLast() }
        for part in parts {
            if let problem = problem(String(part)) { return parts.count == 1 ? problem : "its part `\(shown(String(part)))`: \(problem)" }
        }
        return nil
    }

    /// `text` as a message can show it: control characters as their code points.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? codePoint($0) : String($0) }.joined()
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
