import Foundation

/// A file of the generated site, as the writer takes it.
public struct OutputFile: Sendable, Equatable {
    public enum Contents: Sendable, Equatable {
        case text(String)
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
