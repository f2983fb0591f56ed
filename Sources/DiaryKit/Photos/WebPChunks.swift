/// A WebP file's RIFF chunks, rewritten without metadata: libvips 8.14 writes an
/// EXIF chunk into every WebP, even when told to strip it.
enum WebPChunks {
    /// The file without its EXIF, XMP and ICC chunks, and with the extended header's
    /// flags for them cleared. Anything that is not a well-formed WebP is returned as it is.
    static func removingMetadata(_ file: [UInt8]) -> [UInt8] {
        guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else { return file }
        var output = Array(file[0..<12])
        var offset = 12
        while offset + 8 <= file.count {
            let name = String(decoding: file[offset..<offset + 4], as: UTF8.self)
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= file.count || (end == file.count + 1 && size & 1 == 1) else { return file }
            let chunk = file[offset..<min(end, file.count)]
            switch name {
            case "EXIF", "XMP ", "ICCP": break
            case "VP8X":
                var header = Array(chunk)
                // Flags: ICC 0x20, EXIF 0x08, XMP 0x04.
                if header.count > 8 { header[8] &= ~UInt8(0x20 | 0x08 | 0x04) }
                output += header
            default: output += chunk
            }
            offset = end
        }
        let riffSize = UInt32(output.count - 8)
        for index in 0..<4 { output[4 + index] = UInt8(truncatingIfNeeded: riffSize >> (8 * UInt32(index))) }
        return output
    }
}
