#!/usr/bin/env python3
"""The store on each engine, as a user meets it (BENCHMARKS.md (g)).

  scripts/bench/store_engines.py postgres://primer@127.0.0.1:5432/bench [--items 100000]

The database must exist and be empty (the script fills it); a SQLite file in a temporary folder
is the other engine. For each engine:
  1. Primer's own cost per generation call: `primer batch` of 20 subjects on the mock provider
     (no latency, so the time is Primer's and the store's), seconds per provider call.
  2. A deck of --items cards with a few days of reviews (`primer-bench scheduling --store`), its
     per-review cost through the store.
  3. `primer review next`, `primer stats` and `primer review rate` on that deck, whole commands,
     median of --runs runs.
Needs the release build (swift build -c release).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from common import BENCH, PRIMER, machine, write_jsonl


def run(cmd, env):
    started = time.monotonic()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr}")
    return elapsed, done.stdout


def median_of(cmd, env, runs):
    return statistics.median(run(cmd, env)[0] for _ in range(runs))


def engine(store, args, folder):
    env = dict(os.environ, PRIMER_STORE=store, PRIMER_PROVIDER="mock")
    result = {"store": store.split("@")[-1] if store.startswith("postgres") else "sqlite file"}

    batch = os.path.join(folder, f"batch-{abs(hash(store))}.jsonl")
    write_jsonl(batch, 20, "engine ")
    seconds, _ = run([PRIMER, "batch", batch, "--max-subtopics", "3", "--jobs", "1", "--report", batch + ".json"], env)
    with open(batch + ".json") as f:
        calls = json.load(f)["totals"]["providerCalls"]
    result["batch"] = {"subjects": 20, "calls": calls, "seconds": round(seconds, 2), "ms_per_call": round(seconds / calls * 1000, 2)}

    _, out = run([BENCH, "scheduling", "--items", str(args.items), "--days", str(args.days), "--new-per-day",
                  str(args.new_per_day), "--store", store], env)
    line = next(l for l in out.splitlines() if l.startswith("through the store"))
    parts = line.split()
    result["reviews_through_store"] = {"reviews": int(parts[3]), "us_per_review": float(parts[6])}

    result["review_next_s"] = round(median_of([PRIMER, "review", "next", "Benchmark"], env, args.runs), 3)
    result["stats_s"] = round(median_of([PRIMER, "stats", "Benchmark"], env, args.runs), 3)
    _, next_json = run([PRIMER, "review", "next", "Benchmark", "--json"], env)
    key = json.loads(next_json)["card"]["key"]
    rates = [run([PRIMER, "review", "rate", key, "good"], env)[0] for _ in range(args.runs)]
    result["review_rate_s"] = round(statistics.median(rates), 3)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("postgres", help="an empty PostgreSQL database: postgres://user@host:port/db")
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--new-per-day", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = {"machine": machine(), "items": args.items, "runs": args.runs,
                  "sqlite": engine(os.path.join(folder, "bench.sqlite"), args, folder),
                  "postgres": engine(args.postgres, args, folder)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
