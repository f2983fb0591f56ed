import Foundation

/// The cache's part for the search index (`search-author/`, `search-world/`: the public
/// site indexes fewer entries), in three kinds of file:
/// - `months`: each month's first id and the fingerprints of its terms in each part
///   (`TermPostings.partFingerprints()`), kept under the fingerprint of what its texts
///   file is made from;
/// - `terms-N`: a part's terms with each month's lists (`PartTerms`), read only when
///   that part's file is made again: a one-entry edit changes a few parts, and reads
///   those, not every month's terms;
/// - `parts`: what each file of terms was made from.
extension BuildCache {
    private func searchFolder(_ audience: Audience) -> URL {
        folder.appending(path: audience == .author ? "search-author" : "search-world")
    }

    /// A month's terms as the last build kept them: its first id and each part's fingerprint.
    struct KeptMonth: Sendable {
        let firstID: Int
        let parts: [Fingerprint]
    }

    /// The months whose fingerprint in `keys` is the one they were kept under.
    func loadSearchMonths(keys: [YearMonth: Fingerprint], audience: Audience) -> [YearMonth: KeptMonth] {
        guard var reader = CacheArchive.Reader(checkedPath: searchFolder(audience).appending(path: "months").path) else { return [:] }
        var kept: [YearMonth: KeptMonth] = [:]
        do {
            for _ in 0..<(try reader.count()) {
                let month = YearMonth(year: try reader.int(), month: try reader.int()), key = try reader.fingerprint(), firstID = try reader.int()
                let parts = try (0..<SearchIndex.parts).map { _ throws(CacheArchive.Damaged) in try reader.fingerprint() }
                if keys[month] == key { kept[month] = KeptMonth(firstID: firstID, parts: parts) }
            }
            return kept
        } catch {
            return [:]
        }
    }

    /// Keeps every month's first id and part fingerprints, each under its fingerprint in `keys`.
    func saveSearchMonths(_ months: [(month: YearMonth, kept: KeptMonth)], keys: [YearMonth: Fingerprint], audience: Audience) throws {
        var writer = CacheArchive.Writer()
        writer.int(months.count)
        for (month, kept) in months {
            writer.int(month.year)
            writer.int(month.month)
            writer.fingerprint(keys[month]!)
            writer.int(kept.firstID)
            kept.parts.forEach { writer.fingerprint($0) }
        }
        try saveChecked(writer, to: searchFolder(audience).appending(path: "months"))
    }

    /// A part's terms as the last build kept them (`PartTerms.record`): the months they
    /// were made from, each with its first id and its fingerprint for the part, then each
    /// term, in the file's order, with each of those months' lists that has it.
    struct KeptPart: Sendable {
        let months: [(firstID: Int, fingerprint: Fingerprint)]
        /// At the count of terms; the file's bytes were checked against their checksum.
        let terms: CacheArchive.Reader
    }

    func loadPartTerms(_ part: Int, audience: Audience) -> KeptPart? {
        guard var reader = CacheArchive.Reader(checkedPath: searchPartFile(part, audience: audience).path) else { return nil }
        do {
            let months = try (0..<(try reader.count())).map { _ throws(CacheArchive.Damaged) in (try reader.int(), try reader.fingerprint()) }
            return KeptPart(months: months, terms: reader)
        } catch {
            return nil
        }
    }

    /// Keeps parts' records (`PartTerms.record`), by part.
    func savePartTerms(_ records: [Int: [UInt8]], audience: Audience) throws {
        for (part, record) in records {
            try saveChecked(CacheArchive.Writer(bytes: record), to: searchPartFile(part, audience: audience))
        }
    }

    /// Removes every file of the folder that is none of these: what an older diarygen
    /// kept there (a file per month) once the parts are all made anew.
    func forgetOtherSearchFiles(audience: Audience) {
        let folder = searchFolder(audience)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name != "months" && name != "parts" && !name.hasPrefix("terms-") {
            try? FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }

    private func searchPartFile(_ part: Int, audience: Audience) -> URL {
        searchFolder(audience).appending(path: "terms-\(part)")
    }

    /// What the last build that made the index made each part's file from, and the
    /// inputs the plan gave the parts' files then: a part's file on disk is what these
    /// fingerprints say only while the site's record of it has those inputs.
    struct SearchParts: Sendable {
        let planned: Fingerprint
        let parts: [Fingerprint]
    }

    func loadSearchParts(audience: Audience) -> SearchParts? {
        guard var reader = CacheArchive.Reader(checkedPath: searchFolder(audience).appending(path: "parts").path) else { return nil }
        do {
            let planned = try reader.fingerprint()
            guard try reader.count() == SearchIndex.parts else { return nil }
            return SearchParts(planned: planned, parts: try (0..<SearchIndex.parts).map { _ throws(CacheArchive.Damaged) in try reader.fingerprint() })
        } catch {
            return nil
        }
    }

    func saveSearchParts(_ parts: SearchParts, audience: Audience) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(parts.planned)
        writer.int(parts.parts.count)
        parts.parts.forEach { writer.fingerprint($0) }
        try saveChecked(writer, to: searchFolder(audience).appending(path: "parts"))
    }
}
