import TOMLKit

extension FrontMatterFields {
    /// Hugo's TOML front-matter (between `+++` lines), read into the same fields as YAML's.
    /// A date or time is its text as written, so `WrittenDate` reads it like YAML's.
    static func viaTOML(_ toml: String, path: String, firstLine: Int) -> Result<FrontMatterFields, Diagnostic> {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return .failure(.error(path, line: error.source.begin.line + firstLine - 1, "this is not valid TOML: \(error.description)"))
        } catch {
            return .failure(.error(path, line: firstLine, "could not read the TOML: \(error)"))
        }
        let lines = toml.split(separator: "\n", omittingEmptySubsequences: false)
        /// The line a top-level key is set on; TOMLKit keeps no positions.
        func line(of key: String) -> Int {
            let index = lines.firstIndex { line in
                let text = line.drop { $0 == " " || $0 == "\t" }
                for written in [key, "\"\(key)\"", "'\(key)'"] where text.hasPrefix(written) {
                    if text.dropFirst(written.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" { return true }
                }
                return false
            }
            return (index ?? 0) + firstLine
        }
        func converted(_ value: TOMLValueConvertible, line: Int) -> Value {
            switch value.type {
            case .string: Value(kind: .text(value.string ?? "", isNull: false), line: line)
            case .array: Value(kind: .list((value.array.map(Array.init) ?? []).map { converted($0, line: line) }), line: line)
            case .table: Value(kind: .mapping(Dictionary(uniqueKeysWithValues: (value.table.map(Array.init) ?? []).map { ($0.0, converted($0.1, line: line)) })), line: line)
            default: Value(kind: .text(value.debugDescription, isNull: false), line: line)
            }
        }
        var fields: [String: Field] = [:]
        for (key, item) in table {
            let keyLine = line(of: key)
            fields[key] = Field(keyLine: keyLine, value: converted(item, line: keyLine))
        }
        return .success(FrontMatterFields(fields: fields))
    }
}
