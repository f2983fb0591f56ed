// What README and docs/ tell a person to do, done: the tour's entry and commands run
// as written, the manual page says what the commands' help says, and every link of
// the documents leads somewhere (scripts/check-docs).
import Foundation
import Testing
import TestFixtures

@Suite struct DocumentationTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appending(path: path), encoding: .utf8)
    }

    /// README's code blocks, each with the word after its opening fence.
    static func codeBlocks(_ markdown: String) -> [(info: String, lines: [String])] {
        var blocks: [(String, [String])] = []
        var open: (String, [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = open { blocks.append(block); open = nil } else { open = (String(line.dropFirst(3)), []) }
            } else if open != nil {
                open!.1.append(line)
            }
        }
        return blocks
    }

    /// The `diarygen …` commands of README's shell blocks, in order: a `$ ` prompt and
    /// a `# comment` taken off, `&&` chains split, a pipe's later commands left out.
    static func commands(_ markdown: String) -> [[String]] {
        codeBlocks(markdown).filter { $0.info.isEmpty || $0.info == "sh" }.flatMap(\.lines).flatMap { line -> [[String]] in
            var line = line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line
            if let pipe = line.range(of: " | ") { line = String(line[..<pipe.lowerBound]) }
            // A crontab line's schedule, or anything else before the command, is left out.
            return line.components(separatedBy: " && ").map(words).compactMap { words in
                words.firstIndex { $0 == "diarygen" || $0 == "cd" }.map { Array(words[$0...]) }
            }
        }
    }

    /// A command line's words as a shell splits them: quotes kept together, a comment dropped.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character; inWord = true
            } else if character == "#" && !inWord {
                break
            } else if character == " " {
                if inWord { words.append(word); word = ""; inWord = false }
            } else {
                word.append(character); inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func readmesTourRunsAsWritten() throws {
        let readme = try Self.text("README.md")
        let home = TestSite()
        var folder = home.folder
        let commands = Self.commands(readme)
        #expect(commands.contains(["diarygen", "build"]) && commands.contains { $0.starts(with: ["diarygen", "new"]) }, "\(commands)")
        let entry = try #require(Self.codeBlocks(readme).first { $0.info == "markdown" }, "README shows no entry").lines.joined(separator: "\n")
        var ran: [String] = []
        for command in commands {
            let arguments = command.map { $0.hasPrefix("~/") ? home.folder.path + $0.dropFirst(1) : $0 }
            if arguments.first == "cd" {
                folder = URL(filePath: arguments[1], directoryHint: .isDirectory)
                continue
            }
            switch arguments[1] {
            case "serve", "preview":
                // A server that runs until stopped: PreviewTests starts it.
                continue
            case "publish" where !arguments.contains("--to"):
                // The configured host of README's example is no host here.
                continue
            default:
                break
            }
            // README's entry goes into the diary `init` made before its first build.
            if arguments[1] == "build" && !ran.contains("entry") {
                let path = folder.appending(path: "content/2026/10/2026-10-14.md")
                try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(entry.utf8).write(to: path)
                // The photo README's entry shows, beside it.
                try fixturePhoto("sideways-gps.jpg").write(to: path.deletingLastPathComponent().appending(path: "view.jpg"))
                ran.append("entry")
            }
            // The tour's day is 14 October 2026, its recap on 1 November, whatever the clock says.
            var pinned = Array(arguments.dropFirst())
            if ["init", "build", "recap"].contains(pinned[0]) { pinned += ["--today", "2026-11-01"] }
            if pinned[0] == "new" && !pinned.contains("--date") { pinned += ["--date", "2026-10-31"] }
            // `--sealed` reads its passphrase from there when no one is at a terminal.
            let result = try DiarygenCommand.run(pinned, in: folder, environment: ["HOME": home.folder.path, "NO_COLOR": "1", "EDITOR": "",
                                                                                   "DIARYGEN_PASSPHRASE": "a passphrase for the tour"])
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
            ran.append(arguments.dropFirst().joined(separator: " "))
        }
        #expect(ran.contains("entry"), "README's tour never builds: \(ran)")
        let day = try String(contentsOf: folder.appending(path: "site/2026/10/14/index.html"), encoding: .utf8)
        #expect(day.contains("After the interview") && day.contains("<picture"), "README's entry is not its day's page")
    }

    @Test func theCommandsOfTheTourAreFoundInReadme() {
        let commands = Self.commands("""
            ```sh
            $ diarygen new --mood good --title "First snow"  # today
            diarygen init ~/diary && cd ~/diary && diarygen serve
            0 8 1 * *  cd ~/diary && diarygen recap --format markdown | mail -s "x" me@example.org
            ```
            ```yaml
            diarygen: not a command
            ```
            """)
        #expect(commands == [["diarygen", "new", "--mood", "good", "--title", "First snow"],
                             ["diarygen", "init", "~/diary"], ["cd", "~/diary"], ["diarygen", "serve"],
                             ["cd", "~/diary"], ["diarygen", "recap", "--format", "markdown"]])
    }

    @Test func everyLinkOfTheDocumentsLeadsSomewhere() throws {
        let checked = try runProgram(repository.appending(path: "scripts/check-docs").path, [])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// docs/diarygen.1 is made by scripts/manual; this fails when a command, an option
    /// or its help changed without the page being made again.
    @Test func theManualPageSaysWhatTheHelpSays() throws {
        let page = try Self.text("docs/diarygen.1")
        let dump = try DiarygenCommand.run(["--experimental-dump-help"], in: repository)
        #expect(dump.status == 0, "\(dump.stderr)")
        let info = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as! [String: Any]
        var expected: [String] = [], options: Set<String> = []
        func visit(_ command: [String: Any], top: Bool) {
            // A command with other names is listed as `.It Em "preview, serve"`.
            if !top { expected.append(".It Em " + ((command["aliases"] as? [String]).map { "\"" + ([command["commandName"] as! String] + $0).joined(separator: ", ") + "\"" } ?? (command["commandName"] as! String))) }
            if let abstract = command["abstract"] as? String, !top { expected.append("\n\(abstract)\n") }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where (argument["shouldDisplay"] as? Bool) != false {
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.map { "-" + ($0["name"] as! String) }
                options.formUnion(names)
                if let abstract = argument["abstract"] as? String { expected.append("\n\(abstract)\n") }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, top: false) }
        }
        visit(info["command"] as! [String: Any], top: true)
        let stale = expected.filter { !page.contains($0) }
        #expect(stale.isEmpty, "docs/diarygen.1 lacks \(stale); run scripts/manual")
        let shown = Set(page.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "Fl -") else { return nil }
            return "-" + line[range.upperBound...].prefix { $0 != " " }
        })
        #expect(shown.subtracting(options).isEmpty, "docs/diarygen.1 names options the commands no longer have: \(shown.subtracting(options)); run scripts/manual")
    }
}
