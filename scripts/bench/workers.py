#!/usr/bin/env python3
"""Throughput of 1, 2, 4 and 8 `primer worker` processes sharing a PostgreSQL queue, against the
loopback stub (`primer-bench stub`) with 200 ms latency (issue 25). Each worker has one slot
(`--concurrency 1`): a subject is a chain of 1 + 2 × subtopics rounds of 200 ms (the plan, then
per subtopic its lesson and the other four families side by side), so ideal time = subjects ×
rounds × 0.2 s ÷ N; "of ideal" = ideal ÷ measured wall time (from the first worker's start to the
last one's exit). "Against linear" = calls/s at N ÷ (N × calls/s at 1 worker): the issue's measure,
which leaves out the cost every worker pays alone (its round trips to the store each round).

    python3 scripts/bench/workers.py --store postgres://primer@127.0.0.1:54331 [--levels 1 2 4 8] [--repeats 2]

The address names a server (without a database); each run makes a database of its own there.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import PRIMER, machine, start_stub, write_stub_manifest  # noqa: E402

SUBTOPICS = 3
CALLS_PER_SUBJECT = 1 + SUBTOPICS * 5  # a plan, then notes, flashcards, quiz, cloze and terms per subtopic
ROUNDS_PER_SUBJECT = 1 + SUBTOPICS * 2  # the plan; per subtopic the lesson, then the other four at once


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", required=True, help="postgres://user@host:port (no database)")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--latency-ms", type=int, default=200)
    parser.add_argument("--subjects-per-worker", type=int, default=6)
    args = parser.parse_args()
    print(json.dumps(machine()), flush=True)
    with tempfile.TemporaryDirectory() as folder:
        stub, port = start_stub(folder, args.latency_ms)
        try:
            plugins = os.path.join(folder, "plugins")
            write_stub_manifest(plugins, "stub", port, 64)
            runs = []
            for level in args.levels:
                for repeat in range(args.repeats):
                    runs.append(run(args, folder, plugins, level, repeat))
                    print(json.dumps(runs[-1]), flush=True)
        finally:
            stub.terminate()
    print()
    print("| workers | subjects | calls | wall s (median) | ideal s | calls/s | of ideal (median) | spread | against linear |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    one = None
    for level in args.levels:
        mine = [r for r in runs if r["workers"] == level]
        effs = [r["efficiency"] for r in mine]
        wall = statistics.median(r["wall_s"] for r in mine)
        rate = mine[0]["calls"] / wall
        if level == 1:
            one = rate
        linear = f"{rate / (level * one) * 100:.1f} %" if one else "–"
        print(f"| {level} | {mine[0]['subjects']} | {mine[0]['calls']} | {wall:.2f} | {mine[0]['ideal_s']:.1f} | "
              f"{rate:.1f} | {statistics.median(effs) * 100:.1f} % | {min(effs) * 100:.1f}–{max(effs) * 100:.1f} % | {linear} |")


def run(args, folder, plugins, level, repeat):
    database = f"primer_workers_{level}_{repeat}_{os.getpid()}"
    subprocess.run(["psql", args.store + "/postgres", "-qc", f"CREATE DATABASE {database}"], check=True)
    store = f"{args.store}/{database}"
    env = dict(os.environ, PRIMER_STORE=store, PRIMER_PLUGINS=plugins, PRIMER_PROVIDER="stub")
    subjects = args.subjects_per_worker * level
    batch = os.path.join(folder, f"batch-{level}-{repeat}.csv")
    with open(batch, "w") as f:
        f.write("title\n" + "".join(f"Bench Subject {level}-{repeat}-{i:03d}\n" for i in range(subjects)))
    subprocess.run([PRIMER, "batch", batch, "--enqueue", "--max-subtopics", str(SUBTOPICS)], env=env, check=True,
                   capture_output=True, cwd=folder)
    start = time.monotonic()
    before = os.times()
    workers = [subprocess.Popen([PRIMER, "worker", "--exit-when-empty"], env=env, cwd=folder,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(level)]
    codes = [w.wait() for w in workers]
    wall = time.monotonic() - start
    after = os.times()
    worker_cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    status = json.loads(subprocess.run([PRIMER, "batch", "status", "1", "--json"], env=env, check=True, capture_output=True,
                                       text=True, cwd=folder).stdout)
    calls = subjects * CALLS_PER_SUBJECT
    ideal = subjects * ROUNDS_PER_SUBJECT * args.latency_ms / 1000 / level
    return {"workers": level, "repeat": repeat, "subjects": subjects, "calls": calls, "wall_s": round(wall, 2),
            "ideal_s": round(ideal, 2), "efficiency": round(ideal / wall, 4), "exit_codes": codes,
            "worker_cpu_ms_per_call": round(worker_cpu * 1000 / calls, 2),
            "subjects_done": status["subjects"]["done"], "tasks_failed": status["tasks"]["failed"]}


if __name__ == "__main__":
    main()
