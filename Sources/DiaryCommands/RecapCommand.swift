import ArgumentParser
import DiaryKit
import Foundation

struct Recap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recap",
        abstract: "Print a month's recap: last month's unless --month says otherwise; or a year in review with --year.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The month, YYYY-MM (default: last month).")
    var month: YearMonth?

    @Option(name: .long, help: "A year, YYYY: its year in review instead of a month's recap.")
    var year: Int?

    @OptionGroup var date: TodayOption

    @Option(name: .long, help: "text, markdown or json.")
    var format: RecapReport.Format = .text

    @Flag(name: .long, help: "Fail on an error in any entry; by default only one in the month (or year) recapped fails, others are warned about.")
    var strict = false

    func validate() throws {
        if month != nil, year != nil { throw ValidationError("Give --month or --year, not both.") }
    }

    func run() throws {
        func siteToday(_ config: SiteConfig) -> CivilDate { date.today ?? CivilDate.today(in: config.timeZone) }
        // One broken old entry must not stop the monthly mail: only the recapped period's errors stop it.
        let reading = try readDiary(site) { config in
            if strict { return .stop }
            if let year { return .skipOutsideYear(year) }
            return .skipOutside(month ?? siteToday(config).yearMonth.previous)
        }
        let today = siteToday(reading.config)
        let locale = reading.config.localeIdentifier
        if let year {
            guard reading.diary.years.contains(year) else {
                Terminal.fail(reading.translations.format("no_year_review", ["year": String(year)]))
                throw ExitCode.failure
            }
            let report = RecapReport(year: year, diary: reading.diary, translations: reading.translations, localeIdentifier: locale,
                                     weekStart: reading.config.weekStart, today: today)
            print(report.formatted(format), terminator: "")
            return
        }
        let chosen = month ?? today.yearMonth.previous
        guard let diaryMonth = reading.diary.month(chosen) else {
            let name = DateNames(localeIdentifier: locale).title(of: chosen)
            Terminal.fail(reading.translations.format("no_recap", ["month": name, "yearMonth": chosen.description]))
            throw ExitCode.failure
        }
        let report = RecapReport(month: diaryMonth, moods: reading.diary.moods, translations: reading.translations,
                                 localeIdentifier: locale, today: today)
        print(report.formatted(format), terminator: "")
    }
}
