import Foundation

/// The files of content/ a build puts under `media/`: each photo's sizes, taken
/// from where the shelf made them; a photo's original only in the author's site and
/// only if it keeps originals; a file that is not a photo as it is. The public site
/// never publishes an original photo, nor a file named as an image that could not be read.
enum PhotoFiles {
    static func outputs(_ assets: [SourceFile], photos: PhotoShelf, audience: Audience, linksOriginals: Bool,
                        previous: [String: BuildCache.PageRecord]) -> [OutputFile] {
        var files: [OutputFile] = []
        for asset in assets {
            let original = OutputFile(path: SitePaths.mediaFolder + asset.contentPath, contents: .copy(of: asset.url))
            if let photo = photos.photos[asset.contentPath], let folder = photos.folder {
                // A file copied unless the one on disk was made from the same photo: the
                // key is of the photo's bytes, so it stands for what is copied.
                func copy(_ source: URL, to path: String) -> OutputFile {
                    var inputs = Fingerprint()
                    inputs.add(path)
                    inputs.add(photo.key)
                    return OutputFile(path: path, contents: previous[path]?.inputs == inputs ? .current : .copy(of: source), inputs: inputs)
                }
                for rendition in photo.renditions {
                    files.append(copy(PhotoShelf.file(rendition, of: photo, in: folder), to: rendition.path))
                }
                if audience == .author && linksOriginals { files.append(copy(asset.url, to: original.path)) }
            } else if photos.problems[asset.contentPath] != nil {
                if audience == .author { files.append(original) }
            } else {
                files.append(original)
            }
        }
        return files
    }
}
