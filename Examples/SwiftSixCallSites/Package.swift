// swift-tools-version:6.1

import PackageDescription

let package = Package(
    name: "SwiftSixCallSites",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "SyncTool", targets: ["SyncTool"])
    ],
    dependencies: [
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../.."),
    ],
    targets: [
        .target(
            name: "PhotoLibrary",
            dependencies: [.product(name: "FriendlyErrors", package: "swift-friendly-errors")]
        ),
        .executableTarget(
            name: "SyncTool",
            dependencies: ["PhotoLibrary", .product(name: "FriendlyErrors", package: "swift-friendly-errors")]
        ),
        .testTarget(
            name: "PhotoLibraryTests",
            dependencies: [
                "PhotoLibrary",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "FriendlyErrorsTesting", package: "swift-friendly-errors"),
            ]
        ),
    ],
    // Swift 6: complete concurrency checking, as an adopter's package has it.
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
