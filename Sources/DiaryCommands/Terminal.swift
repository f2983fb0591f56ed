import DiaryKit
import Foundation

/// Human output: short lines, colour only on a terminal and never with NO_COLOR.
public enum Terminal {
    static let useColor: Bool = {
        guard ProcessInfo.processInfo.environment["NO_COLOR"].map({ $0.isEmpty }) ?? true else { return false }
        return isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }()

    static func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Unbuffered, so a line reaches a pipe (a test, a log) the moment it is said.
    public static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public static func complain(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The word every error starts with, diarygen's own and ArgumentParser's alike.
    static var errorLabel: String { paint("error", "1;31") }
    public static var warningLabel: String { paint("warning", "1;33") }

    /// `error: message`, for what stops a command that is not about one file's line.
    public static func fail(_ message: String) {
        complain("\(errorLabel): \(message)")
    }

    public static func show(_ diagnostic: Diagnostic) {
        let label = diagnostic.severity == .error ? errorLabel : warningLabel
        complain("\(paint(diagnostic.location, "1")): \(label): \(diagnostic.message)")
    }

    /// A one-line bar on standard error, drawn only on a terminal and only once a
    /// build has run for a second: short builds print nothing but their summary.
    final class ProgressBar: @unchecked Sendable {
        private let started: Date
        private let lock = NSLock()
        private var lastDrawn = Date.distantPast
        private var drawn = false

        /// Nil when standard error is not a terminal.
        init?(started: Date) {
            guard isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
            self.started = started
        }

        func show(_ progress: BuildProgress) {
            let now = Date()
            guard now.timeIntervalSince(started) > 1 else { return }
            lock.withLock {
                guard now.timeIntervalSince(lastDrawn) > 0.1 || progress.done == progress.total else { return }
                lastDrawn = now
                drawn = true
                let width = 24
                let filled = progress.total == 0 ? width : width * progress.done / progress.total
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                FileHandle.standardError.write(Data("\r\u{1B}[2K\(progress.stage.rawValue) \(bar) \(progress.done)/\(progress.total)".utf8))
            }
        }

        /// Removes the bar, so the summary starts on a clean line.
        func clear() {
            lock.withLock {
                guard drawn else { return }
                drawn = false
                FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
            }
        }
    }
}
