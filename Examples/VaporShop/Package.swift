// swift-tools-version:6.1

import PackageDescription

/// What the example and the tests both use: the integration (which re-exports the core) and Vapor.
let frameworkDependencies: [Target.Dependency] = [
    .product(name: "FriendlyErrorsVapor", package: "FriendlyErrorsVapor"),
    .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
    .product(name: "Vapor", package: "vapor"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "NIOCore", package: "swift-nio"),
]

/// What `--telemetry` bootstraps: Prometheus's metrics factory and a no-op tracer.
let telemetryDependencies: [Target.Dependency] = [
    .product(name: "Prometheus", package: "swift-prometheus"),
    .product(name: "Metrics", package: "swift-metrics"),
    .product(name: "Instrumentation", package: "swift-distributed-tracing"),
    .product(name: "Tracing", package: "swift-distributed-tracing"),
]

// The Vapor integration's example shop, its tests and the throughput script (Scripts/throughput.sh). Not
// published: a user installs the integration alone (Integrations/FriendlyErrorsVapor).
let package = Package(
    name: "vapor-shop",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "friendly-errors-vapor-example", targets: ["ExampleApp"])
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsVapor"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(name: "swift-friendly-errors-server-kit", path: "../../Integrations/FriendlyErrorsServerKit"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Vapor brings both; the telemetry tests use their in-memory tracer and test metrics.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // `--telemetry` (example app, ErrorRouteCounts): a real metrics factory, as issue 36 measures.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .executableTarget(name: "ExampleApp", dependencies: frameworkDependencies + telemetryDependencies),
        // Not a product: the driver for instruction counts of the error route (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: frameworkDependencies + telemetryDependencies + [
                .product(name: "NIOEmbedded", package: "swift-nio")
            ]
        ),
        .testTarget(
            name: "FriendlyErrorsVaporTests",
            dependencies: [
                // The example's routes, errors and catalog serve the tests too.
                "ExampleApp",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "FriendlyErrorsServerKit", package: "swift-friendly-errors-server-kit"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
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
