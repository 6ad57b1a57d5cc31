@_exported public import FriendlyErrors
import FriendlyErrorsAdapters
@_exported public import FriendlyErrorsServerKit
public import GRPCCore
public import Logging
import ServiceContextModule

/// A gRPC server interceptor that answers every error an RPC throws — the app's own, gRPC's, anything,
/// in unary and streaming RPCs, before or while the response stream runs — with the richer error
/// model of AIP-193: a status code from the error's category and a `google.rpc.Status` with
/// `ErrorInfo`, `LocalizedMessage` (in the client's language), `BadRequest`, `RetryInfo`, `Help`
/// and `RequestInfo` details. Each error is logged, recorded on the span a tracing interceptor outside
/// this one made current (an error status only for UNKNOWN, DEADLINE_EXCEEDED, UNIMPLEMENTED, INTERNAL,
/// UNAVAILABLE, DATA_LOSS) and counted, by FriendlyErrorsServerKit; its trace ID goes to the client.
///
/// ```swift
/// let server = GRPCServer(
///     transport: transport, services: [ShopService()],
///     interceptors: [FriendlyErrorsInterceptor(domain: "shop.example.com", pipeline: pipeline)])   // the one line
/// ```
///
/// The core decides (FriendlyErrorsAdapters' `serverAlert(for:to:)`) classification, texts, redaction, the
/// language (from the `accept-language` metadata) and the log level; the interceptor maps. An `RPCError` a handler
/// throws keeps its code and metadata; one that already carries `google.rpc.Status` details (a thrown
/// `GoogleRPCStatus`) is passed through as it is, and not logged: the handler made that answer itself.
public struct FriendlyErrorsInterceptor: ServerInterceptor {
    /// Classifies errors and holds the texts.
    public let pipeline: AlertPipeline
    /// The `ErrorInfo` domain: the service's name, as AIP-193 has it (`"shop.example.com"`).
    public let domain: String
    /// How errors are answered, logged, recorded and counted (`writers` is not read: gRPC sends a status).
    public let options: FriendlyErrorsServerOptions
    /// Status codes by error code, winning over the category's (a conflict is `aborted`;
    /// `["order.exists": .alreadyExists]` says which conflicts are about existence).
    public let statusCodes: [String: RPCError.Code]
    /// Where errors are logged.
    private let logger: Logger
    /// Logs, records on the span and counts each answered error.
    private let reporter: ServerErrorReporter

    /// An interceptor answering errors through `pipeline`, with `domain` in every `ErrorInfo`. The
    /// catalog's diagnostics (a missing folder, a bad line) are logged here, at start-up, through `logger`.
    public init(
        domain: String, pipeline: AlertPipeline = AlertPipeline(),
        options: FriendlyErrorsServerOptions = FriendlyErrorsServerOptions(),
        statusCodes: [String: RPCError.Code] = [:], logger: Logger = Logger(label: "FriendlyErrorsGRPC")
    ) {
        (self.pipeline, self.domain, self.options) = (pipeline, domain, options)
        (self.statusCodes, self.logger) = (statusCodes, logger)
        reporter = ServerErrorReporter(pipeline: pipeline, options: options, logger: logger)
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>, context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        var response: StreamingServerResponse<Output>
        // The RPC's span (a tracing interceptor's, outside this one), for errors the stream throws later too.
        let trace = ServiceContext.current
        do {
            response = try await next(request, context)
        } catch {
            return StreamingServerResponse(error: answer(error, metadata: request.metadata, context: context, trace))
        }
        switch response.accepted {
        case .success(var contents):
            // Errors thrown while the response stream runs end the stream with the same status.
            let producer = contents.producer
            contents.producer = { [metadata = request.metadata] writer in
                do {
                    return try await producer(writer)
                } catch {
                    throw answer(error, metadata: metadata, context: context, trace)
                }
            }
            response.accepted = .success(contents)
        case .failure(let error):
            response.accepted = .failure(answer(error, metadata: request.metadata, context: context, trace))
        }
        return response
    }

    /// The `RPCError` that answers `error` in the trace of `trace` (the RPC's `ServiceContext`); reported, and
    /// logged inside `trace` (its `trace_id` for swift-otel's log handler, even from a response stream's producer).
    private func answer(_ error: any Error, metadata: Metadata, context: ServerContext, _ trace: ServiceContext?)
        -> RPCError
    {
        var error = error
        var kept: RPCError?
        if var rpcError = error as? RPCError ?? (error as? any RPCErrorConvertible).map({ RPCError($0) }) {
            // An inner interceptor's catch wraps a plain error as `unknown` with an empty message: the
            // error itself is what to classify.
            if rpcError.code == .unknown, rpcError.message.isEmpty, rpcError.metadata.isEmpty,
                let cause = rpcError.cause, !(cause is RPCError)
            {
                error = cause
            } else {
                // Details already there (a serialized `google.rpc.Status`): the handler said everything.
                if rpcError.metadata.contains(where: { $0.key == "grpc-status-details-bin" }) { return rpcError }
                rpcError.cause = nil
                kept = rpcError
            }
        }
        let traceID = reporter.traceID(in: trace)
        var server = ErrorRequest(method: "POST", acceptLanguage: Self.acceptLanguage(in: metadata), traceID: traceID)
        if pipeline.isObserved {
            server.metadata = ["rpc.method": context.descriptor.fullyQualifiedMethod, "rpc.peer": context.remotePeer]
        }
        if let kept {
            server.frameworkStatus = GRPCStatusTable.httpStatus(for: kept.code)
            server.frameworkMessage = options.revealsFrameworkMessages ? kept.message : nil
        }
        let answer = pipeline.serverAlert(for: error, to: server)
        let code = kept?.code ?? statusCodes[answer.alert.code] ?? GRPCStatusTable.code(for: answer.alert)
        // The method's name is made only when something records the error.
        reporter.report(answer.event, logger: logger, context: trace) {
            .grpc(code: code.rawValue, method: context.descriptor.fullyQualifiedMethod)
        }

        let message = Self.capped(
            kept.flatMap { options.revealsFrameworkMessages ? $0.message : nil } ?? answer.baseLanguageAlert.message)
        var trailers = kept?.metadata ?? [:]
        trailers.addBinary(
            statusBytes(of: answer, code: code, message: message, traceID: traceID), forKey: "grpc-status-details-bin")
        return RPCError(code: code, message: message, metadata: trailers)
    }

    /// The serialized `google.rpc.Status` of an answer (its `grpc-status-details-bin`), with the AIP-193
    /// details in this order: `ErrorInfo`, `LocalizedMessage`, `BadRequest`, `RetryInfo`, `Help`,
    /// `RequestInfo`, each only when there is something to say. Every fact once: `ErrorInfo`'s metadata
    /// has the error's `code`, its `category`'s name, its `title` (in `LocalizedMessage`'s language) and
    /// the `traceId`; the reference ID is `RequestInfo`'s `requestId`, the
    /// field AIP-193 has for it (the one the log line carries).
    private func statusBytes(of answer: ServerAlert, code: RPCError.Code, message: String, traceID: String?)
        -> [UInt8]
    {
        let alert = answer.alert
        var status = StatusWriter(code: code.rawValue, message: message, capacity: 512)
        status.detail(.errorInfo) { info in
            info.reason(1, for: alert.code)
            info.string(2, domain)
            info.mapEntry(3, "code", alert.code)
            // The category and the title (in `LocalizedMessage`'s language): a client shows the server's
            // alert, not the one its status code suggests (RESOURCE_EXHAUSTED is rate limiting and full storage).
            info.mapEntry(3, "category", alert.category.name)
            info.mapEntry(3, "title", Self.capped(alert.title))
            if let traceID { info.mapEntry(3, "traceId", traceID) }
        }
        status.detail(.localizedMessage) { localized in
            localized.string(1, alert.language)
            localized.string(2, Self.capped(alert.message))
        }
        if !alert.fieldProblems.isEmpty {
            let base = answer.baseLanguageAlert.fieldProblems
            status.detail(.badRequest) { badRequest in
                for (index, problem) in alert.fieldProblems.enumerated() {
                    badRequest.message(1) { violation in
                        violation.string(1, GRPCStatusTable.fieldPath(problem))
                        violation.string(2, Self.capped(base.count > index ? base[index].message : problem.message))
                        violation.reason(3, for: problem.code)
                        violation.message(4) { localized in
                            localized.string(1, alert.language)
                            localized.string(2, Self.capped(problem.message))
                        }
                    }
                }
            }
        }
        if let seconds = alert.retryAfterSeconds {
            status.detail(.retryInfo) { retry in retry.message(1) { delay in delay.integer(1, seconds) } }
        }
        // Absolute links only: a gRPC client has no page to resolve a relative one against.
        if alert.actions.contains(where: Self.isAbsoluteLink) {
            status.detail(.help) { help in
                for action in alert.actions where Self.isAbsoluteLink(action) {
                    help.message(1) { link in
                        link.string(1, Self.capped(action.label))
                        link.string(2, action.href ?? "")
                    }
                }
            }
        }
        if let reference = alert.referenceID {
            status.detail(.requestInfo) { request in request.string(1, reference) }
        }
        return status.bytes
    }

    /// The most UTF-8 bytes of each text the status carries, as a problem+json body's (`JSONPresenter`):
    /// every detail travels in the `grpc-status-details-bin` trailer, and a response's trailers over the
    /// client's header list limit (16 KiB in grpc-swift's HTTP/2 transport) fail the call as `UNAVAILABLE`,
    /// the server's alert lost.
    static let maximumTextBytes = 2048

    /// `text`, or its longest start of whole characters (grapheme clusters) that fits in ``maximumTextBytes``
    /// with one `…` after it: cut once, never inside a character, never ending in two ellipses.
    static func capped(_ text: String) -> String {
        guard text.utf8.count > maximumTextBytes else { return text }
        let budget = maximumTextBytes - 3
        var fitting = 0
        var end = text.startIndex  // after the last character that fits and is not an ellipsis
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            fitting += text.utf8.distance(from: index, to: next)
            guard fitting <= budget else { break }
            if text[index] != "…" { end = next }
            index = next
        }
        return text[..<end] + "…"
    }

    /// Whether an action links to an absolute `http(s)` address.
    private static func isAbsoluteLink(_ action: AlertAction) -> Bool {
        guard let href = action.href else { return false }
        return href.hasPrefix("https://") || href.hasPrefix("http://")
    }

    /// The `accept-language` metadata's text values, joined as HTTP joins repeated fields; binary
    /// values are not read.
    private static func acceptLanguage(in metadata: Metadata) -> String? {
        var values = metadata[stringValues: "accept-language"].makeIterator()
        guard let first = values.next() else { return nil }
        guard var joined = values.next().map({ first + ", " + $0 }) else { return first }
        while let next = values.next() { joined += ", " + next }
        return joined
    }
}
