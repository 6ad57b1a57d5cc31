/// The JSON writer's escaping over the string's own UTF-8 buffer: runs of bytes that need nothing
/// are copied whole, and only a byte that may start something to escape (`JSONWriter.needsEscape`)
/// is looked at more closely. What is escaped, and how, is `JSONWriter.appendQuoted(_:to:)`'s.
///
/// Kept by measurement (issue 13, `Benchmarks/README.md`): `json/problem+json/JSONPresenter` takes
/// 11,244 instructions with it and 30,017 with the same loop over `String.UTF8View` indices (2.67 ×).
/// Its plain twin, `JSONWriter.appendEscapedPlain(_:to:)`, goes scalar by scalar; tests compare them.
enum JSONStringEscaper {
    /// Appends the escaped UTF-8 of `string` (without quotes) to `output`.
    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
    }

    private static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            guard JSONWriter.needsEscape(byte) else {
                index += 1
                continue
            }
            if byte >= 0x80 {
                // A lead byte of a scalar that may need escaping: C2 (U+0080–U+00BF), D8 (U+0600–U+063F),
                // E2 (U+2000–U+2FFF). Other scalars with these lead bytes are copied as they are.
                guard let (scalar, length) = escapedScalar(in: input, at: index) else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                JSONWriter.appendUnicodeEscape(scalar, to: &output)
                index += length
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                JSONWriter.appendEscape(for: byte, to: &output)
                index += 1
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
    }

    /// The scalar starting at `index` and its length in bytes, when it is one that is written as
    /// `\uXXXX`: a C1 control, U+061C, U+200E, U+200F, U+2028, U+2029, U+202A–U+202E or U+2066–U+2069.
    private static func escapedScalar(in input: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        guard index + 1 < input.count else { return nil }
        let lead = input[index]
        let second = input[index + 1]
        switch lead {
        case 0xC2:
            // U+0080–U+009F are C2 80 – C2 9F.
            return second <= 0x9F ? (UInt32(second), 2) : nil
        case 0xD8:
            // U+061C is D8 9C.
            return second == 0x9C ? (0x061C, 2) : nil
        default:
            guard index + 2 < input.count else { return nil }
            let third = input[index + 2]
            let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            switch (second, third) {
            case (0x80, 0x8E...0x8F), (0x80, 0xA8...0xAE), (0x81, 0xA6...0xA9): return (scalar, 3)
            default: return nil
            }
        }
    }
}
