public import Foundation

extension TranslationCatalog {
    /// A catalog read from a folder laid out as Apple's: `<language>.lproj/*.strings` and
    /// `*.xcstrings` files (anywhere in the folder, each holding all its languages). `Base.lproj`
    /// counts as the base language.
    ///
    /// Never throws: a missing folder, an unreadable file, a syntax error, a duplicate key or a
    /// translation with the wrong placeholders is reported in ``diagnostics`` with its
    /// `file:line:column`, and every good entry is kept.
    public static func load(folder path: String, baseLanguage: String = "en") -> TranslationCatalog {
        var loader = CatalogLoader(baseLanguage: canonicalLanguage(baseLanguage))
        loader.loadFolder(path)
        return loader.catalog()
    }

    /// A catalog read from a bundle's resources, laid out as for ``load(folder:baseLanguage:)``.
    /// A bundle without a resource folder gives an empty catalog with a diagnostic, never a trap.
    public static func load(bundle: Bundle, baseLanguage: String = "en") -> TranslationCatalog {
        guard let path = bundle.resourcePath else {
            var loader = CatalogLoader(baseLanguage: canonicalLanguage(baseLanguage))
            loader.report(file: bundle.bundlePath, line: 1, column: 1, "the bundle has no resource folder")
            return loader.catalog()
        }
        return load(folder: path, baseLanguage: baseLanguage)
    }

    /// A catalog from `.strings` texts held in memory (embedded in a binary, fetched, generated),
    /// each with its language and a name for diagnostics.
    ///
    /// ```swift
    /// let catalog = TranslationCatalog(stringsFiles: [
    ///     (language: "en", name: "en.lproj/App.strings", contents: #""greeting" = "Hello";"#),
    /// ])
    /// ```
    package init(stringsFiles: [(language: String, name: String, contents: String)], baseLanguage: String = "en") {
        var loader = CatalogLoader(baseLanguage: Self.canonicalLanguage(baseLanguage))
        for file in stringsFiles {
            loader.addStrings(
                Data(file.contents.utf8), file: file.name, language: Self.canonicalLanguage(file.language))
        }
        self = loader.catalog()
    }
}

/// Gathers entries from files into tables, with every problem as a diagnostic.
struct CatalogLoader {
    let baseLanguage: String
    var tables: [String: [String: CatalogValue]] = [:]
    var locations: [String: [String: EntryPosition]] = [:]
    var diagnostics: [CatalogDiagnostic] = []

    init(baseLanguage: String) {
        self.baseLanguage = baseLanguage
    }

    mutating func report(file: String, line: Int, column: Int, _ message: String, key: String? = nil) {
        diagnostics.append(
            CatalogDiagnostic(file: file, line: line, column: column, severity: .error, message: message, key: key))
    }

    mutating func loadFolder(_ path: String) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            report(file: path, line: 1, column: 1, "no such folder")
            return
        }
        guard let enumerator = manager.enumerator(atPath: path) else {
            report(file: path, line: 1, column: 1, "the folder can't be read")
            return
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".strings") || relative.hasSuffix(".xcstrings") { files.append(relative) }
        }
        for relative in files.sorted() {
            let fullPath = (path as NSString).appendingPathComponent(relative)
            guard let data = manager.contents(atPath: fullPath) else {
                report(file: fullPath, line: 1, column: 1, "the file can't be read")
                continue
            }
            if relative.hasSuffix(".xcstrings") {
                addStringCatalog(data, file: fullPath)
            } else if let language = Self.language(ofStringsFile: relative, base: baseLanguage) {
                addStrings(data, file: fullPath, language: language)
            } else {
                report(file: fullPath, line: 1, column: 1, "a .strings file must be inside a <language>.lproj folder")
            }
        }
    }

    /// The language of `<anything>/ja.lproj/File.strings`: the name of the nearest `.lproj` folder.
    static func language(ofStringsFile relative: String, base: String) -> String? {
        let components = relative.split(separator: "/")
        guard let folder = components.dropLast().last(where: { $0.hasSuffix(".lproj") }) else { return nil }
        let name = String(folder.dropLast(".lproj".count))
        if name == "Base" { return base }
        return LanguageTag(name)?.description
    }

    mutating func addStrings(_ data: Data, file: String, language: String) {
        let parsed = StringsFileParser.parseTable(bytes: [UInt8](data), file: file)
        diagnostics += parsed.diagnostics
        guard tables[language] == nil else {
            add(parsed.entries, language: language, file: file)
            return
        }
        // The first file of a language, the usual case: its tables are the parser's key index with
        // other values. `mapValues` keeps the index's hash layout, so no key is hashed again.
        let entries = parsed.entries
        tables[language] = parsed.indexByKey.mapValues { entries[$0].value }
        locations[language] = parsed.indexByKey.mapValues { index in
            EntryPosition(file: file, line: entries[index].line, column: entries[index].column)
        }
    }

    mutating func addStringCatalog(_ data: Data, file: String) {
        let parsed = XCStringsParser.parse(data, file: file)
        diagnostics += parsed.diagnostics
        for (language, entries) in parsed.entries.sorted(by: { $0.key < $1.key }) {
            let name =
                language == parsed.sourceLanguage ? baseLanguage : TranslationCatalog.canonicalLanguage(language)
            add(entries, language: name, file: file)
        }
    }

    private mutating func add(_ entries: [CatalogEntry], language: String, file: String) {
        // The language's tables are taken out while they grow: each entry then costs one hash per
        // table (not also one of the language), and the tables are never copied on write.
        var texts = tables.removeValue(forKey: language) ?? [:]
        var places = locations.removeValue(forKey: language) ?? [:]
        texts.reserveCapacity(texts.count + entries.count)
        places.reserveCapacity(places.count + entries.count)
        for entry in entries {
            let location = EntryPosition(file: file, line: entry.line, column: entry.column)
            if let previous = places.updateValue(location, forKey: entry.key), previous.file != file {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: entry.line, column: entry.column, severity: .warning,
                        message:
                            "duplicate key '\(entry.key)' for \(language), also in \(previous.file):\(previous.line); this one wins",
                        key: entry.key))
            }
            texts[entry.key] = entry.value
        }
        tables[language] = texts
        locations[language] = places
    }

    func catalog() -> TranslationCatalog {
        var catalog = TranslationCatalog(baseLanguage: baseLanguage, tables: tables, diagnostics: diagnostics)
        // Only translations are checked against the base language, so only their places are passed.
        var translated: [String: [String: (file: String, line: Int, column: Int)]] = [:]
        for (language, places) in locations where language != baseLanguage {
            translated[language] = places.mapValues { ($0.file, $0.line, $0.column) }
        }
        catalog.validatePlaceholders(locations: translated)
        catalog.locations = locations
        return catalog
    }
}
