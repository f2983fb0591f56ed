// The `backup.daylio` document of Daylio's backup (base64 of its JSON), read as
// `diarygen import daylio` reads it from the backup's zip.
@_spi(Fuzzing) import DiaryKit
import ExportDocumentFuzzing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = Data(bytes: data, count: size)
    checkRead(path: "backup.daylio") { () throws(DiagnosticsError) in
        try DiaryImport.readDaylioBackup(document: document, path: "backup.daylio",
                                         photoPaths: ["assets/photos/2024/1/0a1b2c3d4e5f60718293a4b5c6d7e8f9"])
    }
    return 0
}
