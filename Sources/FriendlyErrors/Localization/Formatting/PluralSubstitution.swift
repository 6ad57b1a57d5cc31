/// A `%#@name@` variable of a String Catalog: a word or phrase whose plural form is chosen by one
/// argument, inserted into the entry's template (`"%#@files@ in %#@folders@"`).
///
/// The catalog reader expands variables into plain templates (``CatalogValue`` has no variables).
/// The forms are stored ready to insert: the `%arg` that String Catalogs write for "this variable's
/// argument" is already replaced by a numbered placeholder (`%2$lld`), so an expanded template is an
/// ordinary printf template for ``PlaceholderFormat``.
struct PluralSubstitution: Sendable, Hashable {
    var name: String
    /// The 0-based index of the argument that chooses the form.
    var argument: Int
    var forms: [PluralCategory: String]

    /// Replaces each `%arg` in a form by the numbered placeholder of the variable's argument.
    static func resolvingArg(in form: String, argument: Int, formatSpecifier: String) -> String {
        guard form.containsUTF8Byte(UInt8(ascii: "%")) else { return form }
        let placeholder = Array("%\(argument + 1)$\(formatSpecifier)".utf8)
        let bytes = Array(form.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + placeholder.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                output.append(contentsOf: bytes[index...index + 1])
                index += 2
            } else if byte == UInt8(ascii: "%"), bytes[(index + 1)...].starts(with: "arg".utf8) {
                output.append(contentsOf: placeholder)
                index += 4
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Replaces every `%#@name@` of `template` by `form(name)` (a variable without a form stays as
    /// written).
    ///
    /// Apple's rule is that a variable takes an argument slot like any placeholder, and unnumbered
    /// placeholders inside an inserted form continue the count from that slot. The expansion makes
    /// that explicit: every unnumbered placeholder becomes numbered, so the result never mixes both
    /// styles when a form brings numbered ones (`"%@ has %#@files@"` → `"%1$@ has %2$lld files"`).
    static func expand(_ template: String, form: (String) -> String?) -> String {
        guard template.containsUTF8Byte(UInt8(ascii: "%")) else { return template }
        let bytes = Array(template.utf8)
        var specs: [PlaceholderSpec] = []
        var hasVariable = false
        PlaceholderSpec.forEach(in: bytes) { spec in
            if case .substitution = spec.conversion { hasVariable = true }
            specs.append(spec)
        }
        guard hasVariable else { return template }

        var output: [UInt8] = []
        var literalStart = 0
        var sequence = 0
        for spec in specs {
            output.append(contentsOf: bytes[literalStart..<spec.range.lowerBound])
            literalStart = spec.range.upperBound
            if case .substitution(let name) = spec.conversion, let inserted = form(name) {
                let slot = spec.position.map { $0 - 1 } ?? sequence
                let (renumbered, count) = numbering(inserted, from: slot)
                output.append(contentsOf: renumbered.utf8)
                if spec.position == nil { sequence += max(count, 1) }
            } else if spec.consumesArgument && spec.position == nil {
                output.append(contentsOf: numbered(bytes[spec.range], position: sequence + 1))
                sequence += 1
            } else {
                output.append(contentsOf: bytes[spec.range])
            }
        }
        output.append(contentsOf: bytes[literalStart...])
        return String(decoding: output, as: UTF8.self)
    }

    /// The variables a template uses, in order, each with its 0-based argument slot (the position
    /// it is written with, else its place among the unnumbered placeholders).
    static func variables(in template: String) -> [(name: String, slot: Int)] {
        guard template.containsUTF8Byte(UInt8(ascii: "%")) else { return [] }
        let bytes = Array(template.utf8)
        var result: [(name: String, slot: Int)] = []
        var sequence = 0
        PlaceholderSpec.forEach(in: bytes) { spec in
            guard spec.consumesArgument else { return }
            if case .substitution(let name) = spec.conversion {
                result.append((name, spec.position.map { $0 - 1 } ?? sequence))
            }
            if spec.position == nil { sequence += 1 }
        }
        return result
    }

    /// `text` with its unnumbered placeholders numbered from the 0-based `slot`, and how many there were.
    private static func numbering(_ text: String, from slot: Int) -> (String, Int) {
        guard text.containsUTF8Byte(UInt8(ascii: "%")) else { return (text, 0) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var literalStart = 0
        var count = 0
        PlaceholderSpec.forEach(in: bytes) { spec in
            guard spec.consumesArgument && spec.position == nil else { return }
            output.append(contentsOf: bytes[literalStart..<spec.range.lowerBound])
            output.append(contentsOf: numbered(bytes[spec.range], position: slot + count + 1))
            literalStart = spec.range.upperBound
            count += 1
        }
        output.append(contentsOf: bytes[literalStart...])
        return (String(decoding: output, as: UTF8.self), count)
    }

    /// An unnumbered directive's bytes with `position$` inserted after its `%`.
    private static func numbered(_ directive: ArraySlice<UInt8>, position: Int) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "%")]
        result.append(contentsOf: "\(position)$".utf8)
        result.append(contentsOf: directive.dropFirst())
        return result
    }
}
