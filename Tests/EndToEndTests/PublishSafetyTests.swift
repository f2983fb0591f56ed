// `diarygen publish` as a process, against targets it must not empty: someone's
// folders, the site itself, rsync options, and an rsync that talks a lot.
import Foundation
import Testing
@testable import DiaryKit
import TestFixtures

@Suite(.serialized) struct PublishSafetyTests {
    @Test func aFolderDiarygenDidNotPublishToIsNeverEmptiedWithoutForce() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "good", title: "Out", body: "Words.")
        let target = site.folder.appending(path: "home-like")
        site.write("home-like/Documents/thesis.docx", "years of work")
        site.write("home-like/.ssh/id_ed25519", "secret key")
        let before = try snapshot(target)
        let refused = try DiarygenCommand.run(["publish", "--to", target.path], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("holds files that diarygen did not publish there"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("deleted:"))
        #expect(try snapshot(target) == before)
        // A dry run with --force lists what would go, and changes nothing.
        let dry = try DiarygenCommand.run(["publish", "--to", target.path, "--force", "--dry-run"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(dry.status == 0)
        #expect(dry.stderr.contains("Documents/thesis.docx") && dry.stderr.contains(".ssh/id_ed25519"), "\(dry.stderr)")
        #expect(try snapshot(target) == before)
        // --force says what it deletes, then takes the folder over.
        let forced = try DiarygenCommand.run(["publish", "--to", target.path, "--force"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("Taking over") && forced.stdout.contains("deleted: Documents/thesis.docx"))
        #expect(FileManager.default.fileExists(atPath: target.appending(path: Publisher.markerName).path))
        // From then on it is diarygen's own: no --force needed.
        #expect(try DiarygenCommand.run(["publish", "--to", target.path], in: site.folder).status == 0)
    }

    @Test func dangerousTargetsAreRefusedBeforeAnythingRuns() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "good")
        let canary = FileManager.default.temporaryDirectory.appending(path: "diarygen-owned-\(UUID().uuidString)")
        for target in [".", "/", "content", "--rsh=touch \(canary.path)", "--to=x"] {
            let result = try DiarygenCommand.run(["publish", "--to=\(target)"], in: site.folder, environment: ["NO_COLOR": "1"])
            #expect(result.status == 1, "\(target)")
            #expect(result.stderr.contains("will not publish to"), "\(target): \(result.stderr)")
        }
        let home = try DiarygenCommand.run(["publish", "--to", site.folder.path], in: site.folder, environment: ["NO_COLOR": "1", "HOME": site.folder.path])
        #expect(home.stderr.contains("it is your home folder"))
        #expect(!FileManager.default.fileExists(atPath: canary.path))
        #expect(FileManager.default.fileExists(atPath: site.folder.appending(path: "content/2025/03/2025-03-01.md").path))
    }
}

@Suite struct RsyncOutputTests {
    /// An rsync that says a great deal on standard error before it prints its changes:
    /// read one stream after the other, the two programs would wait on each other forever.
    @Test func aTalkativeRsyncDoesNotHangPublish() throws {
        let site = TestSite()
        site.entry("2025/03/2025-03-01.md", mood: "good")
        site.write("bin/rsync", """
            #!/bin/sh
            head -c 300000 /dev/zero | tr '\\0' 'w' >&2
            case "$*" in *--list-only*) echo "drwxr-xr-x          4,096 2026/01/01 00:00:00 ." ;; *) echo "<f+++++++++ index.html" ;; esac
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.folder.appending(path: "bin/rsync").path)
        let process = Process()
        process.executableURL = DiarygenCommand.binary
        process.arguments = ["publish", "--to", site.folder.appending(path: "www").path]
        process.currentDirectoryURL = site.folder
        process.environment = ["PATH": site.folder.appending(path: "bin").path + ":/usr/bin:/bin", "NO_COLOR": "1"]
        let output = site.folder.appending(path: "publish.log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        #expect(!hung, "publish hung reading rsync's output")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("uploaded: index.html"))
    }
}
