#!/usr/bin/env bash
# Installs what the tests use, when it is missing: poppler-utils (pdftotext), qpdf and tmux
# (the terminal the study sessions are driven in) from Debian, the anki package from PyPI (the .apkg import check), and the local llama-server with
# its model (scripts/install-local-llm.sh, cached in ~/.cache/primer).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for tool in pdftotext:poppler-utils qpdf:qpdf tmux:tmux; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool##*:}")
done
source scripts/lib/apt.sh
apt_install_missing "${missing[@]}"

python3 -c 'import anki' 2>/dev/null || python3 -m pip install -q anki==26.9.3
# The reference FSRS implementation the scheduler is checked against (scripts/fsrs_reference.py).
python3 -c 'import fsrs' 2>/dev/null || python3 -m pip install -q fsrs==6.3.2

scripts/install-local-llm.sh
