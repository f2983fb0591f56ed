import Foundation

/// A site being written a batch of files at a time (`SiteWriter.start`): what the
/// site holds was settled when it started; `finish` completes it, `abandon` gives up.
final class WriteSession {
    private let writer: SiteWriter
    /// False while a new site fills its own folder: nothing there to compare with.
    private let replacing: Bool
    private let counter: ProgressCounter
    /// Held until the session ends: another build may not write the same site meanwhile.
    private let lock: OpenFolder?
    private let completion: () throws -> Void
    private let cleanup: () -> Void
    private var result: SiteWriter.WrittenFiles

    init(writer: SiteWriter, replacing: Bool, removed: Int, counter: ProgressCounter, lock: OpenFolder?,
         finish: @escaping () throws -> Void, abandon: @escaping () -> Void) {
        self.writer = writer
        self.replacing = replacing
        self.counter = counter
        self.lock = lock
        self.completion = finish
        self.cleanup = abandon
        result = SiteWriter.WrittenFiles()
        result.removed = removed
    }

    /// Puts these files in place; each path is one the session started with.
    func put(_ files: [OutputFile]) throws {
        let put = try writer.put(files, replacing: replacing, counter: counter)
        result.written += put.written
        result.unchanged += put.unchanged
        result.pages.merge(put.pages) { _, new in new }
    }

    /// Counts `count` files left as the last build wrote them, which need nothing done.
    func leave(_ count: Int) {
        result.unchanged += count
        counter.step(by: count)
    }

    /// Every file is in place: the manifest says so, and a new site takes the output's place.
    func finish() throws -> SiteWriter.WrittenFiles {
        try withExtendedLifetime(lock) { try completion() }
        return result
    }

    /// Stops where it is: a new site's folder is removed; an existing site keeps what was
    /// written, as after a build that was killed, for the next build to complete.
    func abandon() {
        withExtendedLifetime(lock) { cleanup() }
    }
}
