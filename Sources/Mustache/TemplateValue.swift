/// What a page hands its template: text, yes or no, lists and named values —
/// the shapes Mustache knows, typed, so rendering never looks a value up through `Any`.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    /// Text as UTF-8 bytes, such as a part of a page rendered already: appended as
    /// it is, never made into a String.
    case utf8([UInt8])
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateFields)

    /// Named texts, such as a translation table (`t.recap_of`), as a template sees them.
    public init(_ strings: [String: String]) {
        self = .object(TemplateFields(strings.map { ($0.key, .text($0.value)) }))
    }

    /// What `{{name}}` shows: text as it is, a flag as `true`/`false`, a list's
    /// items joined by commas, and nothing for a group of named values.
    var interpolated: String {
        switch self {
        case .text(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        case .flag(let flag): flag ? "true" : "false"
        case .list(let items): items.map(\.interpolated).joined(separator: ", ")
        case .object: ""
        }
    }

    /// The value named `name` in a group of named values; nil in anything else.
    func field(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[name]
    }

    /// Sections skip false and empty lists; everything else, empty text included, is there.
    var isFalsey: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .text, .utf8, .object: false
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
        self = .object(TemplateFields(literal: fields))
    }
}

/// A group of named values, as `{{name}}` finds them. Most groups hold a handful of
/// names, each looked up a few times: comparing short names one by one is quicker
/// than hashing them, and making a group builds no hash table. A large group (a
/// translation table) keeps a table of where each name is as well.
public struct TemplateFields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One array of (name, value), so that handing a group on retains one buffer; shaped
    /// as a literal's fields are, so that a literal's array becomes it as it is.
    private var fields: [(String, TemplateValue)] = []
    /// Where each name is, once there are more than `indexedAbove` of them.
    private var positions: [String: Int]?

    static let indexedAbove = 24

    public init() {}

    /// A name given twice keeps its last value, as a dictionary literal would.
    public init(_ fields: some Sequence<(String, TemplateValue)>) {
        for (name, value) in fields { self[name] = value }
    }

    public init(dictionaryLiteral fields: (String, TemplateValue)...) {
        self.init(literal: fields)
    }

    /// The fields of a literal, taken as they are: a literal names each field once (a
    /// name written twice is a mistake, as in a dictionary literal), so no name is looked
    /// for among those before it, and no field copied, as pages make thousands of these.
    init(literal fields: [(String, TemplateValue)]) {
        self.fields = fields
        assert(Set(fields.map(\.0)).count == fields.count, "a template literal names a field twice")
        indexIfLarge()
    }

    public var isEmpty: Bool { fields.isEmpty }

    public subscript(name: String) -> TemplateValue? {
        get { position(of: name).map { fields[$0].1 } }
        set {
            if let position = position(of: name) {
                if let newValue {
                    fields[position].1 = newValue
                } else {
                    fields.remove(at: position)
                    positions = nil
                    indexIfLarge()
                }
            } else if let newValue {
                fields.append((name, newValue))
                if positions != nil { positions![name] = fields.count - 1 } else { indexIfLarge() }
            }
        }
    }

    /// Fields that each have a name of their own, taken as they are, as a literal's are.
    public init(distinct fields: [(String, TemplateValue)]) {
        self.init(literal: fields)
    }

    private func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        // Names of other lengths are passed over without comparing them, which for
        // strings is a call into the runtime each.
        let length = name.utf8.count
        return fields.firstIndex { $0.0.utf8.count == length && $0.0 == name }
    }

    private mutating func indexIfLarge() {
        guard fields.count > TemplateFields.indexedAbove, positions == nil else { return }
        positions = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element.0, $0.offset) })
    }

    /// The same names with the same values, in any order.
    public static func == (a: TemplateFields, b: TemplateFields) -> Bool {
        a.fields.count == b.fields.count && a.fields.allSatisfy { b[$0.0] == $0.1 }
    }
}
