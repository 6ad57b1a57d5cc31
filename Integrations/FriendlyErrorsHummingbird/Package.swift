// swift-tools-version:6.1

import PackageDescription

/// What the library, the example and the driver all use: the core and Hummingbird's modules.
let frameworkDependencies: [Target.Dependency] = [
    .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "Logging", package: "swift-log"),
    .product(name: "NIOCore", package: "swift-nio"),
]

let package = Package(
    name: "swift-friendly-errors-hummingbird",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FriendlyErrorsHummingbird", targets: ["FriendlyErrorsHummingbird"]),
        .executable(name: "friendly-errors-hummingbird-example", targets: ["ExampleServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Named, so that the package resolves whatever the folder of the checkout is called. Published on its
        // own, this line becomes `.package(url: "https://github.com/…/swift-friendly-errors.git", from: …)`.
        .package(name: "swift-friendly-errors", path: "../.."),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsHummingbird",
            dependencies: frameworkDependencies
        ),
        .executableTarget(
            name: "ExampleServer",
            dependencies: ["FriendlyErrorsHummingbird"] + frameworkDependencies
        ),
        // Not a product: the driver for instruction counts of the error route (Scripts/count-error-route.sh).
        .executableTarget(
            name: "ErrorRouteCounts",
            dependencies: ["FriendlyErrorsHummingbird", .product(name: "NIOEmbedded", package: "swift-nio")]
                + frameworkDependencies
        ),
        .testTarget(
            name: "FriendlyErrorsHummingbirdTests",
            dependencies: [
                "FriendlyErrorsHummingbird",
                // The example's errors and catalog serve the tests too.
                "ExampleServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
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
