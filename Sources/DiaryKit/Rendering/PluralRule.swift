/// A CLDR plural category: which form of a counted word a language uses for a number.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// How a language picks the plural category of a whole number, after CLDR's rules.
/// A language not listed here uses `other` for every number, which is right for
/// languages that do not inflect nouns by number, such as Korean and Japanese.
public struct PluralRule: Sendable {
    /// The language code: `en`, `ko`.
    public let language: String

    public init(language: String) { self.language = language }

    public static let english = PluralRule(language: "en")

    /// Languages whose `one` is exactly 1.
    private static let oneForOne: Set = ["en", "de", "nl", "sv", "da", "nb", "nn", "no", "it", "es", "fi", "et", "el", "hu", "tr", "bg", "ca"]
    /// Languages whose `one` is 0 and 1.
    private static let oneForZeroAndOne: Set = ["fr", "pt", "hy"]

    public func category(_ count: Int) -> PluralCategory {
        if PluralRule.oneForOne.contains(language) { return count == 1 ? .one : .other }
        if PluralRule.oneForZeroAndOne.contains(language) { return count == 0 || count == 1 ? .one : .other }
        return .other
    }
}
