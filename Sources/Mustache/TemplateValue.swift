/// What a page hands its template: text, yes or no, lists and named values —
/// the shapes Mustache knows, typed, so rendering never looks a value up through `Any`.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Named texts, such as a translation table (`t.recap_of`), as a template sees them.
    public init(_ strings: [String: String]) {
        self = .object(strings.mapValues(TemplateValue.text))
    }

    /// What `{{name}}` shows: text as it is, a flag as `true`/`false`, a list's
    /// items joined by commas, and nothing for a group of named values.
    var interpolated: String {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list(let items): items.map(\.interpolated).joined(separator: ", ")
        case .object: ""
        }
    }

    /// Sections skip false and empty lists; everything else, empty text included, is there.
    var isFalsey: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .text, .object: false
        }
    }
}

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral text: String) { self = .text(text) }
    public init(booleanLiteral flag: Bool) { self = .flag(flag) }
    public init(arrayLiteral items: TemplateValue...) { self = .list(items) }
    public init(dictionaryLiteral fields: (String, TemplateValue)...) {
        self = .object(Dictionary(fields, uniquingKeysWith: { _, last in last }))
    }
}
