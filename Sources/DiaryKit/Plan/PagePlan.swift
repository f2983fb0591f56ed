/// Which files the site holds, where, and what each is made from, decided from the
/// diary before any page is laid out: a rebuild compares each file's inputs with
/// those of the file on disk and makes only the files whose inputs changed.
struct PagePlan: Sendable {
    /// What a planned file shows.
    indirect enum Kind: Sendable {
        case home, notFound, reviews, trophies, insights
        /// A year's entries (`entries/YYYY/`, and the newest year's at `entries/` too);
        /// nil when no entry is published.
        case entries(year: Int?)
        /// Every tag, and one tag's page: its moods, and its entries of one year (the
        /// newest year's at `tags/TAG/`, each year's at `tags/TAG/YYYY/`).
        case tagIndex(TagStats), tag(TagStats.Tag, year: Int?)
        case year(Int)
        case yearRecap(Int), yearRecapData(Int)
        case monthCalendar(DiaryMonth)
        /// The current streak is given for the month of today only, which shows it (none is a streak of 0).
        case recap(DiaryMonth, currentStreak: Streaks.Run?), recapChart(DiaryMonth), recapData(DiaryMonth)
        /// With the days before and after it that have pages, for its previous/next links.
        /// The same date's pages in other years it links are the plan's `sameDates(of:)`.
        case day(DiaryDay, previous: CivilDate?, next: CivilDate?)
        case stylesheet, robots, sitemap, feed, reminders
        /// The search page, its script, and the index's files (SearchIndex).
        case search, searchScript, searchEntries, searchTerms(part: Int), searchText(YearMonth)

        var isSearchIndex: Bool {
            switch self {
            case .searchEntries, .searchTerms, .searchText: true
            default: false
            }
        }
    }

    struct File: Sendable {
        /// Relative to the site's root.
        let path: String
        let kind: Kind
        /// A hash of everything the file is made from.
        let inputs: Fingerprint

        /// Whether the file on disk was made from these inputs (`previousPages`, by path), so need not be made again.
        func isCurrent(_ previousPages: [String: BuildCache.PageRecord]) -> Bool { previousPages[path]?.inputs == inputs }

        /// The file as the last build wrote it, left on disk.
        var unchanged: OutputFile { OutputFile(path: path, contents: .current, inputs: inputs) }
    }

    /// How many other years of its date a day page links, the nearest: a diary of a
    /// hundred years linked 99 from every day, and its site grew threefold.
    static let sameDateYears = 10

    /// The slowest to make first, so the cores finish together.
    let files: [File]
    /// The trophies earned and next, which the plan needs for pages' inputs and the
    /// pages then show: counted once for both.
    let trophies: TrophyCase
    /// The days of each date in other years, which the plan needs for the home and day
    /// pages' inputs and the home page then shows: sorted once for both.
    let onThisDay: OnThisDay

    /// `bodyEnd` is what every page gets before `</body>` (the preview's reload script).
    init(diary: Diary, config: SiteConfig, theme: Theme, translations: Translations, bodyEnd: String?, today: CivilDate,
         audience: Audience) {
        // What every page depends on besides its own inputs: this program, the theme, the
        // site's words and settings, the years the navigation names.
        var sharedInputs = BuildCache.program
        sharedInputs.add(theme: theme, translations: translations)
        sharedInputs.add(bodyEnd ?? "")
        diary.years.forEach { sharedInputs.add($0) }
        sharedInputs.add(config: config)
        sharedInputs.add(moods: diary.moods)
        // The navigation links the shelf of reviews when there is one.
        sharedInputs.add(diary.hasReviews ? 1 : 0)

        let dayHashes = diary.days.concurrentMap { day in
            var inputs = Fingerprint()
            day.entries.forEach { inputs.add(entry: $0) }
            return inputs
        }
        let onThisDay = OnThisDay(diary: diary)
        self.onThisDay = onThisDay
        // What the feed and the reminders are made from: every day, and today.
        let diaryInputs = {
            var inputs = Fingerprint()
            for (day, hash) in zip(diary.days, dayHashes) { inputs.add(day.date.dayNumber); inputs.add(hash.value) }
            inputs.add(today.dayNumber)
            return inputs
        }()
        let monthInputs = {
            var monthInputs: [YearMonth: Fingerprint] = [:]
            var dayNumber = 0
            for month in diary.months {
                var inputs = Fingerprint()
                for _ in month.days {
                    inputs.add(dayHashes[dayNumber].value)
                    dayNumber += 1
                }
                monthInputs[month.month] = inputs
            }
            return monthInputs
        }()

        // A trophy is earned from every day before it; a page showing one depends on it.
        let trophies = TrophyCase(diary: diary, today: today)
        self.trophies = trophies

        let shared = sharedInputs
        /// A file's own inputs and what every page depends on.
        @Sendable func file(_ path: String, _ kind: Kind, inputs own: Fingerprint) -> File {
            var inputs = shared
            inputs.add(own.value)
            return File(path: path, kind: kind, inputs: inputs)
        }
        /// A page is also made from its template and the path back to the site's root.
        @Sendable func page(_ folder: String, _ kind: Kind, template: String, inputs own: Fingerprint) -> File {
            let path = SitePaths.page(folder)
            var inputs = own
            inputs.add(template)
            inputs.add(SitePaths.root(of: path))
            return file(path, kind, inputs: inputs)
        }

        // The pages of the diary as a whole, of its years and months, and those of its tags
        // are planned on two threads while the day pages, nine in ten of the files, are
        // planned on every core.
        let (((lists, yearsAndMonths), tagFiles), dayPages) = concurrently({ () -> (([File], [File]), [File]) in
            concurrently({ () -> ([File], [File]) in
                let calendars = PagePlan.calendarInputs(diary)
                // The list of entries a year a page, so that none grows past what a phone loads
                // quickly; each year's stays at its address as years are added.
                let listYears = diary.yearsWithPublishedEntries
                var files = [page(SitePaths.entries, .entries(year: listYears.first), template: "entries",
                                  inputs: PagePlan.entryListInputs(diary, year: listYears.first, years: listYears))]
                files += listYears.map { year in
                    page(SitePaths.entries(year), .entries(year: year), template: "entries",
                         inputs: PagePlan.entryListInputs(diary, year: year, years: listYears))
                }
                files += [
                    file(SitePaths.home, .home, inputs: PagePlan.homeInputs(diary, calendars: calendars, onThisDay: onThisDay, today: today)),
                    page(SitePaths.trophies, .trophies, template: "trophies", inputs: PagePlan.trophiesInputs(diary, today: today)),
                    page(SitePaths.insights, .insights, template: "insights", inputs: PagePlan.insightsInputs(diary, today: today)),
                ]
                // The tags' pages come next in the plan's order; these after them.
                var later: [File] = []
                for year in diary.years {
                    var inputs = Fingerprint()
                    var pageInputs = Fingerprint()
                    inputs.add(year)
                    pageInputs.add(year)
                    for month in diary.months(of: year) {
                        // A month not over yet has its verdict in the present tense.
                        let inProgress = month.month.isInProgress(today: today) ? 1 : 0
                        inputs.add(month.month.month)
                        inputs.add(monthInputs[month.month]!.value)
                        inputs.add(inProgress)
                        pageInputs.add(calendars[month.month]!.value)
                        pageInputs.add(inProgress)
                    }
                    later.append(page(SitePaths.year(year), .year(year), template: "year", inputs: pageInputs))
                    // The review is made from what the year page is, and speaks of a year not over yet "so far".
                    var reviewInputs = inputs
                    reviewInputs.add(year >= today.year ? 1 : 0)
                    later += [
                        page(SitePaths.yearRecap(year), .yearRecap(year), template: "year-recap", inputs: reviewInputs),
                        file(SitePaths.yearRecapData(year), .yearRecapData(year), inputs: inputs),
                    ]
                }
                let currentStreak = Streaks(dates: diary.days.map(\.date)).current(today: today)
                for month in diary.months {
                    var inputs = monthInputs[month.month]!
                    var calendarInputs = calendars[month.month]!
                    let (previous, next) = diary.neighbours(of: month.month)
                    for neighbour in [previous, next] {
                        inputs.add(neighbour?.ordinal ?? -1)
                        calendarInputs.add(neighbour?.ordinal ?? -1)
                    }
                    calendarInputs.add(today.yearMonth == month.month ? today.day : 0)
                    var recapInputs = inputs
                    recapInputs.add(month.month.isInProgress(today: today) ? 1 : 0)
                    // Today's month shows the current streak, which may have begun months before,
                    // and is none (0 days) when nothing was written yesterday or today.
                    let isTodays = month.month == today.yearMonth
                    let streak = isTodays ? currentStreak : nil
                    recapInputs.add(isTodays ? 1 : 0)
                    recapInputs.add(streak?.first.dayNumber ?? Int.min)
                    recapInputs.add(streak?.days ?? 0)
                    // The recap says which trophies the month earned and on which day.
                    for trophy in trophies.earned(in: month.month) {
                        recapInputs.add(trophy.kind.id)
                        recapInputs.add(trophy.day.dayNumber)
                    }
                    later += [
                        page(SitePaths.month(month.month), .monthCalendar(month), template: "month", inputs: calendarInputs),
                        page(SitePaths.recap(month.month), .recap(month, currentStreak: streak), template: "recap", inputs: recapInputs),
                        file(SitePaths.recapChart(month.month), .recapChart(month), inputs: calendars[month.month]!),
                        file(SitePaths.recapData(month.month), .recapData(month), inputs: inputs),
                    ]
                }
                if diary.hasReviews {
                    var inputs = Fingerprint()
                    for entry in diary.entries where entry.isPublished && !entry.reviews.isEmpty { inputs.add(entry: entry) }
                    later.append(page(SitePaths.reviews, .reviews, template: "reviews", inputs: inputs))
                }
                later += PagePlan.searchFiles(diary, monthInputs: monthInputs, page: { page($0, $1, template: $2, inputs: $3) },
                                              file: { file($0, $1, inputs: $2) })
                return (files, later)
            }, { PagePlan.tagFiles(diary, page: { page($0, $1, template: $2, inputs: $3) }) })
        }, { () -> [File] in
            // Places in `diary.days`, which `dayHashes` follows.
            let pageDays = diary.days.indices.filter { diary.days[$0].hasPage }
            // The day pages are nine in ten of the files: planned on every core.
            return Array(pageDays.indices).concurrentMap { index in
                let day = diary.days[pageDays[index]]
                let previous = index > 0 ? diary.days[pageDays[index - 1]].date : nil
                let next = index + 1 < pageDays.count ? diary.days[pageDays[index + 1]].date : nil
                var inputs = dayHashes[pageDays[index]]
                inputs.add(previous?.dayNumber ?? Int.min)
                inputs.add(next?.dayNumber ?? Int.min)
                trophies.earned(on: day.date).forEach { inputs.add($0.kind.id) }
                // A mood by its place in the scale, which every page's inputs hold.
                onThisDay.eachNearest(PagePlan.sameDateYears, of: day.date) { date, moodPlace in
                    inputs.add(date.year)
                    inputs.add(moodPlace)
                }
                return page(SitePaths.day(day.date), .day(day, previous: previous, next: next), template: "day", inputs: inputs)
            }
        })
        var files = lists + tagFiles + yearsAndMonths + dayPages
        // Made from the theme, the words and the settings alone.
        files += [
            file(SitePaths.notFound, .notFound, inputs: Fingerprint()),
            file(SitePaths.stylesheet, .stylesheet, inputs: Fingerprint()),
            file(SitePaths.robots, .robots, inputs: Fingerprint()),
        ]
        if config.baseURL != nil {
            // In the plan's order, which is the same from build to build: sorting them is the sitemap's business.
            var pages = Fingerprint()
            for file in files where PagePlan.isInSitemap(file.path) { pages.add(file.path) }
            files += [file(SitePaths.sitemap, .sitemap, inputs: pages), file(SitePaths.feed, .feed, inputs: diaryInputs)]
        }
        if let reminders = config.reminders, audience == .author || reminders.isPublic {
            var inputs = diaryInputs
            inputs.add(reminders.daily ?? -1)
            inputs.add(reminders.recap ?? -1)
            files.append(file(SitePaths.reminders, .reminders, inputs: inputs))
        }
        self.files = files
    }

    /// The dates in other years a day page links, nearest first. Looked up when a page is
    /// made rather than kept with each of the plan's thousands of days, of which a rebuild
    /// makes a few.
    func sameDates(of date: CivilDate) -> [CivilDate] {
        var dates: [CivilDate] = []
        dates.reserveCapacity(PagePlan.sameDateYears)
        onThisDay.eachNearest(PagePlan.sameDateYears, of: date) { other, _ in dates.append(other) }
        return dates
    }

    /// The pages a sitemap lists: every HTML page but the one for missing addresses.
    var sitemapPaths: [String] { files.map(\.path).filter(PagePlan.isInSitemap).sorted() }

    private static func isInSitemap(_ path: String) -> Bool { path.hasSuffix(".html") && path != SitePaths.notFound }
}
