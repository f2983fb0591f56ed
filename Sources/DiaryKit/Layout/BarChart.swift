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
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(BarChart.height))\" width=\"\(f(width))\" height=\"\(f(BarChart.height))\""
        out += " role=\"img\" aria-labelledby=\"\(titleID) \(descID)\" class=\"bar-chart\">\n"
        out += "<title id=\"\(titleID)\">\(escapeXML(title))</title>\n"
        out += "<desc id=\"\(descID)\">\(escapeXML(description))</desc>\n"
        let span = range.upperBound - range.lowerBound
        for (index, bar) in bars.enumerated() {
            let centre = BarChart.side + (Double(index) + 0.5) * BarChart.slot
            var top = baseline
            if let value = bar.value {
                let share = span > 0 ? min(max((value - range.lowerBound) / span, 0), 1) : 1
                // Even the lowest value shows a sliver, so a bar is never mistaken for a missing one.
                let height = max(share * plotHeight, 2)
                top = baseline - height
                out += "<rect class=\"bar\" data-key=\"\(escapeXML(bar.key))\" fill=\"\(escapeXML(bar.color ?? "#1f5f99"))\""
                out += " x=\"\(f(centre - BarChart.slot * 0.35))\" y=\"\(f(top))\" width=\"\(f(BarChart.slot * 0.7))\" height=\"\(f(height))\" rx=\"3\">"
                out += "<title>\(escapeXML(bar.label))</title></rect>\n"
            }
            out += "<text class=\"value\" fill=\"#1f2328\" x=\"\(f(centre))\" y=\"\(f(top - 6))\" text-anchor=\"middle\">\(escapeXML(bar.value == nil ? "—" : bar.valueText))</text>\n"
            out += "<text class=\"tick\" fill=\"#59616b\" x=\"\(f(centre))\" y=\"\(f(baseline + 18))\" text-anchor=\"middle\">\(escapeXML(bar.axisLabel))</text>\n"
        }
        out += "<line class=\"axis\" stroke=\"#59616b\" x1=\"\(f(BarChart.side))\" y1=\"\(f(baseline))\" x2=\"\(f(width - BarChart.side))\" y2=\"\(f(baseline))\"/>\n"
        return out + "</svg>\n"
    }

    private func f(_ value: Double) -> String { decimalText(value, maxFractionDigits: 2) }
}
