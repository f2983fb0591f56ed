import Foundation

/// A file of the generated site, as the writer takes it.
public struct OutputFile: Sendable, Equatable {
    public enum Contents: Sendable, Equatable {
        case text(String)
        /// Made as UTF-8 (the search index's files): a String of them would check every
        /// byte again, which for a diary not in ASCII cost as much as making them.
        case bytes([UInt8])
        /// An asset, copied byte for byte from the diary.
        case copy(of: URL)
        /// What the last build wrote there, still on disk and made from the same inputs.
        case current
    }

    /// Relative to the output folder, with `/` separators.
    public let path: String
    public let contents: Contents
    /// For a page with planned inputs, a hash of everything it was made from.
    var inputs: Fingerprint? = nil
}

extension OutputFile {
    /// The file's bytes, handed to `body` without a copy where they are in memory (a
    /// page's text, its own UTF-8); nil for a file still current on disk. `folder` is
    /// where it goes, for the message when a copied file's source cannot be read.
    func withBytes<Value>(in folder: String, _ body: (UnsafeRawBufferPointer) -> Value) throws(WriteFailure) -> Value? {
        switch contents {
        case .current: return nil
        // Copying every page into an array first was the largest copy a build made.
        case .text(var text): return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .bytes(let bytes): return bytes.withUnsafeBytes(body)
        case .copy(let source):
            guard let read = FileBytes(path: source.path) else {
                throw WriteFailure(path: folder + "/" + path, reason: "its source \(source.path) cannot be read")
            }
            return read.bytes.withUnsafeBytes(body)
        }
    }
}
