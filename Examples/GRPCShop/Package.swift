// swift-tools-version:6.1

import PackageDescription

// The gRPC integration's example shop service, its server and client, the tests over loopback and the
// error-RPC benchmark. Not published: a user installs the integration alone (Integrations/FriendlyErrorsGRPC).
let package = Package(
    name: "grpc-shop",
    // gRPC Swift 2 needs macOS 15 on Apple's systems.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "friendly-errors-grpc-example-server", targets: ["ExampleServer"]),
        .executable(name: "friendly-errors-grpc-example-client", targets: ["ExampleClient"]),
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsGRPC"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The tests' in-memory tracer and metrics.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // GRPCErrorBenchmark --telemetry: a real metrics factory.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The end-to-end client tool (ShopCommand) only.
        .package(path: "../../Integrations/FriendlyErrorsArgumentParser"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "ExampleService",
            dependencies: [
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ExampleServer",
            dependencies: [
                "ExampleService",
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ExampleClient",
            dependencies: [
                "ExampleService",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ]
        ),
        // Not a product: the end-to-end client of issue 38 (Scripts/check-clients.sh), a tool on FriendlyMain
        // calling the Hummingbird shop (URLSession.friendlyData) and this shop (FriendlyErrorsClientInterceptor).
        .executableTarget(
            name: "ShopCommand",
            dependencies: [
                "ExampleService",
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "FriendlyErrorsArgumentParser", package: "FriendlyErrorsArgumentParser"),
                .product(name: "FriendlyErrorsURLSession", package: "swift-friendly-errors"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // Not a product: instructions per error RPC without a transport, under callgrind
        // (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: [
                "ExampleService",
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        // Not a product: error RPCs per second with and without the interceptor (Benchmarks/README.md).
        .executableTarget(
            name: "GRPCErrorBenchmark",
            dependencies: [
                "ExampleService",
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "FriendlyErrorsGRPCTests",
            dependencies: [
                "ExampleService",
                .product(name: "FriendlyErrorsGRPC", package: "FriendlyErrorsGRPC"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "FriendlyErrorsTesting", package: "swift-friendly-errors"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    // As in the core package: `any` for existentials, only imported modules visible, internal imports.
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
