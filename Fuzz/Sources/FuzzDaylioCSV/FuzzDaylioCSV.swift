// Daylio's CSV export, read as `diarygen import daylio` reads it.
import ExportDocumentFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readExportDocument(data, size, app: .daylio, path: "export.csv")
    return 0
}
