// libFuzzer target: the console sanitizer leaves no control byte but newline and tab, and the
// wrapper never loses, reorders or splits text, whatever the width; the fast paths (byte scans,
// width by scalar) answer exactly what the slow ones (every scalar, every grapheme) answer, and
// each fast path in Support/ what its plain twin answers.
func fuzzConsoleText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let widthByte = bytes.first else { return 0 }
    let raw = String(decoding: bytes.dropFirst(), as: UTF8.self)
    // Each fast path in Support/ against its plain twin (issue 13).
    if TerminalByteScanner.containsDangerousBytes(raw) != TerminalSanitizer.needsEscapingPlain(raw) {
        fatalError("TerminalByteScanner differs from its plain twin: \(raw.debugDescription)")
    }
    if DisplayWidth.scalarColumnsFast(of: raw) != DisplayWidth.scalarColumnsPlain(of: raw) {
        fatalError("UTF8ColumnCounter differs from its plain twin: \(raw.debugDescription)")
    }
    var index = 0
    while index + 8 <= bytes.count {
        var word: UInt64 = 0
        for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (offset * 8) }
        if ASCIIRunScanner.isPrintable(word) != ASCIIRunScanner.isPrintablePlain(word) {
            fatalError("ASCIIRunScanner.isPrintable differs from its plain twin: \(String(word, radix: 16))")
        }
        index += 1
    }
    let clean = TerminalSanitizer.sanitize(raw)
    if clean != TerminalSanitizer.escapingEveryScalar(raw) {
        fatalError("the sanitizer's fast path differs from escaping every scalar: \(raw.debugDescription)")
    }
    for scalar in clean.unicodeScalars {
        let value = scalar.value
        if (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        {
            fatalError("unsafe scalar U+\(String(value, radix: 16)) survived in \(clean.debugDescription)")
        }
    }
    let width = Int(widthByte) - 8
    let lines = LineWrapper.lines(of: clean, width: width, indent: Int(widthByte & 3))
    let joined = lines.map { $0.text + $0.removedAfter }.joined()
    if joined != clean.replacingCRLF() { fatalError("wrapping lost text at width \(width): \(clean.debugDescription)") }
    if DisplayWidth.columns(of: clean) != DisplayWidth.graphemeColumns(of: clean) {
        fatalError("width by scalar differs from width by grapheme: \(clean.debugDescription)")
    }
    return 0
}

extension String {
    fileprivate func replacingCRLF() -> String {
        var result = ""
        var previousWasCR = false
        for scalar in unicodeScalars {
            if previousWasCR, scalar != "\n" { result.unicodeScalars.append("\r") }
            previousWasCR = scalar == "\r"
            if !previousWasCR { result.unicodeScalars.append(scalar) }
        }
        if previousWasCR { result.unicodeScalars.append("\r") }
        return result
    }
}
