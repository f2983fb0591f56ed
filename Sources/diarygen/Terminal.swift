import DiaryKit
import Foundation

/// Human output: short lines, colour only on a terminal and never with NO_COLOR.
enum Terminal {
    static let useColor: Bool = {
        guard ProcessInfo.processInfo.environment["NO_COLOR"].map({ $0.isEmpty }) ?? true else { return false }
        return isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }()

    static func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Unbuffered, so a line reaches a pipe (a test, a log) the moment it is said.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func complain(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func show(_ diagnostic: Diagnostic) {
        let label = diagnostic.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
        complain("\(paint(diagnostic.location, "1")): \(label): \(diagnostic.message)")
    }
}
