// swift-tools-version:6.1

import PackageDescription

// A program that runs one named operation N times, for callgrind to count its instructions
// (Benchmarks/count-instructions.sh). Instruction counts repeat whatever else the machine does, where
// wall-clock times on a shared machine do not. Its own package, so the library depends on nothing.
let package = Package(
    name: "InstructionCounts",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, so that the package resolves whatever the folder of the checkout is called.
        .package(name: "swift-friendly-errors", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "FriendlyErrors", package: "swift-friendly-errors")]
        ),
        // Threads sharing one pipeline against one thread (issue 35): Benchmarks/scaling.sh.
        .executableTarget(
            name: "Scaling",
            dependencies: [.product(name: "FriendlyErrors", package: "swift-friendly-errors")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
