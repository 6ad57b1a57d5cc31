/// The largest sizes the JSON and HTML presenters write, in UTF-8 bytes before escaping. A longer
/// text is cut at a grapheme cluster boundary and ends with `…`, so no character is split and the
/// result is still valid.
package struct PresenterLimits: Sendable, Hashable {
    // Each value is raised to its minimum when set, as by the initializer: `Int.min` must not
    // reach a cap's arithmetic or `prefix(_:)`.

    /// For each text: title, detail, reason, suggestion and action titles. Default 2 KiB.
    package var maximumTextBytes: Int { didSet { maximumTextBytes = max(16, maximumTextBytes) } }
    /// For the debug detail. Default 8 KiB.
    package var maximumDebugDetailBytes: Int {
        didSet { maximumDebugDetailBytes = max(16, maximumDebugDetailBytes) }
    }
    /// For each identifier: code, category, action ids, reference ID, language (the instance,
    /// which the library makes, is never cut). Default 256.
    package var maximumIdentifierBytes: Int { didSet { maximumIdentifierBytes = max(16, maximumIdentifierBytes) } }
    /// The number of actions written; the rest are left out. Default 16.
    package var maximumActions: Int { didSet { maximumActions = max(1, maximumActions) } }
    /// The number of field problems written in `errors`; the rest are left out. Default 100.
    package var maximumFieldProblems: Int { didSet { maximumFieldProblems = max(1, maximumFieldProblems) } }

    /// Limits; values below a small minimum are raised to it, so that the output keeps its shape.
    package init(
        maximumTextBytes: Int = 2048, maximumDebugDetailBytes: Int = 8192, maximumIdentifierBytes: Int = 256,
        maximumActions: Int = 16, maximumFieldProblems: Int = 100
    ) {
        // `…` takes 3 bytes: below 16, a text would be little more than the ellipsis.
        self.maximumTextBytes = max(16, maximumTextBytes)
        self.maximumDebugDetailBytes = max(16, maximumDebugDetailBytes)
        self.maximumIdentifierBytes = max(16, maximumIdentifierBytes)
        self.maximumActions = max(1, maximumActions)
        self.maximumFieldProblems = max(1, maximumFieldProblems)
    }

    /// The default limits: 2 KiB per text, 8 KiB of debug detail, 256 bytes per identifier,
    /// 16 actions, 100 field problems.
    package static let standard = PresenterLimits()
}
