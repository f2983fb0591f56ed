import Foundation

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
/// An entry's id is its day's number (days since 1970-01-01, below zero before it)
/// and its place among the day's published entries, so it stays the same when other
/// entries come and go, and a one-entry edit changes only the files that hold its
/// terms and its month. Only published entries are indexed: the public site's index
/// holds nothing of a mood-only or private entry.
struct SearchIndex: Sendable {
    static let parts = 64

    struct Item: Sendable {
        let id: Int
        let entry: Entry
        /// Its place among its day's published entries, from 0.
        let place: Int
    }

    /// Newest first; none when the list of entries is not to be made.
    let items: [Item]
    /// The terms of each month, oldest first: split on a core, or as the last build split them.
    private let runs: [MonthTerms]
    private let runMonths: [YearMonth]
    /// The texts file of each month asked for.
    private let monthTexts: [YearMonth: [UInt8]]

    /// The index of `diary`, with the texts of `textMonths` (those whose file is to be
    /// made), and its list of entries if `listsEntries`. A month's terms are taken from
    /// `keptMonths` when it holds them: a one-entry edit splits only its own month's
    /// entries into terms again, and looks at no other month's entries.
    init(diary: Diary, textMonths: Set<YearMonth>, listsEntries: Bool = true, keptMonths: [YearMonth: BuildCache.KeptMonth] = [:]) {
        let pieces = diary.days.filter(\.hasPage).runs(by: \.date.yearMonth).map { days in
            // Ids are counted from the month's first day with a page.
            Piece(month: days.first!.date.yearMonth, firstID: days.first!.date.dayNumber * 1024, days: days, kept: keptMonths[days.first!.date.yearMonth])
        }
        // An entry's words are split into terms as soon as they are taken out of its
        // HTML, while they are in the processor's cache, and quoted into its month's
        // texts then: a diary of a hundred years held 50 MB of them twice.
        let made = pieces.concurrentMap { SearchIndex.split($0, wantsText: textMonths.contains($0.month), listsEntries: listsEntries) }
        items = made.flatMap(\.items).reversed()
        runs = made.map(\.terms)
        runMonths = pieces.map(\.month)
        monthTexts = Dictionary(uniqueKeysWithValues: zip(pieces, made).compactMap { piece, made in made.text.map { (piece.month, $0) } })
    }

    private struct Piece {
        let month: YearMonth
        let firstID: Int
        let days: ArraySlice<DiaryDay>
        let kept: BuildCache.KeptMonth?
    }

    /// A month's items, its terms (split now, or as kept) and its texts if `wantsText`.
    private static func split(_ piece: Piece, wantsText: Bool, listsEntries: Bool) -> (items: [Item], terms: MonthTerms, text: [UInt8]?) {
        var items: [Item] = []
        var postings = TermPostings(firstID: piece.firstID)
        var text: [UInt8] = []
        if let kept = piece.kept, !wantsText, !listsEntries { return (items, .kept(kept), nil) }
        for day in piece.days {
            for (index, entry) in day.publishedEntries.enumerated() {
                let item = Item(id: day.date.dayNumber * 1024 + index, entry: entry, place: index)
                if listsEntries { items.append(item) }
                guard piece.kept == nil || wantsText else { continue }
                let words = PlainText(html: entry.body.htmlText).utf8
                if piece.kept == nil { postings.add(item, text: words) }
                if wantsText { appendText(words, of: item, to: &text) }
            }
        }
        text.append(contentsOf: (text.isEmpty ? "{}\n" : "}\n").utf8)
        let terms: MonthTerms
        if let kept = piece.kept {
            terms = .kept(kept)
        } else {
            postings.close()
            terms = .split(postings, parts: postings.partFingerprints())
        }
        return (items, terms, wantsText ? text : nil)
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
        var term = term
        return term.withUTF8(part(ofUTF8:))
    }

    /// `part(of:)` of a term's UTF-8 (never empty), whose first character is as long as
    /// its lead byte says.
    static func part(ofUTF8 term: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = term[0]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var hash: UInt32 = 0x811c_9dc5
        for byte in term.prefix(length) {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(parts))
    }

    func entriesFile() -> [UInt8] {
        let rows = items.concurrentMap { item -> [UInt8] in
            let entry = item.entry
            var row: [UInt8] = [UInt8(ascii: "[")]
            appendDigits(of: item.id, to: &row)
            row.append(UInt8(ascii: ","))
            appendDoubleQuoted(entry.date.description, to: &row)
            row.append(UInt8(ascii: ","))
            if let mood = entry.mood { appendDoubleQuoted(mood.id, to: &row) } else { row.append(contentsOf: "null".utf8) }
            row.append(UInt8(ascii: ","))
            if let title = entry.title { appendDoubleQuoted(title, to: &row) } else { row.append(contentsOf: "null".utf8) }
            row.append(UInt8(ascii: ","))
            appendDoubleQuoted(SitePaths.day(entry.date) + "#entry-\(item.place + 1)", to: &row)
            row.append(contentsOf: ",[".utf8)
            for (index, tag) in entry.tags.enumerated() {
                if index > 0 { row.append(UInt8(ascii: ",")) }
                appendDoubleQuoted(tag, to: &row)
            }
            row.append(contentsOf: "]]".utf8)
            return row
        }
        var json = Array("{\"entries\":[\n".utf8)
        for (index, row) in rows.enumerated() {
            if index > 0 { json.append(contentsOf: ",\n".utf8) }
            json.append(contentsOf: row)
        }
        json.append(contentsOf: "\n]}\n".utf8)
        return json
    }

    /// For each part, a fingerprint of what its file is made from: each run's first id,
    /// and the fingerprint of its terms in the part with their lists. A one-entry edit
    /// splits one month again, and changes the fingerprints of only the parts that hold
    /// the terms it touched.
    func partFingerprints() -> [Fingerprint] {
        var fingerprints = [Fingerprint](repeating: Fingerprint(), count: SearchIndex.parts)
        for run in runs {
            let own = run.parts
            for part in 0..<SearchIndex.parts {
                fingerprints[part].add(run.firstID)
                fingerprints[part].add(own[part].value)
            }
        }
        return fingerprints
    }

    /// Each month's first id and part fingerprints, oldest first, for the next build to keep.
    var keptMonths: [(month: YearMonth, kept: BuildCache.KeptMonth)] {
        zip(runMonths, runs).map { ($0, BuildCache.KeptMonth(firstID: $1.firstID, parts: $1.parts)) }
    }

    /// The terms of `parts`, by part (every part has a file, an empty one `{}`, so the
    /// plan knows the files before any text is split into terms), with their records for
    /// the cache if `keepsRecords`. The months kept are taken from `kept`; nil when a
    /// part's record there does not hold them as they are now.
    func termFiles(_ parts: Set<Int>, kept: [Int: BuildCache.KeptPart], keepsRecords: Bool) -> [Int: PartTerms]? {
        guard !parts.isEmpty else { return [:] }
        var asked = [Bool](repeating: false, count: SearchIndex.parts)
        parts.forEach { asked[$0] = true }
        // Each split month's terms sorted into the parts asked for, in the months' order;
        // then each part made on any core.
        var split = [[(run: Int, number: Int)]](repeating: [], count: SearchIndex.parts)
        for (index, run) in runs.enumerated() {
            guard let postings = run.postings else { continue }
            for number in 0..<postings.terms.count {
                let part = postings.terms.withTerm(number, SearchIndex.part(ofUTF8:))
                if asked[part] { split[part].append((index, number)) }
            }
        }
        let made = parts.sorted().concurrentMap { [runs, split] part in
            (part, PartTerms(part: part, runs: runs, split: split[part], kept: kept[part], keepsRecord: keepsRecords))
        }
        var files: [Int: PartTerms] = [:]
        for (part, terms) in made {
            guard let terms else { return nil }
            files[part] = terms
        }
        return files
    }

    /// A month's texts by id.
    func textFile(_ month: YearMonth) -> [UInt8] { monthTexts[month]! }

    private static func appendText(_ text: [UInt8], of item: Item, to json: inout [UInt8]) {
        json.append(contentsOf: json.isEmpty ? "{\"".utf8 : ",\n\"".utf8)
        appendDigits(of: item.id, to: &json)
        json.append(contentsOf: "\":".utf8)
        text.withUnsafeBufferPointer { appendDoubleQuoted(utf8: $0, to: &json) }
    }

    private static func hex(_ part: Int) -> String {
        let digits = String(part, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
