import Foundation

/// How much of an export `diarygen import` reads before refusing it, so a crafted one
/// (a zip bomb, a zip whose sizes lie, a field of a gigabyte) is an error, never a
/// machine out of memory or disk. Each is far above a real 10-year diary with photos
/// (docs/importing.md says how far); tests lower them to try them on small files.
struct ExportLimits: Sendable {
    /// One file of the export, unpacked: the journal, the CSV, one photo.
    var fileBytes = 256 << 20
    /// All that is unpacked from one .zip.
    var totalBytes = 64 << 30
    /// Files and folders in one .zip.
    var entries = 100_000
    /// One field: an entry's text, a note, a title.
    var fieldBytes = 4 << 20

    static let standard = ExportLimits()

    /// `bytes` as a message says it: `4 MiB`, `64 GiB`, `900 bytes`.
    static func text(bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            let amount = Double(bytes) / Double(1 << shift)
            return (amount.rounded() == amount ? String(Int(amount)) : String(format: "%.1f", amount)) + " " + unit
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
