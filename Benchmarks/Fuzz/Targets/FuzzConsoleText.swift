// libFuzzer target: the console sanitizer leaves no control byte but newline and tab, and the
// wrapper never loses, reorders or splits text, whatever the width; the fast paths (byte scans,
// width by scalar) answer exactly what the slow ones (every scalar, every grapheme) answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsoleText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let widthByte = bytes.first else { return 0 }
    let raw = String(decoding: bytes.dropFirst(), as: UTF8.self)
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
