// swift-tools-version:6.1

import PackageDescription

// One library product and only what it imports: the example service, server and client, their tests
// and the error-RPC benchmark are in Examples/GRPCShop.
let package = Package(
    name: "swift-friendly-errors-grpc",
    // gRPC Swift 2 needs macOS 15 on Apple's systems.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FriendlyErrorsGRPC", targets: ["FriendlyErrorsGRPC"])
    ],
    dependencies: [
        // The core, by path while this package lives in the swift-friendly-errors repository. The release step
        // (Scripts/release.sh) publishes this package as a repository of its own and writes this line as
        // `.package(url: "https://github.com/<owner>/swift-friendly-errors.git", from: VERSION)`.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(name: "swift-friendly-errors-server-kit", path: "../FriendlyErrorsServerKit"),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // ServiceContext: the RPC's trace, captured for errors the response stream throws later.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // NIOCore's IOError: the cause the NIO transport gives a call that could not connect.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsGRPC",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                // What an adapter needs beyond an app (isObserved, serverAlert, RemoteProblem.Parts): public
                // API of the core's repository, with its promise; imported internally, never re-exported.
                .product(name: "FriendlyErrorsAdapters", package: "swift-friendly-errors"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "FriendlyErrorsServerKit", package: "swift-friendly-errors-server-kit"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        )
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
