// libFuzzer target: formatting any template with any arguments, and checking any translation
// against any base, never crashes (String(format:) would, on Linux, for a wrong-typed placeholder).
func fuzzPlaceholderFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let parts = text.split(separator: "\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
    let template = String(parts[0])
    let other = parts.count > 1 ? String(parts[1]) : "%@ %lld"
    let pool: [LocalizableText.Argument] = [
        "text", 42, -7, 3.25, .unsigned(UInt64.max), .double(.nan), .double(-.infinity), .double(1e308), "",
    ]
    let count = Int(selector & 7)
    let arguments = (0..<count).map { pool[(Int(selector >> 3) + $0) % pool.count] }
    _ = PlaceholderFormat.format(template, arguments: arguments)
    _ = PlaceholderFormat.signature(of: template)
    _ = PlaceholderFormat.check(translation: template, against: other)
    _ = PlaceholderFormat.check(translation: other, against: template, allowsOmittedArguments: true)
    return 0
}
