/// Builds the path of a problem type URI from an alert's code.
enum ProblemType {
    /// `account.insufficientFunds` → `account/insufficient-funds`, `URLError.timedOut` →
    /// `url-error/timed-out`.
    ///
    /// Dots become path separators and camelCase becomes kebab-case, as type URIs are usually written;
    /// ASCII letters, digits, `-`, `_` and `~` are kept; every other byte is percent-encoded, so any
    /// code gives a valid URI path and none can add a query, a fragment or `..` segments of meaning.
    static func path(forCode code: String) -> String {
        var path: [UInt8] = []
        path.reserveCapacity(code.utf8.count + 8)
        appendPath(forCode: code, to: &path)
        return String(decoding: path, as: UTF8.self)
    }

    /// Appends the path for `code` (see ``path(forCode:)``) to `path`, as UTF-8.
    ///
    /// Works on bytes: every rule looks at ASCII letters and digits only, and the bytes of a
    /// non-ASCII scalar are neither, so each is percent-encoded and never starts or ends a word.
    static func appendPath(forCode code: String, to path: inout [UInt8]) {
        var bytes = code.utf8.makeIterator()
        var previous: UInt8 = 0
        var current = bytes.next()
        while let byte = current {
            let next = bytes.next()
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                // A word starts at an upper-case letter after a lower-case one or a digit (`notFound`),
                // or at the last capital of a run followed by a lower-case letter (`URLError`).
                let afterLower = isLower(previous) || isDigit(previous)
                let endsAcronym = isUpper(previous) && next.map(isLower) ?? false
                if afterLower || endsAcronym { path.append(UInt8(ascii: "-")) }
                path.append(byte + 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                path.append(byte)
            case UInt8(ascii: "."):
                path.append(UInt8(ascii: "/"))
            default:
                path.append(UInt8(ascii: "%"))
                path.append(hexDigit(byte >> 4))
                path.append(hexDigit(byte & 0x0F))
            }
            previous = byte
            current = next
        }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// An upper-case hexadecimal digit, as percent-encoding is usually written.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
