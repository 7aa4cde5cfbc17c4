#!/usr/bin/env python3
"""Scores FSRS parameters on an .apkg's review history with Anki's own FSRS code: the test oracle.

    python3 scripts/anki_fsrs_oracle.py FILE.apkg [--params P0,P1,...,P20]... [--search QUERY]

Imports FILE.apkg with its scheduling (revlog included) into a fresh temporary collection, then
lets Anki's backend fit FSRS parameters on the whole history (compute_fsrs_params) and evaluates
(evaluate_params_legacy: log loss and RMSE over bins, on the same history) (a) Anki's fitted
parameters, (b) fsrs_rs_python.DEFAULT_PARAMETERS and (c) every --params list (21 comma-separated
numbers; the option may repeat). A test can then check that parameters Primer fitted on the same
import score close to Anki's fit and better than the defaults.

Prints one JSON object: {"revlog" (rows in the imported collection), "cards", "cards_with_memory"
(cards whose data holds FSRS "s" and "d"), "fsrs_items", "anki": {"params", "log_loss",
"rmse_bins"}, "anki_kept_current" (Anki found no better fit than the defaults and returned
them), "default": {...}, "given": [{...} per --params], "seconds"}; each score is null when
there are no FSRS items (no card with a learning review and a later one on another day).

Needs: python3 -m pip install anki==26.9.3 fsrs-rs-python==0.9.3
"""
import argparse
import json
import os
import shutil
import tempfile
import time


def params_list(text):
    values = [float(v) for v in text.split(",")]
    if len(values) != 21:
        raise argparse.ArgumentTypeError(f"--params needs 21 numbers (FSRS-6), got {len(values)}")
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("apkg")
    parser.add_argument("--params", type=params_list, action="append", default=[])
    parser.add_argument("--search", default="", help="Anki search for the cards to use (default: all)")
    args = parser.parse_args()
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest
    from fsrs_rs_python import DEFAULT_PARAMETERS

    started = time.time()
    workdir = tempfile.mkdtemp(prefix="primer-anki-oracle-")
    col = Collection(os.path.join(workdir, "collection.anki2"))
    try:
        col.import_anki_package(ImportAnkiPackageRequest(
            package_path=os.path.abspath(args.apkg), options=ImportAnkiPackageOptions(with_scheduling=True)))
        datas = [json.loads(d) if d else {} for d in col.db.list("select data from cards")]
        backend = col._backend

        fit = backend.compute_fsrs_params(search=args.search, current_params=[], ignore_revlogs_before_ms=0,
                                          num_of_relearning_steps=1, health_check=False)

        def evaluate(params):
            if not fit.fsrs_items:  # nothing to score (Anki raises "Insufficient review history")
                return None
            ev = backend.evaluate_params_legacy(params=params, search=args.search, ignore_revlogs_before_ms=0)
            return {"params": [round(p, 6) for p in params], "log_loss": ev.log_loss, "rmse_bins": ev.rmse_bins}

        # With current_params=[] Anki compares its fit against the defaults and returns [] (the
        # "current" ones) when the defaults are at least as good; score the defaults then.
        kept = len(fit.params) == 0
        result = {
            "revlog": col.db.scalar("select count() from revlog"),
            "cards": col.card_count(),
            "cards_with_memory": sum(1 for d in datas if "s" in d and "d" in d),
            "fsrs_items": fit.fsrs_items,
            "anki": evaluate(list(fit.params) or list(DEFAULT_PARAMETERS)),
            "anki_kept_current": kept,
            "default": evaluate(list(DEFAULT_PARAMETERS)),
            "given": [evaluate(p) for p in args.params],
        }
    finally:
        col.close()
        shutil.rmtree(workdir, ignore_errors=True)
    result["seconds"] = round(time.time() - started, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
