/// The index's files as one build makes them: terms split once for all the parts,
/// only when one of the index's files is to be made (its inputs changed), and the
/// texts of only the months whose file is to be made.
struct MadeSearchIndex: Sendable {
    /// Nil when the list of entries is as the last build wrote it.
    let entries: [UInt8]?
    let terms: [[UInt8]]
    let texts: [YearMonth: [UInt8]]

    /// `cache` keeps each year's terms for the next build, under a fingerprint of what
    /// its months' texts files are made from.
    init?(diary: Diary, plan: PagePlan, previousPages: [String: Fingerprint], cache: BuildCache?, audience: Audience) {
        let stale = plan.files.filter { $0.kind.isSearchIndex && !$0.isCurrent(previousPages) }
        guard !stale.isEmpty else { return nil }
        let months = stale.compactMap { file -> YearMonth? in if case .searchText(let month) = file.kind { month } else { nil } }
        let listsEntries = stale.contains { if case .searchEntries = $0.kind { true } else { false } }
        var yearKeys: [Int: Fingerprint] = [:]
        for file in plan.files {
            guard case .searchText(let month) = file.kind else { continue }
            yearKeys[month.year, default: Fingerprint()].add(file.inputs.value)
        }
        let kept = cache?.loadSearchTerms(keys: yearKeys, audience: audience) ?? [:]
        let index = SearchIndex(diary: diary, textMonths: Set(months), listsEntries: listsEntries, keptYears: kept)
        // The terms' files are merged on one core: the entries and texts are made beside them.
        ((entries, texts), terms) = concurrently({ [yearKeys] in
            // A cache that cannot be written only makes the next build slower.
            try? cache?.saveSearchTerms(index.splitYears, keys: yearKeys, audience: audience)
            return (listsEntries ? index.entriesFile() : nil, Dictionary(uniqueKeysWithValues: zip(months, months.concurrentMap(index.textFile))))
        }, index.termFiles)
    }

    /// The file of the index `file` plans; `.current` when it is as the last build wrote it
    /// (or no file of the index was to be made: then there is no `index`).
    static func output(_ file: PagePlan.File, of index: MadeSearchIndex?, previousPages: [String: Fingerprint]) -> OutputFile {
        guard let index, !file.isCurrent(previousPages) else { return file.unchanged }
        let bytes = switch file.kind {
        case .searchEntries: index.entries!
        case .searchTerms(let part): index.terms[part]
        case .searchText(let month): index.texts[month]!
        default: preconditionFailure("\(file.path) is no file of the search index")
        }
        return OutputFile(path: file.path, contents: .bytes(bytes), inputs: file.inputs)
    }
}
