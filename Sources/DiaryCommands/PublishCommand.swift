import ArgumentParser
import DiaryKit
import Foundation

struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Build the public site (or the sealed one) and mirror it to your web host with rsync.")

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "A folder or user@host:path (default: publish.target in diarygen.yml).")
    var to: String?

    @OptionGroup var sealing: SealedOption

    @OptionGroup var address: BaseURLOption

    @Flag(name: .long, help: "Show what would be uploaded and deleted, and change nothing on the host.")
    var dryRun = false

    @Flag(name: .long, help: "Publish to a folder that holds files diarygen did not publish there, deleting them (they are listed first).")
    var force = false

    func run() throws {
        let started = Date()
        let configured = try? SiteConfig.load(from: site.siteFolder).publishTarget
        guard let written = to ?? configured else {
            Terminal.fail("where to? Pass --to user@host:path or --to FOLDER, or set publish.target in diarygen.yml.")
            throw ExitCode.failure
        }
        guard Publisher.rsync() != nil else {
            Terminal.fail(Publisher.rsyncMissing)
            throw ExitCode.failure
        }
        var options = sealing.sealed
            ? SiteBuild.Options(siteFolder: site.siteFolder.url, output: site.siteFolder.defaultSealedOutput, audience: .author, baseURL: address.baseURL)
            : SiteBuild.Options(siteFolder: site.siteFolder.url, audience: .world, baseURL: address.baseURL)
        let target: PublishTarget
        do {
            target = try PublishTarget(written, site: site.siteFolder, builtSite: options.output)
        } catch {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
        if sealing.sealed { options.seal = try sealing.key(output: options.output) }
        _ = try buildSite(options, started: started)
        do {
            let takingOver: ((Publisher.Changes) -> Void)? = force ? { changes in
                Terminal.complain("Taking over \(target.address): \(counted(changes.deleted.count, "file", "files")) there that diarygen did not publish "
                    + (dryRun ? "would be deleted:" : "will be deleted:"))
                changes.deleted.forEach { Terminal.complain("  \($0)") }
            } : nil
            let changes = try Publisher.sync(options.output, to: target, dryRun: dryRun, takingOver: takingOver)
            let verb = dryRun ? "would upload" : "uploaded"
            changes.uploaded.forEach { Terminal.say("\(verb): \($0)") }
            changes.deleted.forEach { Terminal.say("\(dryRun ? "would delete" : "deleted"): \($0)") }
            Terminal.say("\(dryRun ? "Dry run: " : "")\(counted(changes.uploaded.count, "file", "files")) \(verb), "
                + "\(changes.deleted.count) \(dryRun ? "would be " : "")deleted, on \(target.address).")
        } catch let error as Publisher.Refused {
            Terminal.fail(error.description)
            throw ExitCode.failure
        }
    }
}
