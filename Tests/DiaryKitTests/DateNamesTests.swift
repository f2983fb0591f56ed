// Sources/DiaryKit/Rendering/DateNames.swift and DatePattern.swift: month, weekday and
// date names by locale.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct DateNamesTests {
    /// Written dates are proleptic Gregorian: no Julian days before October 1582.
    @Test func earlyDatesAreNamedAsWritten() {
        let english = DateNames(localeIdentifier: "en_US")
        #expect(english.title(of: .ymd(1500, 3, 1)) == "Thursday, March 1, 1500")
        #expect(english.title(of: .ymd(1582, 10, 4)) == "Monday, October 4, 1582")
        #expect(english.title(of: .ymd(1582, 10, 15)) == "Friday, October 15, 1582")
        #expect(english.title(of: .ymd(4, 2, 29)) == "Sunday, February 29, 4")
        #expect(english.title(of: YearMonth(year: 1500, month: 3)) == "March 1500")
        #expect(english.short(.ymd(1200, 2, 29)) == "Feb 29")
        let korean = DateNames(localeIdentifier: "ko_KR")
        #expect(korean.title(of: .ymd(1500, 3, 1)) == "1500년 3월 1일 목요일")
    }

    /// The names of a site's days, kept in slots of their own, are those made without
    /// them: at the range's ends, outside it, asked again, and asked on every core at once.
    @Test func namesOfTheSitesDaysAreTheSameAsOthers() {
        let days = CivilDate.ymd(1599, 12, 30)...CivilDate.ymd(1600, 1, 2)
        let dates = [CivilDate.ymd(1599, 12, 29), .ymd(1599, 12, 30), .ymd(1599, 12, 31), .ymd(1600, 1, 1), .ymd(1600, 1, 2), .ymd(1600, 1, 3)]
        for locale in ["en_US", "ko_KR"] {
            let plain = DateNames(localeIdentifier: locale)
            let slotted = DateNames(localeIdentifier: locale, days: days)
            let expected = dates.map { [plain.title(of: $0), plain.short($0), plain.medium($0), plain.title(of: $0.yearMonth)] }
            let named = Array(repeating: dates, count: 8).flatMap { $0 }.concurrentMap { date in
                [slotted.title(of: date), slotted.short(date), slotted.medium(date), slotted.title(of: date.yearMonth)]
            }
            #expect(named == Array(repeating: expected, count: 8).flatMap { $0 })
        }
        #expect(DateNames(localeIdentifier: "en_US", days: days).title(of: .ymd(1599, 12, 31)) == "Friday, December 31, 1599")
        // A diary from year 1 to 9999 names its days behind the lock, the same.
        let wide = DateNames(localeIdentifier: "en_US", days: CivilDate.ymd(1, 1, 1)...CivilDate.ymd(9999, 12, 31))
        #expect(wide.title(of: .ymd(1, 1, 1)) == "Monday, January 1, 1" && wide.short(.ymd(9999, 12, 31)) == "Dec 31")
    }

    /// A name made from its style's pattern is the formatter's own, in every locale
    /// Foundation has: each month and weekday, days of one and two digits, in 1970
    /// through 2099. English and Korean names are made from their patterns.
    /// A rebuild takes the names ICU gave the locale from the build cache (`date-names`):
    /// they are the names a fresh DateNames gives, patterns or none (Arabic's digits).
    @Test func namesFromTheCacheAreThoseICUGave() throws {
        let site = TestSite()
        let cache = BuildCache(site: SiteFolder(site.folder))
        let dates = [CivilDate.ymd(1599, 12, 31), .ymd(2024, 2, 29), .ymd(2025, 10, 3), .ymd(2026, 1, 1)]
        for locale in ["en_US", "ko_KR", "ar_EG", "ja_JP"] {
            let fresh = DateNames(localeIdentifier: locale)
            try cache.saveDateNames(fresh.recipe, localeIdentifier: locale)
            let recipe = try #require(cache.loadDateNames(localeIdentifier: locale))
            #expect(recipe == fresh.recipe, "\(locale)")
            #expect(cache.loadDateNames(localeIdentifier: "fr_FR") == nil, "another locale's names are not taken")
            let cached = DateNames(localeIdentifier: locale, days: dates.first!...dates.last!, recipe: recipe)
            for date in dates {
                #expect([cached.title(of: date), cached.short(date), cached.medium(date), cached.title(of: date.yearMonth)]
                    == [fresh.title(of: date), fresh.short(date), fresh.medium(date), fresh.title(of: date.yearMonth)], "\(locale) \(date)")
            }
            #expect(cached.monthNames == fresh.monthNames && cached.shortWeekdayNames == fresh.shortWeekdayNames)
        }
        #expect(DateNames(localeIdentifier: "ar_EG").recipe.patterns.contains { $0 == nil }, "Arabic's digits keep a formatter")
    }

    @Test func patternNamesAreTheFormattersInEveryLocale() {
        let dates = [1970, 1999, 2000, 2024, 2025, 2099].enumerated().flatMap { index, year in
            (1...12).map { month in CivilDate.ymd(year, month, (index * 7 + month * 5) % CivilDate.daysIn(year: year, month: month) + 1) }
        } + [.ymd(2000, 2, 29), .ymd(2024, 2, 29), .ymd(2024, 12, 31)]
        let templates = ["yMMMM", "yMMMMdEEEE", "MMMd", "yMMMd"]
        for locale in Locale.availableIdentifiers {
            let names = DateNames(localeIdentifier: locale)
            let formatters = templates.map { template in
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: locale)
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.setLocalizedDateFormatFromTemplate(template)
                return formatter
            }
            for date in dates {
                let expected = formatters.map { $0.string(from: DateNames.instant(date)) }
                #expect([names.title(of: date.yearMonth), names.title(of: date), names.short(date), names.medium(date)] == expected, "\(locale) \(date)")
            }
            if locale == "en_US" || locale == "ko_KR" { #expect(formatters.allSatisfy { DatePattern($0) != nil }) }
            // The names of months and weekdays are taken from one of the styles' formatters:
            // they are the locale's, as a formatter of no month or weekday names has them.
            let plain = DateFormatter()
            plain.locale = Locale(identifier: locale)
            plain.calendar = Calendar(identifier: .gregorian)
            plain.setLocalizedDateFormatFromTemplate("d")
            #expect([names.monthNames, names.shortMonthNames, names.weekdayNames, names.shortWeekdayNames]
                == [plain.standaloneMonthSymbols, plain.shortStandaloneMonthSymbols, plain.standaloneWeekdaySymbols, plain.shortStandaloneWeekdaySymbols], "\(locale)")
        }
    }
}
