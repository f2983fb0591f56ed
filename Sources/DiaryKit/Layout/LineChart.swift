import Mustache

/// An SVG line chart of values along evenly spaced points (months, say), for a
/// page to show inline beside a table that says the same in words.
///
/// A nil value leaves a gap: the line breaks there and no dot is drawn. Colours
/// come from the page's CSS variables through class names (`--line` for the
/// grid, `--accent` for the line, `--muted` for text and the trend), so the chart
/// follows dark mode and prints in ink; the attributes are fallbacks.
///
///     LineChart(title: "Mood in 2026", description: "January 3.2, …",
///               points: months.map { LineChart.Point(axisLabel: "Jan", label: "January: 3.2", value: 3.2) },
///               range: 1...5, ticks: [.init(value: 1, label: "😞 1"), .init(value: 5, label: "😄 5")])
///         .svg(idPrefix: "year-line")
public struct LineChart: Sendable {
    public struct Point: Sendable, Equatable {
        /// Written under the x axis; nil leaves the point unlabelled (a long series labels every few).
        public let axisLabel: String?
        /// The point's tooltip, such as "March 2026: 🙂 Good (3.8)".
        public let label: String
        public let value: Double?
        /// The dot's fill (a mood's colour); nil draws it in the line's colour.
        public let color: String?

        public init(axisLabel: String?, label: String, value: Double?, color: String? = nil) {
            self.axisLabel = axisLabel
            self.label = label
            self.value = value
            self.color = color
        }
    }

    /// A labelled value on the y axis, with a grid line across the chart.
    public struct Tick: Sendable, Equatable {
        public let value: Double
        public let label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public let title: String
    public let description: String
    public let points: [Point]
    /// A second, dashed line (a smoothed trend), one value per point; empty for none.
    public let trend: [Double?]
    /// The values the y axis spans, bottom to top.
    public let range: ClosedRange<Double>
    public let ticks: [Tick]
    /// Written at the top of the y axis and under the x axis; nil for none.
    public let yAxisTitle: String?
    public let xAxisTitle: String?
    /// More axis labels than this, and every other one is left out on a phone.
    static let minorLabelsAbove = 8

    /// The drawing's width in SVG units; CSS scales it down to fit a phone.
    public let width: Double

    public static let height = 240.0
    static let left = 56.0, right = 12.0, top = 24.0, bottom = 44.0

    public init(title: String, description: String, points: [Point], trend: [Double?] = [], range: ClosedRange<Double>,
                ticks: [Tick], yAxisTitle: String? = nil, xAxisTitle: String? = nil, width: Double = 560) {
        self.title = title
        self.description = description
        self.points = points
        self.trend = trend
        self.range = range
        self.ticks = ticks
        self.yAxisTitle = yAxisTitle
        self.xAxisTitle = xAxisTitle
        self.width = width
    }

    /// `idPrefix` keeps the title and description ids unique when several charts share a page.
    public func svg(idPrefix: String) -> String {
        let titleID = "\(idPrefix)-title", descID = "\(idPrefix)-desc"
        let plotBottom = LineChart.height - LineChart.bottom
        var out: MarkupBytes = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width, digits: 2) \(LineChart.height, digits: 2)\""
        out += " width=\"\(width, digits: 2)\" height=\"\(LineChart.height, digits: 2)\""
        out += " role=\"img\" aria-labelledby=\"\(titleID) \(descID)\" class=\"line-chart\">\n"
        out += "<title id=\"\(titleID)\">\(escaping: title)</title>\n"
        out += "<desc id=\"\(descID)\">\(escaping: description)</desc>\n"
        for tick in ticks {
            let y = self.y(tick.value)
            out += "<line class=\"grid\" stroke=\"#e3ded6\" x1=\"\(LineChart.left, digits: 2)\" y1=\"\(y, digits: 2)\" x2=\"\(width - LineChart.right, digits: 2)\" y2=\"\(y, digits: 2)\"/>\n"
            out += "<text class=\"tick\" fill=\"#59616b\" x=\"\(LineChart.left - 6, digits: 2)\" y=\"\(y, digits: 2)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(escaping: tick.label)</text>\n"
        }
        out += "<line class=\"axis\" stroke=\"#59616b\" x1=\"\(LineChart.left, digits: 2)\" y1=\"\(plotBottom, digits: 2)\" x2=\"\(width - LineChart.right, digits: 2)\" y2=\"\(plotBottom, digits: 2)\"/>\n"
        // Twelve month names are too close together once a phone scales the chart down:
        // past `minorLabelsAbove` labels, every other one is minor, and style.css hides
        // those on narrow screens. The table beside the chart names every point.
        let labelled = points.indices.filter { points[$0].axisLabel != nil }
        for (order, index) in labelled.enumerated() {
            let minor = labelled.count > LineChart.minorLabelsAbove && order % 2 == 1
            out += "<text class=\"tick\(minor ? " minor" : "")\" fill=\"#59616b\" x=\"\(x(index), digits: 2)\" y=\"\(plotBottom + 16, digits: 2)\" text-anchor=\"middle\">"
            out += "\(escaping: points[index].axisLabel!)</text>\n"
        }
        if let yAxisTitle {
            out += "<text class=\"axis-title\" fill=\"#59616b\" x=\"4\" y=\"12\">\(escaping: yAxisTitle)</text>\n"
        }
        if let xAxisTitle {
            out += "<text class=\"axis-title\" fill=\"#59616b\" x=\"\((LineChart.left + width - LineChart.right) / 2, digits: 2)\" y=\"\(LineChart.height - 6, digits: 2)\" text-anchor=\"middle\">\(escaping: xAxisTitle)</text>\n"
        }
        if trend.count == points.count, let path = path(trend) {
            out += "<path class=\"trend\" fill=\"none\" stroke=\"#59616b\" stroke-dasharray=\"6 4\" d=\"\(path)\"/>\n"
        }
        if let path = path(points.map(\.value)) {
            out += "<path class=\"line\" fill=\"none\" stroke=\"#1f5f99\" stroke-width=\"2.5\" d=\"\(path)\"/>\n"
        }
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            out += "<circle class=\"point\" fill=\"\(escaping: point.color ?? "#1f5f99")\" stroke=\"#ffffff\" stroke-width=\"1.5\""
            out += " cx=\"\(x(index), digits: 2)\" cy=\"\(y(value), digits: 2)\" r=\"5\"><title>\(escaping: point.label)</title></circle>\n"
        }
        out += "</svg>\n"
        return out.text
    }

    /// Runs of two or more consecutive values as `M…L…` segments; nil when there is nothing to join.
    private func path(_ values: [Double?]) -> MarkupBytes? {
        var out: MarkupBytes = ""
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            let joinsPrevious = index > 0 && values[index - 1] != nil
            let joinsNext = index + 1 < values.count && values[index + 1] != nil
            guard joinsPrevious || joinsNext else { continue }
            out += "\(joinsPrevious ? "L" : "M")\(x(index), digits: 2) \(y(value), digits: 2)"
        }
        return out.bytes.isEmpty ? nil : out
    }

    func x(_ index: Int) -> Double {
        let plotWidth = width - LineChart.left - LineChart.right
        return LineChart.left + (Double(index) + 0.5) * plotWidth / Double(max(points.count, 1))
    }

    func y(_ value: Double) -> Double {
        let plotHeight = LineChart.height - LineChart.top - LineChart.bottom
        let span = range.upperBound - range.lowerBound
        let position = span > 0 ? (value - range.lowerBound) / span : 0.5
        return LineChart.height - LineChart.bottom - position * plotHeight
    }
}
