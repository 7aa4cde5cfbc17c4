#!/usr/bin/env python3
"""(c) Peak memory (max RSS from /usr/bin/time -v) of `primer batch` with the mock provider.

Writes a JSON Lines batch of --subjects general subjects and runs
  primer batch subjects.jsonl --provider mock --jobs J --max-subtopics 1 --store <new file>
(by default; --plan-only with --mode plan-only) --repeats times, each with a new store. Also runs
a tenth of the subjects once, so the growth per subject can be seen.

Usage: python3 scripts/bench/peak_memory.py [--subjects 1000] [--jobs 2] [--mode max-subtopics-1|plan-only]
"""
import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import PRIMER, ROOT, machine, stats, timed, write_jsonl  # noqa: E402


def run(subjects, args, folder, tag):
    batch = os.path.join(folder, f"{tag}.jsonl")
    write_jsonl(batch, subjects, tag + "-")
    report = os.path.join(folder, f"{tag}.report.json")
    cmd = [PRIMER, "batch", batch, "--provider", "mock", "--jobs", str(args.jobs),
           "--store", os.path.join(folder, f"{tag}.sqlite"), "--prompts", os.path.join(ROOT, "Prompts"), "--report", report]
    cmd += ["--plan-only"] if args.mode == "plan-only" else ["--max-subtopics", "1"]
    proc, facts = timed(cmd, cwd=ROOT)
    if proc.returncode != 0:
        print(proc.stdout[-2000:], proc.stderr[-2000:], file=sys.stderr)
        raise SystemExit("primer batch failed")
    with open(report) as f:
        totals = json.load(f)["totals"]
    facts.update(subjects=subjects, calls=totals["providerCalls"], complete=totals["complete"],
                 store_mb=os.path.getsize(os.path.join(folder, f"{tag}.sqlite")) / 1e6)
    print(f"{subjects} subjects ({args.mode}, --jobs {args.jobs}): max RSS {facts['max_rss_kb'] / 1024:.1f} MB, "
          f"{facts['calls']} calls, {facts['complete']} complete, {facts['wall_s']:.1f} s wall, {facts['cpu_s']:.1f} s CPU",
          flush=True)
    return facts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--subjects", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mode", choices=["max-subtopics-1", "plan-only"], default="max-subtopics-1")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json")
    args = ap.parse_args()
    result = {"machine_before": machine(), "mode": args.mode, "jobs": args.jobs}
    with tempfile.TemporaryDirectory(prefix="primer-bench-c-") as folder:
        result["small"] = run(max(1, args.subjects // 10), args, folder, "small")
        result["runs"] = [run(args.subjects, args, folder, f"full{i}") for i in range(args.repeats)]
    result["max_rss_mb"] = stats([r["max_rss_kb"] / 1024 for r in result["runs"]])
    result["machine_after"] = machine()
    small, full = result["small"], result["runs"][0]
    per = (full["max_rss_kb"] - small["max_rss_kb"]) / max(1, full["subjects"] - small["subjects"])
    result["growth_kb_per_subject"] = per
    m = result["max_rss_mb"]
    print(f"\nmax RSS for {args.subjects} subjects: median {m['median']:.1f} MB (min {m['min']:.1f}, max {m['max']:.1f}, n={m['n']}); "
          f"{small['subjects']} subjects: {small['max_rss_kb'] / 1024:.1f} MB; growth ≈ {per:.1f} KB per subject")
    print(f"target: under 200 MB — {'met' if m['max'] < 200 else 'NOT met'}")
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)


if __name__ == "__main__":
    main()
