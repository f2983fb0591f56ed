import ArgumentParser
import DiaryKit
import Foundation

/// The command line of both programs, diarygen and diarygen-preview.
public struct Diarygen: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diarygen",
        abstract: "Turns a Markdown diary into a website of mood calendars and monthly recaps.",
        discussion: """
            Start with `diarygen init DIR`. `diarygen --generate-completion-script bash` (or zsh, or fish) \
            prints the completions for your shell; docs/commands.md says where to put them. `man diarygen` \
            after scripts/bootstrap has installed the manual.
            """,
        version: Version.current,
        subcommands: [Init.self, New.self, Build.self, Check.self, Recap.self, Search.self, Preview.self, Publish.self, Import.self, Version.self]
    )

    public init() {}

    /// Runs the command the program's arguments name. The built-in theme is read on
    /// another core while they are parsed.
    public static func runCommandLine() async {
        SiteBuild.prepare()
        await main(nil)
    }

    /// ArgumentParser's own errors (an unknown option, a missing value) start as
    /// diarygen's do, so every error on the terminal reads `error: …`.
    public static var _errorPrefix: String { Terminal.errorLabel + ": " }
}

/// Options every command that reads a diary shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The site folder, holding content/ and diarygen.yml.")
    var source: String = "."

    var siteFolder: SiteFolder { SiteFolder(URL(fileURLWithPath: source, isDirectory: true)) }
}

/// `--today`, for the commands whose output depends on the date.
struct TodayOption: ParsableArguments {
    @Option(name: .long, help: "Stand-in for today's date, YYYY-MM-DD (default: today in the configured time zone).")
    var today: CivilDate?
}

/// `--base-url`, for the commands that build a site.
struct BaseURLOption: ParsableArguments {
    @Option(name: .long, help: "The site's address, for the feed and sitemap (default: base_url in diarygen.yml).")
    var baseURL: String?
}

extension CivilDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard argument.count == 10, case .success(let written) = WrittenDate.parse(argument) else { return nil }
        self = written.date
    }
}

extension YearMonth: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension RecapReport.Format: ExpressibleByArgument {}

/// "1 entry", "2 entries": the command line speaks English, by its plural rule.
public func counted(_ count: Int, _ one: String, _ other: String) -> String {
    "\(count) \(PluralRule.english.category(count) == .one ? one : other)"
}

/// Reads the diary, leaving out what `invalid` says once the settings are known, or
/// prints every problem and fails. `cached` reuses and fills the site's build cache,
/// as a build does.
func readDiary(_ site: SiteOptions, cached: Bool = false, invalid: (SiteConfig) -> InvalidEntries) throws -> SiteBuild.Reading {
    do {
        let settings = try SiteBuild.settings(site: site.siteFolder)
        let reading = try SiteBuild.read(site: site.siteFolder, settings: settings, invalid: invalid(settings.config),
                                         cache: cached ? BuildCache(site: site.siteFolder) : nil)
        reading.warnings.forEach(Terminal.show)
        return reading
    } catch {
        error.diagnostics.forEach(Terminal.show)
        Terminal.complain("\(counted(error.errors.count, "error", "errors")) to fix first.")
        throw ExitCode.failure
    }
}
