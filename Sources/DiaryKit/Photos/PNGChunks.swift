/// A PNG file's chunks, read for their lengths only. libpng allocates the length a
/// text chunk claims before it reads it, so a 1 KB file whose iTXt chunk claimed
/// 1.7 GB took 1.7 GB to look at (found by FuzzPhotoDecoding): a PNG with a chunk
/// that runs past the end of the file is refused before libvips sees it.
enum PNGChunks {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The length a chunk claims beyond the end of the file, or nil when every chunk up
    /// to `IEND` fits (or the bytes are not a PNG).
    static func overrun(in file: [UInt8]) -> Int? {
        guard file.starts(with: signature) else { return nil }
        var offset = signature.count
        while offset + 8 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            // The length, the type, the data and the CRC.
            let end = offset + 12 + length
            if end > file.count { return length }
            if file[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return nil }
            offset = end
        }
        return nil
    }
}
