// Sources/DiaryKit/Model/: the calendar arithmetic of CivilDate and YearMonth that days,
// months and years are made of.
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
