/// The JSON writer's escaping over the string's own UTF-8 buffer: runs of bytes that need nothing
/// are copied whole, and only a byte that may start something to escape (`needsEscape`)
/// is looked at more closely. What is escaped, and how, is documented on the JSON writer's `appendQuoted(_:to:)`.
///
/// Kept by measurement (issue 13, `Benchmarks/README.md`): `json/problem+json/JSONPresenter` takes
/// 11,244 instructions with it and 30,017 with the same loop over `String.UTF8View` indices (2.67 ×).
/// Its plain twin, `appendEscapedPlain(_:to:)`, goes scalar by scalar; tests compare them.
enum JSONStringEscaper {
    /// Appends the escaped UTF-8 of `string` (without quotes) to `output`.
    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        // The string's own UTF-8, borrowed: a native or small string is not copied (nor retained) first.
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &output) }
        guard done == nil else { return }
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
    }

    private static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            guard needsEscape(byte) else {
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
                appendUnicodeEscape(scalar, to: &output)
                index += length
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                appendEscape(for: byte, to: &output)
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

extension JSONStringEscaper {
    /// The plain twin of `appendEscaped(_:to:)`, scalar by scalar, which tests
    /// compare with it: the same escapes for the same scalars.
    static func appendEscapedPlain(_ string: String, to output: inout [UInt8]) {
        for scalar in string.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x00..<0x80 where needsEscape(UInt8(value)):
                appendEscape(for: UInt8(value), to: &output)
            case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                appendUnicodeEscape(value, to: &output)
            default:
                output.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether a byte may start something to escape: C0 controls, `"`, `&`, `<`, `>`, `\`, DEL, and
    /// the lead bytes 0xC2, 0xD8 and 0xE2 of the C1 controls, U+061C and U+2000–U+2FFF.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        // Bits 0–31 (controls) and 0x22, 0x26, 0x3C, 0x3E, tested with one shift for bytes below 0x40.
        let below0x40: UInt64 = 0x5000_0044_FFFF_FFFF
        if byte < 0x40 { return (below0x40 >> UInt64(byte)) & 1 == 1 }
        return byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        let short: UInt8? =
            switch byte {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x09: UInt8(ascii: "t")
            case 0x0D: UInt8(ascii: "r")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        output.append(UInt8(ascii: "\\"))
        if let short {
            output.append(short)
        } else {
            output.removeLast()
            appendUnicodeEscape(UInt32(byte), to: &output)
        }
    }

    /// `\u` and four lowercase hexadecimal digits, as `JSON.stringify` writes them.
    static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigit(UInt8(truncatingIfNeeded: scalar >> UInt32(shift)) & 0x0F))
        }
    }

    /// A lowercase hexadecimal digit, as `JSON.stringify` writes them.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
