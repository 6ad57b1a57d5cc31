import Synchronization

/// A printf-style template read once: the literal text between its placeholders, as strings, and
/// each placeholder with the argument it takes. ``PlaceholderFormat`` fills templates through it, and
/// a catalog keeps one for each of its texts with placeholders, so an alert neither parses the text
/// nor validates its bytes again: filling it appends strings. A class, so that a catalog value holding
/// one stays one reference to copy.
final class PlaceholderTemplate: Sendable {
    typealias Argument = LocalizableText.Argument

    /// One placeholder: what it shows, and its own text for when it cannot show anything.
    private struct Placeholder: Sendable {
        let spec: PlaceholderSpec
        /// The argument it takes, `nil` for a directive that takes none (`%#@name@`, `%k`).
        let argument: Int?
        /// The directive as written, kept verbatim when there is no argument for it.
        let verbatim: String
        /// A `%@` or `%s` without a width: the argument's text appended as it is.
        let isPlainObject: Bool
        /// A `%d`, `%lld`, `%u`… without flags, width or precision: an integer's digits alone (`String(value)`).
        let isPlainDecimal: Bool
    }

    /// The text before each placeholder, then the text after the last: one more than `placeholders`.
    /// `%%` is already a `%` here.
    private let literals: [String]
    /// Whether every placeholder, if any, shows a whole number (`%d`, `%lld`, `%u`, `%x`…): such a text is
    /// formatted without reserving room (``formatNumbers(_:)``), which a text with a string argument, often
    /// long, needs.
    private let takesNumbersOnly: Bool
    private let placeholders: [Placeholder]
    /// The UTF-8 length of the literals, to reserve the result once.
    private let literalLength: Int

    /// `template` read. Unnumbered placeholders take the arguments in order, counting only unnumbered
    /// placeholders.
    init(_ template: String) {
        let bytes = Array(template.utf8)
        var literals: [String] = []
        var placeholders: [Placeholder] = []
        var literal: [UInt8] = []
        var literalLength = 0
        var sequence = 0
        var index = 0
        // Splits happen at `%`, an ASCII byte, so every literal is valid UTF-8 when the template is.
        func endLiteral() {
            literals.append(String(decoding: literal, as: UTF8.self))
            literalLength += literal.count
            literal.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                literal.append(bytes[index])
                index += 1
                continue
            }
            let spec = PlaceholderSpec.parse(bytes, at: index)
            index = max(index + 1, spec.range.upperBound)
            if case .percent = spec.conversion {
                literal.append(UInt8(ascii: "%"))
                continue
            }
            var argument: Int?
            if spec.consumesArgument {
                argument = spec.position.map { $0 - 1 } ?? sequence
                if spec.position == nil { sequence += 1 }
            }
            var isPlainObject = false
            if case .object = spec.conversion, spec.width == nil { isPlainObject = true }
            var isPlainDecimal = false
            if spec.flags.isEmpty, spec.width == nil, spec.precision == nil {
                switch spec.conversion {
                case .signed, .unsigned: isPlainDecimal = true
                default: break
                }
            }
            endLiteral()
            placeholders.append(
                Placeholder(
                    spec: spec, argument: spec.kind == nil ? nil : argument,
                    verbatim: String(decoding: bytes[spec.range], as: UTF8.self), isPlainObject: isPlainObject,
                    isPlainDecimal: isPlainDecimal))
        }
        endLiteral()
        self.literals = literals
        let takesNumbersOnly = placeholders.allSatisfy { placeholder in
            switch placeholder.spec.conversion {
            case .signed, .unsigned, .octal, .hex: placeholder.argument != nil
            default: false
            }
        }
        self.takesNumbersOnly = takesNumbersOnly
        self.placeholders = placeholders
        self.literalLength = literalLength
    }

    /// The template with its placeholders filled: an argument of another kind than its placeholder's
    /// is shown as its own value, a placeholder without an argument is kept verbatim, extra
    /// arguments are ignored.
    func format(_ arguments: [Argument]) -> String {
        // One test, where there was one (`placeholders.isEmpty`): a text with a string argument pays nothing more.
        if takesNumbersOnly { return formatNumbers(arguments) }
        // A text with a string argument: literals and arguments appended as strings (see `takesNumbersOnly`).
        var result = ""
        result.reserveCapacity(literalLength + 16 * placeholders.count)
        result += literals[0]
        var rendered: [UInt8] = []
        for (position, placeholder) in placeholders.enumerated() {
            if let argument = placeholder.argument, argument < arguments.count {
                if placeholder.isPlainObject {
                    result += arguments[argument].description
                } else {
                    rendered.removeAll(keepingCapacity: true)
                    PlaceholderFormat.render(arguments[argument], as: placeholder.spec, into: &rendered)
                    result += String(decoding: rendered, as: UTF8.self)
                }
            } else {
                result += placeholder.verbatim
            }
            result += literals[position + 1]
        }
        return result
    }

    /// ``format(_:)`` for a text whose placeholders all take numbers (or without any), with no room reserved
    /// and a plain decimal's digits made by `String(value)`: a short text, as "Error 404", stays a small string
    /// that needs no heap at all (the room reserved, the rendered bytes and the digits turned around in place
    /// each took one).
    private func formatNumbers(_ arguments: [Argument]) -> String {
        guard !placeholders.isEmpty else { return literals[0] }
        var result = literals[0]
        var rendered: [UInt8] = []
        for position in placeholders.indices {
            if let argument = placeholders[position].argument, argument < arguments.count {
                switch arguments[argument].storage {
                case .integer(let value) where placeholders[position].isPlainDecimal:
                    result += String(value)
                case .unsigned(let value) where placeholders[position].isPlainDecimal:
                    result += String(value)
                default:
                    rendered.removeAll(keepingCapacity: true)
                    PlaceholderFormat.render(arguments[argument], as: placeholders[position].spec, into: &rendered)
                    result += String(decoding: rendered, as: UTF8.self)
                }
            } else {
                result += placeholders[position].verbatim
            }
            result += literals[position + 1]
        }
        return result
    }
}

/// A catalog text's ``PlaceholderTemplate``, read the first time the text is formatted: a catalog of
/// thousands of texts loads without reading each (reading them all at load cost 70 % more on a catalog
/// of placeholders), and an alert reads its text once per process. Safe to share: once read, the
/// template is read by every thread without a lock (``PublishedOnce``).
final class LazyPlaceholderTemplate: Sendable {
    let text: String
    private let read = PublishedOnce<PlaceholderTemplate>()

    init(_ text: String) {
        self.text = text
    }

    /// `text`'s template, read once.
    var template: PlaceholderTemplate {
        read.value { PlaceholderTemplate(text) }
    }
}
