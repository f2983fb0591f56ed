extension Photo {
    /// The file extension of the image whose file starts with `bytes` (16 are enough), for
    /// a file an export names without one (Daylio's photos); nil for what is none of the
    /// formats diarygen shows (`extensions`).
    static func fileExtension(ofImageStartingWith bytes: [UInt8]) -> String? {
        func has(_ signature: String, at offset: Int = 0) -> Bool {
            let expected = Array(signature.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if has("GIF87a") || has("GIF89a") { return "gif" }
        if has("RIFF"), has("WEBP", at: 8) { return "webp" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "tiff" }
        // ISO media files name their kind by the brand after `ftyp`.
        if has("ftyp", at: 4) {
            if has("avif", at: 8) || has("avis", at: 8) { return "avif" }
            if ["heic", "heix", "heim", "heis", "hevc", "mif1", "msf1"].contains(where: { has($0, at: 8) }) { return "heic" }
        }
        return nil
    }
}
