// What the import targets share: one document of an export read as `diarygen import`
// reads it, giving entries or errors located in that document.
@_spi(Fuzzing) import DiaryKit
import Foundation

public func readExportDocument(_ data: UnsafePointer<UInt8>, _ size: Int, app: DiaryImport.App, path: String) {
    let document = Data(bytes: data, count: size)
    checkRead(path: path) { () throws(DiagnosticsError) in
        try DiaryImport.read(document: document, path: path, app: app, photoPaths: ["photos/0123456789abcdef0123456789abcdef.jpeg"],
                             fallbackZone: TimeZone(identifier: "Europe/Paris")!)
    }
}

/// What every reading of an export must give: entries numbered from 1 in the export's
/// order, or errors, each located in the document read.
public func checkRead(path: String, _ read: () throws(DiagnosticsError) -> (entries: [ImportedEntry], warnings: [Diagnostic])) {
    do {
        let read = try read()
        precondition(read.entries.allSatisfy { $0.number >= 1 && $0.number <= read.entries.count }, "an entry numbered outside the export")
    } catch {
        precondition(!error.errors.isEmpty, "thrown without an error")
        precondition(error.diagnostics.allSatisfy { $0.path == path && !$0.message.isEmpty }, "unlocated: \(error)")
    }
}
