// Sources/DiaryKit/Model/: the calendar arithmetic of CivilDate and YearMonth that days,
// months and years are made of, and the order of a day's entries.
import Foundation
import Testing
@testable import DiaryKit

@Suite struct CivilDateTests {
    @Test func leapDaysExistOnlyInLeapYears() {
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2025, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2025, month: 2, day: 30) == nil)
        #expect(CivilDate(year: 2025, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2025, month: 13, day: 1) == nil)
    }

    @Test func dayNumbersRoundTripAcrossCenturies() {
        #expect(CivilDate.ymd(1970, 1, 1).dayNumber == 0)
        #expect(CivilDate.ymd(2000, 3, 1).dayNumber == 11_017)
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            let date = CivilDate(dayNumber: number)
            #expect(date.dayNumber == number)
            #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
        }
    }

    @Test func yearBoundaryAndLeapDayArithmetic() {
        #expect(CivilDate.ymd(2024, 12, 31).adding(days: 1) == .ymd(2025, 1, 1))
        #expect(CivilDate.ymd(2025, 1, 1).adding(days: -1) == .ymd(2024, 12, 31))
        #expect(CivilDate.ymd(2024, 2, 28).adding(days: 1) == .ymd(2024, 2, 29))
        #expect(CivilDate.ymd(2024, 2, 29).adding(days: 1) == .ymd(2024, 3, 1))
        #expect(CivilDate.ymd(2025, 2, 28).adding(days: 1) == .ymd(2025, 3, 1))
        #expect(YearMonth(year: 2024, month: 12).next == YearMonth(year: 2025, month: 1))
        #expect(YearMonth(year: 2025, month: 1).previous == YearMonth(year: 2024, month: 12))
    }

    @Test func weekdaysMatchTheCalendar() {
        #expect(CivilDate.ymd(1970, 1, 1).weekday == 5) // Thursday
        #expect(CivilDate.ymd(2024, 2, 29).weekday == 5) // Thursday
        #expect(CivilDate.ymd(2025, 1, 1).weekday == 4) // Wednesday
        #expect(CivilDate.ymd(2025, 6, 1).weekday == 1) // Sunday
        #expect(CivilDate.ymd(1969, 12, 31).weekday == 4) // Wednesday
    }

    /// Dates and their folders are written as bytes; every year, early, late or before
    /// year 0, reads as zero-padded text would; and each folder is that many `../` from the root.
    @Test func datesAndTheirFoldersAreZeroPadded() {
        #expect(CivilDate.ymd(2026, 11, 28).description == "2026-11-28")
        #expect(CivilDate.ymd(1, 2, 3).description == "0001-02-03")
        #expect(CivilDate.ymd(9999, 12, 31).description == "9999-12-31")
        #expect(YearMonth(year: 987, month: 6).description == "0987-06")
        #expect(SitePaths.day(.ymd(2024, 2, 29)) == "2024/02/29/")
        #expect(SitePaths.month(YearMonth(year: 10, month: 10)) == "0010/10/")
        for year in [-12_345, -1, 0, 7, 99, 100, 1969, 9999, 10_000, 123_456] {
            let date = CivilDate(year: year, month: 7, day: 4)!
            let digits = pad(year, 4)
            #expect(date.description == "\(digits)-07-04")
            #expect(date.yearMonth.description == "\(digits)-07")
            #expect(SitePaths.day(date) == "\(digits)/07/04/")
            #expect(SitePaths.month(date.yearMonth) == "\(digits)/07/")
        }
        #expect(SitePaths.root(of: "index.html") == "./")
        #expect(SitePaths.root(of: "2024/02/29/index.html") == "../../../")
        #expect(SitePaths.root(of: "tags/산책/2025/index.html") == "../../../")
        #expect(SitePaths.root(of: String(repeating: "a/", count: 12) + "index.html") == String(repeating: "../", count: 12))
        #expect(pad(5, 4) == "0005")
        #expect(pad(12_345, 4) == "12345")
    }
}

@Suite struct DiaryOrderTests {
    /// Entries of one day written at `times` (a file each, named a, b, c, … so the file order is no help), in the diary's order.
    func order(_ times: [String]) throws -> [String] {
        let entries = try times.enumerated().map { index, time in
            let written = try WrittenDate.parse("2026-11-01T" + time).get()
            let path = String(UnicodeScalar(UInt8(97 + index))) + ".md"
            return Entry(source: SourceFile(contentPath: path, url: URL(fileURLWithPath: "/" + path)),
                         metadata: EntryMetadata(date: written.date, secondsIntoDay: written.secondsIntoDay, utcOffset: written.utcOffset,
                                                 mood: defaultScale.match("good")!),
                         body: Markdown.convert(""), isPublished: true, linkedAssets: [])
        }
        return Diary(entries: entries, moods: defaultScale).days[0].entries.map { times[Int($0.source.contentPath.utf8.first! - 97)] }
    }

    @Test func onTheNightClocksGoBackEntriesWithOffsetsFollowTheMomentTheyWereWritten() throws {
        // New York, 1 November 2026: 01:59 EDT (-04:00) is followed by 01:00 EST (-05:00).
        #expect(try order(["01:10-05:00", "01:30-04:00"]) == ["01:30-04:00", "01:10-05:00"])
        #expect(try order(["03:00-05:00", "01:10-05:00", "01:50-04:00", "00:30-04:00"])
                == ["00:30-04:00", "01:50-04:00", "01:10-05:00", "03:00-05:00"])
        // Offsets of different places are one timeline too.
        #expect(try order(["09:00+09:00", "02:00+01:00"]) == ["09:00+09:00", "02:00+01:00"])
    }

    @Test func entriesWithoutOffsetsKeepClockOrderAndMixedOnesReadTheDaysFirstClock() throws {
        #expect(try order(["01:30", "01:10", "23:00"]) == ["01:10", "01:30", "23:00"])
        // The day began on -04:00: 01:20 without an offset is 01:20-04:00, and 01:10-05:00 is 02:10 on that clock.
        let mixed = ["01:10-05:00", "01:20", "01:30-04:00", "02:30"]
        #expect(try order(mixed) == ["01:20", "01:30-04:00", "01:10-05:00", "02:30"])
        // The same order whichever way the files come in: one time per entry, never a cycle.
        #expect(try order(mixed.reversed()) == ["01:20", "01:30-04:00", "01:10-05:00", "02:30"])
    }
}
