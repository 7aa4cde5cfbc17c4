"""Helpers shared by the benchmark drivers: /usr/bin/time -v parsing, statistics, machine facts."""
import json
import os
import re
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, ".build", "release")
PRIMER = os.path.join(RELEASE, "primer")
BENCH = os.path.join(RELEASE, "primer-bench")

TITLES = ["Linear Algebra", "Organic Chemistry", "Microeconomics", "Cell Biology", "World History since 1900",
          "Thermodynamics", "Statistics for Data Analysis", "Operating Systems", "Music Theory", "Human Anatomy"]


def machine():
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    with open("/proc/meminfo") as f:
        mem = int(re.search(r"MemTotal:\s+(\d+)", f.read()).group(1)) // 1024
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {"cpus": os.cpu_count(), "cpu_model": model, "memory_mb": mem, "load_average": load,
            "date": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


def write_jsonl(path, count, prefix):
    with open(path, "w") as f:
        for i in range(count):
            f.write(json.dumps({"title": f"{TITLES[i % len(TITLES)]} {prefix}{i + 1}", "kind": "general"}) + "\n")


def timed(cmd, **kwargs):
    """Runs cmd under /usr/bin/time -v; returns (completed process, facts)."""
    proc = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True, **kwargs)
    facts = {}
    for key, pattern in [("user_s", r"User time \(seconds\): ([\d.]+)"), ("sys_s", r"System time \(seconds\): ([\d.]+)"),
                         ("max_rss_kb", r"Maximum resident set size \(kbytes\): (\d+)"),
                         ("elapsed", r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)")]:
        m = re.search(pattern, proc.stderr)
        if m:
            facts[key] = m.group(1) if key == "elapsed" else float(m.group(1))
    if "elapsed" in facts:
        parts = [float(p) for p in facts["elapsed"].split(":")]
        seconds = 0.0
        for p in parts:
            seconds = seconds * 60 + p
        facts["wall_s"] = seconds
    facts["cpu_s"] = facts.get("user_s", 0) + facts.get("sys_s", 0)
    return proc, facts


def stats(values):
    values = sorted(values)
    if not values:
        return {}
    return {"median": statistics.median(values), "min": values[0], "max": values[-1], "n": len(values)}


def start_stub(folder, latency_ms, idle_seconds=300):
    """Starts `primer-bench stub` (answers after latency_ms) and returns (process, port)."""
    port_file = os.path.join(folder, "stub-port")
    stub = subprocess.Popen([BENCH, "stub", "--latency-ms", str(latency_ms), "--port-file", port_file,
                             "--idle-seconds", str(idle_seconds)], stdout=subprocess.DEVNULL)
    while not os.path.exists(port_file) or not open(port_file).read().strip():
        time.sleep(0.05)
    return stub, open(port_file).read().strip()


def write_stub_manifest(plugins, name, port, concurrent_requests):
    """An openai-chat manifest `name` for the stub on `port`, one attempt per call."""
    os.makedirs(plugins, exist_ok=True)
    with open(os.path.join(plugins, f"{name}.yaml"), "w") as f:
        f.write(f"""name: {name}
adapter: openai-chat
model: stub-1
capabilities: [json_schema]
limits: {{concurrent_requests: {concurrent_requests}, requests_per_minute: 0}}
settings:
  base_url: http://127.0.0.1:{port}/v1
  structured_output: json_schema
  timeout_seconds: 120
  retry: {{max_attempts: 1}}
""")
