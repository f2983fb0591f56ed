import CVips
import Foundation

/// libvips, as diarygen uses it: what an image is, and the sizes made of it.
enum ImageCodec {
    /// What an image's header says, before a pixel is decoded.
    struct Header: Sendable, Equatable {
        /// As the photo is seen: EXIF orientation applied.
        let width: Int
        let height: Int
        /// Frames of an animation; 1 for a still.
        let pages: Int
        /// libvips' loader, such as `jpegload_buffer`: what the bytes are, whatever the name says.
        let loader: String
    }

    /// One file to make: a width in a format.
    struct Request: Sendable, Equatable {
        let width: Int
        let format: ImageFormat
    }

    /// Past this, an image is taken for a decompression bomb and not decoded.
    static let maximumPixels = 100_000_000

    /// libvips is loaded the first time a photo is looked at: a diary without photos
    /// never loads it.
    private static let started: Bool = diarygen_vips_start() == 0

    private static var notStarted: PhotoProblem { .unreadable(String(cString: diarygen_vips_start_failure())) }

    /// Why bytes are refused before libvips reads them: a PNG chunk that claims more
    /// than the file holds (libpng would allocate all it claims).
    private static func refused(_ bytes: [UInt8]) -> PhotoProblem? {
        PNGChunks.overrun(in: bytes).map { .unreadable("a PNG chunk claims \($0) bytes, more than the file holds: it is cut off or damaged") }
    }

    /// The header of an image in memory, or why it is not one libvips reads.
    static func header(_ bytes: [UInt8]) -> Result<Header, PhotoProblem> {
        if let problem = refused(bytes) { return .failure(problem) }
        guard started else { return .failure(notStarted) }
        return bytes.withUnsafeBytes { buffer in
            guard let loader = diarygen_vips_loader(buffer.baseAddress, buffer.count) else {
                diarygen_vips_clear_error()
                return .failure(.notAnImage)
            }
            guard let image = diarygen_vips_header(buffer.baseAddress, buffer.count) else { return .failure(lastError()) }
            defer { diarygen_vips_unref(image) }
            let swapped = diarygen_vips_orientation_swaps(image) != 0
            let (width, height) = (Int(diarygen_vips_width(image)), Int(diarygen_vips_page_height(image)))
            let pages = max(1, Int(diarygen_vips_pages(image)))
            guard width * height * pages <= maximumPixels else { return .failure(.tooLarge(megapixels: width * height * pages / 1_000_000)) }
            let name = String(cString: loader).replacingOccurrences(of: "VipsForeignLoad", with: "").lowercased()
            return .success(Header(width: swapped ? height : width, height: swapped ? width : height, pages: pages, loader: name))
        }
    }

    /// Decodes `bytes` once, shrunk while loading to the widest request, and encodes
    /// every request from that, with no metadata. Each result in the order asked.
    static func encode(_ bytes: [UInt8], _ requests: [Request], quality: Int, animated: Bool) -> Result<[[UInt8]], PhotoProblem> {
        if let problem = refused(bytes) { return .failure(problem) }
        guard started else { return .failure(notStarted) }
        guard let widest = requests.map(\.width).max() else { return .success([]) }
        return bytes.withUnsafeBytes { buffer in
            var decoded: OpaquePointer?
            guard diarygen_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(widest), animated ? 1 : 0, &decoded) == 0,
                  let decoded else { return .failure(lastError()) }
            defer { diarygen_vips_unref(decoded) }
            // Decoding happens here, once; the sizes below are made from memory.
            guard let pixels = diarygen_vips_in_memory(decoded) else { return .failure(lastError()) }
            defer { diarygen_vips_unref(pixels) }
            diarygen_vips_remove_metadata(pixels)
            var files: [[UInt8]] = []
            for request in requests {
                var sized = pixels
                if request.width < Int(diarygen_vips_width(pixels)) {
                    var shrunk: OpaquePointer?
                    guard diarygen_vips_shrink(pixels, Int32(request.width), &shrunk) == 0, let shrunk else { return .failure(lastError()) }
                    sized = shrunk
                }
                defer { if sized != pixels { diarygen_vips_unref(sized) } }
                var output: UnsafeMutableRawPointer?
                var length = 0
                let failed = switch request.format {
                case .webp: diarygen_vips_webp(sized, Int32(quality), 0, &output, &length)
                case .losslessWebP: diarygen_vips_webp(sized, 100, 1, &output, &length)
                case .jpeg: diarygen_vips_jpeg(sized, Int32(quality), &output, &length)
                case .png: diarygen_vips_png(sized, &output, &length)
                case .gif: diarygen_vips_gif(sized, &output, &length)
                }
                guard failed == 0, let output else { return .failure(lastError()) }
                let file = Array(UnsafeRawBufferPointer(start: output, count: length))
                diarygen_vips_free(output)
                files.append(request.format.isWebP ? WebPChunks.removingMetadata(file) : file)
            }
            return .success(files)
        }
    }

    private static func lastError() -> PhotoProblem {
        let message = String(cString: diarygen_vips_error()).split(separator: "\n").first.map(String.init) ?? "libvips could not read it"
        diarygen_vips_clear_error()
        return .unreadable(message)
    }
}

/// The formats of the files made from photos.
enum ImageFormat: String, Sendable, CaseIterable {
    case webp, losslessWebP = "webp-lossless", jpeg, png, gif

    var fileExtension: String {
        switch self {
        case .webp, .losslessWebP: "webp"
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        }
    }

    var mediaType: String { "image/" + (self == .jpeg ? "jpeg" : fileExtension) }

    var isWebP: Bool { self == .webp || self == .losslessWebP }
}

/// Why a photo cannot be shown.
enum PhotoProblem: Error, Sendable, Equatable {
    case notAnImage
    case tooLarge(megapixels: Int)
    case unreadable(String)

    var description: String {
        switch self {
        case .notAnImage: "is not an image diarygen can read (JPEG, PNG, WebP, GIF, TIFF, HEIC, AVIF)"
        case .tooLarge(let megapixels): "has \(megapixels) megapixels, more than the \(ImageCodec.maximumPixels / 1_000_000) diarygen decodes"
        case .unreadable(let reason): "cannot be read as an image (\(reason))"
        }
    }
}

/// The photo pipeline's entry point for any bytes, as a build meets a file named as an
/// image: the header, and for a small enough image its files made at small widths in
/// every format. SPI because the fuzz target in Fuzz/ feeds it bytes; a build goes
/// through `PhotoShelf`.
@_spi(Fuzzing) public enum PhotoEntryPoint {
    public static func take(_ bytes: [UInt8]) {
        guard case .success(let header) = ImageCodec.header(bytes), header.width * header.height * header.pages <= 1_000_000 else { return }
        let requests = ImageFormat.allCases.map { ImageCodec.Request(width: 32, format: $0) }
        _ = ImageCodec.encode(bytes, requests, quality: 50, animated: header.pages > 1)
        _ = WebPChunks.removingMetadata(bytes)
    }
}
