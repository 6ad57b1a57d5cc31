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
///
/// A JSON syntax error loses only the entry it is in: the parser reports it with its
/// `file:line:column` and resynchronises at the next entry of `strings` (see
/// ``PositionedJSONParser``), and entries that a broken brace pulled into another entry, or out of
/// `strings`, are put back in their place.
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
        let (document, jsonDiagnostics) = PositionedJSONParser.parse(&source, recovery: XCStringsReader.recovery)
        reader.diagnostics += jsonDiagnostics
        reader.hasSyntaxErrors = jsonDiagnostics.contains { $0.severity == .error }
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
    /// Whether the JSON had syntax errors, after which entries may sit in the wrong place.
    var hasSyntaxErrors = false

    /// The members an entry of `strings` may have.
    static let entryFields: Set<String> = ["comment", "extractionState", "localizations", "shouldTranslate"]
    /// The members of the document the reader knows.
    static let documentFields: Set<String> = ["sourceLanguage", "strings", "version"]

    /// Resynchronisation after a syntax error, in the document and in `strings`: at a member that
    /// looks like an entry, or in the document at one of its own members.
    static let recovery = PositionedJSONParser.Recovery(
        recovers: { depth, key in depth == 1 || (depth == 2 && key == "strings") },
        accepts: { depth, member in
            looksLikeAnEntry(member.value, allowingEmpty: true) || (depth == 1 && documentFields.contains(member.key))
        })

    /// Whether a value is an object with only the members of an entry (an empty one only when allowed).
    static func looksLikeAnEntry(_ value: PositionedJSON, allowingEmpty: Bool) -> Bool {
        guard let members = value.members else { return false }
        guard !members.isEmpty else { return allowingEmpty }
        return members.allSatisfy { entryFields.contains($0.key) }
    }

    init(file: String, diagnostics: [CatalogDiagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    mutating func report(
        _ node: PositionedJSON, _ message: String, key: String?, severity: Severity = .error
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
        var members: [PositionedJSON.Member] = []
        if let strings = document["strings"] {
            members = object(strings, "\"strings\"", key: nil) ?? []
        } else if let misnamed = Self.misnamedStrings(in: document) {
            // A damaged "strings" key must not lose every entry.
            report(document, "the catalog has no \"strings\"; reading the entries of \"\(misnamed.key)\"", key: nil)
            members = misnamed.value.members ?? []
        } else {
            report(document, "the catalog has no \"strings\"", key: nil)
        }
        if hasSyntaxErrors { members = Self.untangled(members, document: document) }
        // A duplicated key was reported by the JSON parser; only its last definition counts.
        var lastIndex: [String: Int] = [:]
        for (index, member) in members.enumerated() { lastIndex[member.key] = index }
        for (index, member) in members.enumerated() where lastIndex[member.key] == index {
            readString(member)
        }
    }

    /// A member of the document, other than the known ones, whose value is an object of entries.
    static func misnamedStrings(in document: PositionedJSON) -> PositionedJSON.Member? {
        (document.members ?? []).first { member in
            guard !documentFields.contains(member.key), let entries = member.value.members else { return false }
            return entries.contains { looksLikeAnEntry($0.value, allowingEmpty: false) }
        }
    }

    /// The entries of `strings` with those that a syntax error misplaced put back: entries that a
    /// missing `}` pulled into an earlier entry (at any depth), and entries that a stray `}` pushed
    /// out of `strings` into the document. In file order.
    static func untangled(_ members: [PositionedJSON.Member], document: PositionedJSON) -> [PositionedJSON.Member] {
        var result: [PositionedJSON.Member] = []
        result.reserveCapacity(members.count)
        for member in members { appendSeparating(member, isEntry: true, to: &result) }
        for member in document.members ?? []
        where !documentFields.contains(member.key) && looksLikeAnEntry(member.value, allowingEmpty: true) {
            appendSeparating(member, isEntry: true, to: &result)
        }
        return result
    }

    /// Appends `member` (an entry, or a value inside one), without the entries nested in it, and then
    /// those entries.
    private static func appendSeparating(
        _ member: PositionedJSON.Member, isEntry: Bool, to result: inout [PositionedJSON.Member]
    ) {
        var hoisted: [PositionedJSON.Member] = []
        let cleaned = separating(member, isEntry: isEntry, hoisted: &hoisted)
        result.append(cleaned)
        result += hoisted
    }

    private static func separating(
        _ member: PositionedJSON.Member, isEntry: Bool, hoisted: inout [PositionedJSON.Member]
    ) -> PositionedJSON.Member {
        guard let children = member.value.members else { return member }
        var kept: [PositionedJSON.Member] = []
        for child in children {
            let misplaced =
                isEntry
                ? !entryFields.contains(child.key) && child.value.members != nil
                : looksLikeAnEntry(child.value, allowingEmpty: false)
            if misplaced {
                appendSeparating(child, isEntry: true, to: &hoisted)
            } else {
                kept.append(separating(child, isEntry: false, hoisted: &hoisted))
            }
        }
        var result = member
        result.value.value = .object(kept)
        return result
    }

    private mutating func readString(_ member: PositionedJSON.Member) {
        let key = member.key
        var hasSource = false
        if let fields = object(member.value, "the entry of \"\(key)\"", key: key),
            let localizations = fields.last(where: { $0.key == "localizations" })?.value,
            let languages = object(localizations, "\"localizations\"", key: key)
        {
            // Like keys, a duplicated language counts once, with its last definition (found with a
            // dictionary: 20,000 localizations of one key must not cost 20,000² comparisons).
            var lastIndex: [String: Int] = [:]
            for (index, language) in languages.enumerated() { lastIndex[language.key] = index }
            for (index, language) in languages.enumerated() where lastIndex[language.key] == index {
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
