// swift-tools-version:6.1

import PackageDescription

// One real exporter end to end (issue 36): a Hummingbird service answering errors through
// FriendlyErrorsHummingbird, with Hummingbird's own TracingMiddleware and MetricsMiddleware, exporting
// traces, metrics and logs through swift-otel (OTLP over HTTP/protobuf) to a receiver on loopback
// (Scripts/otlp-receiver.py), which Scripts/check-telemetry.sh reads. Not published. Only swift-otel's
// OTLPHTTP trait: the gRPC exporter would build grpc-swift for nothing.
let package = Package(
    name: "telemetry-shop",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "friendly-errors-telemetry-example", targets: ["TelemetryServer"])
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsHummingbird"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .executableTarget(
            name: "TelemetryServer",
            dependencies: [
                .product(name: "FriendlyErrorsHummingbird", package: "FriendlyErrorsHummingbird"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OTel", package: "swift-otel"),
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
