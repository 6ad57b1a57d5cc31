extension PlaceholderFormat {
    /// Appends one argument as `spec` shows it. An argument of another kind than the placeholder's is
    /// shown as its own value (the digits of an integer for `%@`, the text of a string for `%d`):
    /// reinterpreting it, as C would, only ever produces garbage.
    static func render(_ argument: Argument, as spec: PlaceholderSpec, into output: inout [UInt8]) {
        switch (spec.conversion, argument.storage) {
        case (.signed, .integer(let value)), (.unsigned, .integer(let value)):
            appendInteger(value.magnitude, negative: value < 0, spec: spec, into: &output)
        case (.signed, .unsigned(let value)), (.unsigned, .unsigned(let value)):
            appendInteger(value, negative: false, spec: spec, into: &output)
        case (.octal, .integer(let value)), (.hex, .integer(let value)):
            // Like C, octal and hexadecimal show the two's complement bits of a negative number.
            appendInteger(UInt64(bitPattern: value), negative: false, spec: spec, into: &output)
        case (.octal, .unsigned(let value)), (.hex, .unsigned(let value)):
            appendInteger(value, negative: false, spec: spec, into: &output)
        case (.signed, .double(let value)), (.unsigned, .double(let value)),
            (.octal, .double(let value)), (.hex, .double(let value)):
            if let integer = Int64(exactly: value) {
                appendInteger(integer.magnitude, negative: integer < 0, spec: spec, into: &output)
            } else {
                appendText(value.description, spec: spec, into: &output)
            }
        case (.fixed, .integer(let value)):
            // Exact for every 64-bit integer, which a detour through Double would not be.
            appendFixed(integerDigits: String(value.magnitude), negative: value < 0, spec: spec, into: &output)
        case (.fixed, .unsigned(let value)):
            appendFixed(integerDigits: String(value), negative: false, spec: spec, into: &output)
        case (.fixed(let uppercase), .double(let value)):
            appendDouble(value, style: .fixed, uppercase: uppercase, spec: spec, into: &output)
        case (.exponent(let uppercase), .double(let value)):
            appendDouble(value, style: .exponent, uppercase: uppercase, spec: spec, into: &output)
        case (.general(let uppercase), .double(let value)):
            appendDouble(value, style: .general, uppercase: uppercase, spec: spec, into: &output)
        case (.exponent(let uppercase), .integer(let value)):
            appendDouble(Double(value), style: .exponent, uppercase: uppercase, spec: spec, into: &output)
        case (.exponent(let uppercase), .unsigned(let value)):
            appendDouble(Double(value), style: .exponent, uppercase: uppercase, spec: spec, into: &output)
        case (.general(let uppercase), .integer(let value)):
            appendDouble(Double(value), style: .general, uppercase: uppercase, spec: spec, into: &output)
        case (.general(let uppercase), .unsigned(let value)):
            appendDouble(Double(value), style: .general, uppercase: uppercase, spec: spec, into: &output)
        case (_, .string(let value)):
            appendText(value, spec: spec, into: &output)
        case (_, let storage):
            appendText(Argument(storage: storage).description, spec: spec, into: &output)
        }
    }

    private static func appendText(_ text: String, spec: PlaceholderSpec, into output: inout [UInt8]) {
        guard let width = spec.width, width > 0 else {
            output.append(contentsOf: text.utf8)
            return
        }
        // Width counts what a reader sees as characters, not bytes.
        let padding = max(0, width - text.count)
        if !spec.flags.contains(.leftAlign) {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
        }
        output.append(contentsOf: text.utf8)
        if spec.flags.contains(.leftAlign) {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
        }
    }

    private static func appendInteger(
        _ magnitude: UInt64, negative: Bool, spec: PlaceholderSpec, into output: inout [UInt8]
    ) {
        if spec.flags.isEmpty, spec.width == nil, spec.precision == nil {
            switch spec.conversion {
            case .signed, .unsigned:
                // The common `%d` / `%lld` / `%u`: the digits alone, written in place, with none of
                // the arrays padding and prefixes need.
                if negative { output.append(UInt8(ascii: "-")) }
                output.appendDecimalDigits(of: magnitude)
                return
            default:
                break
            }
        }
        var radix: UInt64 = 10
        var uppercase = false
        var prefix: [UInt8] = []
        switch spec.conversion {
        case .octal:
            radix = 8
        case .hex(let upper):
            radix = 16
            uppercase = upper
            if spec.flags.contains(.alternate) && magnitude != 0 { prefix = Array((upper ? "0X" : "0x").utf8) }
        default:
            break
        }
        var digits: [UInt8] = String(magnitude, radix: Int(radix), uppercase: uppercase).utf8.map { $0 }
        if spec.precision == 0 && magnitude == 0 { digits = [] }  // C prints nothing for `%.0d` of 0.
        if let precision = spec.precision, digits.count < precision {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: precision - digits.count), at: 0)
        }
        if case .octal = spec.conversion, spec.flags.contains(.alternate), digits.first != UInt8(ascii: "0") {
            digits.insert(UInt8(ascii: "0"), at: 0)
        }
        // Zero padding is ignored when a precision is given, as in C.
        let zeroPad = spec.precision == nil
        appendNumber(
            sign: sign(negative: negative, spec: spec) + prefix, body: digits, zeroPad: zeroPad, spec: spec,
            into: &output)
    }

    private static func appendFixed(
        integerDigits: String, negative: Bool, spec: PlaceholderSpec, into output: inout [UInt8]
    ) {
        var body = Array(integerDigits.utf8)
        let precision = spec.precision ?? 6
        if precision > 0 || spec.flags.contains(.alternate) { body.append(UInt8(ascii: ".")) }
        body.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: precision))
        appendNumber(sign: sign(negative: negative, spec: spec), body: body, zeroPad: true, spec: spec, into: &output)
    }

    private static func appendDouble(
        _ value: Double, style: DecimalFormatting.Style, uppercase: Bool, spec: PlaceholderSpec,
        into output: inout [UInt8]
    ) {
        let (negative, body) = DecimalFormatting.render(
            value, style: style, precision: spec.precision, uppercase: uppercase,
            alternate: spec.flags.contains(.alternate))
        // Zeros in front of "inf" or "nan" would read as a number: C pads those with spaces.
        appendNumber(
            sign: sign(negative: negative, spec: spec), body: body, zeroPad: value.isFinite, spec: spec, into: &output)
    }

    private static func sign(negative: Bool, spec: PlaceholderSpec) -> [UInt8] {
        if negative { return [UInt8(ascii: "-")] }
        if spec.flags.contains(.plus) { return [UInt8(ascii: "+")] }
        if spec.flags.contains(.space) { return [UInt8(ascii: " ")] }
        return []
    }

    /// Pads `sign + body` to the width: spaces on the left or right, or zeros between sign and digits.
    private static func appendNumber(
        sign: [UInt8], body: [UInt8], zeroPad: Bool, spec: PlaceholderSpec, into output: inout [UInt8]
    ) {
        let padding = max(0, (spec.width ?? 0) - sign.count - body.count)
        if spec.flags.contains(.leftAlign) {
            output.append(contentsOf: sign)
            output.append(contentsOf: body)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
        } else if zeroPad && spec.flags.contains(.zeroPad) {
            output.append(contentsOf: sign)
            output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: padding))
            output.append(contentsOf: body)
        } else {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
            output.append(contentsOf: sign)
            output.append(contentsOf: body)
        }
    }
}
