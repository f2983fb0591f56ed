/// The site's own words in one language.
public struct Translations: Sendable {
    /// A key's text, or its forms by plural category for a text with a count in it.
    enum Phrase: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// The plain texts, as templates see them (`{{t.key}}`).
    public let strings: [String: String]
    /// The counted texts: `n_entries` → `one: "{count} entry"`, `other: "{count} entries"`.
    let plurals: [String: [PluralCategory: String]]
    public let pluralRule: PluralRule

    init(_ phrases: [String: Phrase], plurals rule: PluralRule) {
        var strings: [String: String] = [:], plurals: [String: [PluralCategory: String]] = [:]
        for (key, phrase) in phrases {
            switch phrase {
            case .text(let text): strings[key] = text
            case .plural(let forms): plurals[key] = forms
            }
        }
        self.strings = strings
        self.plurals = plurals
        self.pluralRule = rule
    }

    public subscript(_ key: String) -> String { strings[key] ?? key }

    /// Fills `{name}` placeholders: `format("recap_of", ["month": "October 2025"])`.
    public func format(_ key: String, _ values: [String: String]) -> String {
        Translations.fill(self[key], values)
    }

    /// A counted text in the form the language uses for `count`, `{count}` filled:
    /// `counted("n_days", 1)` is "1 day" in English. A plain text serves every count.
    /// `values` fill the text's other placeholders.
    public func counted(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        let text = plurals[key].map { $0[pluralRule.category(count)] ?? $0[.other]! } ?? self[key]
        return Translations.fill(text, values.merging(["count": String(count)]) { _, count in count })
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values { text = text.replacingEvery("{\(name)}", with: value) }
        return text
    }
}
