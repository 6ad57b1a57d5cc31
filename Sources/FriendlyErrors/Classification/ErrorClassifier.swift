/// One link of an ``AlertPipeline``: it recognises some errors and classifies them, and hands every
/// other error to the rest of the chain.
///
/// ```swift
/// struct GRPCStatusClassifier: ErrorClassifier {
///     func classify(
///         _ error: any Error, context: ClassificationContext, next: (any Error) -> Classification
///     ) -> Classification {
///         guard let status = error as? RPCError else { return next(error) }
///         return Classification(code: "rpc.\(status.code)", category: status.category)
///     }
/// }
/// ```
///
/// Rules an implementer keeps:
/// - Answer only for errors you recognise; call `next` for every other one (or to refine what the
///   rest of the chain says).
/// - Never put an error's own description into a text: it may hold secrets, paths or SQL.
/// - Be fast and free of side effects: classification runs for every presented error, from any task.
/// - Read `context` for the circumstances: ``ClassificationContext/audience`` says whether the alert
///   is for a person at this process or for a server's client (show no library's own text there).
public protocol ErrorClassifier: Sendable {
    /// Classifies `error`, or returns what `next` says about it.
    func classify(_ error: any Error, context: ClassificationContext, next: (any Error) -> Classification)
        -> Classification
}
