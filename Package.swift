// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Primer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "primer", targets: ["primer"]),
        .library(name: "PrimerCore", targets: ["PrimerCore"]),
        .library(name: "PrimerProviders", targets: ["PrimerProviders"]),
        .library(name: "PrimerStore", targets: ["PrimerStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // Domain, prompt families, context, parsers, gates, generator, pipeline. No network, no database.
        .target(
            name: "PrimerCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Provider adapters, built from the manifests in Plugins/.
        .target(
            name: "PrimerProviders",
            dependencies: ["PrimerCore", .product(name: "Yams", package: "Yams")]
        ),
        // The SQLite store (GRDB).
        .target(
            name: "PrimerStore",
            dependencies: ["PrimerCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The prompt families and provider manifests shipped with the binary
        // (the repository's Prompts/ and Plugins/ are links to these folders).
        .target(
            name: "PrimerDefaults",
            resources: [.copy("Prompts"), .copy("Plugins")]
        ),
        .executableTarget(
            name: "primer",
            dependencies: [
                "PrimerCore", "PrimerProviders", "PrimerStore", "PrimerDefaults",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PrimerCoreTests", dependencies: ["PrimerCore", "PrimerDefaults"]),
        .testTarget(name: "PrimerProvidersTests", dependencies: ["PrimerProviders", "PrimerDefaults"]),
        .testTarget(name: "PrimerStoreTests", dependencies: ["PrimerStore", "PrimerCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // Generator and pipeline against the mock provider and a real SQLite store.
        .testTarget(name: "PrimerPipelineTests", dependencies: ["PrimerCore", "PrimerProviders", "PrimerStore"]),
        // The built `primer` binary, run as a user would.
        .testTarget(name: "PrimerCLITests", dependencies: ["PrimerCore", "PrimerStore"]),
    ]
)
