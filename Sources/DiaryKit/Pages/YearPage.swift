import Foundation
import Mustache

/// A year in pixels (`YYYY/`): a grid of days by months, each coloured by its mood,
/// and the year's months; it links to the year in review.
extension SitePages {
    func yearContext(_ year: Int) -> TemplateFields {
        let root = "../"
        let years = diary.years
        let index = years.firstIndex(of: year)!
        var context: TemplateFields = [
            "year": .text(String(year)),
            "pixels": .object(yearPixelsContext(year, root: root)),
            "reviewHref": .text(root + SitePaths.yearRecap(year)),
            "writtenMonths": .list(diary.months(of: year).map { monthCard($0.month, root: root) }),
        ]
        var nav: TemplateFields = [:]
        if index > 0 { nav["previous"] = link(String(years[index - 1]), root + SitePaths.year(years[index - 1])) }
        if index + 1 < years.count { nav["next"] = link(String(years[index + 1]), root + SitePaths.year(years[index + 1])) }
        context["nav"] = .object(nav)
        return context
    }

    /// The year in pixels as `{{> year-pixels}}` shows it: month columns, 31 rows of days, the legend.
    func yearPixelsContext(_ year: Int, root: String) -> TemplateFields {
        let grid = YearInPixels(year: year, diary: diary)
        return [
            "year": .text(String(year)),
            "months": .list((1...12).map { number -> TemplateValue in
                let month = YearMonth(year: year, month: number)
                var column: TemplateFields = ["short": .text(names.shortMonthNames[number - 1]), "full": .text(names.monthNames[number - 1])]
                if diary.month(month) != nil { column["href"] = .text(root + SitePaths.month(month)) }
                return .object(column)
            }),
            "rows": .list(grid.rows.enumerated().map { index, row -> TemplateValue in
                ["dayNumber": .text(String(index + 1)), "cells": .list(row.map { cell -> TemplateValue in
                    guard let date = cell.date else { return ["missing": true] }
                    return dayCell(date, cell.day, root: root, after: [("date", .text(date.description))])
                })]
            }),
            "legend": .list(diary.moods.moods.map(moodContext)),
        ]
    }
}
