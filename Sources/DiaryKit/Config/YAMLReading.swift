import Yams

/// YAML for diaries. No resolver at all: every scalar stays the text the person
/// wrote, so `2025-03-01` is read as a civil date by `WrittenDate`, never as a UTC
/// instant, and flags and numbers are read from their text where they are used.
/// (Yams' other resolvers would match each scalar against regular expressions,
/// for tags nothing here looks at.)
enum YAMLReading {
    static let resolver = Resolver.basic

    /// Composes `text` into a node tree. Errors name `path` and the line in the
    /// file, given that the YAML starts on line `firstLine` of that file.
    static func compose(_ text: String, path: String, firstLine: Int) -> Result<Node?, Diagnostic> {
        do {
            // The encoding given, not Yams' default, which reads the environment on every call.
            return .success(try Yams.compose(yaml: text, resolver, .default, .utf8))
        } catch let error as YamlError {
            return .failure(.error(path, line: line(of: error).map { $0 + firstLine - 1 } ?? firstLine, describe(error)))
        } catch {
            return .failure(.error(path, line: firstLine, "could not read the YAML: \(error)"))
        }
    }

    /// The line a Yams node starts on, in the file.
    static func line(of node: Node, firstLine: Int) -> Int {
        (node.mark?.line ?? 1) + firstLine - 1
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _): return mark.line
        case let .duplicatedKeysInMapping(_, context): return context.mark.line
        default: return nil
        }
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case let .scanner(context, problem, _, _), let .parser(context, problem, _, _), let .composer(context, problem, _, _):
            let while_ = context.map { " \($0.text)" } ?? ""
            return "this is not valid YAML: \(problem)\(while_)"
        case let .duplicatedKeysInMapping(duplicates, _):
            return "a key is written twice: \(duplicates.joined(separator: ", "))"
        default:
            return "this is not valid YAML: \(error)"
        }
    }

    /// A scalar's text, or nil for mappings and sequences.
    static func scalarText(_ node: Node) -> String? {
        if case let .scalar(scalar) = node { return scalar.string }
        return nil
    }

    /// A flag exactly as YAML writes one (`true`, `True`, `TRUE`, `yes` and their
    /// opposites); nil for anything else, so a setting is never guessed.
    static func flag(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes": true
        case "false", "False", "FALSE", "no": false
        default: nil
        }
    }

    static func kindName(_ node: Node) -> String {
        switch node {
        case .scalar: "a single value"
        case .mapping: "a set of keys"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}

/// A setting of diarygen.yml written as a set of keys (`photos: {quality: 80}`), read
/// key by key: every problem at its line, an unknown key named with the keys there are.
struct KeyedSetting {
    let name: String
    /// An example of one key, for when the setting is not a set of keys at all.
    let example: String
    /// The keys it takes, as a message lists them: `widths, quality and originals`.
    let keys: String

    /// What `read` made of one key.
    enum Reading {
        case read
        case unknown
        /// A problem with the value, said after `name.key should be`.
        case shouldBe(String)
    }

    func parse<Settings>(_ node: Node, path: String, line: Int, into settings: Settings,
                         read: (inout Settings, _ key: String, _ value: Node, _ text: String?) -> Reading) -> Result<Settings, DiagnosticsError> {
        guard case let .mapping(mapping) = node else {
            return .failure(DiagnosticsError([.error(path, line: line, "`\(name)` should be a set of keys such as `\(example)`; it takes \(keys)")]))
        }
        var settings = settings
        var problems: [Diagnostic] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = YAMLReading.line(of: keyNode, firstLine: 1)
            switch read(&settings, key, value, YAMLReading.scalarText(value)) {
            case .read: break
            case .unknown: problems.append(.error(path, line: line, "unknown key `\(name).\(key)`; \(name) takes \(keys)"))
            case .shouldBe(let what): problems.append(.error(path, line: line, "\(name).\(key) should be \(what)"))
            }
        }
        return problems.isEmpty ? .success(settings) : .failure(DiagnosticsError(problems))
    }
}
