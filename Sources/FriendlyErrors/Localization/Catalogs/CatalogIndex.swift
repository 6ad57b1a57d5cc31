/// A catalog's tables arranged for the hot path.
///
/// - Languages have an ordinal, their position in the catalog's order (the base language first,
///   then the others by name): the order ``LanguageNegotiator`` answers chains in, so a chain is a
///   shared array of ordinals and walking it needs no lookup by name.
/// - Texts derived from an error's code (`<code>.title`, `<code>.message`, …) are grouped by code
///   across every language, so one alert hashes its code once, whatever the chain's length, instead
///   of building and hashing `<code>.title`, `<code>.message`… per language.
/// - The stock labels and actions (OK, Cancel) are made once per language, so an alert without
///   recoveries allocates nothing for its actions.
///
/// A class: an alert holds the index through one reference. Copying a struct of its tables would
/// retain each table's storage — atomic writes to objects every thread shares, which profiling
/// showed to be the largest single cost of an alert.
final class CatalogIndex: Sendable {
    /// The fields of a code's texts (`<code>.title` …), in the order ``fieldSlots`` keeps them.
    enum Field: Int, CaseIterable {
        case title, message, reason, suggestion

        /// The field a key's last component names (`title` in `file.notFound.title`), compared as
        /// UTF-8 bytes.
        init?(name: Substring.UTF8View) {
            // The names differ in length: one comparison at most.
            let count = name.count
            for field in Self.allCases where Self.names[field.rawValue].count == count {
                guard name.elementsEqual(Self.names[field.rawValue]) else { return nil }
                self = field
                return
            }
            return nil
        }

        private static let names = ["title", "message", "reason", "suggestion"].map { Array($0.utf8) }
    }

    /// A catalog value as the hot path uses it: with the finished text already at hand when the
    /// value is a text without placeholders, which formatting would only give back unchanged.
    struct Value: Sendable {
        let value: CatalogValue
        /// The text itself when formatting cannot change it, whatever the arguments.
        let plain: String?

        /// A text with `%`, read once (when it is first formatted) rather than for every alert: in the index
        /// itself, which a catalog of thousands of texts loads without reading each.
        let template: LazyPlaceholderTemplate?
        /// A text with `%`, already read: in a thread's copy of the index, which makes its value the first
        /// time it reads the text, and so reads the template then. An alert formats it without going
        /// through the lazy template (two objects retained, an atomic load).
        let parsed: PlaceholderTemplate?

        init(_ value: CatalogValue) {
            self.init(value, parsing: false)
        }

        /// The value, its template read now (`parsing`) or when first formatted.
        private init(_ value: CatalogValue, parsing: Bool) {
            self.value = value
            if case .text(let text) = value, text.containsUTF8Byte(UInt8(ascii: "%")) {
                plain = nil
                template = parsing ? nil : LazyPlaceholderTemplate(text)
                parsed = parsing ? PlaceholderTemplate(text) : nil
            } else {
                if case .text(let text) = value { plain = text } else { plain = nil }
                template = nil
                parsed = nil
            }
        }

        /// `other` for a thread's copy of the index (``CatalogIndex/text(at:language:)``, issue 45): its template its
        /// own, read now, and its strings copied unless `other` is `builtIn`, the library's own text, whose
        /// strings are literals that no thread writes a count on. So what an alert retains of it is written
        /// by the threads of one copy alone.
        init(forThreadCopyOf other: Value, builtIn: Value?) {
            switch other.value {
            case .text(let text):
                if case .text(let literal)? = builtIn?.value, text.sharesStorage(with: literal) {
                    self.init(other.value, parsing: true)
                } else {
                    self.init(.text(String(copyingStorageOf: text)), parsing: true)
                }
            case .plural(let argument, let forms):
                self.init(
                    .plural(argument: argument, forms: forms.mapValues(String.init(copyingStorageOf:))), parsing: true)
            }
        }

        /// The value with its placeholders filled (see ``CatalogValue/formatted(with:language:)``).
        func formatted(with arguments: [LocalizableText.Argument], language: String) -> String {
            if let plain { return plain }
            if let parsed { return parsed.format(arguments) }
            if let template { return template.template.format(arguments) }
            return value.formatted(with: arguments, language: language)
        }
    }

    /// One language's table and stock actions. A class, so the hot path passes one reference
    /// around instead of copying (and retaining) every field.
    final class Language: Sendable {
        let name: String
        /// The texts by key, shared by the index and its thread copies: the hot path reads a text through
        /// ``CatalogIndex/text(at:language:)``, which gives a thread's copy of the index its own.
        let texts: StringTable<Value>
        /// OK and Cancel in this language, or the base language's where it has none.
        let ok: AlertAction
        let cancel: AlertAction
        /// The actions of an alert without recoveries (OK alone), shared by every such alert.
        let confirmationActions: [AlertAction]
        /// The actions of an alert whose one recovery is the stock retry (``Recovery/isStockRetryOffer``),
        /// Cancel and Try Again, when this language has the label: shared by every such alert, which then
        /// neither looks the label up nor allocates its actions. `nil` when the label is not this
        /// language's own text (the alert looks it up along its chain).
        let retrySuggestionActions: [AlertAction]?

        /// A copy for a thread (``CatalogIndex/forCurrentThread``): the same texts, and stock actions of its
        /// own, in arrays of their own, so that alerts retain and release them on that thread alone.
        init(copying language: Language) {
            name = language.name
            texts = language.texts
            ok = language.ok.withLabelCopied
            cancel = language.cancel.withLabelCopied
            confirmationActions = [ok]
            retrySuggestionActions = language.retrySuggestionActions.map { actions in
                actions.map(\.withLabelCopied)
            }
        }

        init(name: String, texts: [String: CatalogValue], ok: String, cancel: String) {
            self.name = name
            self.texts = StringTable(texts, Value.init)
            self.ok = AlertAction(id: AlertAction.okID, label: ok, role: .default)
            self.cancel = AlertAction(id: AlertAction.cancelID, label: cancel, role: .cancel)
            confirmationActions = [self.ok]
            if let retry = self.texts[Recovery.retryLabelKey]?.plain, !retry.isEmpty {
                // Ordered as every suggestion is (Cancel first: a retry is not destructive).
                retrySuggestionActions = AlertAction.suggestionActions(
                    AlertAction(
                        id: Recovery.retry().id, label: retry, role: .default, perform: Recovery.retry().perform),
                    cancel: self.cancel)
            } else {
                retrySuggestionActions = nil
            }
        }
    }

    /// The languages by ordinal; the base language is ordinal 0.
    let languages: [Language]
    /// Each code (`file.notFound`) that has a field in some language, numbered from 0.
    let codes: StringTable<Int>
    /// The rows of the built-in categories' codes (`category.<name>`), by `builtInOrdinal`;
    /// -1 for none.
    private let categoryRows: [Int]
    /// For code `c`, language `l` and field `f`, at `(c × languages + l) × 4 + f`: the slot of that
    /// text in the language's table, or -1. Flat integers rather than an object per code: building
    /// and freeing the index of a catalog of ten thousand keys stays a small part of loading it.
    private let fieldSlots: [Int32]
    /// Recovery labels (`<code>.action.<id>`) by `c × languages + l`, then by action id.
    private let actionSlots: [Int: [String: Int32]]

    /// The texts read through this index, a page per language (``text(at:language:)``): in a thread's copy,
    /// each text copied for the copy the first time; in the index itself (`isCopy` false), the table's own.
    private let ownTexts: OnceSlots<Value>
    private let isCopy: Bool

    /// Copies of this index for threads (empty in a copy): an alert reads its thread's
    /// (``forCurrentThread``), so that the index, its languages and their stock actions, which every
    /// alert retains, are retained by one thread each rather than by every core at once (issue 45).
    private let threadCopies: ThreadCopies<CatalogIndex>

    /// The copy of this index that the calling thread reads: the same texts, in objects of the thread's own.
    /// Made with the index and freed with it.
    var forCurrentThread: CatalogIndex { threadCopies.current ?? self }

    /// The copy the thread numbered `number` reads (for tests).
    func copy(forThreadNumber number: Int) -> CatalogIndex { threadCopies.copy(forThreadNumber: number) ?? self }

    /// A copy of an index for a thread: its tables, shared, and languages of its own.
    private init(
        copying languages: [Language], codes: StringTable<Int>, categoryRows: [Int], fieldSlots: [Int32],
        actionSlots: [Int: [String: Int32]]
    ) {
        self.languages = languages.map(Language.init(copying:))
        self.codes = codes
        self.categoryRows = categoryRows
        self.fieldSlots = fieldSlots
        self.actionSlots = actionSlots
        ownTexts = OnceSlots(pageSizes: languages.map(\.texts.count))
        isCopy = true
        threadCopies = .none
    }

    /// The ordinal of the base language.
    static let baseOrdinal = 0

    /// An index of `tables`, with the languages in `order` (which starts with the base language and
    /// may name languages without a table).
    init(tables: [String: [String: CatalogValue]], order: [String]) {
        let base = order.first.flatMap { tables[$0] } ?? [:]
        func label(_ key: String, _ texts: [String: CatalogValue], default fallback: String) -> String {
            if case .text(let text)? = texts[key] ?? base[key] { return text }
            return fallback
        }
        let languages = order.map { name in
            let texts = tables[name] ?? [:]
            return Language(
                name: name, texts: texts, ok: label("action.ok", texts, default: "OK"),
                cancel: label("action.cancel", texts, default: "Cancel"))
        }
        self.languages = languages

        // Keys of the form `<code>.<field>` and `<code>.action.<id>`, grouped by code.
        let languageCount = languages.count
        var codes = StringTable<Int>(capacity: languages.reduce(0) { $0 + $1.texts.count })
        var fieldSlots: [Int32] = []
        var actionSlots: [Int: [String: Int32]] = [:]
        let rowSize = languageCount * Field.allCases.count
        for (ordinal, language) in languages.enumerated() {
            language.texts.forEach { slot, key, _ in
                // Split in the key's UTF-8: only the code of a key that ends in a field is copied,
                // once for all languages, which keeps this cheap for catalogs of many thousands of keys.
                let utf8 = key.utf8
                guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot > utf8.startIndex,
                    utf8.index(after: dot) < utf8.endIndex
                else { return }
                let name = utf8[utf8.index(after: dot)...]
                var codeLength = utf8.distance(from: utf8.startIndex, to: dot)
                let field = Field(name: name)
                if field == nil {
                    // `<code>.action.<id>`, or a key that is no field of a code.
                    guard Self.endsWithAction(utf8[..<dot]) else { return }
                    codeLength -= Self.actionSuffix.count
                }
                let row = codes.value(forUTF8Prefix: codeLength, of: key) {
                    fieldSlots.append(contentsOf: repeatElement(-1, count: rowSize))
                    return fieldSlots.count / rowSize - 1
                }
                let cell = row * languageCount + ordinal
                if let field {
                    fieldSlots[cell * Field.allCases.count + field.rawValue] = Int32(slot)
                } else {
                    actionSlots[cell, default: [:]][String(Substring(name))] = Int32(slot)
                }
            }
        }
        self.codes = codes
        let categoryRows = ErrorCategory.builtIn.map { codes[$0.catalogCode] ?? -1 }
        self.categoryRows = categoryRows
        self.fieldSlots = fieldSlots
        self.actionSlots = actionSlots
        ownTexts = OnceSlots(pageSizes: languages.map(\.texts.count))
        isCopy = false
        threadCopies = ThreadCopies {
            CatalogIndex(
                copying: languages, codes: codes, categoryRows: categoryRows, fieldSlots: fieldSlots,
                actionSlots: actionSlots)
        }
    }

    /// The text of field `field` of the code numbered `row`, in the language with this ordinal.
    /// The row of `category`'s generic texts (`category.<name>.title`…), if the catalog has any:
    /// an array read for a built-in category, a lookup for an app's own.
    func row(of category: ErrorCategory) -> Int? {
        guard let ordinal = category.builtInOrdinal else { return codes[category.catalogCode] }
        let row = categoryRows[ordinal]
        return row < 0 ? nil : row
    }

    @inline(__always)
    func value(_ field: Field, ofCode row: Int, language ordinal: Int) -> Value? {
        let slot = fieldSlots[(row * languages.count + ordinal) * Field.allCases.count + field.rawValue]
        return slot < 0 ? nil : text(at: Int(slot), language: ordinal)
    }

    /// The text in slot `slot` of the language with this ordinal (a position its table gave): in a thread's
    /// copy, the copy's own (issue 45), made from the index's the first time one of the copy's threads
    /// reads it. Read in place (``OnceSlots``), in the index itself too, so that a caller reading one
    /// field of the text copies that field alone.
    @inline(__always)
    func text(at slot: Int, language ordinal: Int) -> Value {
        ownTexts.value(page: ordinal, slot: slot) { madeText(at: slot, language: ordinal) }
    }

    /// The text for `key` in the language with this ordinal, if it has one (see ``text(at:language:)``).
    @inline(__always)
    func text(forKey key: String, language ordinal: Int) -> Value? {
        guard let slot = languages[ordinal].texts.entry(of: key) else { return nil }
        return text(at: slot, language: ordinal)
    }

    /// The text in slot `slot` as this index keeps it: the table's own in the index itself, a copy of it
    /// in a thread's copy. The first read of the text through this index.
    @inline(never)
    private func madeText(at slot: Int, language ordinal: Int) -> Value {
        let language = languages[ordinal]
        let original = language.texts.value(at: slot)
        guard isCopy else { return original }
        let builtIn = TranslationCatalog.builtIn.index.languages.first { $0.name == language.name }
        return Value(forThreadCopyOf: original, builtIn: builtIn?.texts[language.texts.key(at: slot)])
    }

    /// Whether the language with this ordinal has field `field` of the code numbered `row`: what
    /// ``value(_:ofCode:language:)`` would find, without copying the value out.
    func hasValue(_ field: Field, ofCode row: Int, language ordinal: Int) -> Bool {
        fieldSlots[(row * languages.count + ordinal) * Field.allCases.count + field.rawValue] >= 0
    }

    /// The label of recovery `id` of the code numbered `row`, in the language with this ordinal.
    @inline(__always)
    func actionLabel(_ id: String, ofCode row: Int, language ordinal: Int) -> Value? {
        guard let slot = actionSlots[row * languages.count + ordinal]?[id] else { return nil }
        return text(at: Int(slot), language: ordinal)
    }

    private static let actionSuffix = Array(".action".utf8)

    /// Whether a key's part `<code>.action` (of `<code>.action.<id>`) ends in `.action` after a
    /// code of at least one byte; compared as bytes.
    private static func endsWithAction(_ part: Substring.UTF8View) -> Bool {
        part.count > actionSuffix.count && part.suffix(actionSuffix.count).elementsEqual(actionSuffix)
    }
}
