import Foundation

/// The cache's part for the search index: each year's terms as the last build split
/// them (`search-author/2020`, `search-world/2020`: the public site indexes fewer
/// entries), kept under a fingerprint of what its months' texts files are made from.
extension BuildCache {
    private func searchFolder(_ audience: Audience) -> URL {
        folder.appending(path: audience == .author ? "search-author" : "search-world")
    }

    /// The terms of the years whose fingerprint in `keys` is the one they were kept under.
    func loadSearchTerms(keys: [Int: Fingerprint], audience: Audience) -> [Int: TermPostings] {
        let folder = searchFolder(audience).path
        let loaded = Array(keys).concurrentMap { year, key -> (Int, TermPostings)? in
            guard var reader = CacheArchive.Reader(path: folder + "/" + String(year)) else { return nil }
            do {
                guard try reader.fingerprint() == BuildCache.program, try reader.fingerprint() == key else { return nil }
                let firstID = try reader.int()
                var terms = TermTable(expected: 1024)
                var lists: [[UInt32]] = []
                for _ in 0..<(try reader.count()) {
                    let term = try reader.text()
                    let hash = UInt64(bitPattern: Int64(try reader.int()))
                    let list = try reader.numbers()
                    guard list.count % 2 == 0, term.withUTF8({ terms.number(of: $0.assumingMemoryBound(to: UInt8.self), hash: hash).isNew }) else { return nil }
                    lists.append(list)
                }
                return (year, TermPostings(firstID: firstID, terms: terms, lists: lists))
            } catch {
                return nil
            }
        }
        return Dictionary(uniqueKeysWithValues: loaded.compactMap { $0 })
    }

    /// Keeps the terms of `years`, each under its fingerprint in `keys`, and forgets
    /// those of years no longer in `keys`.
    func saveSearchTerms(_ years: [Int: TermPostings], keys: [Int: Fingerprint], audience: Audience) throws {
        let folder = searchFolder(audience)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (year, postings) in years {
            var writer = CacheArchive.Writer()
            writer.fingerprint(BuildCache.program)
            writer.fingerprint(keys[year]!)
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
            try FileWriting.writeAtomically(writer.bytes, to: folder.appending(path: String(year)).path)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where Int(name).map({ keys[$0] == nil }) ?? false {
            try? FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }
}
