import Foundation
import Mustache

/// An SVG pie chart whose slice areas are proportional to counts.
///
/// Slices start at twelve o'clock and go clockwise in the given order. A slice
/// that holds everything is drawn as a circle, because an SVG arc whose end
/// points coincide draws nothing.
public struct PieChart: Sendable {
    public struct Slice: Sendable, Equatable {
        /// Written as `data-<attribute>="key"` on the slice element.
        public let key: String
        public let label: String
        public let color: String
        public let count: Int
        public let percent: Int
    }

    public let title: String
    public let description: String
    /// `mood` or `tag`: the slices' data attribute.
    public let attribute: String
    public let slices: [Slice]

    public static let size = 200.0
    static let radius = 96.0

    public init(title: String, description: String, attribute: String, slices: [Slice]) {
        self.title = title
        self.description = description
        self.attribute = attribute
        self.slices = slices.filter { $0.count > 0 }
    }

    /// `idPrefix` keeps the title and description ids unique when several charts share a page.
    public func svg(idPrefix: String, standalone: Bool) -> String {
        let c = PieChart.size / 2, r = PieChart.radius
        let total = Double(slices.map(\.count).reduce(0, +))
        let titleID = "\(idPrefix)-title", descID = "\(idPrefix)-desc"
        var out: MarkupBytes = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 200\" width=\"200\" height=\"200\""
        // SVG 1.1 validators reject ARIA attributes; a standalone file is named by its first <title>.
        out += standalone ? " role=\"img\">\n" : " role=\"img\" aria-labelledby=\"\(titleID) \(descID)\" class=\"pie\">\n"
        out += "<title id=\"\(titleID)\">\(escaping: title)</title>\n"
        out += "<desc id=\"\(descID)\">\(escaping: description)</desc>\n"
        var start = 0.0
        for slice in slices {
            let attributes: MarkupBytes = "data-\(attribute)=\"\(escaping: slice.key)\" fill=\"\(escaping: slice.color)\""
            let tooltip: MarkupBytes = "<title>\(escaping: slice.label): \(slice.count) (\(slice.percent)%)</title>"
            if Double(slice.count) == total {
                out += "<circle \(attributes) cx=\"\(c, digits: 3)\" cy=\"\(c, digits: 3)\" r=\"\(r, digits: 3)\">\(tooltip)</circle>\n"
                continue
            }
            let end = start + Double(slice.count) / total
            let (x0, y0) = PieChart.point(at: start), (x1, y1) = PieChart.point(at: end)
            let largeArc = end - start > 0.5 ? 1 : 0
            out += "<path \(attributes) d=\"M\(c, digits: 3) \(c, digits: 3)L\(x0, digits: 3) \(y0, digits: 3)"
            out += "A\(r, digits: 3) \(r, digits: 3) 0 \(largeArc) 1 \(x1, digits: 3) \(y1, digits: 3)Z\">\(tooltip)</path>\n"
            start = end
        }
        out += "</svg>\n"
        return out.text
    }

    /// The point on the rim at `fraction` of a full turn clockwise from twelve o'clock.
    static func point(at fraction: Double) -> (Double, Double) {
        let angle = fraction * 2 * Double.pi
        return (size / 2 + radius * sin(angle), size / 2 - radius * cos(angle))
    }
}
