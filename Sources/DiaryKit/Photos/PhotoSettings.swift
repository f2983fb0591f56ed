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
    static func parse(_ node: Node, path: String, line: Int) -> Result<PhotoSettings, DiagnosticsError> {
        KeyedSetting(name: "photos", example: "widths: [480, 960, 1600]", keys: "widths, quality and originals")
            .parse(node, path: path, line: line, into: PhotoSettings()) { settings, key, value, text in
                switch key {
                case "widths":
                    let items = if case let .sequence(list) = value { Array(list) } else { [value] }
                    let widths = items.compactMap { YAMLReading.scalarText($0).flatMap { Int($0) } }
                    guard !widths.isEmpty, widths.count == items.count, widths.allSatisfy({ (16...longestSide).contains($0) }) else {
                        return .shouldBe("a list of widths in pixels from 16 to \(longestSide), such as `[480, 960, 1600]`")
                    }
                    settings.widths = Array(Set(widths)).sorted()
                case "quality":
                    guard let quality = text.flatMap({ Int($0) }), (1...100).contains(quality) else {
                        return .shouldBe("a number from 1 to 100, not `\(text ?? YAMLReading.kindName(value))`")
                    }
                    settings.quality = quality
                case "originals":
                    guard let flag = text.flatMap(YAMLReading.flag) else { return .shouldBe("true or false") }
                    settings.linksOriginals = flag
                default: return .unknown
                }
                return .read
            }
    }
}
