#!/usr/bin/env python3
"""Wall time of kits on llama-local with a subtopic's families one after another vs side by side
(issue 25). Two variants of the shipped manifest, each on a port of its own:

- one after another: `limits.concurrent_requests: 1`, llama-server `--parallel 1 -c 4096`;
- side by side: `limits.concurrent_requests: 4`, llama-server `--parallel 4 -c 16384` (4,096
  tokens a slot, as one slot has).

Each subject's kit (`generate SUBJECT --max-subtopics N`) is made once per variant, the variants
alternating, each on a fresh store and a fresh server (its start is part of what the user waits
for). Sampling is seeded, so one variant repeats itself exactly; the subjects are the samples.
Reported: wall time, calls, completion tokens and failures per variant, and seconds per
completion token (the kits differ in length, because batched decoding changes the numbers the
model samples from).

    python3 scripts/bench/families_side_by_side.py [--subtopics 2] [--subjects "Linear Algebra" ...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import PRIMER, ROOT, machine  # noqa: E402

SUBJECTS = ["Linear Algebra", "Cell Biology", "World War II", "Music Theory", "Organic Chemistry",
            "Macroeconomics", "Photosynthesis", "The French Revolution"]
VARIANTS = {"one after another": (1, 1, 4096, 18081), "side by side": (4, 4, 16384, 18082)}


def manifest(folder, variant):
    """The shipped llama-local manifest with `variant`'s limits, slots, context and port."""
    requests, slots, context, port = VARIANTS[variant]
    with open(os.path.join(ROOT, "Plugins", "llama-local.yaml")) as f:
        text = f.read()
    text = re.sub(r"concurrent_requests: \d+", f"concurrent_requests: {requests}", text)
    text = re.sub(r'(- "-c"[^\n]*\n\s*- )"\d+"', rf'\1"{context}"', text)
    text = re.sub(r'(- "--parallel"[^\n]*\n\s*- )"\d+"', rf'\1"{slots}"', text)
    text = text.replace("18080", str(port))
    text = re.sub(r"prompts: \S+", "prompts: " + os.path.join(ROOT, "Prompts", "small-model"), text)
    assert f'"{context}"' in text and f'"{slots}"' in text
    path = os.path.join(folder, variant.replace(" ", "-"))
    os.makedirs(path)
    with open(os.path.join(path, "llama-local.yaml"), "w") as f:
        f.write(text)
    return path


def run(variant, subject, subtopics, plugins):
    with tempfile.TemporaryDirectory() as store_dir:
        env = dict(os.environ, PRIMER_STORE=os.path.join(store_dir, "s.sqlite"), PRIMER_PROVIDER="llama-local",
                   PRIMER_PLUGINS=plugins)
        start = time.monotonic()
        done = subprocess.run([PRIMER, "generate", subject, "--max-subtopics", str(subtopics), "--json"],
                              env=env, capture_output=True, text=True, cwd=store_dir)
        seconds = time.monotonic() - start
        summary = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
        families = {name: (f.get("items", 0), f.get("failed", 0)) for name, f in summary.get("families", {}).items()}
        return {"variant": variant, "subject": subject, "subtopics": subtopics, "seconds": round(seconds, 2),
                "status": done.returncode, "calls": summary.get("providerCalls"), "prompt_tokens": summary.get("promptTokens"),
                "completion_tokens": summary.get("completionTokens"), "families": families}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--subtopics", type=int, default=2)
    parser.add_argument("--subjects", nargs="+", default=SUBJECTS)
    args = parser.parse_args()
    print(json.dumps(machine()), flush=True)
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        plugins = {variant: manifest(folder, variant) for variant in VARIANTS}
        for index, subject in enumerate(args.subjects):
            order = list(VARIANTS) if index % 2 == 0 else list(reversed(VARIANTS))
            for variant in order:
                runs.append(run(variant, subject, args.subtopics, plugins[variant]))
                print(json.dumps(runs[-1]), flush=True)
    print()
    print("| families | kits | failed kits | wall s (sum) | calls | completion tokens | ms per completion token |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for variant in VARIANTS:
        mine = [r for r in runs if r["variant"] == variant]
        seconds = sum(r["seconds"] for r in mine)
        tokens = sum(r["completion_tokens"] or 0 for r in mine)
        print(f"| {variant} | {len(mine)} | {sum(r['status'] != 0 for r in mine)} | {seconds:.1f} | "
              f"{sum(r['calls'] or 0 for r in mine)} | {tokens} | {seconds * 1000 / max(tokens, 1):.2f} |")


if __name__ == "__main__":
    main()
