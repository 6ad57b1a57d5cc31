import ArgumentParser
import ExampleService
import Foundation
import FriendlyErrorsArgumentParser
import FriendlyErrorsGRPC
import FriendlyErrorsURLSession
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import SwiftProtobuf

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The end-to-end client of issue 38 (Scripts/check-clients.sh): a command-line tool on `FriendlyMain`
/// (through `withFriendlyErrors`) that calls the Hummingbird example shop over `URLSession.friendlyData`
/// and this gRPC example shop through `FriendlyErrorsClientInterceptor`, both on loopback. What a server
/// answers an error with is shown in the user's language (`LANG`), with the server's actions, and the
/// tool exits with the category's sysexits status.
@main
struct ShopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop", abstract: "Calls the example shops.", subcommands: [HTTPGet.self, GRPCOrder.self])
}

/// `shop http-get --port N PATH`: GETs PATH of the Hummingbird shop, trying twice when the server
/// asks to wait (`Retry-After`), and prints the body.
struct HTTPGet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http-get", abstract: "GETs a path of the HTTP shop.")

    @Option(help: "The HTTP shop's port on 127.0.0.1.") var port: Int
    @Argument(help: "The path, such as /account or /stock/A-42.") var path: String
    @OptionGroup var console: ConsoleOptions

    mutating func run() async throws {
        let url = try require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        try await withFriendlyErrors(console, maximumAttempts: 1) {
            let (data, _) = try await URLSession.shared.friendlyData(for: URLRequest(url: url), maximumAttempts: 2)
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

/// `shop grpc-order --port N SCENARIO`: calls the gRPC shop's `PlaceOrder` with SCENARIO and prints
/// the reply.
struct GRPCOrder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpc-order", abstract: "Places an order with the gRPC shop.")

    @Option(help: "The gRPC shop's port on 127.0.0.1.") var port: Int
    @Argument(help: "The scenario, such as ok or itemNotFound.") var scenario: String
    @OptionGroup var console: ConsoleOptions

    mutating func run() async throws {
        let (port, scenario) = (port, scenario)
        // The interceptor gives every RPCError the server's problem as its cause; the pipeline looks there.
        let pipeline = AlertPipeline().unwrappingGRPCClientErrors()
        try await withFriendlyErrors(console, pipeline: pipeline, maximumAttempts: 1) {
            try await withGRPCClient(
                transport: .http2NIOPosix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext),
                interceptors: [FriendlyErrorsClientInterceptor()]
            ) { client in
                let reply = try await client.unary(
                    request: ClientRequest(message: Google_Protobuf_StringValue(scenario)),
                    descriptor: ShopService.placeOrder, serializer: ProtobufSerializer<Google_Protobuf_StringValue>(),
                    deserializer: ProtobufDeserializer<Google_Protobuf_StringValue>(), options: .defaults
                ) { try $0.message }
                print(reply.value)
            }
        }
    }
}

/// `#require` for a tool: a URL that does not parse is a usage error.
func require<T>(_ value: T?) throws -> T {
    guard let value else { throw ValidationError("not a URL") }
    return value
}
