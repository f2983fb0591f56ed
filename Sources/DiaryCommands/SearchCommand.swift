import ArgumentParser
import DiaryKit
import Foundation

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find entries by their words, title and tags: newest first, each with the lines that match.",
        discussion: """
            Words match by their start ("walk" finds "walked"); Chinese and Japanese by their characters. \
            "quoted words" must stand together; -word and -"some words" leave out the entries that have them. \
            Every entry is searched, private ones too; drafts are not. Exits 1 when nothing matches.
            """)

    @Argument(parsing: .allUnrecognized, help: "Words, \"phrases\", -word or -\"phrase\" to leave out.")
    var words: [String] = []

    @Option(name: .long, help: "Only entries of this mood: an id, emoji or score.")
    var mood: String?

    @Option(name: .long, help: "Only entries with this tag.")
    var tag: String?

    @Option(name: .long, help: "Only entries on or after this date, YYYY-MM-DD.")
    var from: CivilDate?

    @Option(name: .long, help: "Only entries on or before this date, YYYY-MM-DD.")
    var to: CivilDate?

    @Option(name: .long, help: "text or json.")
    var format: SearchReport.Format = .text

    @OptionGroup var site: SiteOptions

    /// The words before a `--` (which ArgumentParser hands over with `-word`), and all after it.
    var query: SearchQuery {
        SearchQuery(arguments: words.firstIndex(of: "--").map { Array(words[..<$0] + words[($0 + 1)...]) } ?? words)
    }

    func validate() throws {
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to).") }
        // Unknown options arrive among the words, as `-word` does; before a `--` they are mistakes.
        if let option = words.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") }) {
            throw ValidationError("unknown option `\(option)`; put `--` before a word that starts with `--`.")
        }
        if !words.isEmpty, query.isEmpty { throw ValidationError("nothing to search for in \(words.joined(separator: " ")): give a word with a letter or digit.") }
        if words.isEmpty, mood == nil, tag == nil, from == nil, to == nil { throw ValidationError("Give a word to search for, or a filter.") }
    }

    func run() throws {
        let reading = try readDiary(site, cached: true) { _ in .skip }
        var filters = DiarySearch.Filters(tag: tag, from: from, to: to)
        if let mood {
            guard let found = reading.diary.moods.match(mood) else {
                Terminal.fail(reading.diary.moods.unknownMoodMessage(mood))
                throw ExitCode.validationFailure
            }
            filters.mood = found
        }
        let matches = DiarySearch(query: query, filters: filters).matches(in: reading.diary.entries)
        guard !matches.isEmpty else {
            Terminal.complain("no entry matches")
            throw ExitCode.failure
        }
        print(SearchReport.formatted(matches, format), terminator: "")
    }
}

extension SearchReport.Format: ExpressibleByArgument {}
