// The conventions of a command-line tool, run as a process: the version and the script
// that sets it, `serve` for `preview`, shell completions, and one style for errors.
import Foundation
import Testing
import TestFixtures

@Suite struct CommandLineTests {
    let folder = FileManager.default.temporaryDirectory

    @Test func versionAndDashDashVersionPrintTheSameVersion() throws {
        let flag = try DiarygenCommand.run(["--version"], in: folder)
        let command = try DiarygenCommand.run(["version"], in: folder)
        #expect(flag.status == 0 && command.status == 0, "\(flag.stderr)\(command.stderr)")
        #expect(flag.stdout == command.stdout)
        #expect(flag.stdout.wholeMatch(of: /\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\n/) != nil, "\(flag.stdout)")
    }

    @Test func theReleaseScriptSetsTheVersionAndTagsIt() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let copy = TestSite()
        for path in ["scripts/release", "Sources/DiaryCommands/VersionCommand.swift"] {
            try FileManager.default.createDirectory(at: copy.folder.appending(path: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appending(path: path), to: copy.folder.appending(path: path))
        }
        // scripts/package, which release runs last, is ReleasePackageTests' to try: here it
        // only leaves a mark that it ran, after the tag.
        let package = copy.folder.appending(path: "scripts/package")
        try Data("#!/bin/sh\ngit describe --tags > .git/packaged\n".utf8).write(to: package)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: package.path)
        func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = copy.folder
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try run(["git", "init", "-q"]) == 0)
        #expect(try run(["git", "add", "."]) == 0)
        #expect(try run(["git", "commit", "-q", "-m", "start"]) == 0)
        #expect(try run(["scripts/release", "v1"]) == 64)
        #expect(try run(["scripts/release", "12.3.4-beta.1"]) == 0)
        let source = try String(contentsOf: copy.folder.appending(path: "Sources/DiaryCommands/VersionCommand.swift"), encoding: .utf8)
        #expect(source.contains("    static let current = \"12.3.4-beta.1\"\n"))
        #expect(try run(["git", "diff", "--quiet", "v12.3.4-beta.1"]) == 0)
        #expect(try String(contentsOf: copy.folder.appending(path: ".git/packaged"), encoding: .utf8) == "v12.3.4-beta.1\n")
        #expect(try run(["scripts/release", "12.3.4-beta.1"]) == 1)
    }

    @Test func serveIsPreview() throws {
        let serve = try DiarygenCommand.run(["serve", "--help"], in: folder)
        let preview = try DiarygenCommand.run(["preview", "--help"], in: folder)
        #expect(serve.status == 0, "\(serve.stderr)")
        #expect(serve.stdout.contains("Build the site into a temporary folder, serve it"))
        // The same options, checked the same way.
        let refused = try DiarygenCommand.run(["serve", "--port", "70000"], in: folder, environment: ["NO_COLOR": "1"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: --port 70000 is not a port"))
        #expect(serve.stdout == preview.stdout)
    }

    @Test func helpNamesTheCompletionsAndEveryCommand() throws {
        let help = try DiarygenCommand.run(["--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--generate-completion-script bash"))
        for command in ["init", "new", "build", "check", "recap", "preview, serve", "publish", "version"] {
            #expect(help.stdout.contains("\n  \(command) "), "\(command)")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func aCompletionScriptForEachShell(shell: String) throws {
        let result = try DiarygenCommand.run(["--generate-completion-script", shell], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // It completes the commands, the newest among them, and their options.
        for word in ["init", "version", "skip-invalid"] {
            #expect(result.stdout.contains(word), "\(shell): \(word)")
        }
        // ArgumentParser 1.8.2 leaves aliases out of bash's script (docs/commands.md says so).
        #expect(result.stdout.contains("serve") == (shell != "bash"))
    }

    @Test func anArgumentErrorAndADiarygenErrorLookAlike() throws {
        let site = trickyDiary()
        let unknown = try DiarygenCommand.run(["build", "--colour"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("error: Unknown option '--colour'\n"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("Usage: diarygen build"))
        #expect(unknown.stderr.contains("See 'diarygen build --help' for more information."))

        let mood = try DiarygenCommand.run(["new", "--mood", "grat"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(mood.status == 1)
        #expect(mood.stderr.hasPrefix("error: unknown mood `grat`"))

        let missing = try DiarygenCommand.run(["new"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: Missing expected argument '--mood <mood>'"), "\(missing.stderr)")
    }
}
