import Foundation
import FriendlyErrors

/// `friendly-errors lint <folder>`: checks a `Localization`-style folder of `.strings` and
/// `.xcstrings` catalogs — syntax, keys missing or extra per language against the base, placeholder
/// mismatches, empty values, duplicate keys — and exits 0 when it is clean, 1 when not.
struct LintCommand {
    static let spec = CommandSpec(
        name: "lint", abstract: "Check a folder of .strings and .xcstrings catalogs.",
        discussion: """
            Reports syntax errors, keys missing or extra in a language compared with the base
            language, placeholders that differ from the base language's, empty values and duplicate
            keys, each as file:line:column. Exits 0 when the folder is clean, 1 when it is not,
            64 on a usage error and 66 when the folder does not exist.
            """,
        arguments: [.init(name: "folder", help: "The folder to check (<language>.lproj folders, .xcstrings files).")],
        options: [
            .init(
                name: "format", valueName: "format", help: "How to write the problems.",
                allowedValues: ["console", "json"], defaultValue: "console"),
            .init(
                name: "base-language", valueName: "language", help: "The language the others are compared with.",
                defaultValue: "en"),
        ])

    var folder: String
    var format: String
    var baseLanguage: String

    init(arguments: ParsedArguments) {
        folder = arguments.argument("folder")
        format = arguments.option("format") ?? "console"
        baseLanguage = arguments.option("base-language") ?? "en"
    }

    func run() -> Int32 {
        if let problem = FolderProblem(path: folder) {
            StandardError.print("Error: \(problem.message)")
            return 66
        }
        let catalog = TranslationCatalog.load(folder: folder, baseLanguage: baseLanguage)
        // An empty folder is almost always a wrong path, which a clean result would hide in CI.
        if catalog.diagnostics.isEmpty, catalog.languages.allSatisfy({ catalog.keyCount(language: $0) == 0 }) {
            StandardError.print("Error: No .strings or .xcstrings files with entries in '\(folder)'.")
            return 1
        }
        let problems = Self.problems(in: catalog)
        if format == "json" {
            ToolOutput.standardOutput.write(
                TerminalSanitizer.sanitize(json: Self.json(problems, catalog: catalog, folder: folder)))
        } else {
            // Each problem as compilers write it (made harmless), then the line it is on with a caret
            // under the place, as the console presenter shows a located alert (which cleans it itself).
            let console = ConsolePresenter(output: .standardOutput, options: .init(interactivity: .never))
            for problem in problems {
                ToolOutput.standardOutput.write(problem.consoleLine + "\n")
                TextOutput.standardOutput.write(
                    console.excerpt(
                        of: FileLocation(file: problem.file, line: problem.line, column: problem.column),
                        severity: problem.severity, showsPlace: false))
            }
            let languages = catalog.languages.joined(separator: ", ")
            StandardError.print(
                problems.isEmpty
                    ? "\(folder): no problems in \(catalog.languages.count) languages (\(languages))."
                    : "\(folder): \(problems.count) problem\(problems.count == 1 ? "" : "s").")
        }
        return problems.isEmpty ? 0 : 1
    }

    /// Every problem of the catalog, sorted by file, line and column.
    static func problems(in catalog: TranslationCatalog) -> [LintProblem] {
        var problems = catalog.diagnostics.map(LintProblem.init)
        let base = catalog.baseLanguage
        let baseKeys = catalog.keys(language: base)
        let baseKeySet = Set(baseKeys)
        for language in catalog.languages {
            let keys = catalog.keys(language: language)
            for key in keys {
                guard let location = catalog.location(ofKey: key, language: language) else { continue }
                if language != base, !baseKeySet.contains(key) {
                    problems.append(
                        LintProblem(
                            .extraKey, at: location,
                            "'\(key)' is in \(language) but not in the base language (\(base))",
                            key: key, language: language))
                }
                if let text = catalog.template(forKey: key, language: language), text.allSatisfy(\.isWhitespace) {
                    problems.append(
                        LintProblem(
                            .emptyValue, at: location, "the \(language) value of '\(key)' is empty", key: key,
                            language: language))
                }
            }
            guard language != base else { continue }
            let present = Set(keys)
            for key in baseKeys where !present.contains(key) {
                // A translation rejected for its placeholders was written: the loader reported it.
                guard catalog.location(ofKey: key, language: language) == nil,
                    let location = catalog.location(ofKey: key, language: base)
                else { continue }
                problems.append(
                    LintProblem(
                        .missingKey, at: location, "'\(key)' has no \(language) translation", key: key,
                        language: language))
            }
        }
        return problems.sorted {
            ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message)
        }
    }

    /// The problems as one JSON object, for machines.
    static func json(_ problems: [LintProblem], catalog: TranslationCatalog, folder: String) -> String {
        let object: [String: Any] = [
            "folder": folder,
            "baseLanguage": catalog.baseLanguage,
            "languages": catalog.languages,
            "errorCount": problems.filter { $0.severity == .error }.count,
            "warningCount": problems.filter { $0.severity == .warning }.count,
            "problems": problems.map(\.jsonObject),
        ]
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
