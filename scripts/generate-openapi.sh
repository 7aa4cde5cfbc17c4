#!/usr/bin/env bash
# Regenerates the server code of `primer serve` (Sources/PrimerServer/Generated/) and the example
# client's from Sources/PrimerServer/openapi.yaml, with swift-openapi-generator built once in a
# folder of its own (about a minute). The output is committed, so a build of Primer never runs the
# generator; Generated/openapi.sha256 records which document it was made from, and a test fails
# when the document changed without this script being run.
set -euo pipefail
cd "$(dirname "$0")/.."
GENERATOR_VERSION=1.14.3
TOOL_DIR="${PRIMER_OPENAPI_TOOL_DIR:-$HOME/.cache/primer/openapi-generator-$GENERATOR_VERSION}"
if [ ! -x "$TOOL_DIR/.build/debug/swift-openapi-generator" ]; then
    mkdir -p "$TOOL_DIR"
    cat > "$TOOL_DIR/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "openapi-generator-tool", dependencies: [
    .package(url: "https://github.com/apple/swift-openapi-generator", exact: "$GENERATOR_VERSION"),
], targets: [])
SWIFT
    (cd "$TOOL_DIR" && swift build --product swift-openapi-generator)
fi
GENERATOR="$TOOL_DIR/.build/debug/swift-openapi-generator"
DOCUMENT=Sources/PrimerServer/openapi.yaml

generate() { # config output-directory
    rm -rf "$2" && mkdir -p "$2"
    "$GENERATOR" generate "$DOCUMENT" --config "$1" --output-directory "$2" >/dev/null
    sha256sum "$DOCUMENT" | cut -d' ' -f1 > "$2/openapi.sha256"
}
generate Sources/PrimerServer/openapi-generator-config.yaml Sources/PrimerServer/Generated
if [ -d Examples/StudyClient ]; then
    generate Examples/StudyClient/openapi-generator-config.yaml Examples/StudyClient/Sources/StudyClient/Generated
fi
echo "generated from $DOCUMENT ($(cat Sources/PrimerServer/Generated/openapi.sha256))"
