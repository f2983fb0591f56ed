import Foundation
import Mustache

/// The files a sealed folder holds in plain sight: the page that asks for the passphrase
/// (`index.html`, from templates/sealed.mustache in the site's language), the script that
/// reads the sealed files in the browser (`reader.js`, templates/sealed.js), `seal.json`,
/// and a robots.txt that keeps search engines out. None of them names the diary.
enum SealedReader {
    /// `templates` are the site's (`SitePages.templates`), which hold `sealed`.
    static func files(record: SealRecord, theme: Theme, templates: TemplateLibrary, config: SiteConfig) throws(DiagnosticsError) -> [OutputFile] {
        let context: TemplateFields = [
            "lang": .text(config.localeIdentifier.replacingEvery("_", with: "-")),
            "dir": .text(config.writesRightToLeft ? "rtl" : "ltr"),
        ]
        return [
            OutputFile(path: "index.html", contents: .text(try SitePages.render("sealed", .object(context), in: templates))),
            OutputFile(path: "reader.js", contents: .text(theme.files["sealed.js"] ?? "")),
            OutputFile(path: SealRecord.fileName, contents: .bytes(record.json)),
            OutputFile(path: "robots.txt", contents: .text("User-agent: *\nDisallow: /\n")),
        ]
    }
}

extension SealRecord {
    /// The record of the site sealed in `output`; nil when nothing is there yet. A folder
    /// that holds a site diarygen built without sealing it, or a `seal.json` this
    /// diarygen cannot read, is refused before a passphrase is asked.
    public static func read(in output: URL) throws(OutputFolder.Refused) -> SealRecord? {
        let folder = output.standardizedFileURL.path
        let recordPath = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: recordPath) else {
            if FileManager.default.fileExists(atPath: folder + "/" + SiteWriter.manifestName) {
                throw OutputFolder.Refused(description: "will not seal the site into \(folder): it holds a site diarygen built without sealing it, "
                    + "whose pages a sealed build would replace. Seal into another folder with --output (the default is sealed/).")
            }
            return nil
        }
        guard let bytes = FileBytes(path: recordPath)?.bytes, let record = SealRecord(json: bytes) else {
            throw OutputFolder.Refused(description: "cannot read the salt of the sealed site in \(folder): \(recordPath) is damaged or was made by "
                + "another version of diarygen. Nothing was written.")
        }
        return record
    }
}
