/// The terms of a run of entries (the index splits a month at a time), and for each
/// the entries that have it with their weights: a title's terms weigh five times a
/// text's, a tag's three. A struct, not local variables a closure captures: those are
/// checked for exclusive access at every word.
struct TermPostings: Sendable {
    private(set) var terms: TermTable
    /// The run's ids are counted from here, so that each fits in 32 bits: a hundred
    /// years of entries held 5.5 million of them, and as many weights.
    let firstID: Int
    /// For each term, its entries' ids (less `firstID`) and weights, one after the other,
    /// ids rising; the last entry's stay in `lastIDs` and `lastWeights` until the run is
    /// closed or another entry has the term.
    private(set) var lists: [[UInt32]]
    private var lastIDs: [Int] = []
    private var lastWeights: [Int] = []

    init(firstID: Int) {
        self.firstID = firstID
        // A month of entries; the table grows as it needs to.
        terms = TermTable(expected: 512)
        lists = []
    }

    mutating func add(_ item: SearchIndex.Item, text: [UInt8]) {
        text.withUnsafeBufferPointer { add(utf8: $0, id: item.id, weight: 1) }
        add(item.entry.title ?? "", id: item.id, weight: 5)
        for tag in item.entry.tags { add(tag, id: item.id, weight: 3) }
    }

    private mutating func add(_ text: String, id: Int, weight: Int) {
        var text = text
        text.withUTF8 { add(utf8: $0, id: id, weight: weight) }
    }

    private mutating func add(utf8 text: UnsafeBufferPointer<UInt8>, id: Int, weight: Int) {
        SearchText.folded(utf8: text).withUnsafeBufferPointer { folded in
            SearchText.eachTermBytes(in: folded) { bytes, hash in
                let (number, isNew) = terms.number(of: bytes, hash: hash)
                if isNew {
                    lists.append([])
                    lastIDs.append(id)
                    lastWeights.append(weight)
                } else if lastIDs[number] == id {
                    lastWeights[number] += weight
                } else {
                    lists[number].append(UInt32(lastIDs[number] - firstID))
                    lists[number].append(UInt32(lastWeights[number]))
                    lastIDs[number] = id
                    lastWeights[number] = weight
                }
            }
        }
    }

    mutating func close() {
        for number in lists.indices {
            lists[number].append(UInt32(lastIDs[number] - firstID))
            lists[number].append(UInt32(lastWeights[number]))
        }
    }

    /// For each of the index's parts, a fingerprint of the run's terms in it with their lists.
    func partFingerprints() -> [Fingerprint] {
        var fingerprints = [Fingerprint](repeating: Fingerprint(), count: SearchIndex.parts)
        for number in 0..<terms.count {
            terms.withTerm(number) { term in
                let part = SearchIndex.part(ofUTF8: term)
                fingerprints[part].add(term.count)
                fingerprints[part].add(UnsafeRawBufferPointer(term))
                lists[number].withUnsafeBytes { fingerprints[part].add($0) }
            }
        }
        return fingerprints
    }
}

/// A month's terms as the index holds them: split by this build, or as the last build
/// kept them, whose terms are read from the parts' records only for the parts whose
/// files are made again.
enum MonthTerms: Sendable {
    case split(TermPostings, parts: [Fingerprint])
    case kept(BuildCache.KeptMonth)

    var firstID: Int {
        switch self {
        case .split(let postings, _): postings.firstID
        case .kept(let kept): kept.firstID
        }
    }

    /// The month's terms, when this build split them.
    var postings: TermPostings? {
        if case .split(let postings, _) = self { postings } else { nil }
    }

    /// `TermPostings.partFingerprints()` of the month's terms.
    var parts: [Fingerprint] {
        switch self {
        case .split(_, let parts): parts
        case .kept(let kept): kept.parts
        }
    }
}
