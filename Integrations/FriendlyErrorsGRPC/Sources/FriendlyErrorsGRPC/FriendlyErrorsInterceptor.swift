import Foundation
@_exported public import FriendlyErrors
@_spi(RepositoryInternals) public import FriendlyErrors
public import GRPCCore
import GRPCProtobuf
public import Logging

/// A gRPC server interceptor that answers every error an RPC throws — the app's own, gRPC's, anything,
/// in unary and streaming RPCs, before or while the response stream runs — with the richer error
/// model of AIP-193: a status code from the error's category and a `google.rpc.Status` with
/// `ErrorInfo`, `LocalizedMessage` (in the client's language), `BadRequest`, `RetryInfo`, `Help`
/// and `RequestInfo` details, logged through a swift-log `Logger`.
///
/// ```swift
/// let server = GRPCServer(
///     transport: transport, services: [ShopService()],
///     interceptors: [FriendlyErrorsInterceptor(domain: "shop.example.com", pipeline: pipeline)])   // the one line
/// ```
///
/// The core decides (``AlertPipeline/serverAlert(for:to:)``): classification, texts, redaction, the
/// language negotiated from the request's `accept-language` metadata, the log level. The interceptor
/// maps: gRPC's request and errors in, the status and its details out. An `RPCError` a handler throws
/// keeps its code and metadata; one that already carries `google.rpc.Status` details (a thrown
/// `GoogleRPCStatus`) is passed through as it is, and not logged: the handler made that answer itself.
public struct FriendlyErrorsInterceptor: ServerInterceptor {
    /// Classifies errors and holds the texts.
    public let pipeline: AlertPipeline
    /// The `ErrorInfo` domain: the service's name, as AIP-193 has it (`"shop.example.com"`).
    public let domain: String
    /// How errors are answered and logged.
    public let options: FriendlyErrorsGRPCOptions
    /// Where errors are logged.
    private let logger: Logger

    /// An interceptor answering errors through `pipeline`, with `domain` in every `ErrorInfo`. The
    /// catalog's diagnostics (a missing folder, a bad line) are logged here, at start-up, through `logger`.
    public init(
        domain: String, pipeline: AlertPipeline = AlertPipeline(),
        options: FriendlyErrorsGRPCOptions = FriendlyErrorsGRPCOptions(),
        logger: Logger = Logger(label: "FriendlyErrorsGRPC")
    ) {
        self.pipeline = pipeline
        self.domain = domain
        self.options = options
        self.logger = logger
        for diagnostic in pipeline.catalog.diagnostics {
            logger.log(level: diagnostic.severity == .error ? .error : .warning, "\(diagnostic)")
        }
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>, context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        var response: StreamingServerResponse<Output>
        do {
            response = try await next(request, context)
        } catch {
            return StreamingServerResponse(error: rpcError(for: error, metadata: request.metadata, context: context))
        }
        switch response.accepted {
        case .success(var contents):
            // Errors thrown while the response stream runs end the stream with the same status.
            let producer = contents.producer
            let metadata = request.metadata
            contents.producer = { writer in
                do {
                    return try await producer(writer)
                } catch {
                    throw rpcError(for: error, metadata: metadata, context: context)
                }
            }
            response.accepted = .success(contents)
        case .failure(let error):
            response.accepted = .failure(rpcError(for: error, metadata: request.metadata, context: context))
        }
        return response
    }

    /// The `RPCError` that answers `error`, thrown by the RPC `context` describes with request
    /// `metadata`; logs it. SPI (`Measurement`), not part of the API: for the tests, which hand it errors no
    /// RPC throws, and for the benchmark in Examples/GRPCShop.
    @_spi(Measurement) public func rpcError(for error: any Error, metadata: Metadata, context: ServerContext)
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
                // Details already there (a `GoogleRPCStatus`): the handler said everything.
                if rpcError.metadata.contains(where: { $0.key == Self.statusDetailsKey }) { return rpcError }
                rpcError.cause = nil
                kept = rpcError
            }
        }
        var server = ErrorRequest(method: "POST", acceptLanguage: Self.acceptLanguage(in: metadata))
        if pipeline.isObserved {
            server.metadata = [
                "rpc.method": context.descriptor.fullyQualifiedMethod, "rpc.peer": context.remotePeer,
            ]
        }
        if let kept {
            server.frameworkStatus = GRPCStatusTable.httpStatus(for: kept.code)
            server.frameworkMessage = options.revealsFrameworkMessages ? kept.message : nil
        }
        let answer = pipeline.serverAlert(for: error, to: server)
        let alert = answer.alert
        let code = kept?.code ?? options.statusCodes[alert.code] ?? GRPCStatusTable.code(for: alert)
        if options.logsErrors { log(answer.event, code: code, method: context.descriptor.fullyQualifiedMethod) }

        let status = GoogleRPCStatus(
            code: code,
            message: kept.flatMap { options.revealsFrameworkMessages ? $0.message : nil }
                ?? answer.baseLanguageAlert.message,
            details: details(of: answer))
        var trailers = kept?.metadata ?? [:]
        trailers.add(contentsOf: status.rpcErrorMetadata)
        return RPCError(code: code, message: status.message, metadata: trailers)
    }

    /// The AIP-193 details of an answer, in this order: `ErrorInfo`, `LocalizedMessage`,
    /// `BadRequest`, `RetryInfo`, `Help`, `RequestInfo`, each only when there is something to say.
    private func details(of answer: ServerAlert) -> [ErrorDetails] {
        let alert = answer.alert
        var details: [ErrorDetails] = []
        var info = ["code": alert.code]
        if let reference = alert.referenceID { info["referenceId"] = reference }
        details.append(.errorInfo(reason: GRPCStatusTable.reason(for: alert.code), domain: domain, metadata: info))
        details.append(.localizedMessage(locale: alert.language, message: alert.message))
        if !alert.fieldProblems.isEmpty {
            let base = answer.baseLanguageAlert.fieldProblems
            details.append(
                .badRequest(
                    violations: alert.fieldProblems.enumerated().map { index, problem in
                        ErrorDetails.BadRequest.FieldViolation(
                            field: GRPCStatusTable.fieldPath(problem),
                            description: base.count > index ? base[index].message : problem.message,
                            reason: GRPCStatusTable.reason(for: problem.code),
                            localizedMessage: ErrorDetails.LocalizedMessage(
                                locale: alert.language, message: problem.message))
                    }))
        }
        if let delay = GRPCStatusTable.retryDelay(alert.responseHeaders) { details.append(.retryInfo(delay: delay)) }
        // Absolute links only: a gRPC client has no page to resolve a relative one against.
        let links = alert.actions.compactMap { action in
            action.href.flatMap { href in
                href.hasPrefix("https://") || href.hasPrefix("http://")
                    ? ErrorDetails.Help.Link(url: href, description: action.label) : nil
            }
        }
        if !links.isEmpty { details.append(.help(links: links)) }
        if let reference = alert.referenceID { details.append(.requestInfo(requestID: reference, servingData: "")) }
        return details
    }

    /// Logs the event at its level, with swift-log's `error:`, the core's metadata keys, and the
    /// gRPC status code and method (`rpc.grpc.status_code`, `rpc.method`).
    private func log(_ event: ClassificationEvent, code: RPCError.Code, method: String) {
        let level = Logger.Level(event.logLevel)
        // Checked first: an event filtered out costs a comparison, not its metadata.
        guard logger.logLevel <= level else { return }
        var metadata = event.logMetadata { Logger.MetadataValue.string($0) }
        metadata["rpc.grpc.status_code"] = .string(String(code.rawValue))
        metadata["rpc.method"] = .string(method)
        logger.log(level: level, "\(event.logMessage)", error: event.error, metadata: metadata)
    }

    /// The `accept-language` metadata's text values, joined as HTTP joins repeated fields; binary
    /// values are not read.
    private static func acceptLanguage(in metadata: Metadata) -> String? {
        var joined: String?
        for value in metadata[stringValues: "accept-language"] {
            joined = joined.map { $0 + ", " + value } ?? value
        }
        return joined
    }

    /// The trailer that carries a serialized `google.rpc.Status`.
    private static let statusDetailsKey = "grpc-status-details-bin"
}

/// How ``FriendlyErrorsInterceptor`` answers and logs errors. Every setting has a production-safe
/// default; options only gain members with defaults, so code that sets some keeps compiling.
public struct FriendlyErrorsGRPCOptions: Sendable {
    /// Whether the message of an `RPCError` a handler throws is the status message (and the
    /// localized message of an error classified by its code). Off: the message may hold internals
    /// (a downstream service's error), so it reaches clients only when the app says its messages are
    /// written for them.
    public var revealsFrameworkMessages: Bool
    /// Whether every error answered is logged. On by default.
    public var logsErrors: Bool
    /// Status codes by error code, winning over the category's (``FriendlyErrorsInterceptor`` maps a
    /// conflict to `aborted`; `["order.exists": .alreadyExists]` says which conflicts are about existence).
    public var statusCodes: [String: RPCError.Code]

    /// Options; the defaults suit production.
    public init(
        revealsFrameworkMessages: Bool = false, logsErrors: Bool = true, statusCodes: [String: RPCError.Code] = [:]
    ) {
        self.revealsFrameworkMessages = revealsFrameworkMessages
        self.logsErrors = logsErrors
        self.statusCodes = statusCodes
    }
}

extension Logger.Level {
    /// The swift-log level of the same name.
    init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
