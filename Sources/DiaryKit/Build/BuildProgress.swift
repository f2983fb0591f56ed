import Foundation

/// How far a build has got, for a progress bar.
public struct BuildProgress: Sendable {
    public enum Stage: String, Sendable {
        case parsing = "Reading entries"
        case photos = "Making photos"
        case rendering = "Rendering pages"
        case writing = "Writing files"
    }

    public let stage: Stage
    public let done: Int
    public let total: Int
}

public typealias ProgressHandler = @Sendable (BuildProgress) -> Void

/// Counts the finished items of one stage, from any thread.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let stage: BuildProgress.Stage
    private let total: Int
    private let handler: ProgressHandler?

    init(_ stage: BuildProgress.Stage, total: Int, handler: ProgressHandler?) {
        self.stage = stage
        self.total = total
        self.handler = handler
    }

    func step(by count: Int = 1) {
        guard let handler else { return }
        let done = lock.withLock {
            self.done += count
            return self.done
        }
        handler(BuildProgress(stage: stage, done: done, total: total))
    }
}
