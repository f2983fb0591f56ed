import Foundation
import Mustache

/// A month's mood calendar (`YYYY/MM/`).
extension SitePages {
    func monthContext(_ month: DiaryMonth) -> TemplateFields {
        let root = "../../"
        let stats = recaps[month.month]!
        return [
            "title": .text(names.title(of: month.month)),
            "calendar": calendar(month.month, root: root),
            "nav": monthNavigation(month.month, root: root, suffix: SitePaths.month),
            "recapHref": .text(root + SitePaths.recap(month.month)),
            "yearHref": .text(root + SitePaths.year(month.month.year)),
            "year": .text(String(month.month.year)),
            "summary": .text(stats.entriesOnDays(words)),
            "legend": .list(diary.moods.moods.map(moodContext)),
        ]
    }

    /// A month's calendar; `root` turns site paths into links from the page it is on.
    func calendar(_ month: YearMonth, root: String) -> TemplateValue {
        let layout = MonthCalendar(month: month, weekStart: config.weekStart, diary: diary)
        let weeks: [TemplateValue] = layout.weeks.map { week in
            ["days": .list(week.map { cell -> TemplateValue in
                guard let cell else { return ["blank": true] }
                let fields: [(String, TemplateValue)] = [
                    ("date", .text(cell.date.description)),
                    ("dayNumber", .text(String(cell.date.day))),
                    ("isToday", .flag(cell.date == today)),
                ]
                return dayCell(cell.date, cell.day, root: root, after: fields)
            })]
        }
        return [
            "title": .text(names.title(of: month)),
            "weekdays": .list(layout.columnWeekdays.map { ["short": .text(names.shortWeekdayName($0)), "full": .text(names.weekdayName($0))] }),
            "weeks": .list(weeks),
        ]
    }
}
