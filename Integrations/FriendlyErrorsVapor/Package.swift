// swift-tools-version:6.1

import PackageDescription

let package = Package(
    name: "swift-friendly-errors-vapor",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FriendlyErrorsVapor", targets: ["FriendlyErrorsVapor"]),
        .executable(name: "friendly-errors-vapor-example", targets: ["ExampleApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Named, so that the package resolves whatever the folder of the checkout is called. Published on its
        // own, this line becomes `.package(url: "https://github.com/…/swift-friendly-errors.git", from: …)`.
        .package(name: "swift-friendly-errors", path: "../.."),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsVapor",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "ExampleApp",
            dependencies: [
                "FriendlyErrorsVapor",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FriendlyErrorsVaporTests",
            dependencies: [
                "FriendlyErrorsVapor",
                // The example's routes, errors and catalog serve the tests too.
                "ExampleApp",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
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
