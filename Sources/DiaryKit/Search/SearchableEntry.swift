import Mustache

/// An entry as a search reads it: its title's, tags' and Markdown body's terms, and
/// the lines of its file, to show where a match is. The body is the source text, not
/// the HTML: what the author wrote is what they search for.
public struct SearchableEntry: Sendable {
    public let entry: Entry
    let title: [String]
    let tags: [[String]]
    /// The body's terms in order, and beside each the file line (1-based) it is on.
    let body: [String]
    let bodyLines: [Int]
    /// The front-matter's lines and the body's, as written, by file line.
    let lines: [Int: Substring]
    /// Each front-matter line's terms, to point at the line of a title or tag that matches.
    let headerTerms: [(line: Int, terms: [String])]
    let bodyFirstLine: Int

    /// Reads the entry's file; nil when it can no longer be read (changed since the
    /// diary was read), or when it cannot match: its file, title and tags, folded,
    /// lack one of the `needed` terms (a match holds each as a word or a word's start).
    /// That is looked for in the file's bytes before its lines are split into terms,
    /// which takes most of a search's time.
    public init?(_ entry: Entry, needing needed: [String] = []) {
        guard let read = FileBytes(path: entry.source.path) else { return nil }
        if !needed.isEmpty {
            // The title and tags as read too: YAML may have written them with escapes.
            var folded = SearchText.folded(String(decoding: read.bytes, as: UTF8.self) + "\n" + (entry.title ?? "") + "\n"
                                           + entry.tags.joined(separator: "\n"))
            guard folded.withUTF8({ text in needed.allSatisfy { byteOffset(of: Array($0.utf8), in: text, from: 0) != nil } }) else { return nil }
        }
        guard case .success(let frontMatter) = EntryParser.frontMatter(of: entry.source, bytes: read.bytes) else { return nil }
        self.init(entry, frontMatter: frontMatter)
    }

    init(_ entry: Entry, frontMatter: FrontMatter) {
        self.entry = entry
        title = entry.title.map(SearchText.terms(in:)) ?? []
        tags = entry.tags.map(SearchText.terms(in:))
        bodyFirstLine = frontMatter.bodyFirstLine
        var lines: [Int: Substring] = [:]
        var headerTerms: [(line: Int, terms: [String])] = []
        for (index, line) in SearchableEntry.lines(of: frontMatter.text).enumerated() {
            lines[frontMatter.textFirstLine + index] = line
            headerTerms.append((frontMatter.textFirstLine + index, SearchText.terms(in: line)))
        }
        let bodyLines = SearchableEntry.lines(of: frontMatter.body)
        // The body is folded whole, one call instead of one a line; folding keeps line breaks.
        var foldedLines = SearchableEntry.lines(of: SearchText.folded(frontMatter.body))
        if foldedLines.count != bodyLines.count { foldedLines = bodyLines.map { Substring(SearchText.folded($0)) } }
        var body: [String] = [], lineOfTerm: [Int] = []
        for (index, line) in bodyLines.enumerated() {
            let number = frontMatter.bodyFirstLine + index
            lines[number] = line
            SearchText.eachTerm(in: foldedLines[index]) { term in
                body.append(term)
                lineOfTerm.append(number)
            }
        }
        self.lines = lines
        self.headerTerms = headerTerms
        self.body = body
        self.bodyLines = lineOfTerm
    }

    /// Split at each line break's byte, found in the UTF-8: splitting a String by
    /// Character looks for grapheme clusters, most of the time a search took. The
    /// parser has made every line break a "\n".
    private static func lines(of text: String) -> [Substring] {
        var text = text
        let ends = text.withUTF8 { bytes in bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") } } + [text.utf8.count]
        var start = text.startIndex
        return ends.map { offset in
            let end = text.utf8.index(text.startIndex, offsetBy: offset)
            defer { if end < text.endIndex { start = text.utf8.index(after: end) } }
            return text[start..<end]
        }
    }

    /// Whether the phrase is in the title, a tag or the body.
    func contains(_ phrase: SearchQuery.Phrase) -> Bool {
        phrase.firstMatch(in: title) != nil || tags.contains { phrase.firstMatch(in: $0) != nil } || phrase.firstMatch(in: body) != nil
    }

    /// The body lines where any of the phrases starts, each once, in order.
    func bodyLines(matching phrases: [SearchQuery.Phrase]) -> [Int] {
        var found = Set<Int>()
        for phrase in phrases {
            var from = 0
            while let start = phrase.firstMatch(in: body, from: from) {
                found.insert(bodyLines[start])
                from = start + 1
            }
        }
        return found.sorted()
    }

    /// The front-matter line of the title, or else of the first tag, that holds one of
    /// the phrases: looked for by the field's own words, so a title "Mood swings" is
    /// found on its line, not on `mood: okay`.
    func headerLine(matching phrases: [SearchQuery.Phrase]) -> Int? {
        let fields = ([title] + tags).filter { field in phrases.contains { $0.firstMatch(in: field) != nil } }
        return fields.lazy.compactMap { field in
            self.headerTerms.first { SearchQuery.Phrase(terms: field).firstMatch(in: $0.terms) != nil }?.line
        }.first
    }

    /// The first body line with any words, for an entry found by its filters alone.
    var firstWrittenLine: Int? {
        lines.filter { $0.key >= bodyFirstLine && $0.value.contains { !$0.isWhitespace } }.keys.min()
    }
}
