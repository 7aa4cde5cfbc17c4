#!/usr/bin/env bash
# `primer study optimize` against Anki's own FSRS optimizer on the same history: for each seed,
# a 300-card deck with a synthetic learner's reviews made by the real anki library
# (scripts/anki_history_deck.py), imported and optimized by Primer, then Primer's parameters and
# Anki's own fit both scored by Anki on its collection (scripts/anki_fsrs_oracle.py).
# Usage: scripts/bench/optimizer_agreement.sh [SEEDS...]   (default 1 2 3 4 5; needs swift build)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
primer="${PRIMER_BIN:-$root/.build/debug/primer}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for seed in "${@:-1 2 3 4 5}"; do
  for s in $seed; do
    python3 "$root/scripts/anki_history_deck.py" "$work/d$s.apkg" --cards 300 --seed "$s" >/dev/null
    "$primer" import "$work/d$s.apkg" --subject Deck --store "$work/s$s.db" >/dev/null
    start=$(date +%s.%N)
    "$primer" study optimize Deck --store "$work/s$s.db" --json >"$work/o$s.json"
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    params=$(python3 -c "import json,sys; print(','.join(map(str, json.load(open(sys.argv[1]))['fitted']['parameters'])))" "$work/o$s.json")
    python3 "$root/scripts/anki_fsrs_oracle.py" "$work/d$s.apkg" --params "$params" | python3 -c '
import json, sys
d = json.load(sys.stdin); o = json.load(open(sys.argv[1]))
a, df, g = d["anki"], d["default"], d["given"][0]
print("seed %s: items primer %d anki %d | log loss anki %.5f primer %.5f (%+.2f %%) defaults %.5f | RMSE anki %.4f primer %.4f defaults %.4f | optimize %.2f s"
      % (sys.argv[2], o["items"], d["fsrs_items"], a["log_loss"], g["log_loss"], 100 * (g["log_loss"] / a["log_loss"] - 1),
         df["log_loss"], a["rmse_bins"], g["rmse_bins"], df["rmse_bins"], float(sys.argv[3])))' "$work/o$s.json" "$s" "$seconds"
  done
done
