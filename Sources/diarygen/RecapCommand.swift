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
        func chosenMonth(_ config: SiteConfig) -> YearMonth {
            month ?? (date.today ?? CivilDate.today(in: config.timeZone)).yearMonth.previous
        }
        // One broken old entry must not stop the monthly mail: only the recapped month's errors stop it.
        let reading = try readDiary(site) { strict ? .stop : .skipOutside(chosenMonth($0)) }
        let chosen = chosenMonth(reading.config)
        guard let diaryMonth = reading.diary.month(chosen) else {
            let name = DateNames(localeIdentifier: reading.config.localeIdentifier).title(of: chosen)
            Terminal.complain(reading.translations.format("no_recap", ["month": name, "yearMonth": chosen.description]))
            throw ExitCode.failure
        }
        let report = RecapReport(month: diaryMonth, moods: reading.diary.moods, translations: reading.translations,
                                 localeIdentifier: reading.config.localeIdentifier)
        print(report.formatted(format), terminator: "")
    }
}
