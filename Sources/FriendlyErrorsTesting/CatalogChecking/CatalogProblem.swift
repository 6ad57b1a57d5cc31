import FriendlyErrors

/// One thing wrong with an error catalog, found by ``CatalogChecker``: which case, in which
/// language, under which key, and what is wrong.
///
/// ```
/// StorageError.diskFull [ja] storage.diskFull.title: untranslated: there is no ja text; the base text "Disk full" is shown
/// ```
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is. A struct over a name rather than an enum, so that new checks
    /// can be added without breaking a `switch` in anyone's tests.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The stable name, as printed in reports (`"untranslated"`).
        public let name: String

        private init(_ name: String) { self.name = name }

        public var description: String { name }

        /// Two different cases have the same code.
        public static let duplicateCode = Kind("duplicate code")
        /// A title, message or action label has no text at all in a language: no entry, no default.
        public static let missingText = Kind("missing text")
        /// A text is written but empty (or only white space).
        public static let emptyText = Kind("empty text")
        /// A language has no text of its own, or the same text as the base language, where a
        /// translation is expected; see ``CatalogChecker/Options/allowedUntranslated``.
        public static let untranslated = Kind("untranslated")
        /// The text shown is a catalog key (`"storage.diskFull.title"`), not words.
        public static let rawKey = Kind("raw key")
        /// The text shown still holds a placeholder (`%@`, `%lld`): an argument is missing.
        public static let unfilledPlaceholder = Kind("unfilled placeholder")
        /// A text's placeholders differ from the base language's or from the code's arguments.
        public static let placeholderMismatch = Kind("placeholder mismatch")
        /// The text shown has Foundation's generic wording ("The operation could not be completed").
        public static let genericWording = Kind("generic wording")
        /// The alert's actions break Apple's Human Interface Guidelines (Cancel count, order).
        public static let actionOrder = Kind("action order")
        /// Two recoveries of one case share an id, or one uses a stock id (`ok`, `cancel`): the
        /// pipeline drops it without a word.
        public static let duplicateActionID = Kind("duplicate action id")
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The case it was found in, `Type.case` (`"StorageError.diskFull"`).
    public let caseName: String
    /// The case's code.
    public let code: String
    /// The language, or `nil` for a problem of every language (a duplicate code, the order of actions).
    public let language: String?
    /// The catalog key concerned, when there is one.
    public let key: String?
    /// What is wrong, in one sentence without a trailing period.
    public let message: String

    /// A problem; checks make these, tests compare them.
    public init(kind: Kind, caseName: String, code: String, language: String?, key: String?, message: String) {
        self.kind = kind
        self.caseName = caseName
        self.code = code
        self.language = language
        self.key = key
        self.message = message
    }

    /// `Case [language] key: kind: message`, leaving out what is not known, safe to print on a
    /// terminal: the message quotes the catalog's texts, so control characters, escape sequences and
    /// bidi overrides are shown as visible escapes (see `TerminalSanitizer`).
    public var description: String {
        var text = caseName
        if let language { text += " [\(language)]" }
        if let key { text += " \(key)" }
        return TerminalSanitizer.sanitize(text + ": \(kind): \(message)")
    }
}
