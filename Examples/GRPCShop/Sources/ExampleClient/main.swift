import ExampleService
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf

// friendly-errors-grpc-example-client --port N [--language TAGS] [--stream] SCENARIO: calls the shop
// and prints the status and every detail of the google.rpc.Status it answers with.
let arguments = Array(CommandLine.arguments.dropFirst())
func value(of name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
guard let port = value(of: "--port", in: arguments).flatMap(Int.init), let scenario = arguments.last else {
    print("usage: friendly-errors-grpc-example-client --port N [--language TAGS] [--stream] SCENARIO")
    exit(64)
}
let language = value(of: "--language", in: arguments)
let streams = arguments.contains("--stream")

var metadata: Metadata = [:]
if let language { metadata.addString(language, forKey: "accept-language") }
let request = ClientRequest(message: Google_Protobuf_StringValue(scenario), metadata: metadata)

try await withGRPCClient(
    transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
) { client in
    do {
        if streams {
            try await client.serverStreaming(
                request: request, descriptor: ShopService.listItems,
                serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
            ) { response in
                for try await item in response.messages { print("received: \(item.value)") }
            }
        } else {
            let reply = try await client.unary(
                request: request, descriptor: ShopService.placeOrder,
                serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
            ) { try $0.message }
            print("reply: \(reply.value)")
        }
    } catch let error as RPCError {
        print("code: \(error.code)")
        print("message: \(error.message)")
        guard let status = try error.unpackGoogleRPCStatus() else { return }
        for detail in status.details { print(describe(detail)) }
    }
}

func describe(_ detail: ErrorDetails) -> String {
    if let info = detail.errorInfo {
        let metadata = info.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "ErrorInfo: \(info.reason) @ \(info.domain) [\(metadata.joined(separator: ", "))]"
    } else if let message = detail.localizedMessage {
        return "LocalizedMessage (\(message.locale)): \(message.message)"
    } else if let badRequest = detail.badRequest {
        let lines = badRequest.violations.map {
            "  \($0.field) \($0.reason): \($0.localizedMessage?.message ?? $0.violationDescription)"
        }
        return (["BadRequest:"] + lines).joined(separator: "\n")
    } else if let retry = detail.retryInfo {
        return "RetryInfo: \(retry.delay)"
    } else if let help = detail.help {
        return (["Help:"] + help.links.map { "  \($0.url) (\($0.linkDescription))" }).joined(separator: "\n")
    } else if let request = detail.requestInfo {
        return "RequestInfo: \(request.requestID)"
    }
    return "\(detail)"
}
