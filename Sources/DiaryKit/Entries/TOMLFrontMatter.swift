import TOMLKit

extension FrontMatterFields {
    /// Hugo's TOML front-matter (between `+++` lines), read into the same fields as YAML's.
    /// A date or time is its text as written, so `WrittenDate` reads it like YAML's.
    static func viaTOML(_ toml: String, path: String, firstLine: Int) -> Result<FrontMatterFields, Diagnostic> {
        let lines = toml.split(separator: "\n", omittingEmptySubsequences: false)
        if let index = lines.firstIndex(where: isUnnamedTableHeader) {
            return .failure(.error(path, line: index + firstLine,
                                   "this is not valid TOML: a table's name in `[…]` starts with a letter, a digit, `_`, `-` or a quote"))
        }
        if let index = lines.firstIndex(where: hasDateWithoutTime) {
            return .failure(.error(path, line: index + firstLine, "this is not valid TOML: a `T` after a date is followed by a time such as 21:30:00"))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return .failure(.error(path, line: error.source.begin.line + firstLine - 1, "this is not valid TOML: \(error.description)"))
        } catch {
            return .failure(.error(path, line: firstLine, "could not read the TOML: \(error)"))
        }
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

    /// A table header whose name starts with what no key starts with (`[#x]`, `[` alone):
    /// toml++, inside TOMLKit, asserts there instead of reporting an error, which aborts
    /// diarygen (found by Fuzz/FuzzFrontMatter). What follows a valid name, toml++ checks itself.
    private static func isUnnamedTableHeader(_ line: Substring) -> Bool {
        let blanks: Set<Character> = [" ", "\t"]
        var rest = line.drop { blanks.contains($0) }
        guard rest.first == "[" else { return false }
        rest = rest.dropFirst().drop { blanks.contains($0) }
        if rest.first == "[" { rest = rest.dropFirst().drop { blanks.contains($0) } }
        guard let first = rest.first else { return true }
        return !(first.isASCII && (first.isLetter || first.isNumber) || "_-\"']".contains(first))
    }

    /// A value `YYYY-MM-DDT` not followed by a digit (`2021-01-05Tx`): toml++ asserts there
    /// too (found by Fuzz/FuzzFrontMatter). A value starts a line or follows `=`, `[`, `,` or `{`.
    private static func hasDateWithoutTime(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }
        var valueMayStart = true
        for (index, byte) in bytes.enumerated() {
            if valueMayStart, isDigit(index), index + 10 < bytes.count,
               [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ isDigit(index + $0) }), bytes[index + 4] == UInt8(ascii: "-"), bytes[index + 7] == UInt8(ascii: "-"),
               bytes[index + 10] == UInt8(ascii: "T") || bytes[index + 10] == UInt8(ascii: "t"), !isDigit(index + 11) {
                return true
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { valueMayStart = "=[,{".utf8.contains(byte) }
        }
        return false
    }
}
