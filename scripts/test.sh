#!/usr/bin/env bash
# Builds Primer and runs every test: unit tests, store tests on real SQLite files, and the
# end-to-end CLI tests (which run the built `primer` binary on temporary stores).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

swift build
# The CLI tests run this binary; they find it through PRIMER_BIN.
export PRIMER_BIN="$(swift build --show-bin-path)/primer"
swift test 2>&1 | tee .build/test-output.txt
