import Mustache

/// An SVG chart of upright bars, one per category (weekdays, say), each with its
/// label under it and its value written above it, so the bars are read without
/// their colours; a page shows it beside a table that says the same in words.
///
/// Bars rise from the bottom of `range` (a mood scale has no zero: an average of
/// 1 on a 1–5 scale is no bar at all). A nil value draws no bar and writes "—".
/// Colours come from the page's CSS variables through class names, as in `LineChart`.
///
///     BarChart(title: "Mood by weekday", description: "Monday 3.4, …",
///              bars: [BarChart.Bar(key: "monday", axisLabel: "Mon", label: "Monday: 3.4", value: 3.4, valueText: "3.4")],
///              range: 1...5)
///         .svg(idPrefix: "weekdays")
public struct BarChart: Sendable {
    public struct Bar: Sendable, Equatable {
        /// Written as `data-key="…"` on the bar, for styling and tests.
        public let key: String
        /// Under the bar: short (`Mon`).
        public let axisLabel: String
        /// The bar's tooltip, such as "Monday: 🙂 Good (3.8)".
        public let label: String
        public let value: Double?
        /// Above the bar: the value as people read it.
        public let valueText: String
        /// The bar's fill (a mood's colour); nil draws it in the accent colour.
        public let color: String?

        public init(key: String, axisLabel: String, label: String, value: Double?, valueText: String, color: String? = nil) {
            self.key = key
            self.axisLabel = axisLabel
            self.label = label
            self.value = value
            self.valueText = valueText
            self.color = color
        }
    }

    public let title: String
    public let description: String
    public let bars: [Bar]
    /// The values the bars span, bottom to top.
    public let range: ClosedRange<Double>

    public static let height = 200.0
    /// Each bar's slot in SVG units; the drawing is as wide as its bars need.
    static let slot = 56.0, top = 24.0, bottom = 28.0, side = 4.0

    public init(title: String, description: String, bars: [Bar], range: ClosedRange<Double>) {
        self.title = title
        self.description = description
        self.bars = bars
        self.range = range
    }

    public var width: Double { Double(bars.count) * BarChart.slot + 2 * BarChart.side }

    /// `idPrefix` keeps the title and description ids unique when several charts share a page.
    public func svg(idPrefix: String) -> String {
        let titleID = "\(idPrefix)-title", descID = "\(idPrefix)-desc"
        let baseline = BarChart.height - BarChart.bottom
        let plotHeight = baseline - BarChart.top
        var out: MarkupBytes = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width, digits: 2) \(BarChart.height, digits: 2)\""
        out += " width=\"\(width, digits: 2)\" height=\"\(BarChart.height, digits: 2)\""
        out += " role=\"img\" aria-labelledby=\"\(titleID) \(descID)\" class=\"bar-chart\">\n"
        out += "<title id=\"\(titleID)\">\(escaping: title)</title>\n"
        out += "<desc id=\"\(descID)\">\(escaping: description)</desc>\n"
        let span = range.upperBound - range.lowerBound
        for (index, bar) in bars.enumerated() {
            let centre = BarChart.side + (Double(index) + 0.5) * BarChart.slot
            var top = baseline
            if let value = bar.value {
                let share = span > 0 ? min(max((value - range.lowerBound) / span, 0), 1) : 1
                // Even the lowest value shows a sliver, so a bar is never mistaken for a missing one.
                let height = max(share * plotHeight, 2)
                top = baseline - height
                out += "<rect class=\"bar\" data-key=\"\(escaping: bar.key)\" fill=\"\(escaping: bar.color ?? "#1f5f99")\""
                out += " x=\"\(centre - BarChart.slot * 0.35, digits: 2)\" y=\"\(top, digits: 2)\" width=\"\(BarChart.slot * 0.7, digits: 2)\" height=\"\(height, digits: 2)\" rx=\"3\">"
                out += "<title>\(escaping: bar.label)</title></rect>\n"
            }
            out += "<text class=\"value\" fill=\"#1f2328\" x=\"\(centre, digits: 2)\" y=\"\(top - 6, digits: 2)\" text-anchor=\"middle\">\(escaping: bar.value == nil ? "—" : bar.valueText)</text>\n"
            out += "<text class=\"tick\" fill=\"#59616b\" x=\"\(centre, digits: 2)\" y=\"\(baseline + 18, digits: 2)\" text-anchor=\"middle\">\(escaping: bar.axisLabel)</text>\n"
        }
        out += "<line class=\"axis\" stroke=\"#59616b\" x1=\"\(BarChart.side, digits: 2)\" y1=\"\(baseline, digits: 2)\" x2=\"\(width - BarChart.side, digits: 2)\" y2=\"\(baseline, digits: 2)\"/>\n"
        out += "</svg>\n"
        return out.text
    }
}
