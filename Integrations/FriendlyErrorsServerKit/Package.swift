// swift-tools-version:6.1

import PackageDescription

// What every server integration shares (Hummingbird, Vapor, gRPC, OpenAPI): one options type, the log
// record, start-up diagnostics, and the telemetry of answered errors — the request's span, a counter of
// errors and the trace ID for the response. Depends on the core and the server-side Swift telemetry APIs alone
// (swift-distributed-tracing brings ServiceContext); its tests are in Examples/HummingbirdShop.
let package = Package(
    name: "swift-friendly-errors-server-kit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FriendlyErrorsServerKit", targets: ["FriendlyErrorsServerKit"])
    ],
    dependencies: [
        // The core, by path while this package lives in the swift-friendly-errors repository. The release step
        // (Scripts/release.sh) publishes this package as a repository of its own and writes this line as
        // `.package(url: "https://github.com/<owner>/swift-friendly-errors.git", from: VERSION)`.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsServerKit",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
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
