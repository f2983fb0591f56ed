import Foundation

/// The phases of a build, in the order they run.
public enum BuildPhase: String, Sendable {
    /// diarygen.yml, the theme, the site's words and moods.
    case loadSettings = "load settings"
    /// content/ listed, each entry's front-matter parsed (or taken from the cache).
    case read = "read entries"
    /// Each photo in content/ looked at, and its sizes made unless the cache has them.
    case photos = "make photos"
    /// Each entry's Markdown converted to HTML, its links resolved; what the audience may see kept.
    case convert = "convert entries"
    /// Days, months and years.
    case model = "model the diary"
    /// Which files the site holds and what each is made from.
    case plan = "plan pages"
    /// The search index's terms split, when a file of the index is to be made.
    case index = "index for search"
    /// Each changed page laid out and rendered with the theme.
    case render = "render pages"
    /// Every file encrypted under an opaque name, when the site is sealed.
    case seal = "seal the site"
    /// The site put on disk.
    case write = "write the site"
    /// What the next build may reuse, saved in the cache.
    case remember = "remember"
}

/// A build that stopped, and the phase it stopped in. Problems with the diary
/// itself come as `DiagnosticsError` instead, with their files and lines.
public struct BuildFailure: Error, CustomStringConvertible {
    public let phase: BuildPhase
    public let underlying: any Error
    public var description: String { "\(underlying) (while the build was in its phase “\(phase.rawValue)”)" }
}

/// Told when each phase of a build ends, and how long it took.
public typealias PhaseTimer = @Sendable (BuildPhase, Duration) -> Void

extension BuildPhase {
    /// Runs the phase's work, timed for `timer`. A problem with the diary passes as it
    /// is, with its files and lines; anything else is tagged with the phase.
    func run<T>(timer: PhaseTimer?, _ work: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { timer?(self, clock.now - start) }
        do {
            return try work()
        } catch let problems as DiagnosticsError {
            throw problems
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(phase: self, underlying: error)
        }
    }
}
