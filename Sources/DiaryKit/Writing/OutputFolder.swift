import Foundation

/// Refuses output folders where writing a site could destroy what a person made.
public enum OutputFolder {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    public static func check(_ output: URL, site siteFolder: SiteFolder) throws {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let site = siteFolder.url.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
        let reason: String? =
            out == "/" ? "it is the root folder" :
            out == home ? "it is your home folder" :
            out == site ? "it is the site folder itself" :
            isInside(site, out) ? "it contains the site folder" :
            isInside(out, site + "/" + SiteFolder.contentName) ? "it is inside \(SiteFolder.contentName)/" :
            isInside(out, site + "/" + SiteFolder.templatesName) ? "it is inside \(SiteFolder.templatesName)/" :
            isInside(out, site + "/" + SiteFolder.cacheName) ? "it is inside \(SiteFolder.cacheName)/" : nil
        if let reason {
            throw Refused(description: "will not write the site to \(output.path): \(reason), and building there could overwrite your own files. Choose an empty or generated folder, such as \(site)/site")
        }
    }
}
