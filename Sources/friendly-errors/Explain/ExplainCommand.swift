import Foundation
import FriendlyErrors

/// `friendly-errors explain <code>`: shows the alert a code produces — a built-in one or one of an
/// app's catalog — in a language, as the console shows it or as problem+json, so a writer can read
/// a message without running the app.
struct ExplainCommand {
    static let spec = CommandSpec(
        name: "explain", abstract: "Show the alert an error code produces.",
        discussion: """
            Codes are the library's own (listed below) or, with --catalog, those of an app's
            catalog, whose texts are looked up as <code>.title, <code>.message, <code>.reason,
            <code>.suggestion and <code>.action.<id>. Placeholders are filled with visible
            samples numbered by position: an object is <1>, <2>…, an integer 2 for %2$lld, a
            decimal 2.5 for %2$f.

            Built-in codes:
            """ + "\n" + wrapped(Classification.builtInCodes, width: 96),
        arguments: [.init(name: "code", help: "The error code, such as file.notFound.")],
        options: [
            .init(
                name: "locale", valueName: "locale",
                help: "The language to show, such as ja or pt-BR (default: from LANGUAGE, LC_ALL, LANG)."),
            .init(
                name: "format", valueName: "format", help: "How to show the alert.",
                allowedValues: ["console", "json"], defaultValue: "console"),
            .init(
                name: "catalog", valueName: "folder", help: "An app's catalog folder to layer over the built-in texts."),
            .init(
                name: "category", valueName: "name",
                help: "The category of an app's code (its catalog cannot say), such as notFound.",
                allowedValues: ErrorCategory.builtIn.map(\.name)),
            .init(
                name: "severity", valueName: "severity",
                help: "The severity of an app's code (its catalog cannot say).",
                allowedValues: Severity.allCases.map(\.rawValue)),
            .init(
                name: "destructive", valueName: "ids",
                help: "The ids of an app's code's destructive actions, comma-separated (its catalog cannot say)."),
        ])

    var code: String
    var locale: String?
    var format: String
    var catalogFolder: String?
    var category: ErrorCategory?
    var severity: Severity?
    var destructiveIDs: Set<String>

    init(arguments: ParsedArguments) {
        code = arguments.argument("code")
        locale = arguments.option("locale")
        format = arguments.option("format") ?? "console"
        catalogFolder = arguments.option("catalog")
        category = arguments.option("category").flatMap { name in ErrorCategory.builtIn.first { $0.name == name } }
        severity = arguments.option("severity").flatMap(Severity.init(rawValue:))
        destructiveIDs = Set((arguments.option("destructive") ?? "").split(separator: ",").map(String.init))
    }

    func run() async -> Int32 {
        var catalog = TranslationCatalog.builtIn
        var appCatalog: TranslationCatalog?
        if let catalogFolder {
            if let problem = FolderProblem(path: catalogFolder) {
                StandardError.print("Error: \(problem.message)")
                return 66
            }
            let loaded = TranslationCatalog.load(folder: catalogFolder)
            for diagnostic in loaded.diagnostics { StandardError.print(diagnostic.description) }
            catalog = catalog.adding(loaded)
            appCatalog = loaded
        }
        guard var classification = Self.classification(for: code, appCatalog: appCatalog) else {
            let known = Classification.builtInCodes + (appCatalog.map(Self.codes(in:)) ?? [])
            StandardError.print(
                "Error: Unknown code '\(code)'." + Suggestion.didYouMean(code, among: known)
                    + "\n  Known codes: the library's own (listed by 'friendly-errors explain --help')"
                    + (catalogFolder == nil ? "; pass --catalog DIR for an app's." : " and the catalog's."))
            return 1
        }
        let isAppCode = Classification.builtIn(code: code) == nil
        if isAppCode {
            classification.category = category ?? .unknown
            classification.severity = severity ?? .error
            // Asks only for what was not given.
            var unknown: [(what: String, option: String)] = []
            if category == nil { unknown.append(("category (shown: unknown, status 500, exit 1)", "--category")) }
            if severity == nil { unknown.append(("severity (shown: error)", "--severity")) }
            if !unknown.isEmpty {
                StandardError.print(
                    "Note: '\(code)' is the app's: its catalog does not say its "
                        + unknown.map(\.what).joined(separator: " or ") + "; the app's code does. Pass "
                        + unknown.map(\.option).joined(separator: " and ")
                        + (unknown.count == 1 ? " to show it." : " to show them."))
            }
            for index in classification.recoveries.indices
            where destructiveIDs.contains(classification.recoveries[index].id) {
                classification.recoveries[index].isDestructive = true
            }
            if destructiveIDs.isEmpty, !classification.recoveries.isEmpty {
                StandardError.print(
                    "Note: the actions are shown as not destructive; pass --destructive ID,… for those that are.")
            }
        }
        let pipeline = AlertPipeline(catalog: catalog)
        let preference = locale.map { LanguagePreference(stringLiteral: $0) } ?? .process
        let alert = pipeline.alert(for: ExplainedError(classification, samplesFrom: catalog), in: preference)
        if let locale, let wanted = LanguageTag(locale), let shown = LanguageTag(alert.language),
            wanted.language != shown.language
        {
            StandardError.print("Note: there are no texts in '\(locale)'; showing '\(alert.language)'.")
        }
        if format == "json" {
            // Exactly what a server would send for this code, as one JSON Lines record.
            ToolOutput.standardOutput.write(String(decoding: JSONPresenter().line(for: alert), as: UTF8.self))
        } else {
            let presenter = ConsolePresenter(output: .standardOutput, options: .init(interactivity: .never))
            _ = await presenter.present(alert)
        }
        return 0
    }

    /// The built-in classification of `code`, else one for a code of the app's catalog, with a
    /// recovery for each `<code>.action.<id>` key.
    static func classification(for code: String, appCatalog: TranslationCatalog?) -> Classification? {
        if let appCatalog, codes(in: appCatalog).contains(code) {
            let base = appCatalog.baseLanguage
            let prefix = "\(code).action."
            let recoveries = appCatalog.keys(language: base).filter { $0.hasPrefix(prefix) }.map { key in
                Recovery(id: String(key.dropFirst(prefix.count)), label: LocalizableText(key: key)) { .done }
            }
            return Classification(code: code, category: .unknown, recoveries: recoveries)
        }
        return Classification.builtIn(code: code)
    }

    /// The codes a catalog has texts for: its keys ending in `.title` or `.message`.
    static func codes(in catalog: TranslationCatalog) -> [String] {
        var codes: Set<String> = []
        for key in catalog.keys(language: catalog.baseLanguage) {
            for suffix in [".title", ".message"] where key.hasSuffix(suffix) {
                codes.insert(String(key.dropLast(suffix.count)))
            }
        }
        return codes.sorted()
    }

    /// Words joined by commas in lines of at most `width` characters, indented by two spaces.
    static func wrapped(_ words: [String], width: Int) -> String {
        var lines: [String] = []
        var line = " "
        for word in words {
            if line.count + word.count + 2 > width {
                lines.append(line)
                line = " "
            }
            line += " " + word + (word == words.last ? "" : ",")
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
