// libFuzzer target: the .strings parser must never crash, hang or lose its diagnostics' positions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = StringsFileParser.parse(bytes: bytes, file: "fuzz.strings")
    for diagnostic in result.diagnostics where diagnostic.line < 1 || diagnostic.column < 1 {
        fatalError("diagnostic without a position: \(diagnostic)")
    }
    return 0
}
