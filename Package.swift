// swift-tools-version:6.1

import PackageDescription

let package = Package(
    name: "swift-friendly-errors",
    products: [
        .library(name: "FriendlyErrors", targets: ["FriendlyErrors"]),
        .library(name: "FriendlyErrorsTesting", targets: ["FriendlyErrorsTesting"]),
        // For integration authors (Integrations/, other frameworks' adapters): what an adapter needs beyond
        // an app, with the core's promise; apps never import it (Sources/FriendlyErrorsAdapters/README.md).
        .library(name: "FriendlyErrorsAdapters", targets: ["FriendlyErrorsAdapters"]),
        // Its own product: on Linux URLSession lives in FoundationNetworking, which links libcurl.
        .library(name: "FriendlyErrorsURLSession", targets: ["FriendlyErrorsURLSession"]),
        .executable(name: "friendly-errors", targets: ["friendly-errors"]),
    ],
    targets: [
        .target(name: "FriendlyErrors"),
        .target(name: "FriendlyErrorsTesting", dependencies: ["FriendlyErrors"]),
        .target(name: "FriendlyErrorsAdapters", dependencies: ["FriendlyErrors"], exclude: ["README.md"]),
        .target(name: "FriendlyErrorsURLSession", dependencies: ["FriendlyErrors"]),
        .executableTarget(name: "friendly-errors", dependencies: ["FriendlyErrors"]),
        .testTarget(
            name: "FriendlyErrorsTests",
            dependencies: ["FriendlyErrors", "FriendlyErrorsAdapters", "FriendlyErrorsTesting"],
            // Expected output, read by the tests from the source tree (see Support/Snapshot.swift).
            exclude: ["Snapshots"]),
        .testTarget(name: "FriendlyErrorsTestingTests", dependencies: ["FriendlyErrors", "FriendlyErrorsTesting"]),
        .testTarget(
            name: "FriendlyErrorsURLSessionTests", dependencies: ["FriendlyErrorsURLSession", "FriendlyErrorsTesting"]),
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
