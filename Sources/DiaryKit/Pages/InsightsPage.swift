import Foundation
import Mustache

/// The insights page (`insights/`): mood over time, often together, streaks and
/// numbers beside moods, across the whole diary. Each chart has a table or a
/// sentence that says the same in words.
extension SitePages {
    func insightsContext() -> [String: TemplateValue] {
        let root = "../"
        var context: [String: TemplateValue] = [:]
        if let first = diary.days.first, let last = diary.days.last {
            context["intro"] = .text(words.format("insights_intro", [
                "entries": words.counted("n_entries", diary.entries.count), "days": words.counted("n_days", diary.days.count),
                "from": names.title(of: first.date), "to": names.title(of: last.date),
            ]))
        }
        context["trend"] = moodTrendContext(MoodTrend(diary: diary))
        let effects = TagEffects(diary: diary)
        context["tagEffects"] = tagEffectsContext(effects, root: root)
        context["hasTagEffects"] = .flag(!effects.rows.isEmpty)
        context["tagMinimum"] = .text(words.format("often_together_intro", ["count": String(TagEffects.minimumEntries)]))
        context["streaks"] = streaksContext(Streaks(diary: diary, today: today))
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

    /// The monthly averages as a table of years by months, the text beside the line.
    private func moodTrendContext(_ trend: MoodTrend) -> TemplateValue {
        guard !trend.points.isEmpty else { return .flag(false) }
        let byMonth = Dictionary(uniqueKeysWithValues: trend.points.map { ($0.month, $0) })
        let years = Array(Set(trend.points.map(\.month.year))).sorted()
        return [
            "months": .list(names.shortMonthNames.enumerated().map { index, short in
                ["short": .text(short), "full": .text(names.monthNames[index])]
            }),
            "years": .list(years.map { year in
                [
                    "year": .text(String(year)),
                    "cells": .list((1...12).map { month -> TemplateValue in
                        guard let point = byMonth[YearMonth(year: year, month: month)] else { return ["empty": true] }
                        return ["average": score(point.average), "trend": score(point.trend), "moods": .text(String(point.moods))]
                    }),
                ]
            }),
        ]
    }

    private func tagEffectsContext(_ effects: TagEffects, root: String) -> TemplateValue {
        .list(effects.rows.map { row in
            let difference = decimalText(row.effect, maxFractionDigits: 1)
            return [
                "tag": tagLink(row.tag, root: root),
                "with": score(row.withAverage), "withCount": .text(words.counted("n_entries", row.withCount)),
                "without": score(row.withoutAverage), "withoutCount": .text(words.counted("n_entries", row.withoutCount)),
                // A minus sign, not a hyphen, and a plus for gains, so the sign is read.
                "difference": .text(row.effect > 0 && difference != "0" ? "+" + difference : difference.replacingEvery("-", with: "−")),
                "mood": moodContext(row.commonMood),
            ]
        })
    }

    private func streaksContext(_ streaks: Streaks) -> TemplateValue {
        func run(_ run: Streaks.Run?) -> TemplateValue {
            guard let run else { return .flag(false) }
            return .text(words.format("streak_dates", [
                "days": words.counted("n_days", run.days), "from": names.title(of: run.first), "to": names.title(of: run.last),
            ]))
        }
        return ["current": run(streaks.current), "longest": run(streaks.longest)]
    }

    private func numbersContext(_ numbers: NumberInsights) -> TemplateValue {
        .list(numbers.rows.map { row in
            func mood(_ mood: Mood) -> String { "\(mood.emoji) \(mood.label)" }
            func value(_ value: Double) -> String { decimalText(value, maxFractionDigits: 1) }
            var context: [String: TemplateValue] = [
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
