import Foundation

/// The cache's part for the search index: each month's terms as the last build split
/// them (`search-author/2020-05`, `search-world/2020-05`: the public site indexes fewer
/// entries), kept under the fingerprint of what its texts file is made from;
/// and what each file of terms was made from (`search-author/parts`).
extension BuildCache {
    private func searchFolder(_ audience: Audience) -> URL {
        folder.appending(path: audience == .author ? "search-author" : "search-world")
    }

    /// A month's terms as the last build kept them: each part's fingerprint
    /// (`TermPostings.partFingerprints()`), and the file, grouped by part, of which a
    /// part's terms are read only when its file of terms is made again: a one-entry edit
    /// changes a few parts, and reads those of every month, not every month whole.
    struct KeptTerms: Sendable {
        let firstID: Int
        let parts: [Fingerprint]
        /// At the first part's terms; the file's bytes were checked against their checksum.
        private let terms: CacheArchive.Reader
        /// Each part's terms' offset from there.
        private let starts: [Int]

        /// The file at `path`, if it holds the terms kept under `key` and is whole.
        init?(path: String, key: Fingerprint) {
            guard var reader = CacheArchive.Reader(path: path) else { return nil }
            do {
                guard try reader.fingerprint() == BuildCache.program, try reader.fingerprint() == key else { return nil }
                firstID = try reader.int()
                guard try reader.fingerprint() == Fingerprint(reader.rest) else { return nil }
                var parts: [Fingerprint] = [], starts: [Int] = [], start = 0
                for _ in 0..<SearchIndex.parts {
                    parts.append(try reader.fingerprint())
                    starts.append(start)
                    start += try reader.int()
                }
                guard start == reader.rest.count else { return nil }
                (self.parts, self.starts, terms) = (parts, starts, reader)
            } catch {
                return nil
            }
        }

        /// The terms of the parts `asked`, with their lists.
        func postings(in asked: [Bool]) -> TermPostings {
            var table = TermTable(expected: 512)
            var lists: [[UInt32]] = []
            do {
                for part in 0..<SearchIndex.parts where asked[part] {
                    var reader = terms
                    try reader.skip(starts[part])
                    for _ in 0..<(try reader.count()) {
                        let term = try reader.text()
                        let hash = UInt64(bitPattern: Int64(try reader.int()))
                        lists.append(try reader.numbers())
                        guard term.withUTF8({ table.number(of: $0.assumingMemoryBound(to: UInt8.self), hash: hash).isNew }) else { throw CacheArchive.Damaged() }
                    }
                }
            } catch {
                // The bytes are those this program wrote (their checksum was checked): only
                // a mistake in writing or reading them could bring this here.
                preconditionFailure("the search cache's terms cannot be read back")
            }
            return TermPostings(firstID: firstID, terms: table, lists: lists)
        }
    }

    /// The terms of the months whose fingerprint in `keys` is the one they were kept under.
    func loadSearchTerms(keys: [YearMonth: Fingerprint], audience: Audience) -> [YearMonth: KeptTerms] {
        let folder = searchFolder(audience).path
        let loaded = Array(keys).concurrentMap { month, key in KeptTerms(path: folder + "/" + month.description, key: key).map { (month, $0) } }
        return Dictionary(uniqueKeysWithValues: loaded.compactMap { $0 })
    }

    /// Keeps the terms of `months`, each under its fingerprint in `keys`, and forgets
    /// those of months no longer in `keys`.
    func saveSearchTerms(_ months: [YearMonth: (postings: TermPostings, parts: [Fingerprint])], keys: [YearMonth: Fingerprint], audience: Audience) throws {
        let folder = searchFolder(audience)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (month, (postings, parts)) in months {
            var inPart = [[Int]](repeating: [], count: SearchIndex.parts)
            for number in 0..<postings.terms.count { inPart[postings.terms.withTerm(number, SearchIndex.part(ofUTF8:))].append(number) }
            // Each part's fingerprint and length, then each part's terms.
            var checked = CacheArchive.Writer(), terms = CacheArchive.Writer()
            for part in 0..<SearchIndex.parts {
                let start = terms.bytes.count
                terms.int(inPart[part].count)
                for number in inPart[part] {
                    postings.terms.withTerm(number) { term in
                        terms.int(term.count)
                        terms.bytes += term
                    }
                    terms.int(Int(Int64(bitPattern: postings.terms.hash(of: number))))
                    terms.numbers(postings.lists[number])
                }
                checked.fingerprint(parts[part])
                checked.int(terms.bytes.count - start)
            }
            checked.bytes += terms.bytes
            var writer = CacheArchive.Writer()
            writer.fingerprint(BuildCache.program)
            writer.fingerprint(keys[month]!)
            writer.int(postings.firstID)
            writer.fingerprint(checked.bytes.withUnsafeBytes(Fingerprint.init))
            writer.bytes += checked.bytes
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
