/// What a person types to search the diary: words, "quoted phrases", and `-word` or
/// `-"phrase"` to leave out the entries that have them. An entry is found when it has
/// every word and phrase and none of those left out.
public struct SearchQuery: Sendable, Equatable {
    /// A word or phrase as folded terms. They must stand together in this order
    /// (only spaces or punctuation between them); each but the last must be a whole
    /// term, and the last matches a term by its start, so "walk" finds "walked",
    /// and 東京 (two terms) finds 東京に行った but not 京都.
    public struct Phrase: Sendable, Equatable {
        public let terms: [String]

        public init(terms: [String]) { self.terms = terms }

        public init(_ text: some StringProtocol) { self.init(terms: SearchText.terms(in: text)) }
    }

    public private(set) var wanted: [Phrase] = []
    public private(set) var leftOut: [Phrase] = []

    public init(wanted: [Phrase] = [], leftOut: [Phrase] = []) {
        self.wanted = wanted.filter { !$0.terms.isEmpty }
        self.leftOut = leftOut.filter { !$0.terms.isEmpty }
    }

    /// A query as typed in one line: `quiet "morning walk" -rain -"heavy rain"`.
    /// An unclosed quote runs to the end.
    public init(_ text: String) {
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            var excluded = false
            if rest.first == "-", rest.dropFirst().first.map({ !$0.isWhitespace }) == true {
                excluded = true
                rest = rest.dropFirst()
            }
            let piece: Substring
            if rest.first == "\"" {
                let inside = rest.dropFirst()
                let end = inside.firstIndex(of: "\"") ?? inside.endIndex
                piece = inside[..<end]
                rest = end == inside.endIndex ? inside[end...] : inside[inside.index(after: end)...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                piece = rest[..<end]
                rest = rest[end...]
            }
            add(Phrase(piece), excluded: excluded)
        }
    }

    /// A query as a shell hands over its words: each argument is read as a query of
    /// its own, except that one holding spaces and no quote is a phrase (the shell
    /// took its quotes), and `-` before one leaves it out.
    public init(arguments: [String]) {
        for argument in arguments {
            if argument.contains("\"") || !argument.contains(where: \.isWhitespace) {
                let query = SearchQuery(argument)
                wanted += query.wanted
                leftOut += query.leftOut
            } else if argument.hasPrefix("-") {
                add(Phrase(argument.dropFirst()), excluded: true)
            } else {
                add(Phrase(argument), excluded: false)
            }
        }
    }

    /// Whether nothing is asked for: every entry the filters let through is found.
    public var isEmpty: Bool { wanted.isEmpty && leftOut.isEmpty }

    private mutating func add(_ phrase: Phrase, excluded: Bool) {
        guard !phrase.terms.isEmpty else { return }
        if excluded { leftOut.append(phrase) } else { wanted.append(phrase) }
    }
}

extension SearchQuery.Phrase {
    /// The index in `terms` where this phrase starts, at or after `from`; nil when it is not there.
    func firstMatch(in terms: [String], from: Int = 0) -> Int? {
        let count = self.terms.count
        guard count > 0, terms.count - from >= count else { return nil }
        let last = count - 1
        for start in from...(terms.count - count) {
            var matched = true
            for offset in 0..<count {
                let term = terms[start + offset].utf8, wanted = self.terms[offset].utf8
                if offset == last ? !term.starts(with: wanted) : !term.elementsEqual(wanted) {
                    matched = false
                    break
                }
            }
            if matched { return start }
        }
        return nil
    }
}
