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

    func run() throws {
        let reading = try readDiary(site)
        let chosen = month ?? (date.today ?? CivilDate.today(in: reading.config.timeZone)).yearMonth.previous
        guard let diaryMonth = reading.diary.month(chosen) else {
            let name = DateNames(localeIdentifier: reading.config.localeIdentifier).title(of: chosen)
            Terminal.fail("no entries in \(name) (\(chosen)): there is no recap to show.")
            throw ExitCode.failure
        }
        let report = RecapReport(month: diaryMonth, moods: reading.diary.moods, translations: reading.translations,
                                 localeIdentifier: reading.config.localeIdentifier)
        print(report.formatted(format), terminator: "")
    }
}
