/// Builds the path of a problem type URI from an alert's code.
enum ProblemType {
    /// `account.insufficientFunds` → `account/insufficient-funds`, `URLError.timedOut` →
    /// `url-error/timed-out`.
    ///
    /// Dots become path separators and camelCase becomes kebab-case, as type URIs are usually written;
    /// ASCII letters, digits, `-`, `_` and `~` are kept; every other byte is percent-encoded, so any
    /// code gives a valid URI path and none can add a query, a fragment or `..` segments of meaning.
    static func path(forCode code: String) -> String {
        let scalars = Array(code.unicodeScalars)
        var path = ""
        path.reserveCapacity(code.utf8.count + 8)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "A"..."Z":
                // A word starts at an upper-case letter after a lower-case one or a digit (`notFound`),
                // or at the last capital of a run followed by a lower-case letter (`URLError`).
                let afterLower = previous.map { isLower($0) || isDigit($0) } ?? false
                let endsAcronym = (previous.map(isUpper) ?? false) && (next.map(isLower) ?? false)
                if afterLower || endsAcronym { path.append("-") }
                path.unicodeScalars.append(Unicode.Scalar(scalar.value + 0x20)!)
            case "a"..."z", "0"..."9", "-", "_", "~":
                path.unicodeScalars.append(scalar)
            case ".":
                path.append("/")
            default:
                for byte in String(scalar).utf8 { path += percentEncoded(byte) }
            }
        }
        return path
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func percentEncoded(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
