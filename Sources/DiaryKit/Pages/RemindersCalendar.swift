import Foundation

/// `reminders.ics`: a calendar a phone subscribes to, so it rings where a static site
/// cannot. A daily "write today's entry" and, on the 1st of each month, "look back at
/// last month", each at a time of the diary's own time zone, each one recurring event
/// with an alarm. What is in it depends only on the settings, the site's words and
/// the month the diary began, so a calendar that checks it again finds the same
/// events under the same UIDs.
struct RemindersCalendar {
    let settings: ReminderSettings
    let zone: TimeZone
    /// The recurring "last month" has no one recap to link to; the home page shows
    /// last month's recap first during a month's first week. Nil without `base_url`:
    /// then the events have no address.
    let baseURL: String?
    let siteTitle: String
    let words: Translations
    /// When the events begin: the 1st of the month the diary began in.
    let start: CivilDate

    var text: String {
        var calendar = CalendarText()
        calendar.begin("VCALENDAR")
        calendar.line("VERSION", "2.0")
        calendar.line("PRODID", "-//diarygen//reminders//EN")
        calendar.line("CALSCALE", "GREGORIAN")
        calendar.line("METHOD", "PUBLISH")
        calendar.text("X-WR-CALNAME", words.format("reminders_calendar", ["site": siteTitle]))
        calendar.line("X-WR-TIMEZONE", zone.identifier)
        // How often a subscribing calendar should look again.
        calendar.line("REFRESH-INTERVAL;VALUE=DURATION", "P1D")
        calendar.line("X-PUBLISHED-TTL", "P1D")
        TimeZoneComponent(zone: zone, from: start).write(to: &calendar)
        if let daily = settings.daily {
            event("daily-entry", at: daily, rule: "FREQ=DAILY", summary: words["reminder_daily"],
                  description: words["reminder_daily_text"], in: &calendar)
        }
        if let recap = settings.recap {
            event("monthly-recap", at: recap, rule: "FREQ=MONTHLY;BYMONTHDAY=1", summary: words["reminder_recap"],
                  description: words["reminder_recap_text"], in: &calendar)
        }
        calendar.end("VCALENDAR")
        return calendar.text
    }

    /// The UIDs' right side: the site's address without its scheme, so two diaries'
    /// reminders never share a UID; one without `base_url` is just a diarygen diary.
    var uidDomain: String {
        guard let baseURL, let schemeEnd = baseURL.range(of: "://") else { return "diarygen" }
        return String(baseURL[schemeEnd.upperBound...].dropLast(baseURL.hasSuffix("/") ? 1 : 0))
    }

    private func event(_ name: String, at seconds: Int, rule: String, summary: String, description: String, in calendar: inout CalendarText) {
        calendar.begin("VEVENT")
        calendar.line("UID", "\(name)@\(uidDomain)")
        // The same stamp at every build: the events change only when the settings do.
        calendar.line("DTSTAMP", CalendarText.dateTime(start, seconds: 0) + "Z")
        calendar.line("DTSTART;TZID=\(zone.identifier)", CalendarText.dateTime(start, seconds: seconds))
        calendar.line("DURATION", "PT15M")
        calendar.line("RRULE", rule)
        calendar.text("SUMMARY", summary)
        calendar.text("DESCRIPTION", baseURL.map { description + "\n" + $0 } ?? description)
        if let baseURL { calendar.line("URL", baseURL) }
        // A reminder, not an appointment: it leaves the time free.
        calendar.line("TRANSP", "TRANSPARENT")
        calendar.begin("VALARM")
        calendar.line("ACTION", "DISPLAY")
        calendar.text("DESCRIPTION", summary)
        calendar.line("TRIGGER", "PT0M")
        calendar.end("VALARM")
        calendar.end("VEVENT")
    }
}

extension SitePages {
    /// The reminders as this site's settings, words and diary make them; planned only
    /// when diarygen.yml has `reminders:`.
    func remindersCalendar() -> String {
        RemindersCalendar(settings: config.reminders!, zone: config.timeZone, baseURL: config.baseURL,
                          siteTitle: siteTitle, words: words, start: (diary.days.first?.date ?? today).yearMonth.firstDay).text
    }
}
