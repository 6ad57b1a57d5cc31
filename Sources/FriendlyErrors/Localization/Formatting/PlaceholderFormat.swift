/// The library's printf-style formatter, safe for any template and any arguments.
///
/// `String(format:)` reads its arguments through C varargs: a translation with `%d` where the base
/// has `%@` crashes it (SIGSEGV on Linux), and positional gaps make it pick wrong arguments. Here each
/// argument keeps its type, so nothing can crash: an argument of the wrong kind is shown as well as
/// possible, a placeholder without an argument is kept verbatim, extra arguments are ignored.
///
/// Supported: `%@`, `%s`, `%d`, `%i`, `%u`, `%o`, `%x`, `%X` with any length modifier (`%ld`, `%lld`…),
/// `%f`, `%e`, `%g` (and uppercase), flags `-+ #0`, width, precision, `%%`, and positions (`%2$@`).
/// Unnumbered placeholders take the arguments in order, counting only unnumbered placeholders.
enum PlaceholderFormat {
    typealias Argument = LocalizableText.Argument

    /// Fills the placeholders of `template` with `arguments` (see ``PlaceholderTemplate``).
    static func format(_ template: String, arguments: [Argument]) -> String {
        // The common case: a text without placeholders is returned without copying.
        guard template.containsUTF8Byte(UInt8(ascii: "%")) else { return template }
        return PlaceholderTemplate(template).format(arguments)
    }

    /// The arguments `template` takes and what is wrong with its placeholders.
    static func signature(of template: String) -> PlaceholderSignature {
        var signature = PlaceholderSignature()
        guard template.containsUTF8Byte(UInt8(ascii: "%")) else { return signature }
        let bytes = Array(template.utf8)
        var sequence = 0
        var sawPositional = false
        var sawSequential = false
        PlaceholderSpec.forEach(in: bytes) { spec in
            let text = String(decoding: bytes[spec.range], as: UTF8.self)
            switch spec.conversion {
            case .percent:
                return
            case .unknown:
                let problem = PlaceholderSignature.Problem.unknownSpecifier(text)
                signature.note(problem)
                return
            case .substitution(let name):
                signature.note(.unresolvedSubstitution(name))
            default:
                break
            }
            if spec.position == nil { sawSequential = true } else { sawPositional = true }
            let argumentIndex = spec.position.map { $0 - 1 } ?? sequence
            if spec.position == nil { sequence += 1 }
            let conversionBytes = bytes[spec.conversionRange]
            let conversion = "%" + String(decoding: conversionBytes, as: UTF8.self)
            signature.add(.init(index: argumentIndex, kind: spec.kind, text: text, conversion: conversion))
        }
        if sawPositional && sawSequential { signature.note(.mixedPositionalAndSequential, first: true) }
        signature.finish()
        return signature
    }

    /// Why `translation` cannot be formatted with the arguments of `base`, or `nil` when both take the
    /// same arguments with the same kinds, in any order.
    ///
    /// - Parameter allowsOmittedArguments: accept a translation that leaves out some of the base's
    ///   arguments, as a plural form for one item often does (`"one file"` for `"%d files"`).
    static func check(translation: String, against base: String, allowsOmittedArguments: Bool = false) -> String? {
        let translated = signature(of: translation)
        let original = signature(of: base)
        // A problem the base language has too is the base's to fix, not the translation's.
        for problem in translated.problems where !original.has(problem) {
            switch problem {
            case .gap where allowsOmittedArguments:
                continue
            case .gap(let index):
                if let missing = original.placeholder(at: index) {
                    return "placeholder \(index + 1) (\(missing.conversion)) of the base language is missing here"
                }
                return problem.description
            default:
                return problem.description
            }
        }
        for index in 0..<max(translated.argumentCount, original.argumentCount) {
            let here = translated.placeholder(at: index)
            let there = original.placeholder(at: index)
            switch (here, there) {
            case (let here?, let there?) where here.kind != there.kind:
                return
                    "placeholder \(index + 1) is \(here.conversion) here but \(there.conversion) in the base language"
            case (let here?, nil):
                return "placeholder \(index + 1) (\(here.conversion)) is not in the base language"
            case (nil, let there?) where !allowsOmittedArguments:
                return "placeholder \(index + 1) (\(there.conversion)) of the base language is missing here"
            default:
                continue
            }
        }
        return nil
    }
}
