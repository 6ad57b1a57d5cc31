// swift-tools-version:6.2

import PackageDescription

// The OpenAPI integration's example shop (generated from its openapi.yaml at build time, served on
// Hummingbird), a command-line client of it (ShopClient), its tests (a client generated from the same
// openapi.yaml), the instruction-count driver of the error route and the throughput script. Not
// published: a user installs the integration alone (Integrations/FriendlyErrorsOpenAPI).
let package = Package(
    name: "openapi-shop",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "friendly-errors-openapi-example", targets: ["ExampleService"])
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsOpenAPI"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(name: "swift-friendly-errors-server-kit", path: "../../Integrations/FriendlyErrorsServerKit"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // The tests' tracer and metrics (InMemoryTracing, MetricsTestKit); Hummingbird brings both.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // A real metrics backend for `--telemetry` (the service) and TELEMETRY=1 (the counts driver): the
        // integration itself depends on swift-metrics' API alone.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .executableTarget(
            name: "ExampleService",
            dependencies: [
                .product(name: "FriendlyErrorsOpenAPI", package: "FriendlyErrorsOpenAPI"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The command-line client of issues 44 and 47 (Scripts/check-client.sh): URLSession.friendlyData and
        // the client generated from the same openapi.yaml (a symbolic link), on FriendlyMain.
        .executableTarget(
            name: "ShopClient",
            dependencies: [
                .product(name: "FriendlyErrorsOpenAPI", package: "FriendlyErrorsOpenAPI"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "FriendlyErrorsURLSession", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Not a product: the driver for instruction counts of the error route (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: [
                .product(name: "FriendlyErrorsOpenAPI", package: "FriendlyErrorsOpenAPI"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "FriendlyErrorsOpenAPITests",
            dependencies: [
                // The example's service and errors serve the tests too; the client is generated here from
                // the same openapi.yaml (a symbolic link). No HummingbirdTesting: it brings AsyncHTTPClient and
                // BoringSSL, minutes of a cold build; the tests start the shop on loopback and use URLSession.
                "ExampleService",
                .product(name: "FriendlyErrorsOpenAPI", package: "FriendlyErrorsOpenAPI"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "FriendlyErrorsServerKit", package: "swift-friendly-errors-server-kit"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
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
