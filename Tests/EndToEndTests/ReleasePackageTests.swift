// scripts/package run as a release would run it: a release build of its own (apart from
// the build `swift test` holds), then the tarball and the Debian package, unpacked
// into a scratch root whose diarygen builds the sample diary.
import Foundation
import Testing
import TestFixtures

@Suite struct ReleasePackageTests {
    @Test func theDebianPackageInstallsAndBuildsTheSampleDiary() throws {
        let scratch = TestSite()
        let dist = scratch.folder.appending(path: "dist")
        let made = try runProgram(repository.appending(path: "scripts/package").path,
                                ["--out", dist.path, "--scratch-path", repository.appending(path: ".build-package").path])
        try #require(made.status == 0, "scripts/package failed: \(made.output.suffix(3000))")
        let version = try DiarygenCommand.run(["--version"], in: scratch.folder).stdout.trimmingCharacters(in: .newlines)
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path).sorted()
        let deb = "diarygen_\(version)_amd64.deb", tarball = "diarygen-\(version)-linux-x86_64.tar.gz"
        #expect(files == [tarball, deb].sorted(), "\(files)")

        let control = try runProgram("/usr/bin/dpkg-deb", ["--field", dist.appending(path: deb).path]).output
        #expect(control.contains("Package: diarygen\n") && control.contains("Version: \(version)\n"), "\(control)")
        for library in ["libvips42", "libcmark-gfm0", "libjemalloc2", "libxxhash0", "rsync"] {
            #expect(control.contains(library), "Depends names no \(library): \(control)")
        }
        let listed = try runProgram("/usr/bin/dpkg-deb", ["--contents", dist.appending(path: deb).path]).output
        for path in ["./usr/bin/diarygen", "./usr/bin/diarygen-preview", "./usr/share/man/man1/diarygen.1.gz", "./usr/share/bash-completion/completions/diarygen",
                     "./usr/share/zsh/vendor-completions/_diarygen", "./usr/share/fish/vendor_completions.d/diarygen.fish",
                     "./usr/share/doc/diarygen/copyright"] {
            #expect(listed.contains(" \(path)\n"), "the package holds no \(path)")
        }
        #expect(!listed.contains("/usr/local/"), "a Debian package installs nothing under /usr/local")

        let root = scratch.folder.appending(path: "root")
        try #require(try runProgram("/usr/bin/dpkg-deb", ["--extract", dist.appending(path: deb).path, root.path]).status == 0)
        let installed = root.appending(path: "usr/bin/diarygen").path
        for program in ["diarygen", "diarygen-preview"] {
            let linked = try runProgram("/usr/bin/ldd", [root.appending(path: "usr/bin/\(program)").path]).output
            #expect(!linked.contains("libswift") && !linked.contains("libFoundation"), "\(program) needs Swift's libraries: \(linked)")
        }
        let copyright = try String(contentsOf: root.appending(path: "usr/share/doc/diarygen/copyright"), encoding: .utf8)
        #expect(copyright.contains("License: MIT") && copyright.contains("Permission is hereby granted"))
        let bash = try String(contentsOf: root.appending(path: "usr/share/bash-completion/completions/diarygen"), encoding: .utf8)
        #expect(bash.contains("-F _diarygen diarygen") && bash.contains("build"))
        let manual = try runProgram("/bin/sh", ["-c", "gzip -dc '\(root.path)/usr/share/man/man1/diarygen.1.gz'"]).output
        #expect(manual == (try String(contentsOf: repository.appending(path: "docs/diarygen.1"), encoding: .utf8)))

        // The installed binary, with nothing of Swift or of this checkout on its paths, builds the sample diary.
        let diary = scratch.folder.appending(path: "diary")
        try FileManager.default.createDirectory(at: diary, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appending(path: "content"), to: diary.appending(path: "content"))
        try FileManager.default.copyItem(at: repository.appending(path: "diarygen.yml"), to: diary.appending(path: "diarygen.yml"))
        let build = try runProgram(installed, ["build", "--today", "2026-11-23"], in: diary, environment: ["PATH": "/usr/bin:/bin", "HOME": scratch.folder.path])
        #expect(build.status == 0, "\(build.output)")
        #expect(FileManager.default.fileExists(atPath: diary.appending(path: "site/2026/10/recap/index.html").path))
        #expect(try runProgram(installed, ["--version"], environment: [:]).output == version + "\n")
        // `preview` runs the diarygen-preview installed beside it.
        let preview = try RunningPreview(in: diary, arguments: ["--today", "2026-11-23"], binary: URL(fileURLWithPath: installed))
        #expect(preview.waitForLine(containing: "Recap of October 2026: http://127.0.0.1:") != nil, "no address printed: \(preview.text)")

        let tar = try runProgram("/bin/tar", ["-tzf", dist.appending(path: tarball).path]).output
        let top = "diarygen-\(version)-linux-x86_64/"
        for path in ["bin/diarygen", "bin/diarygen-preview", "share/man/man1/diarygen.1", "share/bash-completion/completions/diarygen",
                     "share/zsh/site-functions/_diarygen", "share/fish/vendor_completions.d/diarygen.fish", "README.md", "LICENSE"] {
            #expect(tar.contains(top + path + "\n"), "the tarball holds no \(top + path)")
        }
    }
}
