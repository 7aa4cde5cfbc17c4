// swift-tools-version:6.0
import PackageDescription

// What an iOS or macOS study app does to reach `primer serve`: a client generated from Primer's
// openapi.yaml (Sources/StudyClient/Generated, made by scripts/generate-openapi.sh in the Primer
// repository) over URLSession, and a small command that studies with it.
let package = Package(
    name: "StudyClient",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "StudyClient", targets: ["StudyClient"]),
        .executable(name: "study-client", targets: ["study-client"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "StudyClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Generated/openapi.sha256"]),
        .executableTarget(name: "study-client", dependencies: ["StudyClient"]),
    ]
)
