import Foundation

/// A reader for Apple String Catalogs (`.xcstrings`), reporting problems with `file:line:column`.
///
/// What is read, per key and language:
/// - `stringUnit.value`: a text. A `state: "new"` unit with an empty value is an untranslated
///   placeholder: it is skipped with a warning.
/// - `variations.plural` with CLDR categories (`zero one two few many other`): a plural value.
/// - `variations.device`: only the `other` device (else the first) is used, since the library has
///   no notion of device.
/// - `substitutions` (`%#@name@` variables with `argNum`, `formatSpecifier` and plural variations):
///   each variable's forms get `%arg` replaced by a numbered placeholder (`%2$lld`) and are inserted
///   into the template. With one variable, which is what Xcode writes for one count among other
///   arguments, the result is an exact plural value chosen by that variable's argument. With more
///   variables, or variables inside plural variations, the value varies by the first variable only
///   and the others always use their `other` form, with a warning: ``CatalogValue`` has one count.
///
/// A key without a source-language localization uses the key itself as its source text, as Xcode does.
enum XCStringsParser {
    /// What a String Catalog holds.
    struct Result: Sendable {
        /// The language the keys are written in, `en` when the file does not say.
        var sourceLanguage: String
        /// The entries of each language as named in the file (`de`, `pt-BR`, `zh-Hans`), in file order.
        var entries: [String: [CatalogEntry]]
        var diagnostics: [CatalogDiagnostic]
    }

    /// Parses a catalog's contents; `file` names it in diagnostics.
    static func parse(_ data: Data, file: String) -> Result {
        parse(bytes: [UInt8](data), file: file)
    }

    /// Parses a catalog's raw bytes; `file` names it in diagnostics.
    static func parse(bytes: [UInt8], file: String) -> Result {
        var source = CatalogSourceText(decoding: bytes, file: file)
        var reader = XCStringsReader(file: file, diagnostics: source.diagnostics)
        let (document, jsonDiagnostics) = PositionedJSONParser.parse(&source)
        reader.diagnostics += jsonDiagnostics
        if let document { reader.read(document) }
        return Result(sourceLanguage: reader.sourceLanguage, entries: reader.entries, diagnostics: reader.diagnostics)
    }
}

/// Walks the parsed JSON of a String Catalog into entries and diagnostics.
struct XCStringsReader {
    let file: String
    var diagnostics: [CatalogDiagnostic]
    var sourceLanguage = "en"
    var entries: [String: [CatalogEntry]] = [:]

    init(file: String, diagnostics: [CatalogDiagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    mutating func report(
        _ node: PositionedJSON, _ message: String, key: String?, severity: CatalogDiagnostic.Severity = .error
    ) {
        diagnostics.append(
            CatalogDiagnostic(
                file: file, line: node.line, column: node.column, severity: severity, message: message, key: key))
    }

    /// Reads the node as an object, reporting it when it is something else.
    mutating func object(_ node: PositionedJSON, _ what: String, key: String?) -> [PositionedJSON.Member]? {
        guard let members = node.members else {
            report(node, "\(what) must be an object, not \(node.kindDescription)", key: key)
            return nil
        }
        return members
    }

    mutating func read(_ document: PositionedJSON) {
        guard object(document, "a String Catalog", key: nil) != nil else { return }
        if let language = document["sourceLanguage"] {
            if let name = language.string, !name.isEmpty {
                sourceLanguage = name
            } else {
                report(language, "\"sourceLanguage\" must be a language name; using \"en\"", key: nil)
            }
        } else {
            report(document, "the catalog has no \"sourceLanguage\"; using \"en\"", key: nil, severity: .warning)
        }
        if let version = document["version"], !(version.string?.hasPrefix("1.") ?? false) {
            report(version, "unknown String Catalog version; reading it as version 1.0", key: nil, severity: .warning)
        }
        guard let strings = document["strings"] else {
            report(document, "the catalog has no \"strings\"", key: nil)
            return
        }
        guard let members = object(strings, "\"strings\"", key: nil) else { return }
        // A duplicated key was reported by the JSON parser; only its last definition counts.
        var lastIndex: [String: Int] = [:]
        for (index, member) in members.enumerated() { lastIndex[member.key] = index }
        for (index, member) in members.enumerated() where lastIndex[member.key] == index {
            readString(member)
        }
    }

    private mutating func readString(_ member: PositionedJSON.Member) {
        let key = member.key
        var hasSource = false
        if let fields = object(member.value, "the entry of \"\(key)\"", key: key),
            let localizations = fields.last(where: { $0.key == "localizations" })?.value,
            let languages = object(localizations, "\"localizations\"", key: key)
        {
            // Like keys, a duplicated language counts once, with its last definition.
            for (index, language) in languages.enumerated()
            where languages.lastIndex(where: { $0.key == language.key }) == index {
                guard let (value, line, column) = readLocalization(language.value, key: key) else { continue }
                entries[language.key, default: []].append(
                    CatalogEntry(key: key, value: value, line: line, column: column))
                if language.key == sourceLanguage { hasSource = true }
            }
        }
        if !hasSource {
            let entry = CatalogEntry(key: key, value: .text(key), line: member.keyLine, column: member.keyColumn)
            entries[sourceLanguage, default: []].append(entry)
        }
    }

    /// One language's localization: a string unit, variations, and substitutions on top of either.
    mutating func readLocalization(_ node: PositionedJSON, key: String) -> (CatalogValue, Int, Int)? {
        guard object(node, "a localization", key: key) != nil else { return nil }
        var result: (value: CatalogValue, line: Int, column: Int)?
        if let variations = node["variations"] {
            result = readVariations(variations, key: key)
        } else if let unit = node["stringUnit"] {
            result = readStringUnit(unit, key: key).map { (CatalogValue.text($0.text), $0.line, $0.column) }
        } else {
            report(node, "the localization has neither \"stringUnit\" nor \"variations\"", key: key)
        }
        // Some tools write the substitutions inside "variations"; accept both places.
        let substitutions = node["substitutions"] ?? node["variations"]?["substitutions"]
        if let substitutions, let (value, line, column) = result {
            return (applying(substitutions, to: value, key: key), line, column)
        }
        if let (value, _, _) = result,
            let name = value.allTemplates.lazy.flatMap({ PluralSubstitution.variables(in: $0.template) }).first?.name
        {
            report(node, "%#@\(name)@ is used in the text but the localization has no \"substitutions\"", key: key)
        }
        return result.map { ($0.value, $0.line, $0.column) }
    }

    /// `variations`: plural forms, or device variants of which the `other` (else the first) is used.
    private mutating func readVariations(_ node: PositionedJSON, key: String) -> (CatalogValue, Int, Int)? {
        guard let members = object(node, "\"variations\"", key: key) else { return nil }
        if let plural = node["plural"] {
            guard let forms = readPluralForms(plural, key: key) else { return nil }
            return (.plural(argument: nil, forms: forms), plural.line, plural.column)
        }
        if let device = node["device"] {
            guard let devices = object(device, "\"device\"", key: key), !devices.isEmpty else {
                report(device, "\"device\" variations are empty", key: key)
                return nil
            }
            let chosen = devices.last { $0.key == "other" } ?? devices[0]
            return readLocalization(chosen.value, key: key)
        }
        let names = members.map(\.key).filter { $0 != "substitutions" }
        report(node, "unsupported variations \(names.map { "\"\($0)\"" }.joined(separator: ", "))", key: key)
        return nil
    }

    /// The forms of a `plural` object, keyed by CLDR category; `nil` when none is usable.
    mutating func readPluralForms(_ node: PositionedJSON, key: String) -> [PluralCategory: String]? {
        guard let members = object(node, "\"plural\"", key: key) else { return nil }
        var forms: [PluralCategory: String] = [:]
        for member in members {
            guard let category = PluralCategory(rawValue: member.key) else {
                let known = PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: member.keyLine, column: member.keyColumn, severity: .error,
                        message: "unknown plural category \"\(member.key)\" (expected one of \(known))", key: key))
                continue
            }
            guard let (value, _, _) = readLocalization(member.value, key: key) else { continue }
            guard case .text(let text) = value else {
                report(member.value, "a plural form must be a string unit, not another plural", key: key)
                continue
            }
            forms[category] = text
        }
        if forms.isEmpty {
            report(node, "the plural variation has no usable form", key: key)
            return nil
        }
        if forms[.other] == nil {
            report(node, "the plural variation has no \"other\" form", key: key, severity: .warning)
        }
        return forms
    }

    /// A `stringUnit`'s value with the position of the value; `nil` when missing or untranslated.
    private mutating func readStringUnit(_ node: PositionedJSON, key: String) -> (text: String, line: Int, column: Int)?
    {
        guard object(node, "\"stringUnit\"", key: key) != nil else { return nil }
        guard let valueNode = node["value"] else {
            report(node, "the string unit has no \"value\"", key: key)
            return nil
        }
        guard let value = valueNode.string else {
            report(valueNode, "\"value\" must be a string, not \(valueNode.kindDescription)", key: key)
            return nil
        }
        if let state = node["state"], state.string == nil {
            report(state, "\"state\" must be a string, not \(state.kindDescription)", key: key, severity: .warning)
        }
        if value.isEmpty, node["state"]?.string == "new" {
            report(valueNode, "untranslated (state \"new\" with an empty value); skipped", key: key, severity: .warning)
            return nil
        }
        return (value, valueNode.line, valueNode.column)
    }
}
