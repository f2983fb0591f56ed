import Yams

/// `photos:` in diarygen.yml: the sizes and quality of the images made from each
/// photo an entry shows, and whether the author's site links the originals.
public struct PhotoSettings: Sendable, Equatable {
    /// Widths made of each photo, smallest first; none wider than the photo itself.
    public var widths = [480, 960, 1600]
    /// WebP and JPEG quality, 1–100.
    public var quality = 80
    /// Whether the author's site keeps each original and links it ("full size").
    /// The public site never publishes an original.
    public var linksOriginals = true

    public init() {}

    /// No side of a made image is longer than this.
    public static let longestSide = 2560
    static let keys = "widths, quality and originals"

    static func parse(_ node: Node, path: String, line: Int) -> Result<PhotoSettings, DiagnosticsError> {
        guard case let .mapping(mapping) = node else {
            return .failure(DiagnosticsError([.error(path, line: line, "`photos` should be a set of keys such as `widths: [480, 960, 1600]`; it takes \(keys)")]))
        }
        var settings = PhotoSettings()
        var problems: [Diagnostic] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = YAMLReading.line(of: keyNode, firstLine: 1)
            switch key {
            case "widths":
                let items = if case let .sequence(list) = value { Array(list) } else { [value] }
                let widths = items.compactMap { YAMLReading.scalarText($0).flatMap { Int($0) } }
                guard !widths.isEmpty, widths.count == items.count, widths.allSatisfy({ (16...longestSide).contains($0) }) else {
                    problems.append(.error(path, line: line, "photos.widths should be a list of widths in pixels from 16 to \(longestSide), such as `[480, 960, 1600]`"))
                    continue
                }
                settings.widths = Array(Set(widths)).sorted()
            case "quality":
                guard let quality = YAMLReading.scalarText(value).flatMap({ Int($0) }), (1...100).contains(quality) else {
                    problems.append(.error(path, line: line, "photos.quality should be a number from 1 to 100, not `\(YAMLReading.scalarText(value) ?? YAMLReading.kindName(value))`"))
                    continue
                }
                settings.quality = quality
            case "originals":
                guard let flag = YAMLReading.scalarText(value).flatMap(YAMLReading.flag) else {
                    problems.append(.error(path, line: line, "photos.originals should be true or false"))
                    continue
                }
                settings.linksOriginals = flag
            default:
                problems.append(.error(path, line: line, "unknown key `photos.\(key)`; photos takes \(keys)"))
            }
        }
        return problems.isEmpty ? .success(settings) : .failure(DiagnosticsError(problems))
    }
}
