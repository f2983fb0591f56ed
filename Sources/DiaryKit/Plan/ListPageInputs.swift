/// What the pages that count or list many entries are made from: the trophies, the
/// insights, the tags' pages and the lists of entries.
extension PagePlan {
    /// What the trophies page is made from: which days were written, with how many
    /// entries, which have pages to link to, and today, which streaks go on to.
    static func trophiesInputs(_ diary: Diary, today: CivilDate) -> Fingerprint {
        var inputs = Fingerprint()
        for day in diary.days {
            inputs.add(day.date.dayNumber)
            inputs.add(day.entries.count * 2 + (day.hasPage ? 1 : 0))
        }
        inputs.add(today.dayNumber)
        return inputs
    }

    /// What the insights page is made from: every entry's date, mood and, when this
    /// build shows them, its tags and other fields; and today, for the current streak.
    static func insightsInputs(_ diary: Diary, today: CivilDate) -> Fingerprint {
        var inputs = Fingerprint()
        inputs.add(today.dayNumber)
        for entry in diary.entries {
            inputs.add(entry.date.dayNumber)
            inputs.optional(entry.mood?.id)
            guard entry.isPublished else { inputs.add(0); continue }
            inputs.strings(entry.tags)
            for (key, value) in entry.otherFields.sorted(by: { $0.key < $1.key }) { inputs.add(key); inputs.add(value) }
        }
        return inputs
    }

    /// What calendars, the year's grid, mood charts and month cards show of each month:
    /// each day's date, mood and entries' moods, and whether it has a page; not what the
    /// entries say, so an edit of an entry's words leaves those pages as they are.
    static func calendarInputs(_ diary: Diary) -> [YearMonth: Fingerprint] {
        var months: [YearMonth: Fingerprint] = [:]
        for month in diary.months {
            var inputs = Fingerprint()
            for day in month.days {
                inputs.add(day.date.dayNumber)
                inputs.optional(day.mood?.id)
                inputs.add(day.entries.count * 2 + (day.hasPage ? 1 : 0))
                day.entries.forEach { inputs.optional($0.mood?.id) }
            }
            months[month.month] = inputs
        }
        return months
    }

    /// What the home page shows: today's month's calendar and the cards of months before it
    /// (of any month, as calendars show them), and the entries of today's date in earlier
    /// years as lists show them.
    static func homeInputs(_ diary: Diary, calendars: [YearMonth: Fingerprint], onThisDay: OnThisDay, today: CivilDate) -> Fingerprint {
        var inputs = Fingerprint()
        inputs.add(today.dayNumber)
        for month in diary.months {
            inputs.add(month.month.ordinal)
            inputs.add(calendars[month.month]!.value)
        }
        for memory in onThisDay.memories(of: today, earlierOnly: true) {
            inputs.add(memory.yearsAgo)
            memory.day.publishedEntries.forEach { inputs.add(summaryOf: $0) }
        }
        return inputs
    }

    /// What the tags' index shows: each tag's names, entries and moods.
    static func tagIndexInputs(_ stats: TagStats) -> Fingerprint {
        var inputs = Fingerprint()
        for tag in stats.tags {
            inputs.add(tag.folder)
            inputs.strings(tag.names)
            inputs.add(tag.entries.count)
            tag.moodCounts.forEach { inputs.add($0) }
        }
        return inputs
    }

    /// What a tag's page of one year shows: the tag's names, count and moods, the years
    /// it links, and that year's entries' summaries.
    static func tagInputs(_ tag: TagStats.Tag, year: Int?, years: [Int]) -> Fingerprint {
        var inputs = Fingerprint()
        inputs.strings(tag.names)
        inputs.add(tag.entries.count)
        tag.moodCounts.forEach { inputs.add($0) }
        years.forEach { inputs.add($0) }
        inputs.add(year ?? 0)
        for entry in year.map(tag.entries(of:)) ?? [] { inputs.add(summaryOf: entry) }
        return inputs
    }

    /// What a year's list of entries shows: its published entries' summaries, and the
    /// years whose lists it links.
    static func entryListInputs(_ diary: Diary, year: Int?, years: [Int]) -> Fingerprint {
        var inputs = Fingerprint()
        years.forEach { inputs.add($0) }
        inputs.add(year ?? 0)
        for month in year.map(diary.months(of:)) ?? [] {
            for entry in month.entries where entry.isPublished { inputs.add(summaryOf: entry) }
        }
        return inputs
    }
}

extension Fingerprint {
    /// What a list of entries shows of one: its date, mood, title and excerpt.
    mutating func add(summaryOf entry: Entry) {
        add(entry.summary.value)
    }
}
