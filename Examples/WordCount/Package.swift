// swift-tools-version:6.1

import PackageDescription

// The argument-parser integration's example tool (wordcount), the same tool without the integration
// (wordcount-plain), and the tests that compare the two. Not published: a user installs the integration
// alone (Integrations/FriendlyErrorsArgumentParser).
let package = Package(
    name: "word-count",
    products: [
        .executable(name: "wordcount", targets: ["wordcount"])
    ],
    dependencies: [
        .package(path: "../../Integrations/FriendlyErrorsArgumentParser"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The example tool's arguments and work, shared by the tool and by the same tool without the
        // integration, which the tests compare it with.
        .target(
            name: "WordCountKit",
            dependencies: [
                .product(name: "FriendlyErrorsArgumentParser", package: "FriendlyErrorsArgumentParser"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "wordcount",
            dependencies: [
                "WordCountKit",
                .product(name: "FriendlyErrorsArgumentParser", package: "FriendlyErrorsArgumentParser"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "wordcount-plain",
            dependencies: ["WordCountKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "FriendlyErrorsArgumentParserTests",
            dependencies: [
                // The core comes with the integration (re-exported), as a user's tool gets it.
                "wordcount", "wordcount-plain",
                .product(name: "FriendlyErrorsArgumentParser", package: "FriendlyErrorsArgumentParser"),
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
