extension PagePlan {
    /// The search page, its script and the index's files. The index is made again only
    /// when an entry this build shows changed, and each of its files is then written
    /// only if its bytes changed: a one-entry edit rewrites its month's texts and the
    /// parts that hold the terms it gained or lost.
    static func searchFiles(_ diary: Diary, monthInputs: [YearMonth: Fingerprint],
                            page: (String, Kind, String, Fingerprint) -> File,
                            file: (String, Kind, Fingerprint) -> File) -> [File] {
        var shown = Fingerprint()
        var pageInputs = Fingerprint()
        for month in diary.months {
            shown.add(month.month.ordinal)
            shown.add(monthInputs[month.month]!.value)
        }
        // The form names the tags and the months of entries this build shows. The list of
        // entries shows each one's place in its day and what its front-matter says, not its
        // words: an edit of an entry's text leaves it as it is.
        var listed = Fingerprint()
        for day in diary.days {
            var place = 0
            for entry in day.entries where entry.isPublished {
                pageInputs.add(entry.date.yearMonth.ordinal)
                pageInputs.strings(entry.tags)
                listed.add(place)
                listed.add(metadata: entry.metadata)
                place += 1
            }
        }
        var files = [
            page(SitePaths.search, .search, "search", pageInputs),
            file(SitePaths.search + "search.js", .searchScript, Fingerprint()),
            file(SearchIndex.entriesPath, .searchEntries, listed),
        ]
        files += (0..<SearchIndex.parts).map { file(SearchIndex.termsPath($0), .searchTerms(part: $0), shown) }
        files += SearchIndex.months(of: diary).map { file(SearchIndex.textPath($0), .searchText($0), monthInputs[$0]!) }
        return files
    }
}
