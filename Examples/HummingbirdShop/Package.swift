// swift-tools-version:6.1

import PackageDescription

/// What the example, the driver and the tests all use: the integration (which re-exports the core),
/// Hummingbird's modules, and the telemetry bootstrapped by `--telemetry` (a Prometheus metrics factory and
/// swift-distributed-tracing's no-op tracer).
let frameworkDependencies: [Target.Dependency] = [
    .product(name: "Prometheus", package: "swift-prometheus"),
    .product(name: "Metrics", package: "swift-metrics"),
    .product(name: "Tracing", package: "swift-distributed-tracing"),
    .product(name: "Instrumentation", package: "swift-distributed-tracing"),
    .product(name: "FriendlyErrorsHummingbird", package: "FriendlyErrorsHummingbird"),
    .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "NIOCore", package: "swift-nio"),
]

// The Hummingbird integration's example shop, its tests, the instruction-count driver of the error route
// (Scripts/count-error-route.sh) and the throughput script (Scripts/throughput.sh). Not published: a user
// installs the integration alone (Integrations/FriendlyErrorsHummingbird).
let package = Package(
    name: "hummingbird-shop",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "friendly-errors-hummingbird-example", targets: ["ExampleServer"])
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsHummingbird"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(name: "swift-friendly-errors-server-kit", path: "../../Integrations/FriendlyErrorsServerKit"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // The tests' tracer and metrics (InMemoryTracing, MetricsTestKit).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // A real metrics backend for `--telemetry` (the server) and TELEMETRY=1 (the counts driver), and for
        // the test of what an operator scrapes: the kit itself depends on swift-metrics' API alone.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .executableTarget(name: "ExampleServer", dependencies: frameworkDependencies),
        // Not a product: the driver for instruction counts of the error route (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: frameworkDependencies + [.product(name: "NIOEmbedded", package: "swift-nio")]
        ),
        .testTarget(
            name: "FriendlyErrorsHummingbirdTests",
            dependencies: [
                // The example's errors and catalog serve the tests too.
                "ExampleServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "FriendlyErrorsServerKit", package: "swift-friendly-errors-server-kit"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                // An event loop of its own for the future-bridge routes (FutureBridgeTests).
                .product(name: "NIOPosix", package: "swift-nio"),
            ] + frameworkDependencies
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
