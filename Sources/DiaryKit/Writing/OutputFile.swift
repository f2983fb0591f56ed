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
