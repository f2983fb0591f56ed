import Foundation

/// A JSON document read whole, so an importer can look at each entry itself and report
/// every entry's problem (a `Decodable` shape stops at the first), and keep values it
/// does not know as they were.
indirect enum JSONValue: Decodable {
    case text(String)
    /// As written in the document, from which a Double or an Int is read back the same.
    case number(String)
    case bool(Bool)
    case null
    case list([JSONValue])
    /// Keys sorted, so what is written from it is the same every time.
    case object([(key: String, value: JSONValue)])

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Where `read` tells the decoder how long a string may be.
    private static let fieldLimitKey = CodingUserInfoKey(rawValue: "fieldLimit")!

    /// A string longer than the limit, where it is in the document.
    private struct FieldTooLong: Error {
        let codingPath: [any CodingKey]
    }

    init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.map(\.stringValue).sorted().map { ($0, try object.decode(JSONValue.self, forKey: Key(stringValue: $0))) })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .list(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int.self) {
            self = .number(String(integer))
        } else if let number = try? single.decode(Double.self) {
            self = .number("\(number)")
        } else {
            let text = try single.decode(String.self)
            if let limit = decoder.userInfo[JSONValue.fieldLimitKey] as? Int, text.utf8.count > limit {
                throw FieldTooLong(codingPath: decoder.codingPath)
            }
            self = .text(text)
        }
    }

    /// `data` read as JSON, or what is wrong with it, said of the file at `path` (or of
    /// `subject`, what it holds); a string longer than `fieldLimit` bytes is refused where
    /// it is (`entry 3: `text` …`).
    static func read(_ data: Data, path: String, fieldLimit: Int, subject: String = "this") throws(DiagnosticsError) -> JSONValue {
        let decoder = JSONDecoder()
        decoder.userInfo[fieldLimitKey] = fieldLimit
        do {
            return try decoder.decode(JSONValue.self, from: data)
        } catch let tooLong as FieldTooLong {
            var keys = tooLong.codingPath.map { $0.intValue.map { "[\($0 + 1)]" } ?? ".\($0.stringValue)" }
            var entry = ""
            if keys.count > 1, keys[0] == ".entries" || keys[0] == ".dayEntries", let number = tooLong.codingPath[1].intValue {
                entry = "entry \(number + 1): "
                keys.removeFirst(2)
            }
            let field = keys.joined().drop { $0 == "." }
            throw DiagnosticsError([.error(path, "\(entry)`\(field)` is longer than the \(ExportLimits.text(bytes: fieldLimit)) a field of an export may be")])
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw DiagnosticsError([.error(path, "\(subject) is not JSON: \(underlying ?? context.debugDescription)")])
        } catch {
            throw DiagnosticsError([.error(path, "\(subject) is not JSON: \(error)")])
        }
    }

    /// The `entries` list of an app's JSON export (Day One's and jrnl's are both so).
    static func exportEntries(_ data: Data, path: String, app: String, fieldLimit: Int) throws(DiagnosticsError) -> [JSONValue] {
        guard let list = try read(data, path: path, fieldLimit: fieldLimit)["entries"]?.items else {
            throw DiagnosticsError([.error(path, "this is not a \(app) export: it has no `entries` list")])
        }
        return list
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// A number without a fraction, such as an id.
    var integer: Int? {
        if case .number(let number) = self { return Int(number) }
        return nil
    }

    var flag: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var items: [JSONValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The value as front-matter keeps it; nil for null, which is left out.
    var frontMatterValue: FrontMatterValue? {
        switch self {
        case .text(let text): .text(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .null: nil
        case .list(let items): .list(items.compactMap(\.frontMatterValue))
        case .object(let fields): .keys(fields.compactMap { field in field.value.frontMatterValue.map { FrontMatterField(field.key, $0) } })
        }
    }

    /// A value as a message shows it: `12`, `"x"`, or what it is.
    static func shown(_ value: JSONValue?) -> String {
        switch value {
        case .number(let number)?: number
        case .text(let text)?: "`\(PlainName.shown(text))`"
        case nil, .null?: "(none)"
        case .bool(let flag)?: "\(flag)"
        case .list?: "(a list)"
        case .object?: "(an object)"
        }
    }

}
