import ArgumentParser

struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print diarygen's version (as --version does).")

    /// The one version string `diarygen version` and `diarygen --version` print. A
    /// constant rather than `git describe`, so a build from a tarball or a shallow
    /// clone says the same; scripts/release sets it when it tags a release.
    static let current = "0.1.0"

    func run() {
        print(Version.current)
    }
}
