// swift-tools-version:6.1

import PackageDescription

// One library product and only what it imports: the example tool (wordcount), the same tool without the
// integration, and the tests that compare them are in Examples/WordCount.
let package = Package(
    name: "swift-friendly-errors-argument-parser",
    products: [
        .library(name: "FriendlyErrorsArgumentParser", targets: ["FriendlyErrorsArgumentParser"])
    ],
    dependencies: [
        // The core, by path while this package lives in the swift-friendly-errors repository. The release step
        // (Scripts/release.sh) publishes this package as a repository of its own and writes this line as
        // `.package(url: "https://github.com/<owner>/swift-friendly-errors.git", from: VERSION)`.
        .package(name: "swift-friendly-errors", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "FriendlyErrorsArgumentParser",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
