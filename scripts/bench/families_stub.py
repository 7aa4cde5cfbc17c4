#!/usr/bin/env python3
"""A kit's wall time with a subtopic's families one after another vs side by side, over HTTP
against the loopback stub (`primer-bench stub`, 500 ms a call; issue 25): the same `openai-chat`
manifest with `limits.concurrent_requests` 1 and 4. The stub answers deterministically, so both
ways make the same calls, tokens and kit; the runs alternate, each on a fresh store.

    python3 scripts/bench/families_stub.py [--repeat 3] [--subtopics 2 10]
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--subtopics", type=int, nargs="+", default=[2, 10])
    parser.add_argument("--latency-ms", type=int, default=500)
    args = parser.parse_args()
    print(json.dumps(machine()))
    with tempfile.TemporaryDirectory() as folder:
        stub, port = start_stub(folder, args.latency_ms, idle_seconds=120)
        try:
            plugins = os.path.join(folder, "plugins")
            for n in (1, 4):
                write_stub_manifest(plugins, f"stub-{n}", port, n)
            results = {}
            for subtopics in args.subtopics:
                for _ in range(args.repeat):
                    for n in (1, 4):
                        with tempfile.TemporaryDirectory() as store:
                            env = dict(os.environ, PRIMER_STORE=os.path.join(store, "s.sqlite"), PRIMER_PLUGINS=plugins)
                            start = time.monotonic()
                            done = subprocess.run([PRIMER, "generate", "Linear Algebra", "--provider", f"stub-{n}", "--max-subtopics",
                                                   str(subtopics), "--json"], env=env, capture_output=True, text=True, check=True)
                            seconds = time.monotonic() - start
                        summary = json.loads(done.stdout)
                        run = {"subtopics": subtopics, "limit": n, "seconds": round(seconds, 2), "calls": summary["providerCalls"],
                               "prompt_tokens": summary["promptTokens"], "completion_tokens": summary["completionTokens"],
                               "items": {k: v["items"] for k, v in summary["families"].items()}}
                        print(json.dumps(run), flush=True)
                        results.setdefault((subtopics, n), []).append(run)
        finally:
            stub.terminate()
    for (subtopics, n), runs in sorted(results.items()):
        shapes = {json.dumps(r["items"], sort_keys=True) for r in runs}
        print(f"{subtopics} subtopics, {'one after another' if n == 1 else 'side by side'}: median "
              f"{statistics.median(r['seconds'] for r in runs):.2f} s, {runs[0]['calls']} calls, "
              f"{runs[0]['prompt_tokens']} + {runs[0]['completion_tokens']} tokens, kit shape {'the same' if len(shapes) == 1 else 'DIFFERS'} in every run")


if __name__ == "__main__":
    main()
