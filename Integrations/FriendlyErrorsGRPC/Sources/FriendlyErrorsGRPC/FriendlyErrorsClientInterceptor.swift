import Foundation
public import FriendlyErrors
import FriendlyErrorsAdapters
public import GRPCCore
import GRPCProtobuf
import NIOCore

/// A gRPC client interceptor that asks servers for the user's language and turns their rich error
/// statuses back into friendly problems: the client half of ``FriendlyErrorsInterceptor``.
///
/// ```swift
/// try await withGRPCClient(
///     transport: transport, interceptors: [FriendlyErrorsClientInterceptor()]   // the one line
/// ) { client in
///     // …
/// }
/// ```
///
/// - Every call gets `accept-language` metadata from ``language`` (see
///   ``FriendlyErrors/LanguagePreference/acceptLanguageValue``) unless it has one, so the server's texts
///   come in the language the alert around them is in.
/// - Every `RPCError` the call fails with — before the response or while its stream runs — stays an
///   `RPCError` with its code, message and metadata (generated code and gRPC's retries see what they
///   always saw), and gets the ``FriendlyErrors/RemoteProblem`` its `google.rpc.Status` describes as its
///   `cause` (``FriendlyErrors/RemoteProblem/init(_:defaultLanguage:)``), in place of any cause the
///   transport gave it; an error without details, such as a refused connection, gets its status code's
///   generic problem (`UNAVAILABLE`: unavailable, exit status 69). A pipeline that looks through an
///   `RPCError` to its cause (``FriendlyErrors/AlertPipeline/unwrappingGRPCClientErrors()``) presents the
///   server's alert.
public struct FriendlyErrorsClientInterceptor: ClientInterceptor {
    /// The languages every call asks the server for.
    public let language: LanguagePreference
    /// The language of problem texts that state none; `nil` not to show them.
    public let defaultLanguage: String?

    /// An interceptor asking for `language` (the process's by default).
    public init(language: LanguagePreference = .process, defaultLanguage: String? = nil) {
        self.language = language
        self.defaultLanguage = defaultLanguage
        self.acceptLanguage = language.acceptLanguageValue
    }

    /// The `accept-language` value, worked out once.
    private let acceptLanguage: String

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingClientRequest<Input>, context: ClientContext,
        next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
    ) async throws -> StreamingClientResponse<Output> {
        var request = request
        if !request.metadata.contains(where: { $0.key == Self.acceptLanguageKey }) {
            request.metadata.addString(acceptLanguage, forKey: Self.acceptLanguageKey)
        }
        let defaultLanguage = defaultLanguage
        var response: StreamingClientResponse<Output>
        do {
            response = try await next(request, context)
        } catch let error as RPCError {
            throw Self.withProblem(error, defaultLanguage: defaultLanguage)
        }
        switch response.accepted {
        case .success(var contents):
            let parts = contents.bodyParts
            contents.bodyParts = RPCAsyncSequence(
                wrapping: ProblemAddingSequence(base: parts, defaultLanguage: defaultLanguage))
            response.accepted = .success(contents)
        case .failure(let error):
            response.accepted = .failure(Self.withProblem(error, defaultLanguage: defaultLanguage))
        }
        return response
    }

    /// `error`, with the problem its status describes as its cause. A cause the transport gave it (a
    /// connection's error) is replaced: the pipeline classifies the innermost error, and the problem
    /// tells the status code's story (`UNAVAILABLE`: unavailable) where the transport's error is
    /// unknown to it. The error's message still says what the transport saw, for logs.
    static func withProblem(_ error: RPCError, defaultLanguage: String?) -> RPCError {
        if error.cause is RemoteProblem { return error }
        var error = error
        error.cause = RemoteProblem(error, defaultLanguage: defaultLanguage)
        return error
    }

    private static let acceptLanguageKey = "accept-language"
}

/// A response's body parts, whose `RPCError` gets the problem it describes as its cause.
private struct ProblemAddingSequence<Element: Sendable>: AsyncSequence, Sendable {
    typealias Failure = any Error
    let base: RPCAsyncSequence<Element, any Error>
    let defaultLanguage: String?

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), defaultLanguage: defaultLanguage)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: RPCAsyncSequence<Element, any Error>.AsyncIterator
        let defaultLanguage: String?

        mutating func next() async throws -> Element? {
            do {
                return try await base.next()
            } catch let error as RPCError {
                throw FriendlyErrorsClientInterceptor.withProblem(error, defaultLanguage: defaultLanguage)
            }
        }
    }
}

extension RemoteProblem {
    /// The problem a gRPC server answered with: its `google.rpc.Status` details read as AIP-193
    /// has them, checked and capped as a problem body's would be (FriendlyErrorsAdapters'
    /// `RemoteProblem.Parts`).
    ///
    /// ```swift
    /// } catch let error as RPCError {
    ///     throw RemoteProblem(error)
    /// }
    /// ```
    ///
    /// - `ErrorInfo`: its `code` metadata is the problem's code, its `category` the category's name (a
    ///   server of this library sends it), its `title` the title, its `referenceId` the reference ID;
    /// - `LocalizedMessage`: the message and the language the texts are in;
    /// - `BadRequest`: field problems (each violation's localized message, else its description);
    /// - `Help`: link recoveries (only `http(s)` links);
    /// - `RetryInfo`: the delay of a retry recovery;
    /// - `RequestInfo`: the reference ID, without an `ErrorInfo` one.
    ///
    /// ``status`` is the HTTP status of the error's code (google.rpc.Code's, `FAILED_PRECONDITION`
    /// 409), which gives the category when neither `ErrorInfo` names one nor the code is one the library
    /// knows (another server's status). An error without
    /// details (or with details that are no `google.rpc.Status`) gives the status's generic alert: the
    /// error's `message` is never shown.
    ///
    /// - Parameters:
    ///   - error: the error a call failed with.
    ///   - defaultLanguage: the language of texts that state none; `nil` not to show them.
    public init(_ error: RPCError, defaultLanguage: String? = nil) {
        let status = GRPCStatusTable.httpStatus(for: error.code)
        guard let details = (try? error.unpackGoogleRPCStatus())?.details else {
            self.init(status: status, parts: Parts(), defaultLanguage: defaultLanguage)
            return
        }
        var parts = Parts()
        var requestID: String?
        var helpCount = 0
        for detail in details {
            if let info = detail.errorInfo {
                parts.code = parts.code ?? info.metadata["code"]
                parts.referenceID = parts.referenceID ?? info.metadata["referenceId"]
                parts.category = parts.category ?? info.metadata["category"]
                parts.title = parts.title ?? info.metadata["title"]
            } else if let message = detail.localizedMessage {
                guard parts.message == nil else { continue }
                parts.message = message.message
                parts.language = message.locale.isEmpty ? nil : message.locale
            } else if let badRequest = detail.badRequest {
                for violation in badRequest.violations {
                    let localized = violation.localizedMessage?.message
                    parts.fieldProblems.append(
                        (
                            field: violation.field, code: nil,
                            message: localized.flatMap { $0.isEmpty ? nil : $0 } ?? violation.violationDescription
                        ))
                }
            } else if let help = detail.help {
                for link in help.links {
                    helpCount += 1
                    let id = helpCount == 1 ? "help" : "help\(helpCount)"
                    parts.links.append((id: id, label: link.linkDescription, href: link.url))
                }
            } else if let retry = detail.retryInfo {
                let (seconds, attoseconds) = retry.delay.components
                parts.retryAfterSeconds = Int(clamping: seconds == .max || attoseconds <= 0 ? seconds : seconds + 1)
            } else if let request = detail.requestInfo {
                requestID = requestID ?? (request.requestID.isEmpty ? nil : request.requestID)
            }
        }
        parts.referenceID = parts.referenceID ?? requestID
        self.init(status: status, parts: parts, defaultLanguage: defaultLanguage)
    }
}

extension AlertPipeline {
    /// The pipeline that looks through an `RPCError` to its cause: the ``FriendlyErrors/RemoteProblem``
    /// ``FriendlyErrorsClientInterceptor`` gives every error a call fails with, so that the alert is
    /// the server's.
    ///
    /// ```swift
    /// let pipeline = AlertPipeline().unwrappingGRPCClientErrors()
    /// ```
    ///
    /// An `RPCError` without a cause is classified as before. A call the transport could not connect
    /// fails with an `RPCError` whose cause is SwiftNIO's `IOError`: its `errno` is classified as the
    /// `POSIXError` it is, so a refused connection shows "Couldn't connect" (`network.connectionRefused`,
    /// exit 69), never the transport's text.
    public func unwrappingGRPCClientErrors() -> AlertPipeline {
        unwrapping(RPCError.self) { $0.cause }
            .unwrapping(IOError.self) { POSIXErrorCode(rawValue: $0.errnoCode).map { POSIXError($0) } }
    }
}
