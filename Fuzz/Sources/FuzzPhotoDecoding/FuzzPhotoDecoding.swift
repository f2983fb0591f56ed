// A photo's bytes, as a build takes a file of content/ named as an image: its header,
// then its files made at small widths, with their metadata removed.
@_spi(Fuzzing) import DiaryKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    PhotoEntryPoint.take(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
