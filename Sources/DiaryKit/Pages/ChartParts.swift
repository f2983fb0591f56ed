import Mustache

/// Charts several pages show, each beside a table that says the same in words:
/// mood by weekday (a month's recap, a year in review) and months' average moods.
extension SitePages {
    /// An average mood as people read it: "🙂 Good (3.8)", or "—" without one.
    func averageText(_ score: Double?, _ mood: Mood?) -> String {
        guard let score, let mood else { return "—" }
        return "\(mood.emoji) \(mood.label) (\(decimalText(score, maxFractionDigits: 2)))"
    }

    /// One grid line per mood of the scale, labelled with its emoji and score.
    var moodTicks: [LineChart.Tick] {
        diary.moods.moods.map { LineChart.Tick(value: $0.score, label: "\($0.emoji) \(decimalText($0.score, maxFractionDigits: 2))") }
    }

    /// Mood by weekday as `{{> weekday-moods}}` shows it: bars in the week order of
    /// `moods`, and a table of each weekday's average and entries with a mood.
    func weekdayChart(_ moods: WeekdayMoods, title: String, idPrefix: String) -> TemplateValue {
        let bars = moods.weekdays.map { weekday in
            let name = names.weekdayName(weekday.weekday)
            let average = averageText(weekday.averageScore, weekday.averageMood)
            return BarChart.Bar(
                key: weekday.key, axisLabel: names.shortWeekdayName(weekday.weekday), label: "\(name): \(average)",
                value: weekday.averageScore, valueText: weekday.averageScore.map { decimalText($0, maxFractionDigits: 1) } ?? "—",
                color: weekday.averageMood?.color)
        }
        let chart = BarChart(title: title, description: bars.map(\.label).joined(separator: ", "), bars: bars, range: diary.moods.scoreRange)
        return [
            "title": .text(title),
            "idPrefix": .text(idPrefix),
            "chart": .text(chart.svg(idPrefix: idPrefix)),
            "rows": .list(moods.weekdays.map { weekday in
                [
                    "name": .text(names.weekdayName(weekday.weekday)), "key": .text(weekday.key),
                    "mood": moodContext(weekday.averageMood),
                    "score": .text(weekday.averageScore.map { decimalText($0, maxFractionDigits: 2) } ?? "—"),
                    "entries": .text(String(weekday.entries)),
                ]
            }),
        ]
    }

    /// A line of months' average moods, each point named in its tooltip, and the
    /// table of the same values: `axisLabel` names the months under the axis (nil
    /// leaves one out), `rowLabel` in the table; `width` is the drawing's, in SVG units.
    func monthLine(_ averages: MonthlyAverages, title: String, idPrefix: String, width: Double,
                   axisLabel: (YearMonth) -> String?, rowLabel: (YearMonth) -> String) -> TemplateValue {
        let points = averages.months.map { month in
            LineChart.Point(
                axisLabel: axisLabel(month.month), label: "\(names.title(of: month.month)): \(averageText(month.averageScore, month.averageMood))",
                value: month.averageScore, color: month.averageMood?.color)
        }
        let described = points.filter { $0.value != nil }.map(\.label).joined(separator: ", ")
        let chart = LineChart(title: title, description: described, points: points, range: diary.moods.scoreRange, ticks: moodTicks,
                              yAxisTitle: words["average_mood"], width: width)
        return [
            "title": .text(title),
            "idPrefix": .text(idPrefix),
            "chart": .text(chart.svg(idPrefix: idPrefix)),
            "rows": .list(averages.months.map { month in
                [
                    "name": .text(rowLabel(month.month)),
                    "mood": moodContext(month.averageMood),
                    "score": .text(month.averageScore.map { decimalText($0, maxFractionDigits: 2) } ?? "—"),
                    "entries": .text(String(month.entries)),
                ]
            }),
        ]
    }
}
