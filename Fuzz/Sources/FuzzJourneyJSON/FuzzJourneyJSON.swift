// One entry's file of Journey's JSON export, read as `diarygen import journey` reads it.
import ExportDocumentFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readExportDocument(data, size, app: .journey, path: "1704036600000-nyeseoul.json")
    return 0
}
