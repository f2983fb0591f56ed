import Foundation

/// Refuses output folders where writing a site could destroy what a person made.
public enum OutputFolder {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Paths are compared with their links resolved (the part that does not exist yet
    /// as written): a link must not carry the site somewhere refused.
    public static func check(_ output: URL, site siteFolder: SiteFolder) throws {
        let out = realPath(output.path)
        let site = realPath(siteFolder.url.path)
        let home = realPath(FileManager.default.homeDirectoryForCurrentUser.path)
        var isFolder: ObjCBool = true
        let reason: String? =
            FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) && !isFolder.boolValue ? "it is a file, not a folder" :
            out == "/" ? "it is the root folder" :
            out == home ? "it is your home folder" :
            out == site ? "it is the site folder itself" :
            isInside(site, out) ? "it contains the site folder" :
            isInside(out, realPath(siteFolder.content.path)) ? "it is inside \(SiteFolder.contentName)/" :
            isInside(out, realPath(siteFolder.templates.path)) ? "it is inside \(SiteFolder.templatesName)/" :
            isInside(out, realPath(siteFolder.cache.path)) ? "it is inside \(SiteFolder.cacheName)/" : nil
        if let reason {
            throw Refused(description: "will not write the site to \(output.path): \(reason), and building there could overwrite your own files. Choose an empty or generated folder, such as \(site)/site")
        }
    }
}
