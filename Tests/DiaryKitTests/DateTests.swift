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
}

@Suite struct WrittenDateTests {
    @Test(arguments: ["2025-01-01T10:00+25:00", "2025-01-01T10:00-14:30", "2025-01-01T10:00+1460", "2025-01-01T10:00+09:60", "2025-01-01T10:00+99"])
    func offsetsNoClockUsesAreNotDates(text: String) {
        #expect(WrittenDate.parse(text) == .failure(.notADate(text)))
    }

    @Test(arguments: ["2025-01-01T10:00+14:00", "2025-01-01T10:00-12:00", "2025-01-01T10:00+0545", "2025-01-01T10:00-09:30"])
    func everyOffsetInUseIsADate(text: String) {
        #expect(WrittenDate.parse(text) == .success(WrittenDate(date: .ymd(2025, 1, 1), secondsIntoDay: 36_000)))
    }

    @Test(arguments: [
        ("2025-03-01", CivilDate.ymd(2025, 3, 1), nil),
        ("2024-12-31T23:59:59+09:00", .ymd(2024, 12, 31), 86_399),
        ("2025-01-01T00:00:01-08:00", .ymd(2025, 1, 1), 1),
        ("2024-12-31 23:30", .ymd(2024, 12, 31), 84_600),
        ("2025-01-01T00:10:00Z", .ymd(2025, 1, 1), 600),
        ("2025-06-30T23:59:59.999-1000", .ymd(2025, 6, 30), 86_399),
        ("2024-02-29T12:00:00+14:00", .ymd(2024, 2, 29), 43_200),
    ] as [(String, CivilDate, Int?)])
    func aWrittenDateIsNeverShiftedByItsOffset(text: String, date: CivilDate, seconds: Int?) {
        #expect(WrittenDate.parse(text) == .success(WrittenDate(date: date, secondsIntoDay: seconds)))
    }

    @Test func daysThatDoNotExistAreNamedAsSuch() {
        #expect(WrittenDate.parse("2025-02-29") == .failure(.noSuchDay("2025-02-29")))
        #expect(WrittenDate.parse("2025-02-30T10:00") == .failure(.noSuchDay("2025-02-30T10:00")))
    }

    @Test(arguments: ["yesterday", "2025-3-1", "2025/03/01", "2025-03-01T25:00", "2025-03-01T10:00+0", "2025-03-01T10:00 UTC", "20250301"])
    func malformedDatesAreNotDates(text: String) {
        #expect(WrittenDate.parse(text) == .failure(.notADate(text)))
    }

    @Test func fileNamesGiveADateWhenTheyStartWithOne() {
        #expect(WrittenDate.fromFileName("2025-10-03.md") == .success(WrittenDate(date: .ymd(2025, 10, 3), secondsIntoDay: nil)))
        #expect(WrittenDate.fromFileName("2026-02-17-설날.md") == .success(WrittenDate(date: .ymd(2026, 2, 17), secondsIntoDay: nil)))
        #expect(WrittenDate.fromFileName("2025-02-30.md") == .failure(.noSuchDay("2025-02-30")))
        #expect(WrittenDate.fromFileName("notes.md") == nil)
        #expect(WrittenDate.fromFileName("2025-10-031.md") == nil)
    }
}

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
}
