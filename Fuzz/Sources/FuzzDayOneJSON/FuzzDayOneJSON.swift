// Day One's JSON export, read as `diarygen import dayone` reads it.
import ExportDocumentFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readExportDocument(data, size, app: .dayone, path: "Journal.json")
    return 0
}
