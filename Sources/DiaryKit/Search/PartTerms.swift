import Foundation

/// One part of the search index's terms (`SearchIndex.termsPath`): its file, and the
/// cache's record of it for the next build. Made from the months this build split into
/// terms and, for the others, the part as the last build kept it
/// (`BuildCache.KeptPart`): a one-entry edit reads the few parts whose terms it
/// changed, and never every month's terms.
///
/// Both list the part's terms sorted, each with the lists of the months that have it,
/// in the order of their ids: the record is walked once, term by term, beside the
/// split months' terms, which are merged in where they sort.
struct PartTerms {
    /// `{"term":[id step,weight,…],…}`, as search.js reads it.
    let json: [UInt8]
    /// For `BuildCache.savePartTerms`; empty unless asked for.
    let record: [UInt8]

    /// Part `part` of the index of `runs` (its months, in the order of their ids); `split`
    /// are the split months' terms in this part, by run and term number. Nil when a month
    /// to be taken from `kept` is not in it as it is now.
    init?(part: Int, runs: [MonthTerms], split: [(run: Int, number: Int)], kept: BuildCache.KeptPart?, keepsRecord: Bool) {
        // Where each kept month's lists go: its run's place now, or nowhere (-1) for a
        // month split again, or no longer in the index.
        var place = [Int](repeating: -1, count: kept?.months.count ?? 0)
        if runs.contains(where: { $0.postings == nil }) {
            guard let kept else { return nil }
            let keptAt = Dictionary(kept.months.enumerated().map { ($1.firstID, $0) }, uniquingKeysWith: { first, _ in first })
            for (index, run) in runs.enumerated() where run.postings == nil {
                guard let at = keptAt[run.firstID], kept.months[at].fingerprint == run.parts[part] else { return nil }
                place[at] = index
            }
        }
        // The split months' terms, each with its months' lists.
        var fresh = TermTable(expected: 512)
        var freshLists: [[(run: Int, list: [UInt32])]] = []
        for (index, number) in split {
            let postings = runs[index].postings!
            postings.terms.withTerm(number) { term in
                let (joined, isNew) = fresh.number(of: term, hash: postings.terms.hash(of: number))
                if isNew { freshLists.append([(index, postings.lists[number])]) } else { freshLists[joined].append((index, postings.lists[number])) }
            }
        }
        // The kept terms, each with the split months' lists of it; the kept lists of every
        // term in one array, each with its month's place now (a month split again left out).
        var keptTerms: [KeptTerm] = []
        var keptLists: [KeptList] = []
        var inKept = [Bool](repeating: false, count: fresh.count)
        if let kept {
            var reader = kept.terms
            do {
                let count = try reader.count()
                keptTerms.reserveCapacity(count)
                for _ in 0..<count {
                    let term = try reader.raw(try reader.count()).assumingMemoryBound(to: UInt8.self)
                    let runCount = Int(try reader.uint32())
                    let first = keptLists.count
                    for _ in 0..<runCount {
                        let at = Int(try reader.uint32())
                        guard at < place.count else { throw CacheArchive.Damaged() }
                        let pairs = try reader.raw(try reader.count() * 4)
                        if place[at] >= 0 { keptLists.append(KeptList(run: place[at], pairs: pairs)) }
                    }
                    let match = fresh.existingNumber(of: term, hash: TermTable.hash(term))
                    if let match { inKept[match] = true }
                    keptTerms.append(KeptTerm(term: term, lists: first..<keptLists.count, fresh: match))
                }
            } catch {
                // The bytes are those this program wrote (their checksum was checked).
                preconditionFailure("the search cache's terms cannot be read back")
            }
        }
        // Terms no kept month has, each before the first kept term that does not sort before it.
        let added = (0..<fresh.count).filter { !inKept[$0] }
            .map { number in (number: number, name: fresh.withTerm(number) { String(decoding: $0, as: UTF8.self) }) }
            .sorted { $0.name < $1.name }
        let addedAt = added.map { added in
            var (low, high) = (0, keptTerms.count)
            while low < high {
                let middle = (low + high) / 2
                if String(decoding: keptTerms[middle].term, as: UTF8.self) < added.name { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var writer = Writer(part: part, runs: runs, keepsRecord: keepsRecord)
        var next = 0
        for (index, term) in keptTerms.enumerated() {
            while next < added.count, addedAt[next] <= index {
                fresh.withTerm(added[next].number) { writer.add($0, kept: [], fresh: freshLists[added[next].number]) }
                next += 1
            }
            writer.add(term.term, kept: keptLists[term.lists], fresh: term.fresh.map { freshLists[$0] } ?? [])
        }
        for (number, _) in added[next...] {
            fresh.withTerm(number) { writer.add($0, kept: [], fresh: freshLists[number]) }
        }
        (json, record) = writer.finished()
    }

    private struct KeptTerm {
        let term: UnsafeBufferPointer<UInt8>
        /// Its kept months' lists, among all the kept terms'.
        let lists: Range<Int>
        /// The term's number among the split months' terms, if they have it.
        let fresh: Int?
    }

    /// A kept month's list of a term: its (id, weight) pairs as the record holds them.
    private struct KeptList {
        /// The month's place among the index's months now.
        let run: Int
        let pairs: UnsafeRawBufferPointer
    }

    /// The file and the record, a term at a time.
    private struct Writer {
        let part: Int
        let runs: [MonthTerms]
        let keepsRecord: Bool
        var json: [UInt8] = [UInt8(ascii: "{")]
        var terms = CacheArchive.Writer()
        var termCount = 0
        /// A term's lists, each a kept month's pairs or a split month's list.
        private var joined: [(run: Int, pairs: UnsafeRawBufferPointer?, list: [UInt32])] = []

        init(part: Int, runs: [MonthTerms], keepsRecord: Bool) {
            self.part = part
            self.runs = runs
            self.keepsRecord = keepsRecord
        }

        /// A term with its kept months' lists and the split months', joined in the order of
        /// the months; none at all leaves it out.
        mutating func add(_ term: UnsafeBufferPointer<UInt8>, kept: ArraySlice<KeptList>, fresh: [(run: Int, list: [UInt32])]) {
            joined.removeAll(keepingCapacity: true)
            var keptIndex = kept.startIndex, freshIndex = 0
            while keptIndex < kept.endIndex || freshIndex < fresh.count {
                if keptIndex < kept.endIndex, freshIndex == fresh.count || kept[keptIndex].run < fresh[freshIndex].run {
                    joined.append((kept[keptIndex].run, kept[keptIndex].pairs, []))
                    keptIndex += 1
                } else {
                    joined.append((fresh[freshIndex].run, nil, fresh[freshIndex].list))
                    freshIndex += 1
                }
            }
            guard !joined.isEmpty else { return }
            if termCount > 0 { json.append(contentsOf: ",\n".utf8) }
            termCount += 1
            appendDoubleQuoted(utf8: term, to: &json)
            json.append(contentsOf: ":[".utf8)
            appendSteps()
            json.append(UInt8(ascii: "]"))
            guard keepsRecord else { return }
            terms.int(term.count)
            terms.bytes += term
            terms.uint32(UInt32(joined.count))
            for (run, pairs, list) in joined {
                terms.uint32(UInt32(run))
                if let pairs {
                    // A kept list, as `numbers` wrote it.
                    terms.int(pairs.count / 4)
                    terms.bytes += pairs
                } else {
                    terms.numbers(list)
                }
            }
        }

        /// A term's entries as `step,weight,step,weight…`: each id as the step from the one
        /// before it, each weight at most 255. Written through a pointer rather than a byte
        /// at a time: the parts hold two numbers for every word of every entry.
        private mutating func appendSteps() {
            let pairCount = joined.reduce(0) { $0 + ($1.pairs.map { $0.count / 8 } ?? $1.list.count / 2) }
            // A step of at most 20 characters (with its sign), a weight of 3, two commas.
            let steps = [UInt8](unsafeUninitializedCapacity: pairCount * 25) { bytes, count in
                var previous = 0
                func write(id: Int, weight: UInt32) {
                    if count > 0 { bytes[count] = UInt8(ascii: ","); count += 1 }
                    count += writeDigits(of: id - previous, to: bytes.baseAddress! + count)
                    bytes[count] = UInt8(ascii: ","); count += 1
                    count += writeDigits(of: Int(min(weight, 255)), to: bytes.baseAddress! + count)
                    previous = id
                }
                for (run, pairs, list) in joined {
                    let firstID = runs[run].firstID
                    if let pairs {
                        for offset in stride(from: 0, to: pairs.count, by: 8) {
                            write(id: firstID + Int(UInt32(littleEndian: pairs.loadUnaligned(fromByteOffset: offset, as: UInt32.self))),
                                  weight: UInt32(littleEndian: pairs.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
                        }
                    } else {
                        for pair in stride(from: 0, to: list.count, by: 2) { write(id: firstID + Int(list[pair]), weight: list[pair + 1]) }
                    }
                }
            }
            json.append(contentsOf: steps)
        }

        func finished() -> (json: [UInt8], record: [UInt8]) {
            var json = self.json
            json.append(contentsOf: "}\n".utf8)
            guard keepsRecord else { return (json, []) }
            var record = CacheArchive.Writer()
            record.int(runs.count)
            for run in runs {
                record.int(run.firstID)
                record.fingerprint(run.parts[part])
            }
            record.int(termCount)
            record.bytes += terms.bytes
            return (json, record.bytes)
        }
    }
}
