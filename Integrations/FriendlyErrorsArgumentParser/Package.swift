// swift-tools-version:6.1

import PackageDescription

let package = Package(
    name: "friendly-errors-argument-parser",
    products: [
        .library(name: "FriendlyErrorsArgumentParser", targets: ["FriendlyErrorsArgumentParser"]),
        .executable(name: "wordcount", targets: ["wordcount"]),
    ],
    dependencies: [
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsArgumentParser",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The example tool's arguments and work, shared by the tool and by the same tool without the
        // integration, which the tests compare it with.
        .target(
            name: "WordCountKit",
            dependencies: [
                "FriendlyErrorsArgumentParser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "wordcount",
            dependencies: [
                "WordCountKit", "FriendlyErrorsArgumentParser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "wordcount-plain",
            dependencies: ["WordCountKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "FriendlyErrorsArgumentParserTests",
            dependencies: [
                // The core comes with the integration (re-exported), as a user's tool gets it.
                "FriendlyErrorsArgumentParser", "wordcount", "wordcount-plain",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where [.executable, .test, .regular].contains(target.type) {
    var settings = target.swiftSettings ?? []
    // Require `any` for existential types (SE-0335).
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // Only what a file imports is visible in it (SE-0444).
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    // Imports are internal unless marked `public` (SE-0409): no accidental API re-exports.
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
