import ArgumentParser
import DiaryKit
import Foundation

/// `--sealed`, for `build` and `publish`: the whole diary, encrypted for any host.
struct SealedOption: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp("Seal the whole diary with a passphrase: every file encrypted, readable in a browser only with it.",
                                          discussion: "The passphrase is asked at the terminal, twice the first time, or read from DIARYGEN_PASSPHRASE."))
    var sealed = false

    static let environmentName = "DIARYGEN_PASSPHRASE"

    /// The keys of the sealed site in `output`, being derived: its passphrase asked (or read
    /// from the environment), for the site already sealed there (the build stops when it
    /// does not open it), or for a new site.
    func key(output: URL) throws -> DerivingSealKey {
        let record: SealRecord?
        do {
            record = try SealRecord.read(in: output)
        } catch {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        guard let record else {
            Terminal.complain("A sealed site opens only with its passphrase. If you lose it, nothing and no one can read the sealed copy: "
                + "keep the passphrase somewhere safe. (Your content/ is not changed by sealing.)")
            let passphrase = try SealedOption.passphrase(confirming: true)
            guard passphrase.count >= 10 else {
                Terminal.fail("the passphrase is too short: a sealed site can be guessed at by anyone who copies it, so use at least "
                    + "10 characters (four or more words are easier to remember). Nothing was written.")
                throw ExitCode.failure
            }
            return DerivingSealKey { SealKey(newSiteWith: passphrase) }
        }
        let passphrase = try SealedOption.passphrase(confirming: false)
        return DerivingSealKey { SealKey(passphrase: passphrase, record: record) }
    }

    /// From DIARYGEN_PASSPHRASE, or typed at the terminal without echo; never from an
    /// argument, which every user of the machine can see in `ps`.
    private static func passphrase(confirming: Bool) throws -> String {
        if let set = ProcessInfo.processInfo.environment[environmentName], !set.isEmpty { return set }
        guard let terminal = Prompt() else {
            Terminal.fail("there is no terminal to ask the passphrase at: set \(environmentName) for a build that runs on its own.")
            throw ExitCode.failure
        }
        let typed = terminal.ask("Passphrase for the sealed site: ")
        guard !typed.isEmpty else {
            Terminal.fail("no passphrase was typed. Nothing was written.")
            throw ExitCode.failure
        }
        if confirming, terminal.ask("The same passphrase again: ") != typed {
            Terminal.fail("the two passphrases differ. Nothing was written.")
            throw ExitCode.failure
        }
        return typed
    }
}

/// The controlling terminal, asked a line with its echo off.
private struct Prompt {
    let descriptor: Int32

    init?() {
        descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    func ask(_ question: String) -> String {
        write(descriptor, question, question.utf8.count)
        var settings = termios()
        let canHideEcho = tcgetattr(descriptor, &settings) == 0
        var hidden = settings
        hidden.c_lflag &= ~tcflag_t(ECHO)
        if canHideEcho { tcsetattr(descriptor, TCSAFLUSH, &hidden) }
        defer {
            if canHideEcho { tcsetattr(descriptor, TCSAFLUSH, &settings) }
            write(descriptor, "\n", 1)
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
