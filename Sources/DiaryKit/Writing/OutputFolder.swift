import Foundation

/// Refuses output folders where writing a site could destroy what a person made.
public enum OutputFolder {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    public static func check(_ output: URL, site: SiteFolder) throws {
        var isFolder: ObjCBool = true
        let isFile = FileManager.default.fileExists(atPath: realPath(output.path), isDirectory: &isFolder) && !isFolder.boolValue
        if let reason = isFile ? "it is a file, not a folder" : site.danger(of: output.path) {
            throw Refused(description: "will not write the site to \(output.path): \(reason), and building there could overwrite your own files. Choose an empty or generated folder, such as \(realPath(site.url.path))/site")
        }
    }
}
