import Foundation
import Mustache

/// The insights page (`insights/`): mood over time, mood by weekday, often
/// together, streaks and numbers beside moods, across the whole diary. Each chart has a table or a
/// sentence that says the same in words.
extension SitePages {
    func insightsContext() -> TemplateFields {
        let root = "../"
        var context: TemplateFields = [:]
        if let first = diary.days.first, let last = diary.days.last {
            context["intro"] = .text(words.format("insights_intro", [
                "entries": words.counted("n_entries", diary.entries.count), "days": words.counted("n_days", diary.days.count),
                "from": names.medium(first.date), "to": names.medium(last.date),
            ]))
        }
        context["trend"] = moodTrendContext(MoodTrend(diary: diary))
        let effects = TagEffects(diary: diary)
        context["tagEffects"] = tagEffectsContext(effects, root: root)
        context["hasTagEffects"] = .flag(!effects.rows.isEmpty)
        context["tagMinimum"] = .text(words.format("often_together_intro", ["count": String(TagEffects.minimumEntries)]))
        let weekdays = WeekdayMoods(days: diary.days, moods: diary.moods, weekStart: config.weekStart)
        context["weekdays"] = weekdays.hasMoods ? weekdayChart(weekdays, title: words["mood_by_weekday"], idPrefix: "weekdays") : .flag(false)
        // A stand-in today in the past does not count the days after it.
        let streaks = Streaks(dates: diary.days.lazy.map(\.date).filter { $0 <= today })
        context["streaks"] = ["current": streakText(streaks.current(today: today)), "longest": streakText(streaks.longest)]
        let numbers = NumberInsights(diary: diary, ignored: Set(config.insightsIgnored))
        context["numbers"] = numbersContext(numbers)
        context["hasNumbers"] = .flag(!numbers.rows.isEmpty)
        context["numbersIntro"] = .text(words.format("numbers_intro", ["count": String(NumberInsights.minimumEntries)]))
        return context
    }

    /// A mood average, always with its one decimal, so a column of them lines up.
    private func score(_ value: Double) -> TemplateValue { .text(SitePages.oneDecimal(value)) }

    static func oneDecimal(_ value: Double) -> String {
        let text = decimalText(value, maxFractionDigits: 1)
        return text.contains(".") ? text : text + ".0"
    }

    /// A line of the monthly averages with its trend, and the same as a table of years by months.
    private func moodTrendContext(_ trend: MoodTrend) -> TemplateValue {
        guard trend.hasMoods else { return .flag(false) }
        // A year or less names every month under the line; a longer span names each January's year.
        let everyMonth = trend.points.count <= 12
        let points = trend.points.enumerated().map { index, point in
            let month = point.month.month
            return LineChart.Point(
                axisLabel: everyMonth ? names.shortMonthNames[month.month - 1] : month.month == 1 || index == 0 ? String(month.year) : nil,
                label: "\(names.title(of: month)): \(averageMoodText(point.month.averageScore, point.month.averageMood))",
                value: point.month.averageScore, color: point.month.averageMood?.color)
        }
        let scored = trend.points.compactMap { point in point.month.averageScore.map { (point.month, $0) } }
        let low = scored.min { $0.1 < $1.1 }!, high = scored.max { $0.1 < $1.1 }!
        let chart = LineChart(
            title: words["mood_over_time"],
            description: words.format("mood_over_time_desc", [
                "from": names.title(of: trend.points.first!.month.month), "to": names.title(of: trend.points.last!.month.month),
                "low": averageMoodText(low.1, low.0.averageMood), "high": averageMoodText(high.1, high.0.averageMood),
            ]),
            points: points, trend: trend.points.map(\.trend), range: diary.moods.scoreRange,
            ticks: moodTicks, yAxisTitle: words["average_mood"], xAxisTitle: words["month"])
        let byMonth = Dictionary(uniqueKeysWithValues: trend.points.map { ($0.month.month, $0.month) })
        let years = Array(Set(trend.points.map(\.month.month.year))).sorted()
        return [
            "chart": .text(chart.svg(idPrefix: "trend")),
            "months": .list(names.shortMonthNames.enumerated().map { index, short in
                ["short": .text(short), "full": .text(names.monthNames[index])]
            }),
            "years": .list(years.map { year in
                [
                    "year": .text(String(year)),
                    "cells": .list((1...12).map { month -> TemplateValue in
                        guard let score = byMonth[YearMonth(year: year, month: month)]?.averageScore else { return ["empty": true] }
                        return ["average": .text(SitePages.oneDecimal(score))]
                    }),
                ]
            }),
        ]
    }

    private func tagEffectsContext(_ effects: TagEffects, root: String) -> TemplateValue {
        .list(effects.rows.map { row in
            let difference = SitePages.oneDecimal(row.effect)
            return [
                "tag": tagLink(row.tag, root: root),
                "with": score(row.withAverage), "withCount": .text(words.counted("n_entries", row.withCount)),
                "without": score(row.withoutAverage), "withoutCount": .text(words.counted("n_entries", row.withoutCount)),
                // A minus sign, not a hyphen, and a plus for gains, so the sign is read.
                "difference": .text(row.effect > 0 && difference != "0.0" ? "+" + difference : difference.replacingEvery("-", with: "−")),
                "mood": moodContext(row.commonMood),
            ]
        })
    }

    private func streakText(_ run: Streaks.Run?) -> TemplateValue {
        guard let run else { return .flag(false) }
        return .text(words.format("streak_dates", [
            "days": words.counted("n_days", run.days), "from": names.medium(run.first), "to": names.medium(run.last),
        ]))
    }

    private func numbersContext(_ numbers: NumberInsights) -> TemplateValue {
        .list(numbers.rows.map { row in
            func mood(_ mood: Mood) -> String { "\(mood.emoji) \(mood.label)" }
            func value(_ value: Double) -> String { decimalText(value, maxFractionDigits: 1) }
            var context: TemplateFields = [
                "heading": .text(words.format("number_heading", ["key": row.key, "entries": words.counted("n_entries", row.entries)])),
                "bestWorst": .text(words.format("number_best_worst", [
                    "key": row.key, "best": mood(row.best.mood), "bestValue": value(row.best.average), "bestDays": words.counted("n_days", row.best.days),
                    "worst": mood(row.worst.mood), "worstValue": value(row.worst.average), "worstDays": words.counted("n_days", row.worst.days),
                ])),
            ]
            if let split = row.split {
                context["split"] = .text(words.format("number_split", [
                    "key": row.key, "threshold": decimalText(split.threshold, maxFractionDigits: 2),
                    "above": SitePages.oneDecimal(split.aboveScore), "aboveDays": words.counted("n_days", split.aboveDays),
                    "below": SitePages.oneDecimal(split.belowScore), "belowDays": words.counted("n_days", split.belowDays),
                ]))
            } else {
                context["split"] = .text(words.format("number_same", ["key": row.key]))
            }
            return .object(context)
        })
    }
}
