import Foundation

/// Refuses output folders where writing a site could destroy what a person made.
public enum OutputFolder {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// `sealed` says the build seals the site: one that does not is refused a folder
    /// holding a sealed site, where it would put the diary's words in plain text.
    public static func check(_ output: URL, site: SiteFolder, sealed: Bool = false) throws {
        var isFolder: ObjCBool = true
        let isFile = FileManager.default.fileExists(atPath: realPath(output.path), isDirectory: &isFolder) && !isFolder.boolValue
        if let reason = isFile ? "it is a file, not a folder" : site.danger(of: output.path) {
            throw Refused(description: "will not write the site to \(output.path): \(reason), and building there could overwrite your own files. Choose an empty or generated folder, such as \(realPath(site.url.path))/site")
        }
        if !sealed, FileManager.default.fileExists(atPath: output.appending(path: SealRecord.fileName).path) {
            throw Refused(description: "will not write the site to \(output.path): it holds a sealed site, and a build that is not sealed "
                + "would put the diary's words there in plain text. Build it with --sealed, or choose another folder with --output.")
        }
    }
}
