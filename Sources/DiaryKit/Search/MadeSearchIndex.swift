/// The index's files as one build makes them: terms split once for all the parts,
/// only when one of the index's files is to be made (its inputs changed), and the
/// texts of only the months whose file is to be made.
struct MadeSearchIndex: Sendable {
    /// Nil when the list of entries is as the last build wrote it.
    let entries: [UInt8]?
    /// The parts whose file is made again: a part made from what its file on disk was
    /// made from is left as it is.
    let terms: [Int: [UInt8]]
    let texts: [YearMonth: [UInt8]]

    /// `cache` keeps each month's part fingerprints for the next build, under the
    /// fingerprint of what its texts file is made from, and each part's terms.
    init?(diary: Diary, plan: PagePlan, previousPages: [String: BuildCache.PageRecord], cache: BuildCache?, audience: Audience) {
        let stale = plan.files.filter { $0.kind.isSearchIndex && !$0.isCurrent(previousPages) }
        guard !stale.isEmpty else { return nil }
        let months = stale.compactMap { file -> YearMonth? in if case .searchText(let month) = file.kind { month } else { nil } }
        let listsEntries = stale.contains { if case .searchEntries = $0.kind { true } else { false } }
        var monthKeys: [YearMonth: Fingerprint] = [:]
        for file in plan.files {
            if case .searchText(let month) = file.kind { monthKeys[month] = file.inputs }
        }
        let kept = cache?.loadSearchMonths(keys: monthKeys, audience: audience) ?? [:]
        let index = SearchIndex(diary: diary, textMonths: Set(months), listsEntries: listsEntries, keptMonths: kept)
        let parts = BuildCache.SearchParts(planned: plan.files.first { if case .searchTerms = $0.kind { true } else { false } }!.inputs, parts: index.partFingerprints())
        let last = cache?.loadSearchParts(audience: audience)
        let changed = Set((0..<SearchIndex.parts).filter { part in
            guard let last, previousPages[SearchIndex.termsPath(part)]?.inputs == last.planned else { return true }
            return last.parts[part] != parts.parts[part]
        })
        // The parts' files are made beside the entries and the texts.
        ((entries, texts), terms) = concurrently({
            (listsEntries ? index.entriesFile() : nil, Dictionary(uniqueKeysWithValues: zip(months, months.concurrentMap(index.textFile))))
        }, { [monthKeys] in
            let (terms, index) = MadeSearchIndex.terms(changed, of: index, kept: kept, diary: diary, cache: cache, audience: audience)
            // A cache that cannot be written only makes the next build slower.
            try? cache?.savePartTerms(terms.mapValues(\.record), audience: audience)
            try? cache?.saveSearchMonths(index.keptMonths, keys: monthKeys, audience: audience)
            try? cache?.saveSearchParts(parts, audience: audience)
            return terms.filter { changed.contains($0.key) }.mapValues(\.json)
        })
    }

    /// The terms of the parts `changed`, the months kept taken from the parts' records.
    /// When no month was kept, or a record does not hold the kept months as they are, every
    /// month is split, and every part's terms made, so that the cache holds all the parts.
    private static func terms(_ changed: Set<Int>, of index: SearchIndex, kept: [YearMonth: BuildCache.KeptMonth], diary: Diary,
                              cache: BuildCache?, audience: Audience) -> ([Int: PartTerms], SearchIndex) {
        if !kept.isEmpty {
            let records = Dictionary(uniqueKeysWithValues: changed.sorted().concurrentMap { ($0, cache?.loadPartTerms($0, audience: audience)) }
                .compactMap { part, record in record.map { (part, $0) } })
            if let terms = index.termFiles(changed, kept: records, keepsRecords: true) { return (terms, index) }
        }
        let whole = kept.isEmpty ? index : SearchIndex(diary: diary, textMonths: [], listsEntries: false)
        cache?.forgetOtherSearchFiles(audience: audience)
        return (whole.termFiles(cache == nil ? changed : Set(0..<SearchIndex.parts), kept: [:], keepsRecords: cache != nil)!, whole)
    }

    /// The file of the index `file` plans; `.current` when it is as the last build wrote it
    /// (or no file of the index was to be made: then there is no `index`).
    static func output(_ file: PagePlan.File, of index: MadeSearchIndex?, previousPages: [String: BuildCache.PageRecord]) -> OutputFile {
        guard let index, !file.isCurrent(previousPages) else { return file.unchanged }
        let bytes: [UInt8]? = switch file.kind {
        case .searchEntries: index.entries!
        case .searchTerms(let part): index.terms[part]
        case .searchText(let month): index.texts[month]!
        default: preconditionFailure("\(file.path) is no file of the search index")
        }
        return bytes.map { OutputFile(path: file.path, contents: .bytes($0), inputs: file.inputs) } ?? file.unchanged
    }
}
