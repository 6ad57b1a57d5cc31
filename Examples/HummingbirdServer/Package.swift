// swift-tools-version:6.1

import PackageDescription

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "HummingbirdServer", targets: ["HummingbirdServer"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
    ],
    targets: [
        .target(
            name: "ProblemServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "HummingbirdServer", dependencies: ["ProblemServer"]),
        .testTarget(
            name: "ProblemServerTests",
            dependencies: [
                "ProblemServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
