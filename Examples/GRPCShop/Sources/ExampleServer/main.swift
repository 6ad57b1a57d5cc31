import ExampleService
import Foundation
import FriendlyErrorsGRPC
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging

// friendly-errors-grpc-example-server [--port N]: the shop on 127.0.0.1 (port 0: any free one); it
// prints "listening on <port>" once it accepts connections.
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 0

LoggingSystem.bootstrap(StreamLogHandler.standardError)
let pipeline = AlertPipeline().addingCatalog(shopCatalog)
let server = GRPCServer(
    transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext),
    services: [ShopService()],
    interceptors: [FriendlyErrorsInterceptor(domain: "shop.example.com", pipeline: pipeline)])

try await withThrowingDiscardingTaskGroup { group in
    group.addTask { try await server.serve() }
    if let address = try await server.listeningAddress?.ipv4 {
        // Written at once (print is buffered into a pipe): the check script waits for this line.
        FileHandle.standardOutput.write(Data("listening on \(address.port)\n".utf8))
    }
}
