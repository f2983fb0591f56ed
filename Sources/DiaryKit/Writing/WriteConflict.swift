import Foundation

extension SiteWriter {
    /// Files of someone else's are in the way: diarygen stopped before writing anything.
    public struct Conflict: Error, CustomStringConvertible {
        public let output: String
        /// Relative to the output folder, sorted.
        public let paths: [String]
        public var description: String {
            let shown = paths.prefix(10).map { "  \($0)" }.joined(separator: "\n")
            let more = paths.count > 10 ? "\n  … and \(paths.count - 10) more" : ""
            return "\(output) holds \(paths.count == 1 ? "a file" : "\(paths.count) files") that diarygen did not write, where the site "
                + "would go:\n\(shown)\(more)\nNothing was written. Move them away, build into another folder with --output, "
                + "or pass --force to let diarygen replace them."
        }
    }
}
