import Foundation

/// The cache's part for the search index: each month's terms as the last build split
/// them (`search-author/2020-05`, `search-world/2020-05`: the public site indexes fewer
/// entries), kept under the fingerprint of what its texts file is made from;
/// and what each file of terms was made from (`search-author/parts`).
extension BuildCache {
    private func searchFolder(_ audience: Audience) -> URL {
        folder.appending(path: audience == .author ? "search-author" : "search-world")
    }

    /// The terms of the months whose fingerprint in `keys` is the one they were kept under.
    func loadSearchTerms(keys: [YearMonth: Fingerprint], audience: Audience) -> [YearMonth: TermPostings] {
        let folder = searchFolder(audience).path
        let loaded = Array(keys).concurrentMap { month, key -> (YearMonth, TermPostings)? in
            guard var reader = CacheArchive.Reader(path: folder + "/" + month.description) else { return nil }
            do {
                guard try reader.fingerprint() == BuildCache.program, try reader.fingerprint() == key else { return nil }
                let firstID = try reader.int()
                let count = try reader.count()
                var terms = TermTable(expected: count)
                var lists: [[UInt32]] = []
                for _ in 0..<count {
                    let term = try reader.text()
                    let hash = UInt64(bitPattern: Int64(try reader.int()))
                    let list = try reader.numbers()
                    guard list.count % 2 == 0, term.withUTF8({ terms.number(of: $0.assumingMemoryBound(to: UInt8.self), hash: hash).isNew }) else { return nil }
                    lists.append(list)
                }
                return (month, TermPostings(firstID: firstID, terms: terms, lists: lists))
            } catch {
                return nil
            }
        }
        return Dictionary(uniqueKeysWithValues: loaded.compactMap { $0 })
    }

    /// Keeps the terms of `months`, each under its fingerprint in `keys`, and forgets
    /// those of months no longer in `keys`.
    func saveSearchTerms(_ months: [YearMonth: TermPostings], keys: [YearMonth: Fingerprint], audience: Audience) throws {
        let folder = searchFolder(audience)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (month, postings) in months {
            var writer = CacheArchive.Writer()
            writer.fingerprint(BuildCache.program)
            writer.fingerprint(keys[month]!)
            writer.int(postings.firstID)
            writer.int(postings.terms.count)
            for number in 0..<postings.terms.count {
                postings.terms.withTerm(number) { term in
                    writer.int(term.count)
                    writer.bytes += term
                }
                writer.int(Int(Int64(bitPattern: postings.terms.hash(of: number))))
                writer.numbers(postings.lists[number])
            }
            try FileWriting.writeAtomically(writer.bytes, to: folder.appending(path: month.description).path)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where YearMonth(name).map({ keys[$0] == nil }) ?? false {
            try? FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }

    /// What the last build that made the index made each part's file from, and the
    /// inputs the plan gave the parts' files then: a part's file on disk is what these
    /// fingerprints say only while the site's record of it has those inputs.
    struct SearchParts: Sendable {
        let planned: Fingerprint
        let parts: [Fingerprint]
    }

    func loadSearchParts(audience: Audience) -> SearchParts? {
        guard var reader = CacheArchive.Reader(path: searchFolder(audience).appending(path: "parts").path) else { return nil }
        do {
            guard try reader.fingerprint() == BuildCache.program else { return nil }
            let planned = try reader.fingerprint()
            guard try reader.count() == SearchIndex.parts else { return nil }
            return SearchParts(planned: planned, parts: try (0..<SearchIndex.parts).map { _ throws(CacheArchive.Damaged) in try reader.fingerprint() })
        } catch {
            return nil
        }
    }

    func saveSearchParts(_ parts: SearchParts, audience: Audience) throws {
        var writer = CacheArchive.Writer()
        writer.fingerprint(BuildCache.program)
        writer.fingerprint(parts.planned)
        writer.int(parts.parts.count)
        parts.parts.forEach { writer.fingerprint($0) }
        try FileWriting.writeAtomically(writer.bytes, to: searchFolder(audience).appending(path: "parts").path)
    }
}
