// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Primer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "primer", targets: ["primer"]),
        .library(name: "PrimerCore", targets: ["PrimerCore"]),
        .library(name: "PrimerGeneration", targets: ["PrimerGeneration"]),
        .library(name: "PrimerProviders", targets: ["PrimerProviders"]),
        .library(name: "PrimerStore", targets: ["PrimerStore"]),
        .library(name: "PrimerPostgres", targets: ["PrimerPostgres"]),
        .library(name: "PrimerDocuments", targets: ["PrimerDocuments"]),
        .library(name: "PrimerEval", targets: ["PrimerEval"]),
        .library(name: "PrimerExport", targets: ["PrimerExport"]),
        .library(name: "PrimerImport", targets: ["PrimerImport"]),
        .library(name: "PrimerApp", targets: ["PrimerApp"]),
        .library(name: "PrimerServer", targets: ["PrimerServer"]),
        .executable(name: "primer-bench", targets: ["primer-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    ],
    targets: [
        // The domain, by dependency weight as Hummingbird splits its own: the model, content
        // shapes, FSRS and study, the store's ports and records, providers' and embedders'
        // ports, text rules every layer shares. No network, no database, no YAML, no templates.
        .target(
            name: "PrimerCore",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        // YAML read safely (alias bombs refused) and as JSON values: families, primer.yaml,
        // manifests, batch files and suites.
        .target(name: "PrimerYAML", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Child programs run to completion (swift-subprocess), never holding a thread of the async pool.
        .target(
            name: "PrimerProcess",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Generation: prompt families, context, parsers, gates, the generator and the pipeline.
        .target(
            name: "PrimerGeneration",
            dependencies: [
                "PrimerCore", "PrimerYAML",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A kit as terminal text and Markdown; text made safe for a terminal.
        .target(name: "PrimerRendering", dependencies: ["PrimerCore"]),
        // Provider adapters, built from the manifests in Plugins/.
        .target(
            name: "PrimerProviders",
            dependencies: ["PrimerYAML", 
                "PrimerCore",
                .product(name: "Yams", package: "Yams"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The SQLite store (GRDB).
        .target(
            name: "PrimerStore",
            dependencies: ["PrimerCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The PostgreSQL store (PostgresNIO): the same ports as the SQLite one, for a store that
        // many processes and machines share.
        .target(
            name: "PrimerPostgres",
            dependencies: [
                "PrimerCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Documents as grounding: text extraction (txt, md, html, pdf, docx), passages, retrieval.
        .target(
            name: "PrimerDocuments",
            dependencies: ["PrimerProcess", "PrimerCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // Evaluation: golden suites, scorers, reports, run-to-run comparison.
        .target(
            name: "PrimerEval",
            dependencies: ["PrimerGeneration", "PrimerYAML", "PrimerCore", .product(name: "Yams", package: "Yams")]
        ),
        // Many subjects at once: batch files (YAML, JSON Lines, CSV), concurrency, reports.
        .target(
            name: "PrimerBatch",
            dependencies: ["PrimerGeneration", "PrimerYAML", "PrimerCore", .product(name: "SwiftCSV", package: "SwiftCSV")]
        ),
        // Exports people study from: JSON, Markdown, CSV, Anki text and .apkg packages.
        .target(
            name: "PrimerExport",
            dependencies: ["PrimerRendering", 
                "PrimerCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Imports of what learners bring: CSV, Quizlet, Anki text and .apkg packages (with their
        // review history).
        .target(
            name: "PrimerImport",
            dependencies: ["PrimerProcess", 
                "PrimerCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        ),
        // The prompt families and provider manifests shipped with the binary
        // (the repository's Prompts/ and Plugins/ are links to these folders).
        .target(
            name: "PrimerDefaults",
            resources: [.copy("Prompts"), .copy("Plugins")]
        ),
        // The application layer every front end uses: a workspace (configuration, providers,
        // families, store) and its operations; the CLI only parses arguments and prints.
        .target(
            name: "PrimerApp",
            dependencies: ["PrimerGeneration", "PrimerProcess", 
                "PrimerCore", "PrimerProviders", "PrimerStore", "PrimerPostgres", "PrimerDocuments", "PrimerEval", "PrimerExport", "PrimerImport",
                "PrimerBatch", "PrimerDefaults",
                .product(name: "Tagged", package: "swift-tagged"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `primer serve`: the HTTP API (Hummingbird; its routes generated from openapi.yaml by
        // swift-openapi-generator, run once by scripts/generate-openapi.sh and committed) and
        // the study web page.
        .target(
            name: "PrimerServer",
            dependencies: ["PrimerGeneration", 
                "PrimerApp", "PrimerCore", "PrimerProviders", "PrimerDocuments", "PrimerExport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi-generator-config.yaml", "Generated/openapi.sha256"],
            resources: [.copy("openapi.yaml"), .copy("Web")]
        ),
        .executableTarget(
            name: "primer",
            dependencies: ["PrimerGeneration", "PrimerRendering", 
                "PrimerApp", "PrimerServer", "PrimerCore", "PrimerProviders", "PrimerStore", "PrimerDocuments", "PrimerEval", "PrimerExport", "PrimerBatch", "PrimerDefaults",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // Benchmarks: per-call overhead, batch throughput against a loopback stub, the stub itself.
        .executableTarget(
            name: "primer-bench",
            dependencies: ["PrimerGeneration", 
                "PrimerCore", "PrimerProviders", "PrimerStore", "PrimerPostgres", "PrimerBatch", "PrimerDocuments", "PrimerEval", "PrimerTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Sources/primer-bench"
        ),
        // Test helpers: a real HTTP server on loopback that answers in scripted shapes; child programs
        // run without holding a thread of the async pool (TestPrograms, on PrimerProcess's ProcessRunner).
        .target(
            name: "PrimerTestSupport",
            dependencies: ["PrimerProcess", 
                "PrimerCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/PrimerTestSupport"
        ),
        .testTarget(
            name: "PrimerCoreTests",
            dependencies: ["PrimerGeneration", "PrimerRendering", "PrimerYAML", "PrimerProcess", "PrimerCore", "PrimerDefaults", .product(name: "Logging", package: "swift-log"), .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "PrimerProvidersTests",
            dependencies: ["PrimerGeneration", "PrimerProviders", "PrimerCore", "PrimerDefaults", "PrimerTestSupport", .product(name: "Yams", package: "Yams")]),
        // The store contract, run on SQLite files and on a real PostgreSQL server the tests start.
        .testTarget(
            name: "PrimerStoreTests",
            dependencies: ["PrimerStore", "PrimerPostgres", "PrimerCore", "PrimerTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "PrimerDocumentsTests",
            dependencies: ["PrimerProcess", "PrimerDocuments", "PrimerCore", "PrimerTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "PrimerBatchTests", dependencies: ["PrimerGeneration", "PrimerBatch", "PrimerCore", "PrimerProviders", "PrimerStore"]),
        .testTarget(name: "PrimerEvalTests", dependencies: ["PrimerEval", "PrimerCore"]),
        .testTarget(
            name: "PrimerImportTests",
            dependencies: [
                "PrimerImport", "PrimerCore", "PrimerTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "PrimerExportTests",
            dependencies: ["PrimerProcess", 
                "PrimerExport", "PrimerCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Generator and pipeline against the mock provider and a real SQLite store.
        .testTarget(name: "PrimerPipelineTests", dependencies: ["PrimerGeneration", "PrimerCore", "PrimerProviders", "PrimerStore"]),
        // The Workspace's rules, called directly as a front end calls them.
        .testTarget(name: "PrimerAppTests", dependencies: ["PrimerGeneration", "PrimerApp", "PrimerCore", "PrimerTestSupport"]),
        // The built `primer` binary, run as a user would.
        .testTarget(
            name: "PrimerCLITests",
            dependencies: ["PrimerGeneration", "PrimerCore", "PrimerStore", "PrimerPostgres", "PrimerBatch", "PrimerEval", "PrimerTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // The example app client (Examples/StudyClient, a package of its own for app developers),
        // built here too so the server tests use it as an app would.
        .target(
            name: "StudyClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Examples/StudyClient/Sources/StudyClient",
            exclude: ["Generated/openapi.sha256"]),
        // `primer serve` over real HTTP on loopback, on both store engines.
        .testTarget(
            name: "PrimerServerTests",
            dependencies: [
                "PrimerServer", "PrimerApp", "PrimerCore", "PrimerStore", "PrimerPostgres", "PrimerTestSupport", "StudyClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
    ]
)

// libFuzzer targets (Fuzz/, run by scripts/fuzz.sh): only in a build made with PRIMER_FUZZ=1 and
// `-sanitize=fuzzer`, which links libFuzzer; its driver is called from primer-fuzz's main.
if Context.environment["PRIMER_FUZZ"] != nil {
    package.products.append(.executable(name: "primer-fuzz", targets: ["primer-fuzz"]))
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(name: "primer-fuzz", dependencies: ["PrimerCore", "PrimerGeneration", "CFuzzerDriver"], path: "Fuzz/primer-fuzz"),
    ]
}
