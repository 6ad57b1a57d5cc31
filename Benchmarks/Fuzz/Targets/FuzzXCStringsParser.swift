// libFuzzer target: the .xcstrings parser (and its JSON reader) must never crash or recurse away.
func fuzzXCStringsParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = XCStringsParser.parse(bytes: bytes, file: "fuzz.xcstrings")
    for (language, entries) in result.entries {
        for entry in entries { _ = entry.value.formatted(with: [1, "x"], language: language) }
    }
    return 0
}
