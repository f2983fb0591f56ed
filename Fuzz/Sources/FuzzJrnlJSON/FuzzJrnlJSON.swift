// jrnl's JSON export (`jrnl --export json`), read as `diarygen import jrnl` reads it.
import ExportDocumentFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readExportDocument(data, size, app: .jrnl, path: "journal.json")
    return 0
}
