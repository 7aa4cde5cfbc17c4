#!/usr/bin/env python3
"""Wall time of a kit on llama-local with a subtopic's families one after another vs side by
side (issue 25): the shipped manifest (4 slots, 4 requests at once) against the same manifest
with one slot and one request at a time, on another port. The runs alternate, each on a fresh
store and a fresh server (its start is part of what the user waits for).

    python3 scripts/bench/families_side_by_side.py [--repeat 3] [--subtopics 2 10]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import PRIMER, ROOT, machine  # noqa: E402


def serial_manifest(folder):
    """The shipped llama-local manifest with one slot, one request at a time, on port 18081."""
    with open(os.path.join(ROOT, "Plugins", "llama-local.yaml")) as f:
        text = f.read()
    text = re.sub(r"concurrent_requests: 4", "concurrent_requests: 1", text)
    text = text.replace('"16384"', '"4096"').replace('- "4"  ', '- "1"  ')
    text = text.replace("18080", "18081")
    text = re.sub(r"prompts: \S+", "prompts: " + os.path.join(ROOT, "Prompts", "small-model"), text)
    assert '"1"' in text and "concurrent_requests: 1" in text
    path = os.path.join(folder, "llama-local.yaml")
    with open(path, "w") as f:
        f.write(text)


def run(variant, subtopics, plugins):
    with tempfile.TemporaryDirectory() as store_dir:
        env = dict(os.environ, PRIMER_STORE=os.path.join(store_dir, "s.sqlite"), PRIMER_PROVIDER="llama-local")
        env.pop("PRIMER_PLUGINS", None)
        if variant == "one after another":
            env["PRIMER_PLUGINS"] = plugins
        start = time.monotonic()
        done = subprocess.run([PRIMER, "generate", "Linear Algebra", "--max-subtopics", str(subtopics), "--json"],
                              env=env, capture_output=True, text=True, cwd=store_dir)
        seconds = time.monotonic() - start
        summary = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
        families = {name: (f.get("items", 0), f.get("failed", 0)) for name, f in summary.get("families", {}).items()}
        return {"variant": variant, "subtopics": subtopics, "seconds": round(seconds, 2), "status": done.returncode,
                "calls": summary.get("providerCalls"), "prompt_tokens": summary.get("promptTokens"),
                "completion_tokens": summary.get("completionTokens"), "families": families}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--subtopics", type=int, nargs="+", default=[2, 10])
    args = parser.parse_args()
    print(json.dumps(machine()))
    with tempfile.TemporaryDirectory() as plugins:
        serial_manifest(plugins)
        runs = []
        for subtopics in args.subtopics:
            for _ in range(args.repeat):
                for variant in ["one after another", "side by side"]:
                    result = run(variant, subtopics, plugins)
                    print(json.dumps(result), flush=True)
                    runs.append(result)
    for subtopics in args.subtopics:
        for variant in ["one after another", "side by side"]:
            times = [r["seconds"] for r in runs if r["subtopics"] == subtopics and r["variant"] == variant and r["status"] == 0]
            tokens = [r["completion_tokens"] for r in runs if r["subtopics"] == subtopics and r["variant"] == variant and r["status"] == 0]
            if times:
                print(f"{subtopics} subtopics, {variant}: median {statistics.median(times):.1f} s "
                      f"(min {min(times):.1f}, max {max(times):.1f}, {len(times)} runs), completion tokens median {statistics.median(tokens)}")


if __name__ == "__main__":
    main()
