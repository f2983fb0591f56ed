/// A problem found in a person's files, located so an editor can jump to it.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// Path relative to the site folder, e.g. `content/2025/10/2025-10-03.md`.
    public let path: String
    /// 1-based line in the file; nil when the problem is about the file as a whole.
    public let line: Int?
    public let severity: Severity
    public let message: String

    public init(_ severity: Severity, _ path: String, line: Int? = nil, _ message: String) {
        self.path = path
        self.line = line
        self.severity = severity
        self.message = message
    }

    public static func error(_ path: String, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, path, line: line, message)
    }

    public static func warning(_ path: String, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path, line: line, message)
    }

    /// `path:LINE: message`, the form compilers use and editors understand.
    public var location: String { line.map { "\(path):\($0)" } ?? path }
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Thrown when a build cannot go on; carries every problem found, not just the first.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
