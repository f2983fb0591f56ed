import Foundation

/// A time zone as an iCalendar VTIMEZONE: its offsets and daylight-saving changes as
/// Foundation's time zone data has them, from `start` on. The changes of a rule that
/// still holds at the end (the last Sunday of March, …) are written as a yearly RRULE;
/// the ones before it, and any a yearly rule cannot say, one by one.
struct TimeZoneComponent {
    /// A span of time on one offset, from its local start.
    struct Observance: Equatable {
        let isDaylight: Bool
        let offsetFrom: Int
        let offsetTo: Int
        let name: String?
        /// The wall-clock time it starts at, told in the offset before it.
        let date: CivilDate
        let seconds: Int
        /// `BYMONTH=3;BYDAY=-1SU` for one that recurs each year.
        var yearlyRule: String?

        /// The month, weekday, which of them in the month (-1 the last), the time and
        /// offsets: what stays the same from year to year under one rule.
        var ruleKey: [Int] {
            let ordinal = date.day > date.yearMonth.dayCount - 7 ? -1 : (date.day - 1) / 7 + 1
            return [isDaylight ? 1 : 0, date.month, date.weekday, ordinal, seconds, offsetFrom, offsetTo]
        }
    }

    let identifier: String
    let observances: [Observance]

    /// How many years after `start` the changes are looked up; a rule that still
    /// holds then is taken to go on.
    static let yearsAhead = 40

    init(zone: TimeZone, from start: CivilDate) {
        identifier = zone.identifier
        let from = Date(timeIntervalSince1970: Double(CivilDate(year: start.year - 1, month: 1, day: 1)!.dayNumber) * 86400)
        let until = Date(timeIntervalSince1970: Double(CivilDate(year: start.year + TimeZoneComponent.yearsAhead, month: 1, day: 1)!.dayNumber) * 86400)
        func observance(at instant: Date, offsetBefore: Int) -> Observance {
            let local = Int(instant.timeIntervalSince1970.rounded()) + offsetBefore
            let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
            return Observance(isDaylight: zone.isDaylightSavingTime(for: instant), offsetFrom: offsetBefore,
                              offsetTo: zone.secondsFromGMT(for: instant), name: zone.abbreviation(for: instant),
                              date: CivilDate(dayNumber: days), seconds: local - days * 86400)
        }
        // The offset in force when the look-up starts, a year before `start`, covers every
        // moment until the first change.
        let first = zone.secondsFromGMT(for: from)
        var observances = [observance(at: from, offsetBefore: first)]
        var instant = from
        while let change = zone.nextDaylightSavingTimeTransition(after: instant), change < until {
            let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
            let next = observance(at: change, offsetBefore: before)
            if next.offsetTo != before || next.isDaylight != observances.last!.isDaylight { observances.append(next) }
            instant = change
        }
        self.observances = TimeZoneComponent.foldingYearlyRule(observances, until: start.year + TimeZoneComponent.yearsAhead)
    }

    /// The longest run of changes at the end that alternate between two yearly rules,
    /// written as one observance of each with an RRULE; a run that stopped before
    /// `until` (a zone that gave up daylight saving) stays as it is.
    static func foldingYearlyRule(_ observances: [Observance], until lastYear: Int) -> [Observance] {
        let changes = observances.dropFirst()
        guard changes.count >= 4, let last = changes.last, last.date.year >= lastYear - 2 else { return observances }
        var start = changes.endIndex - 2
        while start > changes.startIndex, changes[start - 1].ruleKey == changes[start + 1].ruleKey,
              changes[start - 1].date.year + 1 == changes[start + 1].date.year,
              changes[start - 1].isDaylight != changes[start].isDaylight {
            start -= 1
        }
        // Both rules must have been seen at least twice to be taken as rules.
        guard changes.endIndex - start >= 4, changes[start].isDaylight != changes[start + 1].isDaylight,
              changes[start].ruleKey == changes[start + 2].ruleKey, changes[start + 1].ruleKey == changes[start + 3].ruleKey else {
            return observances
        }
        let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        let rules = [changes[start], changes[start + 1]].map { change -> Observance in
            var rule = change
            let key = change.ruleKey
            rule.yearlyRule = "FREQ=YEARLY;BYMONTH=\(key[1]);BYDAY=\(key[3])\(weekdays[key[2] - 1])"
            return rule
        }
        return Array(observances[..<start]) + rules
    }

    /// The VTIMEZONE component.
    func write(to calendar: inout CalendarText) {
        calendar.begin("VTIMEZONE")
        calendar.line("TZID", identifier)
        for observance in observances {
            let kind = observance.isDaylight ? "DAYLIGHT" : "STANDARD"
            calendar.begin(kind)
            calendar.line("DTSTART", CalendarText.dateTime(observance.date, seconds: observance.seconds))
            calendar.line("TZOFFSETFROM", CalendarText.offset(observance.offsetFrom))
            calendar.line("TZOFFSETTO", CalendarText.offset(observance.offsetTo))
            if let rule = observance.yearlyRule { calendar.line("RRULE", rule) }
            if let name = observance.name { calendar.text("TZNAME", name) }
            calendar.end(kind)
        }
        calendar.end("VTIMEZONE")
    }
}
