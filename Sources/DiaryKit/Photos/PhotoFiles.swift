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
                for rendition in photo.renditions {
                    // Named by the photo's key: while the name is the same, so are the bytes.
                    var inputs = Fingerprint()
                    inputs.add(rendition.path)
                    let made = PhotoShelf.file(rendition, of: photo, in: folder)
                    files.append(OutputFile(path: rendition.path, contents: previous[rendition.path]?.inputs == inputs ? .current : .copy(of: made),
                                            inputs: inputs))
                }
                if audience == .author && linksOriginals { files.append(original) }
            } else if photos.problems[asset.contentPath] != nil {
                if audience == .author { files.append(original) }
            } else {
                files.append(original)
            }
        }
        return files
    }
}
