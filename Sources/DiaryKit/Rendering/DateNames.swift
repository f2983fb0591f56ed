import Foundation
import Synchronization

/// Month, weekday and date names in the site's locale, from Foundation's ICU data.
/// Civil dates are formatted at noon UTC in UTC, so no time zone can move them.
public final class DateNames: @unchecked Sendable {
    /// The ways a date is named, each with its formatter in `formatters`.
    private enum Style: Int, CaseIterable {
        case monthYear, full, short, medium

        var template: String {
            switch self {
            case .monthYear: "yMMMM"
            case .full: "yMMMMdEEEE"
            case .short: "MMMd"
            case .medium: "yMMMd"
            }
        }
    }

    /// What ICU gave a locale's names: each style's pattern, where it names dates as its
    /// formatter does, and the names of months and weekdays (Sunday first, as Foundation
    /// orders them). The build cache keeps it, for ICU takes milliseconds to make formatters.
    struct Recipe: Sendable, Equatable {
        let patterns: [DatePattern?]
        let monthNames: [String], shortMonthNames: [String], weekdayNames: [String], shortWeekdayNames: [String]
    }

    let recipe: Recipe
    /// Each style's formatter, where it has no pattern (made only then).
    private let formatters: [DateFormatter?]
    public var monthNames: [String] { recipe.monthNames }
    public var shortMonthNames: [String] { recipe.shortMonthNames }
    public var weekdayNames: [String] { recipe.weekdayNames }
    public var shortWeekdayNames: [String] { recipe.shortWeekdayNames }

    /// Days of a diary that spans more than this (a year mistyped by centuries) are
    /// named behind the lock, as other days are: slots for every day between would
    /// take megabytes.
    static let slottedDaysAtMost = 200 * 366

    /// Names of the days in `days` are kept in slots of their own (`OnceSlots`): a
    /// site's pages ask for them on every core, all the time.
    public convenience init(localeIdentifier: String, days: ClosedRange<CivilDate>? = nil) {
        self.init(localeIdentifier: localeIdentifier, days: days, recipe: nil)
    }

    /// `recipe`, when given, is what a build of the same program found for this locale.
    init(localeIdentifier: String, days: ClosedRange<CivilDate>?, recipe: Recipe?) {
        slotDays = days.map { $0.lowerBound.dayNumber...$0.upperBound.dayNumber }.flatMap { $0.count <= DateNames.slottedDaysAtMost ? $0 : nil }
        slots = OnceSlots(count: (slotDays?.count ?? 0) * Style.allCases.count)
        let locale = Locale(identifier: localeIdentifier)
        func formatter(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        if let recipe {
            self.recipe = recipe
            formatters = Style.allCases.map { recipe.patterns[$0.rawValue] == nil ? formatter($0.template) : nil }
            return
        }
        let all = Style.allCases.map { formatter($0.template) }
        // ICU makes each formatter when it is first asked (a millisecond or so each, on a
        // build's one path to its pages): on every core. The names of months and weekdays
        // are the locale's, whatever a formatter's pattern.
        let patterns = all.concurrentMap(DatePattern.init)
        formatters = zip(all, patterns).map { $1 == nil ? $0 : nil }
        self.recipe = Recipe(patterns: patterns, monthNames: all[0].standaloneMonthSymbols, shortMonthNames: all[0].shortStandaloneMonthSymbols,
                             weekdayNames: all[0].standaloneWeekdaySymbols, shortWeekdayNames: all[0].shortStandaloneWeekdaySymbols)
    }

    static func instant(_ date: CivilDate) -> Date {
        Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400 + 43_200)
    }

    /// A name of the days in `slotDays` is made once and read without a lock. Other days'
    /// names are made by their pattern each time they are asked for, or, where a style has
    /// none, made once and kept in `made`. Formatters are used under its lock, since they
    /// are not safe to share. The standard library's `Mutex` spins briefly before it
    /// sleeps, where a lock that sleeps at once kept the cores waking each other.
    private let made = Mutex<[NameKey: String]>([:])
    /// A slot for each style and day of `slotDays`.
    private let slots: OnceSlots<String>
    private let slotDays: ClosedRange<Int>?

    private struct NameKey: Hashable {
        let style: Style
        let day: Int
    }

    private func format(_ style: Style, _ date: CivilDate) -> String {
        let day = date.dayNumber
        if let days = slotDays, days.contains(day) {
            return slots.value(at: style.rawValue * days.count + day - days.lowerBound) {
                recipe.patterns[style.rawValue]?.name(date) ?? made.withLock { _ in DateNames.name(formatters[style.rawValue]!, date) }
            }
        }
        if let pattern = recipe.patterns[style.rawValue] { return pattern.name(date) }
        let formatter = formatters[style.rawValue]!
        return made.withLock { made in
            let key = NameKey(style: style, day: day)
            if let name = made[key] { return name }
            let name = DateNames.name(formatter, date)
            made[key] = name
            return name
        }
    }

    private static func name(_ formatter: DateFormatter, _ date: CivilDate) -> String {
        // Foundation's Gregorian calendar turns Julian before 15 October 1582, but a diary's
        // dates are Gregorian as written. The calendar repeats every 400 years, weekdays
        // included, so an early date is named 400·k years on, and its own year put back.
        let shift = date.year < 1600 ? (1999 - date.year) / 400 * 400 : 0
        let name = formatter.string(from: DateNames.instant(CivilDate(year: date.year + shift, month: date.month, day: date.day)!))
        return shift > 0 ? name.replacingEvery(String(date.year + shift), with: String(date.year)) : name
    }

    /// "October 2025", "2025년 10월"
    public func title(of month: YearMonth) -> String { format(.monthYear, month.firstDay) }
    /// "Friday, October 3, 2025", "2025년 10월 3일 금요일"
    public func title(of date: CivilDate) -> String { format(.full, date) }
    /// "Oct 3", "10월 3일"
    public func short(_ date: CivilDate) -> String { format(.short, date) }
    /// With its year, without its weekday: "Nov 16, 2026", "2026년 11월 16일".
    public func medium(_ date: CivilDate) -> String { format(.medium, date) }
    /// 1 = Sunday … 7 = Saturday.
    public func weekdayName(_ weekday: Int) -> String { weekdayNames[weekday - 1] }
    public func shortWeekdayName(_ weekday: Int) -> String { shortWeekdayNames[weekday - 1] }
}
