/// The site's search index, in `search/`, for the search page's script (search.js):
/// split so that a search fetches only what it needs, as Pagefind splits its index.
///
/// - `entries.json`: every entry whose words the build shows, newest first, as
///   `[id, "YYYY-MM-DD", mood, title, href, [tags]]`;
/// - `terms/NN.json`: one of `parts` files, each the terms whose first character
///   hashes to NN (FNV-1a), each term with its entries as `[id step, weight, …]`: a
///   word and all its longer forms (책, 책을; walk, walked) are in one part;
/// - `text/YYYY-MM.json`: a month's texts by id, for the passages results show.
///
/// An entry's id is its day's number and its place among the day's published
/// entries, so it stays the same when other entries come and go, and a one-entry edit
/// changes only the files that hold its terms and its month. Only published entries
/// are indexed: the public site's index holds nothing of a mood-only or private entry.
struct SearchIndex: Sendable {
    static let parts = 64

    struct Item: Sendable {
        let id: Int
        let entry: Entry
        let href: String
        let text: String
    }

    /// Newest first.
    let items: [Item]
    /// Each month's, oldest first.
    private let months: [YearMonth: [Item]]

    init(diary: Diary) {
        let days = diary.days.filter(\.hasPage)
        let made = days.concurrentMap { day in
            day.publishedEntries.enumerated().map { index, entry in
                Item(id: day.date.dayNumber * 1024 + index, entry: entry, href: SitePaths.day(day.date) + "#entry-\(index + 1)",
                     text: PlainText(html: entry.body.html).text)
            }
        }
        items = made.flatMap { $0 }.reversed()
        months = Dictionary(grouping: made.flatMap { $0 }) { $0.entry.date.yearMonth }
    }

    /// The months whose texts the index holds, each a file of its own.
    static func months(of diary: Diary) -> [YearMonth] {
        diary.months.filter { $0.days.contains(where: \.hasPage) }.map(\.month)
    }

    static func termsPath(_ part: Int) -> String { SitePaths.search + "terms/" + hex(part) + ".json" }
    static func textPath(_ month: YearMonth) -> String { SitePaths.search + "text/\(month.description).json" }
    static let entriesPath = SitePaths.search + "entries.json"

    /// Which of the `parts` files holds `term`: FNV-1a (32 bits) of its first
    /// character's UTF-8, as search.js computes it.
    static func part(of term: String) -> Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in String(term.unicodeScalars.prefix(1)).utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(parts))
    }

    func entriesFile() -> String {
        let rows = items.concurrentMap { item -> String in
            let entry = item.entry
            let fields = [String(item.id), doubleQuoted(entry.date.description), entry.mood.map { doubleQuoted($0.id) } ?? "null",
                          entry.title.map(doubleQuoted) ?? "null", doubleQuoted(item.href),
                          "[" + entry.tags.map(doubleQuoted).joined(separator: ",") + "]"]
            return "[" + fields.joined(separator: ",") + "]"
        }
        return "{\"entries\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }

    /// Each part's file, by part number: every part is written, an empty one as `{}`,
    /// so the plan knows the files before any text is split into terms.
    func termFiles() -> [String] {
        // Oldest first, so each term's entries come in the order of their ids.
        let ordered = Array(items.reversed())
        let weighed = ordered.concurrentMap(SearchIndex.weighedTerms)
        var terms = TermTable(expected: 4096)
        // For each term, its entries' ids and weights, one after the other.
        var postings: [[Int]] = []
        for (item, (table, weights)) in zip(ordered, weighed) {
            for number in 0..<table.count {
                let (term, isNew) = table.withTerm(number) { terms.number(of: $0, hash: table.hash(of: number)) }
                if isNew { postings.append([]) }
                postings[term].append(item.id)
                postings[term].append(min(weights[number], 255))
            }
        }
        var partTerms = [[(term: String, number: Int)]](repeating: [], count: SearchIndex.parts)
        for number in 0..<terms.count {
            let term = terms.term(number)
            partTerms[SearchIndex.part(of: term)].append((term, number))
        }
        return partTerms.concurrentMap { [postings] part in
            var json: [UInt8] = [UInt8(ascii: "{")]
            for (index, (term, number)) in part.sorted(by: { $0.term < $1.term }).enumerated() {
                if index > 0 { json.append(contentsOf: ",\n".utf8) }
                json.append(contentsOf: doubleQuoted(term).utf8)
                json.append(contentsOf: ":[".utf8)
                var previous = 0
                for pair in stride(from: 0, to: postings[number].count, by: 2) {
                    let id = postings[number][pair]
                    if pair > 0 { json.append(UInt8(ascii: ",")) }
                    SearchIndex.appendDigits(of: id - previous, to: &json)
                    json.append(UInt8(ascii: ","))
                    SearchIndex.appendDigits(of: postings[number][pair + 1], to: &json)
                    previous = id
                }
                json.append(UInt8(ascii: "]"))
            }
            json.append(contentsOf: "}\n".utf8)
            return String(decoding: json, as: UTF8.self)
        }
    }

    /// A number's decimal digits, without making a string of them: the parts hold a
    /// number for every word of every entry.
    private static func appendDigits(of number: Int, to json: inout [UInt8]) {
        if number >= 10 { appendDigits(of: number / 10, to: &json) }
        json.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// An entry's terms and each one's weight: a title's terms weigh five times a
    /// text's, a tag's three.
    private static func weighedTerms(_ item: Item) -> (TermTable, [Int]) {
        var weighed = WeighedTerms()
        weighed.add(item.text, weight: 1)
        weighed.add(item.entry.title ?? "", weight: 5)
        for tag in item.entry.tags { weighed.add(tag, weight: 3) }
        return (weighed.table, weighed.weights)
    }

    /// A struct, not local variables a closure captures: those are checked for
    /// exclusive access at every word.
    private struct WeighedTerms {
        var table = TermTable()
        var weights: [Int] = []

        mutating func add(_ text: String, weight: Int) {
            SearchText.eachTermBytes(in: SearchText.folded(text)) { bytes, hash in
                let (number, isNew) = table.number(of: bytes, hash: hash)
                if isNew { weights.append(weight) } else { weights[number] += weight }
            }
        }
    }

    func textFile(_ month: YearMonth) -> String {
        let members = (months[month] ?? []).map { "\"\($0.id)\":" + doubleQuoted($0.text) }
        return "{" + members.joined(separator: ",\n") + "}\n"
    }

    private static func hex(_ part: Int) -> String {
        let digits = String(part, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// The index's files as one build makes them: terms split once for all the parts,
/// only when one of the index's files is to be made (its inputs changed), and the
/// texts of only the months whose file is to be made.
struct MadeSearchIndex: Sendable {
    let entries: String
    let terms: [String]
    let texts: [YearMonth: String]

    init?(diary: Diary, plan: PagePlan, previousPages: [String: Fingerprint]) {
        let stale = plan.files.filter { $0.kind.isSearchIndex && !$0.isCurrent(previousPages) }
        guard !stale.isEmpty else { return nil }
        let index = SearchIndex(diary: diary)
        let months = stale.compactMap { file -> YearMonth? in if case .searchText(let month) = file.kind { month } else { nil } }
        // The terms' files are merged on one core: the entries and texts are made beside them.
        ((entries, texts), terms) = concurrently({
            (index.entriesFile(), Dictionary(uniqueKeysWithValues: zip(months, months.concurrentMap(index.textFile))))
        }, index.termFiles)
    }
}
