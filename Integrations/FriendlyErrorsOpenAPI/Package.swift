// swift-tools-version:6.2

import PackageDescription

let package = Package(
    name: "swift-friendly-errors-openapi",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FriendlyErrorsOpenAPI", targets: ["FriendlyErrorsOpenAPI"]),
        .executable(name: "friendly-errors-openapi-example", targets: ["ExampleService"]),
    ],
    dependencies: [
        // The library's only framework: the runtime every generated server links (HTTPTypes comes with it).
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The example and the tests only: the generator's build plugin, the Hummingbird transport, a client.
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // Named, so that the package resolves whatever the folder of the checkout is called. Published on its
        // own, this line becomes `.package(url: "https://github.com/…/swift-friendly-errors.git", from: …)`.
        .package(name: "swift-friendly-errors", path: "../.."),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsOpenAPI",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The shop of the README, generated from its openapi.yaml at build time, on Hummingbird.
        .executableTarget(
            name: "ExampleService",
            dependencies: [
                "FriendlyErrorsOpenAPI",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Not a product: the driver for instruction counts of the error route (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: [
                "FriendlyErrorsOpenAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "FriendlyErrorsOpenAPITests",
            dependencies: [
                "FriendlyErrorsOpenAPI",
                // The example's service and errors serve the tests too; the client is generated here from
                // the same openapi.yaml (a symbolic link). No HummingbirdTesting: it brings AsyncHTTPClient and
                // BoringSSL, minutes of a cold build; the tests start the shop on loopback and use URLSession.
                "ExampleService",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
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
