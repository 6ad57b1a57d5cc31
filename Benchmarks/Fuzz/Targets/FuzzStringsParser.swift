// libFuzzer target: the .strings parser must never crash, hang or lose its diagnostics' positions;
// the byte scans it stands on (Support/) answer what their plain twins answer.
func fuzzStringsParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if UTF8Validator.isValid(bytes) != UTF8Validator.isValidPlain(bytes) {
        fatalError("UTF8Validator differs from its plain twin: \(bytes)")
    }
    for (a, b) in [(UInt8(ascii: "\""), UInt8(ascii: "\\")), (0x0A, 0x0D)] {
        for start in [0, 1, 7, 8, 9, bytes.count / 2, bytes.count] {
            let fast = ASCIIRunScanner.firstIndex(of: a, or: b, in: bytes, from: start)
            if fast != ASCIIRunScanner.firstIndexPlain(of: a, or: b, in: bytes, from: start) {
                fatalError("ASCIIRunScanner.firstIndex differs from its plain twin at \(start): \(bytes)")
            }
        }
        // The parsers also scan slices (a quoted string's content), answering in the file's indices.
        let slice = bytes[(bytes.count / 3)..<(bytes.count - bytes.count / 5)]
        for start in [slice.startIndex, slice.startIndex + 1, slice.endIndex] where start <= slice.endIndex {
            let fast = ASCIIRunScanner.firstIndex(of: a, or: b, in: slice, from: start)
            if fast != ASCIIRunScanner.firstIndexPlain(of: a, or: b, in: slice, from: start) {
                fatalError("ASCIIRunScanner.firstIndex differs from its plain twin in a slice at \(start): \(bytes)")
            }
        }
    }
    let result = StringsFileParser.parse(bytes: bytes, file: "fuzz.strings")
    for diagnostic in result.diagnostics where diagnostic.line < 1 || diagnostic.column < 1 {
        fatalError("diagnostic without a position: \(diagnostic)")
    }
    return 0
}
