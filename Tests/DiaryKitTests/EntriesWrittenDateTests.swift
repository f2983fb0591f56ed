// Sources/DiaryKit/Entries/WrittenDate.swift: dates as people write them.
import Testing
@testable import DiaryKit
import TestFixtures

@Suite struct WrittenDateTests {
    @Test(arguments: ["2025-01-01T10:00+25:00", "2025-01-01T10:00-14:30", "2025-01-01T10:00+1460", "2025-01-01T10:00+09:60", "2025-01-01T10:00+99"])
    func offsetsNoClockUsesAreNotDates(text: String) {
        #expect(WrittenDate.parse(text) == .failure(.notADate(text)))
    }

    @Test(arguments: [("2025-01-01T10:00+14:00", 50_400), ("2025-01-01T10:00-12:00", -43_200), ("2025-01-01T10:00+0545", 20_700),
                      ("2025-01-01T10:00-09:30", -34_200), ("2025-01-01T10:00Z", 0), ("2025-01-01T10:00 +09", 32_400)])
    func everyOffsetInUseIsADate(text: String, offset: Int) {
        #expect(WrittenDate.parse(text) == .success(WrittenDate(date: .ymd(2025, 1, 1), secondsIntoDay: 36_000, utcOffset: offset)))
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
    func aWrittenDateIsNeverShiftedByItsOffset(text: String, date: CivilDate, seconds: Int?) throws {
        let written = try WrittenDate.parse(text).get()
        #expect(written.date == date && written.secondsIntoDay == seconds)
    }

    @Test func daysThatDoNotExistAreNamedAsSuch() {
        #expect(WrittenDate.parse("2025-02-29") == .failure(.noSuchDay("2025-02-29")))
        #expect(WrittenDate.parse("2025-02-30T10:00") == .failure(.noSuchDay("2025-02-30T10:00")))
    }

    @Test(arguments: ["yesterday", "2025-3-1", "2025/03/01", "2025-03-01T25:00", "2025-03-01T10:00+0", "2025-03-01T10:00 UTC", "20250301"])
    func malformedDatesAreNotDates(text: String) {
        #expect(WrittenDate.parse(text) == .failure(.notADate(text)))
    }
}
