public import Foundation

/// An error that describes itself to people: a stable code, a title, a message, a reason and a
/// suggestion as localizable texts, a severity, a category and the recoveries the user may choose.
///
/// Every requirement but `code` has a default, so a plain enum is a whole catalog entry; its texts
/// then come from the app's catalog under keys derived from the code
/// (`storage.diskFull.title`, `.message`, `.reason`, `.suggestion`):
///
/// ```swift
/// enum StorageError: FriendlyError {
///     case diskFull(freeMB: Int)
///     case readOnly
///
///     var code: String {
///         switch self {
///         case .diskFull: "storage.diskFull"
///         case .readOnly: "storage.readOnly"
///         }
///     }
///
///     var message: LocalizableText {
///         switch self {
///         case .diskFull(let free): "Only \(free) MB are left on the disk."
///         case .readOnly: "The disk is read-only."
///         }
///     }
///
///     var category: ErrorCategory {
///         switch self {
///         case .diskFull: .insufficientStorage
///         case .readOnly: .permissionDenied
///         }
///     }
/// }
/// ```
///
/// Rules an implementer keeps:
/// - `code` is stable across releases and languages: catalogs, logs and clients refer to it.
/// - Texts are written for the person using the app, in the base language, with placeholders for
///   values; they never hold secrets, since they are shown.
/// - A text without a default and without a catalog entry falls back to the category's generic text
///   (title, message) or is left out (reason, suggestion): a raw key is never shown.
///
/// Every `FriendlyError` also answers Foundation's `LocalizedError` in the process language (see
/// `EntryPoints/FriendlyError+Foundation.swift`), so `localizedDescription`, SwiftUI's
/// `.alert(isPresented:error:)` and argument-parser show the message. It is not a `RecoverableError`:
/// that protocol's synchronous `attemptRecovery(optionIndex:)` would have to block a thread until an
/// async recovery ends. Its ``recoveries`` are the alert's actions, which
/// ``AlertPipeline/present(_:in:)`` runs. An error that wraps a cause conforms to ``ErrorWrapping``
/// too. Do not also conform to `CustomNSError`: a type that is both loses all its strings
/// when bridged to `NSError`.
public protocol FriendlyError: LocalizedError {
    /// The stable dotted code of this failure (`"storage.diskFull"`).
    var code: String { get }
    /// A short headline. Defaults to the key `<code>.title`, then the category's title.
    var title: LocalizableText { get }
    /// What happened, in one or two sentences. Defaults to the key `<code>.message`, then the
    /// category's message.
    var message: LocalizableText { get }
    /// Why it happened. Defaults to the key `<code>.reason`; left out when there is none.
    var reason: LocalizableText { get }
    /// What the user can do. Defaults to the key `<code>.suggestion`; left out when there is none.
    var suggestion: LocalizableText { get }
    /// How serious it is. Defaults to ``Severity/error``.
    var severity: Severity { get }
    /// What kind of failure it is. Defaults to ``ErrorCategory/unknown``.
    var category: ErrorCategory { get }
    /// The ways out the user may choose, in the order the app prefers. Defaults to none.
    var recoveries: [Recovery] { get }
    /// Headers a server sends with this error (``ResponseHeader/retryAfter(seconds:)`` for a
    /// rate-limited error that knows when, ``ResponseHeader/wwwAuthenticate(_:)``…). Defaults to none.
    var responseHeaders: [ResponseHeader] { get }
    /// Problems with single parts of the request or file, one per field. Defaults to none.
    var fieldProblems: [FieldProblem] { get }
    /// The place in a file the error is about (a malformed line of a configuration), shown with an
    /// excerpt on the console; none by default. Several places: one per field problem
    /// (``FieldProblem/location``).
    var location: FileLocation? { get }
}

extension FriendlyError {
    public var title: LocalizableText { LocalizableText() }
    public var message: LocalizableText { LocalizableText() }
    public var reason: LocalizableText { LocalizableText() }
    public var suggestion: LocalizableText { LocalizableText() }
    public var severity: Severity { .error }
    public var category: ErrorCategory { .unknown }
    public var recoveries: [Recovery] { [] }
    public var responseHeaders: [ResponseHeader] { [] }
    public var fieldProblems: [FieldProblem] { [] }
    public var location: FileLocation? { nil }
}
