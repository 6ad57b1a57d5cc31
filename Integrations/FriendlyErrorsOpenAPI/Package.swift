// swift-tools-version:6.1

import PackageDescription

// One library product and only what it imports: the runtime every generated server links, HTTPTypes,
// swift-log and the server kit. The example service (generated at build time, on Hummingbird), its tests, the
// instruction-count driver and the throughput script are in Examples/OpenAPIShop.
let package = Package(
    name: "swift-friendly-errors-openapi",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FriendlyErrorsOpenAPI", targets: ["FriendlyErrorsOpenAPI"])
    ],
    dependencies: [
        // The core, by path while this package lives in the swift-friendly-errors repository. The release step
        // (Scripts/release.sh) publishes this package as a repository of its own and writes this line as
        // `.package(url: "https://github.com/<owner>/swift-friendly-errors.git", from: VERSION)`.
        .package(name: "swift-friendly-errors", path: "../.."),
        // The kit every server integration shares (options, log record, spans, metrics, trace ID); published
        // the same way, as `.package(url: ".../swift-friendly-errors-server-kit.git", from: VERSION)`.
        .package(name: "swift-friendly-errors-server-kit", path: "../FriendlyErrorsServerKit"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsOpenAPI",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                // What an adapter needs beyond an app (isObserved, serverAlert, RemoteProblem.Parts): public
                // API of the core's repository, with its promise; imported internally, never re-exported.
                .product(name: "FriendlyErrorsAdapters", package: "swift-friendly-errors"),
                .product(name: "FriendlyErrorsServerKit", package: "swift-friendly-errors-server-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
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
