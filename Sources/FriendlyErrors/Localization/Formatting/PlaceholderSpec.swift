/// One `%…` directive of a printf-style template, as parsed from its UTF-8 bytes.
///
/// The grammar is printf's (`%[position$][flags][width][.precision][length]conversion`) plus Apple's
/// `%@` object and `%#@name@` substitution directives. Parsing never fails: anything that is not a
/// complete directive becomes `.unknown` covering the bytes that will be kept verbatim.
struct PlaceholderSpec: Sendable, Hashable {
    /// What the directive prints.
    enum Conversion: Sendable, Hashable {
        /// `%@`, and `%s`, which this formatter treats alike (it never reads C strings).
        case object
        /// `%d`, `%i` (and the obsolete `%D`).
        case signed
        /// `%u` (and the obsolete `%U`).
        case unsigned
        /// `%o` (and the obsolete `%O`).
        case octal
        /// `%x`, `%X`.
        case hex(uppercase: Bool)
        /// `%f`, `%F`.
        case fixed(uppercase: Bool)
        /// `%e`, `%E`.
        case exponent(uppercase: Bool)
        /// `%g`, `%G`.
        case general(uppercase: Bool)
        /// `%%`, a literal percent sign.
        case percent
        /// `%#@name@`, a plural substitution variable of a string catalog.
        case substitution(name: String)
        /// Anything else: `%k`, `%*d`, a `%` at the end, `%0$d`… kept verbatim, consumes no argument.
        case unknown
    }

    /// printf flags.
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let leftAlign = Flags(rawValue: 1 << 0)
        static let plus = Flags(rawValue: 1 << 1)
        static let space = Flags(rawValue: 1 << 2)
        static let alternate = Flags(rawValue: 1 << 3)
        static let zeroPad = Flags(rawValue: 1 << 4)
    }

    /// Widths are clamped so that a template like `%999999999d` cannot allocate gigabytes.
    static let maximumWidth = 256
    /// Argument positions above this are not placeholders: no text has that many arguments, and
    /// `%999999$d` must not make a signature with a million gaps.
    static let maximumPosition = 1_000
    /// Precisions are clamped so that `%.500f` stays cheap; 20 decimals exceed `Double`'s precision.
    static let maximumPrecision = 20

    /// The explicit 1-based argument position (`%2$@`), or `nil` for the next argument in sequence.
    var position: Int?
    var flags: Flags = []
    var width: Int?
    var precision: Int?
    var conversion: Conversion
    /// The directive's bytes in the template, from the `%`.
    var range: Range<Int>
    /// The bytes of the length modifier and conversion character (`lld`), used to spell the directive.
    var conversionRange: Range<Int>

    /// The argument kind the directive expects, or `nil` when it consumes no argument.
    var kind: PlaceholderSignature.Kind? {
        switch conversion {
        case .object: .object
        case .signed, .unsigned, .octal, .hex: .integer
        case .fixed, .exponent, .general: .double
        case .percent, .substitution, .unknown: nil
        }
    }

    /// Whether the directive takes an argument slot (substitution variables take one, like Apple's).
    var consumesArgument: Bool {
        switch conversion {
        case .percent, .unknown: false
        default: true
        }
    }

    /// Calls `body` with each directive of `bytes`, in order.
    static func forEach(in bytes: [UInt8], _ body: (PlaceholderSpec) -> Void) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            let spec = parse(bytes, at: index)
            index = max(index + 1, spec.range.upperBound)
            body(spec)
        }
    }

    /// Parses the directive that starts at `start`, where `bytes[start]` is `%`.
    static func parse(_ bytes: [UInt8], at start: Int) -> PlaceholderSpec {
        let end = bytes.count
        var index = start + 1
        func unknown(upTo stop: Int) -> PlaceholderSpec {
            PlaceholderSpec(conversion: .unknown, range: start..<stop, conversionRange: stop..<stop)
        }
        guard index < end else { return unknown(upTo: end) }
        if bytes[index] == UInt8(ascii: "%") {
            return PlaceholderSpec(conversion: .percent, range: start..<index + 1, conversionRange: index..<index + 1)
        }
        if bytes[index] == UInt8(ascii: "@") {
            // The most common placeholder, answered before the general reading below.
            return PlaceholderSpec(conversion: .object, range: start..<index + 1, conversionRange: index..<index + 1)
        }

        // An explicit position is digits followed by `$`; otherwise the digits are a width (or flags).
        var position: Int?
        let (positionValue, afterDigits) = readNumber(bytes, from: index)
        if afterDigits > index, afterDigits < end, bytes[afterDigits] == UInt8(ascii: "$") {
            guard positionValue > 0 && positionValue <= maximumPosition else { return unknown(upTo: afterDigits + 1) }
            position = positionValue
            index = afterDigits + 1
        }

        if let (name, after) = substitutionName(bytes, from: index) {
            return PlaceholderSpec(
                position: position, conversion: .substitution(name: name), range: start..<after,
                conversionRange: index..<after)
        }

        var spec = PlaceholderSpec(
            position: position, conversion: .unknown, range: start..<start, conversionRange: 0..<0)
        flagLoop: while index < end {
            switch bytes[index] {
            case UInt8(ascii: "-"): spec.flags.insert(.leftAlign)
            case UInt8(ascii: "+"): spec.flags.insert(.plus)
            case UInt8(ascii: " "): spec.flags.insert(.space)
            case UInt8(ascii: "#"): spec.flags.insert(.alternate)
            case UInt8(ascii: "0"): spec.flags.insert(.zeroPad)
            case UInt8(ascii: "'"): break  // Thousands grouping: the C locale has none.
            default: break flagLoop
            }
            index += 1
        }
        let (width, afterWidth) = readNumber(bytes, from: index)
        if afterWidth > index { spec.width = min(width, maximumWidth) }
        index = afterWidth
        if index < end, bytes[index] == UInt8(ascii: ".") {
            let (precision, afterPrecision) = readNumber(bytes, from: index + 1)
            spec.precision = min(precision, maximumPrecision)
            index = afterPrecision
        }
        let conversionStart = index
        index = skipLengthModifier(bytes, from: index)
        guard index < end else { return unknown(upTo: end) }
        let conversion: Conversion
        switch bytes[index] {
        case UInt8(ascii: "@"), UInt8(ascii: "s"): conversion = .object
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"): conversion = .signed
        case UInt8(ascii: "u"), UInt8(ascii: "U"): conversion = .unsigned
        case UInt8(ascii: "o"), UInt8(ascii: "O"): conversion = .octal
        case UInt8(ascii: "x"): conversion = .hex(uppercase: false)
        case UInt8(ascii: "X"): conversion = .hex(uppercase: true)
        case UInt8(ascii: "f"): conversion = .fixed(uppercase: false)
        case UInt8(ascii: "F"): conversion = .fixed(uppercase: true)
        case UInt8(ascii: "e"): conversion = .exponent(uppercase: false)
        case UInt8(ascii: "E"): conversion = .exponent(uppercase: true)
        case UInt8(ascii: "g"): conversion = .general(uppercase: false)
        case UInt8(ascii: "G"): conversion = .general(uppercase: true)
        case let byte where byte < 0x80 && byte > 0x20:
            // Keep a visible ASCII character in the unknown directive so `%k` is reported as `%k`.
            return unknown(upTo: index + 1)
        default:
            // Never cut a multi-byte character in half, and leave whitespace to the literal text.
            return unknown(upTo: index)
        }
        spec.conversion = conversion
        spec.range = start..<index + 1
        spec.conversionRange = conversionStart..<index + 1
        return spec
    }

    /// Reads decimal digits; the value saturates instead of overflowing.
    private static func readNumber(_ bytes: [UInt8], from start: Int) -> (Int, Int) {
        var index = start
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if value < 1_000_000 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            index += 1
        }
        return (value, index)
    }

    /// `#@name@` with an identifier name, as Apple's catalogs write substitution variables.
    private static func substitutionName(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "#"), bytes[start + 1] == UInt8(ascii: "@")
        else { return nil }
        var index = start + 2
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        guard index > start + 2, index < bytes.count, bytes[index] == UInt8(ascii: "@") else { return nil }
        let name = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        return (name, index + 1)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// `hh`, `h`, `ll`, `l`, `q`, `L`, `z`, `t`, `j`: accepted and ignored, since every argument is
    /// already a 64-bit value (truncating `%hd` like C would only lose information).
    private static func skipLengthModifier(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, index - start < 2 {
            switch bytes[index] {
            case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"),
                UInt8(ascii: "t"), UInt8(ascii: "j"):
                index += 1
            default:
                return index
            }
        }
        return index
    }
}
