#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/primer-fuzz) with -sanitize=fuzzer,address and runs each
# for a fixed time on its corpus in Fuzz/Corpus/<target>/.
#
#   scripts/fuzz.sh [seconds per target, default 30] [target ...]
#   scripts/fuzz.sh 120 cloze chain        # two targets, two minutes each
#   PRIMER_FUZZ_KEEP=1 scripts/fuzz.sh 600 # also merge the inputs that found new coverage into the corpus
#
# Leak detection is off (ASAN_OPTIONS): the regexes and tables Primer builds once per process
# are reported as leaks when it exits. Swift's own crash backtracer is off (SWIFT_BACKTRACE): it
# hangs under AddressSanitizer, and libFuzzer reports the crash and keeps its input.
#
# Targets: outline, lesson, pair, terms, choice, cloze, matching, ordering (one per shape parser) and chain (parse +
# gates of every shipped family). A crash writes the input to Fuzz/crashes/<target>-… and exits
# non-zero; rerun it with
#   SWIFT_BACKTRACE=enable=no PRIMER_FUZZ_TARGET=<target> .build/fuzz/release/primer-fuzz <file>
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(outline lesson pair terms choice cloze matching ordering chain)

export PATH="${SWIFT_BIN:-/opt/swift/usr/bin}:$PATH"
# lld: gold fails on the main function SwiftPM gives the executable next to libFuzzer's.
PRIMER_FUZZ=1 swift build -c release --build-path .build/fuzz --product primer-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
binary=.build/fuzz/release/primer-fuzz
mkdir -p Fuzz/crashes

for target in "${targets[@]}"; do
    corpus="Fuzz/Corpus/$target"
    [ -d "$corpus" ] || { echo "no corpus folder $corpus" >&2; exit 2; }
    found=$(mktemp -d)
    echo "== $target: ${seconds}s on $(ls "$corpus" | wc -l) seed inputs" >&2
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 PRIMER_FUZZ_TARGET="$target" "$binary" "$found" "$corpus" \
        -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="Fuzz/crashes/$target-" 2>&1 \
        | grep -E "stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb|ERROR|SUMMARY|Fatal error" >&2
    status=${PIPESTATUS[0]}
    if [ "${PRIMER_FUZZ_KEEP:-}" = 1 ] && [ "$status" = 0 ]; then
        ASAN_OPTIONS=detect_leaks=0 PRIMER_FUZZ_TARGET="$target" "$binary" -merge=1 "$corpus" "$found" 2>/dev/null
    fi
    rm -rf "$found"
    [ "$status" = 0 ] || { echo "fuzz target $target failed (status $status); the input is in Fuzz/crashes/" >&2; exit "$status"; }
done
