/// Whether bytes are well-formed UTF-8, as `String(validating:as:)` decides, without building a
/// `String`: the ASCII that most of a catalog is made of is checked eight bytes at a time.
///
/// The plain twin is ``isValidPlain(_:)``, `String(validating:as:)` itself; tests and the
/// `StringsParser` fuzz target check that both answer alike.
enum UTF8Validator {
    /// Whether `bytes` are well-formed UTF-8.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValid)
    }

    /// The plain twin of ``isValid(_:)-([UInt8])``: the standard library's own check.
    static func isValidPlain(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// Whether `bytes` are well-formed UTF-8, eight bytes at a time through ASCII.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let nonASCII = ASCIIRunScanner.word(in: bytes, at: index) & 0x8080_8080_8080_8080
                guard nonASCII != 0 else {
                    index += 8
                    continue
                }
                index += nonASCII.trailingZeroBitCount / 8
            }
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            // The well-formed sequences of the Unicode Standard, table 3-7: no overlong forms, no
            // surrogates, nothing above U+10FFFF.
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return false }
            for continuation in index + 2..<index + length where bytes[continuation] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
