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
    /// The terms of each year, oldest first: split on a core of its own, or as the
    /// last build split them.
    private let runs: [TermPostings]
    /// The years whose terms this index split, by year, for the next build to keep.
    let splitYears: [Int: TermPostings]
    /// The texts file of each month asked for.
    private let monthTexts: [YearMonth: [UInt8]]

    /// The index of `diary`, with the texts of `textMonths` (those whose file is to be
    /// made), and its list of entries if `listsEntries`. A year's terms are taken from
    /// `keptYears` when it holds them: a one-entry edit splits only its own year's
    /// entries into terms again, and looks at no other year's entries.
    init(diary: Diary, textMonths: Set<YearMonth>, listsEntries: Bool = true, keptYears: [Int: TermPostings] = [:]) {
        let years = diary.days.filter(\.hasPage).runs(by: \.date.year)
        // A year split alone (after a one-entry edit) is split in two halves, on two cores,
        // joined after; years split together keep the cores busy without it, and joining
        // halves cost more than it saved. Ids are counted from the year's first day in both.
        let halves = years.count(where: { keptYears[$0.first!.date.year] == nil }) == 1
        var pieces: [Piece] = []
        for runDays in years {
            let year = runDays.first!.date.year, firstID = runDays.first!.date.dayNumber * 1024
            let middle = runDays.startIndex + runDays.count / 2
            if let kept = keptYears[year] {
                pieces.append((year, firstID, runDays, kept))
            } else if !halves || middle == runDays.startIndex {
                pieces.append((year, firstID, runDays, nil))
            } else {
                pieces += [(year, firstID, runDays[..<middle], nil), (year, firstID, runDays[middle...], nil)]
            }
        }
        // An entry's words are split into terms as soon as they are taken out of its
        // HTML, while they are in the processor's cache, and quoted into its month's
        // texts then: a diary of a hundred years held 50 MB of them twice.
        let made = pieces.concurrentMap { SearchIndex.split($0, textMonths: textMonths, listsEntries: listsEntries) }
        var runs: [TermPostings] = []
        var splitYears: [Int: TermPostings] = [:]
        var monthTexts: [YearMonth: [UInt8]] = [:]
        for year in made.runs(by: \.year) {
            var postings = year.first!.postings
            for half in year.dropFirst() { postings.append(half.postings) }
            runs.append(postings)
            if year.first!.split { splitYears[year.first!.year] = postings }
            for (month, text) in year.flatMap(\.texts) {
                guard monthTexts[month] != nil else { monthTexts[month] = text; continue }
                // A month that lies in both halves: the first's texts go on with the second's.
                monthTexts[month]!.removeLast(2)  // "}\n"
                monthTexts[month]!.append(contentsOf: ",\n".utf8)
                monthTexts[month]!.append(contentsOf: text.dropFirst())  // "{"
            }
        }
        items = made.flatMap(\.items).reversed()
        self.runs = runs
        self.splitYears = splitYears
        self.monthTexts = monthTexts
    }

    private typealias Piece = (year: Int, firstID: Int, days: ArraySlice<DiaryDay>, kept: TermPostings?)

    /// A piece's items, its terms (split now, or as kept) and the texts of its months in `textMonths`.
    private static func split(_ piece: Piece, textMonths: Set<YearMonth>, listsEntries: Bool) -> (year: Int, items: [Item], postings: TermPostings, texts: [YearMonth: [UInt8]], split: Bool) {
        var items: [Item] = []
        var postings = piece.kept ?? TermPostings(firstID: piece.firstID)
        var texts: [YearMonth: [UInt8]] = [:]
        for day in piece.days {
            let wantsText = textMonths.contains(day.date.yearMonth)
            guard piece.kept == nil || wantsText || listsEntries else { continue }
            for (index, entry) in day.publishedEntries.enumerated() {
                let item = Item(id: day.date.dayNumber * 1024 + index, entry: entry, place: index)
                if listsEntries { items.append(item) }
                guard piece.kept == nil || wantsText else { continue }
                let text = PlainText(html: entry.body.html).utf8
                if piece.kept == nil { postings.add(item, text: text) }
                if wantsText { appendText(text, of: item, to: &texts[day.date.yearMonth, default: []]) }
            }
        }
        if piece.kept == nil { postings.close() }
        for month in texts.keys { texts[month]!.append(contentsOf: "}\n".utf8) }
        return (piece.year, items, postings, texts, piece.kept == nil)
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

    func entriesFile() -> [UInt8] {
        let rows = items.concurrentMap { item -> [UInt8] in
            let entry = item.entry
            var row: [UInt8] = [UInt8(ascii: "[")]
            SearchIndex.appendDigits(of: item.id, to: &row)
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

    /// Each part's file, by part number: every part is written, an empty one as `{}`,
    /// so the plan knows the files before any text is split into terms.
    func termFiles() -> [[UInt8]] {
        // The runs' tables joined: for each term, the lists of the runs that have it, in
        // the runs' order, so its entries come in the order of their ids.
        var terms = TermTable(expected: 4096)
        var lists: [[(firstID: Int, list: [UInt32])]] = []
        for run in runs {
            for number in 0..<run.terms.count {
                let (term, isNew) = run.terms.withTerm(number) { terms.number(of: $0, hash: run.terms.hash(of: number)) }
                let list = (run.firstID, run.lists[number])
                if isNew { lists.append([list]) } else { lists[term].append(list) }
            }
        }
        var partTerms = [[(term: String, number: Int)]](repeating: [], count: SearchIndex.parts)
        for number in 0..<terms.count {
            let term = terms.term(number)
            partTerms[SearchIndex.part(of: term)].append((term, number))
        }
        return partTerms.concurrentMap { [lists] part in
            var json: [UInt8] = [UInt8(ascii: "{")]
            for (index, (term, number)) in part.sorted(by: { $0.term < $1.term }).enumerated() {
                if index > 0 { json.append(contentsOf: ",\n".utf8) }
                appendDoubleQuoted(term, to: &json)
                json.append(contentsOf: ":[".utf8)
                SearchIndex.appendSteps(lists[number], to: &json)
                json.append(UInt8(ascii: "]"))
            }
            json.append(contentsOf: "}\n".utf8)
            return json
        }
    }

    /// A term's entries as `step,weight,step,weight…`: each id as the step from the one
    /// before it, each weight at most 255. Written through a pointer rather than a byte at
    /// a time: the parts hold two numbers for every word of every entry.
    private static func appendSteps(_ lists: [(firstID: Int, list: [UInt32])], to json: inout [UInt8]) {
        let pairs = lists.reduce(0) { $0 + $1.list.count / 2 }
        // A step of at most 20 characters (with its sign), a weight of 3, two commas.
        let steps = [UInt8](unsafeUninitializedCapacity: pairs * 25) { bytes, count in
            var previous = 0
            for (firstID, list) in lists {
                for pair in stride(from: 0, to: list.count, by: 2) {
                    if count > 0 { bytes[count] = UInt8(ascii: ","); count += 1 }
                    let id = firstID + Int(list[pair])
                    count += writeDigits(of: id - previous, to: bytes.baseAddress! + count)
                    bytes[count] = UInt8(ascii: ","); count += 1
                    count += writeDigits(of: min(Int(list[pair + 1]), 255), to: bytes.baseAddress! + count)
                    previous = id
                }
            }
        }
        json.append(contentsOf: steps)
    }

    /// A number's decimal digits, without making a string of them. An entry written
    /// before 1970 has an id below zero (its day's number is), and so may the first
    /// step to it.
    private static func appendDigits(of number: Int, to json: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            json.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress!, count: writeDigits(of: number, to: digits.baseAddress!)))
        }
    }

    /// Writes `number`'s digits (a minus sign first, below zero) at `start`; says how many bytes.
    private static func writeDigits(of number: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var length = number < 0 ? 2 : 1
        var rest = number.magnitude
        while rest >= 10 { rest /= 10; length += 1 }
        if number < 0 { start.pointee = UInt8(ascii: "-") }
        rest = number.magnitude
        var position = length
        repeat {
            position -= 1
            start[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return length
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
