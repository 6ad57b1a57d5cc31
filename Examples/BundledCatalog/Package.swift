// swift-tools-version:6.1

import PackageDescription

// A library that ships its error catalog as the READMEs show: `Localization/<language>.lproj/*.strings`
// as a resource of its target (`resources: [.process("Localization")]`), loaded with
// `TranslationCatalog.load(bundle: .module)`. SwiftPM refuses localized resources unless the package
// names its `defaultLocalization` (the catalog's base language): "manifest property 'defaultLocalization'
// not set; it is required in the presence of localized resources". Not published; CI builds and tests it.
let package = Package(
    name: "bundled-catalog",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../..")
    ],
    targets: [
        .target(
            name: "Storage",
            dependencies: [.product(name: "FriendlyErrors", package: "swift-friendly-errors")],
            resources: [.process("Localization")]
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage",
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "FriendlyErrorsTesting", package: "swift-friendly-errors"),
            ]
        ),
    ],
    // Swift 6: complete concurrency checking, as an adopter's package has it.
    swiftLanguageModes: [.v6]
)
