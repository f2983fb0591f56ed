extension PagePlan {
    /// The tags' index and each tag's pages, one a year: planned on a thread of their own
    /// beside the diary's other lists and its day pages.
    static func tagFiles(_ diary: Diary, page: (String, Kind, String, Fingerprint) -> File) -> [File] {
        let tagStats = TagStats(diary: diary)
        var files = [page(SitePaths.tags, .tagIndex(tagStats), "tags", PagePlan.tagIndexInputs(tagStats))]
        for tag in tagStats.tags {
            let years = tag.years
            files.append(page(SitePaths.tag(folder: tag.folder), .tag(tag, year: years.first), "tag",
                              PagePlan.tagInputs(tag, year: years.first, years: years)))
            files += years.map { year in
                page(SitePaths.tag(folder: tag.folder, year: year), .tag(tag, year: year), "tag", PagePlan.tagInputs(tag, year: year, years: years))
            }
        }
        return files
    }
}
