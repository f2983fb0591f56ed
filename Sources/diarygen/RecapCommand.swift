import ArgumentParser
import DiaryKit
import Foundation

struct Recap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a month's recap: last month's unless --month says otherwise.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The month, YYYY-MM (default: last month).")
    var month: YearMonth?

    @OptionGroup var date: TodayOption

    @Option(name: .long, help: "text, markdown or json.")
    var format: RecapReport.Format = .text

    @Flag(name: .long, help: "Fail on an error in any entry; by default only one in the month recapped fails, others are warned about.")
    var strict = false

    func run() throws {
        func siteToday(_ config: SiteConfig) -> CivilDate { date.today ?? CivilDate.today(in: config.timeZone) }
        // One broken old entry must not stop the monthly mail: only the recapped month's errors stop it.
        let reading = try readDiary(site) { strict ? .stop : .skipOutside(month ?? siteToday($0).yearMonth.previous) }
        let today = siteToday(reading.config)
        let chosen = month ?? today.yearMonth.previous
        guard let diaryMonth = reading.diary.month(chosen) else {
            let name = DateNames(localeIdentifier: reading.config.localeIdentifier).title(of: chosen)
            Terminal.fail(reading.translations.format("no_recap", ["month": name, "yearMonth": chosen.description]))
            throw ExitCode.failure
        }
        let report = RecapReport(month: diaryMonth, moods: reading.diary.moods, translations: reading.translations,
                                 localeIdentifier: reading.config.localeIdentifier, today: today)
        print(report.formatted(format), terminator: "")
    }
}
