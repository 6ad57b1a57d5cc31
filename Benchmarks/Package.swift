// swift-tools-version:6.1

import PackageDescription

// Benchmarks for swift-friendly-errors, in a package of their own so the library depends on nothing.
// Run: swift package --package-path Benchmarks benchmark   (release build; see Benchmarks/README.md)
let package = Package(
    name: "FriendlyErrorsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FriendlyErrorsBenchmarks",
            dependencies: [
                .product(name: "FriendlyErrors", package: "swift-friendly-errors"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/FriendlyErrorsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
