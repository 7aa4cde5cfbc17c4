#!/usr/bin/env python3
"""(d) CPU per provider call: `primer batch` against a Python script with the official openai
package, pydantic and sqlite3, both against the same `primer-bench stub` process on 127.0.0.1.

For each latency (200 ms, and 0 ms for the CPU-bound variant) and each repeat, one stub process
serves both clients in turn (order alternates per repeat). Each client runs twice, with N and 2N
subjects, under /usr/bin/time -v; reported are
  - process CPU per call: (user + sys of the whole process) / calls, at 2N subjects;
  - marginal CPU per call: (CPU at 2N − CPU at N) / (calls at 2N − calls at N), which removes
    fixed start-up costs (Swift binary start, Python interpreter and imports) from both.

Usage: python3 scripts/bench/compare_cpu.py --python /tmp/bench-venv/bin/python [--latencies 200 0]
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import BENCH, PRIMER, ROOT, machine, stats, timed, write_jsonl  # noqa: E402

MANIFEST = """name: stub
adapter: openai-chat
model: stub-1
capabilities: [json_schema]
limits: {{concurrent_requests: {jobs}, requests_per_minute: 0}}
settings:
  base_url: {url}
  structured_output: json_schema
  timeout_seconds: 120
  retry: {{max_attempts: 1}}
"""


def start_stub(latency, folder):
    port_file = os.path.join(folder, "port")
    if os.path.exists(port_file):
        os.remove(port_file)
    proc = subprocess.Popen([BENCH, "stub", "--latency-ms", str(latency), "--port-file", port_file, "--idle-seconds", "120"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(port_file) and open(port_file).read().strip():
            return proc, f"http://127.0.0.1:{open(port_file).read().strip()}/v1"
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the stub did not start")


def run_primer(url, subjects, args, folder, tag):
    plugins = os.path.join(folder, "plugins")
    os.makedirs(plugins, exist_ok=True)
    with open(os.path.join(plugins, "stub.yaml"), "w") as f:
        f.write(MANIFEST.format(jobs=args.jobs, url=url))
    batch = os.path.join(folder, f"{tag}.jsonl")
    write_jsonl(batch, subjects, tag + "-")
    report = os.path.join(folder, f"{tag}.report.json")
    cmd = [PRIMER, "batch", batch, "--provider", "stub", "--plugins", plugins, "--jobs", str(args.jobs),
           "--max-subtopics", str(args.max_subtopics), "--store", os.path.join(folder, f"{tag}.sqlite"),
           "--prompts", os.path.join(ROOT, "Prompts"), "--report", report]
    proc, facts = timed(cmd, cwd=folder)
    if proc.returncode != 0:
        print(proc.stdout[-2000:], proc.stderr[-2000:], file=sys.stderr)
        raise SystemExit("primer batch failed")
    with open(report) as f:
        totals = json.load(f)["totals"]
    facts["calls"] = totals["providerCalls"]
    facts["failed"] = totals["failed"] + totals["partial"]
    return facts


def run_python(url, subjects, args, folder, tag):
    cmd = [args.python, os.path.join(ROOT, "scripts", "bench", "openai_client.py"), "--base-url", url,
           "--subjects", str(subjects), "--jobs", str(args.jobs), "--max-subtopics", str(args.max_subtopics),
           "--db", os.path.join(folder, f"{tag}.py.sqlite")]
    proc, facts = timed(cmd, cwd=folder)
    if proc.returncode != 0:
        print(proc.stdout[-2000:], proc.stderr[-2000:], file=sys.stderr)
        raise SystemExit("the python client failed")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    facts["calls"] = out["calls"]
    facts["failed"] = out["failed"]
    facts["work_cpu_s"] = out["work_cpu_seconds"]
    if out["failed"]:
        print("python failures:", out["failures"], file=sys.stderr)
    return facts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--python", default=sys.executable, help="interpreter with openai and pydantic installed")
    ap.add_argument("--latencies", type=int, nargs="+", default=[200, 0])
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--subjects", type=int, default=32, help="N; each client also runs 2N")
    ap.add_argument("--max-subtopics", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json")
    args = ap.parse_args()

    result = {"machine_before": machine(), "jobs": args.jobs, "max_subtopics": args.max_subtopics,
              "subjects": [args.subjects, 2 * args.subjects], "latencies": {}}
    for latency in args.latencies:
        rows = {"primer": [], "python": []}
        for rep in range(args.repeats):
            with tempfile.TemporaryDirectory(prefix="primer-bench-d-") as folder:
                stub, url = start_stub(latency, folder)
                try:
                    order = [("primer", run_primer), ("python", run_python)]
                    if rep % 2:
                        order.reverse()
                    for name, runner in order:
                        small = runner(url, args.subjects, args, folder, f"{name}-l{latency}-r{rep}-n")
                        large = runner(url, 2 * args.subjects, args, folder, f"{name}-l{latency}-r{rep}-2n")
                        row = {
                            "calls": large["calls"], "failed": small["failed"] + large["failed"],
                            "wall_s": large["wall_s"], "max_rss_kb": large["max_rss_kb"],
                            "process_cpu_ms_per_call": large["cpu_s"] * 1000 / large["calls"],
                            "marginal_cpu_ms_per_call": (large["cpu_s"] - small["cpu_s"]) * 1000 / (large["calls"] - small["calls"]),
                            "small": small, "large": large,
                        }
                        if "work_cpu_s" in large:
                            row["work_cpu_ms_per_call"] = large["work_cpu_s"] * 1000 / large["calls"]
                        rows[name].append(row)
                        print(f"latency {latency} ms, repeat {rep + 1}, {name}: {large['calls']} calls, "
                              f"{large['wall_s']:.2f} s wall, process CPU {row['process_cpu_ms_per_call']:.3f} ms/call, "
                              f"marginal {row['marginal_cpu_ms_per_call']:.3f} ms/call, max RSS {large['max_rss_kb'] / 1024:.0f} MB",
                              flush=True)
                finally:
                    stub.send_signal(signal.SIGTERM)
                    stub.wait(timeout=10)
        summary = {}
        for name, items in rows.items():
            summary[name] = {
                "process_cpu_ms_per_call": stats([r["process_cpu_ms_per_call"] for r in items]),
                "marginal_cpu_ms_per_call": stats([r["marginal_cpu_ms_per_call"] for r in items]),
                "wall_s": stats([r["wall_s"] for r in items]),
                "max_rss_mb": stats([r["max_rss_kb"] / 1024 for r in items]),
                "calls": items[0]["calls"], "failed": sum(r["failed"] for r in items), "runs": items,
            }
            if "work_cpu_ms_per_call" in items[0]:
                summary[name]["work_cpu_ms_per_call"] = stats([r["work_cpu_ms_per_call"] for r in items])
        result["latencies"][str(latency)] = summary
    result["machine_after"] = machine()

    print()
    print(f"{'latency':>7}  {'client':<7}  {'calls':>5}  {'wall s':>7}  {'process CPU ms/call':>24}  {'marginal CPU ms/call':>24}  {'max RSS MB':>10}")
    for latency, summary in result["latencies"].items():
        for name, s in summary.items():
            p, m = s["process_cpu_ms_per_call"], s["marginal_cpu_ms_per_call"]
            print(f"{latency:>7}  {name:<7}  {s['calls']:>5}  {s['wall_s']['median']:>7.2f}  "
                  f"{p['median']:>8.3f} ({p['min']:.3f}–{p['max']:.3f})  {m['median']:>8.3f} ({m['min']:.3f}–{m['max']:.3f})  "
                  f"{s['max_rss_mb']['median']:>10.0f}")
    for latency, summary in result["latencies"].items():
        met = summary["primer"]["marginal_cpu_ms_per_call"]["median"] < summary["python"]["marginal_cpu_ms_per_call"]["median"]
        print(f"target (latency {latency} ms): Primer uses less CPU per call — {'met' if met else 'NOT met'}")
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)


if __name__ == "__main__":
    main()
