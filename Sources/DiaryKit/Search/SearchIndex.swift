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
        let rows = items.map { item -> String in
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
        // A title's terms weigh five times a text's, a tag's three.
        // Oldest first, so each term's entries come in the order of their ids.
        let ordered = Array(items.reversed())
        let weighed = ordered.concurrentMap { item in
            var weights: [String: Int] = [:]
            for term in SearchText.terms(in: item.text) { weights[term, default: 0] += 1 }
            for term in SearchText.terms(in: item.entry.title ?? "") { weights[term, default: 0] += 5 }
            for term in item.entry.tags.flatMap({ SearchText.terms(in: $0) }) { weights[term, default: 0] += 3 }
            return weights
        }
        var postings: [[String: [(id: Int, weight: Int)]]] = Array(repeating: [:], count: SearchIndex.parts)
        for (item, weights) in zip(ordered, weighed) {
            for (term, weight) in weights {
                postings[SearchIndex.part(of: term)][term, default: []].append((item.id, min(weight, 255)))
            }
        }
        return postings.concurrentMap { part in
            var json = "{"
            for (number, term) in part.keys.sorted().enumerated() {
                if number > 0 { json += ",\n" }
                json += doubleQuoted(term)
                json += ":["
                var previous = 0
                for (index, posting) in part[term]!.enumerated() {
                    if index > 0 { json += "," }
                    json += String(posting.id - previous)
                    json += ","
                    json += String(posting.weight)
                    previous = posting.id
                }
                json += "]"
            }
            return json + "}\n"
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
/// and only when one of the index's files is to be made (its inputs changed).
struct MadeSearchIndex: Sendable {
    let index: SearchIndex
    let entries: String
    let terms: [String]

    init?(diary: Diary, plan: PagePlan, previousPages: [String: Fingerprint]) {
        guard plan.files.contains(where: { $0.kind.isSearchIndex && !$0.isCurrent(previousPages) }) else { return nil }
        index = SearchIndex(diary: diary)
        entries = index.entriesFile()
        terms = index.termFiles()
    }
}
