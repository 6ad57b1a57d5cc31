import Foundation
import FriendlyErrors
import FriendlyErrorsOpenAPI
import FriendlyErrorsURLSession
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The command-line client of issues 44 and 47 (Scripts/check-client.sh): a tool on `FriendlyMain` that
// calls the shop through `URLSession.friendlyData` or through the client generated from openapi.yaml with
// `FriendlyErrorsClientMiddleware` and `URLSessionTransport`. Whatever fails — the server's problem, a
// refused connection, an unknown host — is shown in the user's language (`LANG`) and the tool exits with
// the category's sysexits status (a refused connection: "Couldn't connect", 69).
//
//   shop-client url URL                   GETs URL with URLSession.friendlyData, prints the body
//   shop-client openapi BASE-URL OPERATION  calls OPERATION (items, latest-receipt, export-orders) of the
//                                         generated client at BASE-URL, prints what it answered

/// The command line was not understood (EX_USAGE, 64).
struct UsageError: FriendlyError {
    var code: String { "shopClient.usage" }
    var title: LocalizableText { "Usage" }
    var message: LocalizableText {
        "shop-client url URL | shop-client openapi BASE-URL (items | latest-receipt | export-orders)"
    }
    var category: ErrorCategory { .invalidInput }
}

/// The generated client answered with something its operation does not document.
struct UnexpectedAnswer: FriendlyError {
    var code: String { "shopClient.unexpectedAnswer" }
    var category: ErrorCategory { .internal }
}

/// Runs what the arguments ask for.
func run(_ arguments: [String]) async throws {
    switch arguments.first {
    case "url" where arguments.count == 2:
        guard let url = URL(string: arguments[1]) else { throw UsageError() }
        let (data, _) = try await URLSession.shared.friendlyData(for: URLRequest(url: url))
        print(String(decoding: data, as: UTF8.self))
    case "openapi" where arguments.count == 3:
        guard let url = URL(string: arguments[1]) else { throw UsageError() }
        let client = Client(
            serverURL: url, transport: URLSessionTransport(), middlewares: [FriendlyErrorsClientMiddleware()])
        switch arguments[2] {
        case "items":
            print(try await client.listItems().ok.body.json.joined(separator: "\n"))
        case "latest-receipt":
            guard case .ok(let ok) = try await client.getLatestReceipt() else { throw UnexpectedAnswer() }
            print(try await String(collecting: ok.body.plainText, upTo: 1 << 20))
        case "export-orders":
            guard case .ok(let ok) = try await client.exportOrders() else { throw UnexpectedAnswer() }
            print(try await Data(collecting: ok.body.binary, upTo: 1 << 20).count, "bytes")
        default:
            throw UsageError()
        }
    default:
        throw UsageError()
    }
}

// The runtime wraps every error of a call (the server's problem, the transport's URLError) in a
// `ClientError`: the pipeline looks inside, and never shows the wrapper's own text.
await FriendlyMain.run(pipeline: AlertPipeline().unwrappingOpenAPIClientErrors(), maximumAttempts: 1) {
    try await run(Array(CommandLine.arguments.dropFirst()))
}
