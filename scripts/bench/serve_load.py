#!/usr/bin/env python3
"""`primer serve` under load (BENCHMARKS.md (h)).

  scripts/bench/serve_load.py postgres://primer@127.0.0.1:5432/bench [--users 100] [--items 100000]

The database must exist and be empty; a SQLite file in a temporary folder is the other engine.
For each engine: fill the store (`primer-bench serve-store`: --users accounts, each with a session
and a subject of --items/--users flashcards), start `primer serve` on it, then for
`nextStudyItem` and `rateItem` run wrk (--connections connections, 2 threads, --warmup seconds
whose numbers are kept apart as the route's "…Warmup", then --seconds seconds measured;
each request as a random account, `rateItem` on a random card of that account) and read
requests per second, latency percentiles, errors, and the server's memory (VmRSS, VmHWM); then
the first account's `getStats` (--stats-runs reads, one at a time: with --users 1 that is one
subject of --items cards, after the ratings of the `rateItem` run).
The server's CPU time (user + system, from /proc) over each wrk run, divided by the requests
it answered, is its CPU per request; on PostgreSQL, the CPU of every `postgres` process over the
run, divided the same way, is the store's. Needs the release build (swift build -c release, or
--bin: a folder holding another build's primer and primer-bench, to compare) and wrk (Debian's wrk).
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
import urllib.request

from common import RELEASE, ROOT, machine

LUA = """
local accounts = {%s}
-- Each of wrk's threads draws its own sequence: with one seed, both sent the same requests at
-- once (the same card rated twice in the same instant).
local threads = 0
setup = function(thread)
  thread:set("id", threads)
  threads = threads + 1
end
init = function(args)
  math.randomseed(%d + id)
end
request = function()
  local a = accounts[math.random(#accounts)]
  local headers = {["Authorization"] = "Bearer " .. a[1], ["Content-Type"] = "application/json"}
  %s
end
"""
ROUTES = {
    "nextStudyItem": 'return wrk.format("GET", "/api/subjects/" .. a[2] .. "/next", headers)',
    "rateItem": 'return wrk.format("POST", "/api/items/" .. math.random(a[3], a[4]) .. "/reviews", headers, \'{"rating": "good", "durationMs": 3000}\')',
}


def memory(pid):
    with open(f"/proc/{pid}/status") as f:
        status = f.read()
    return {name: int(re.search(rf"{name}:\s+(\d+)", status).group(1)) // 1024 for name in ("VmRSS", "VmHWM")}


def cpu_seconds(pid):
    """The process's user + system CPU time so far (fields 14 and 15 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds():
    """The CPU time so far of every PostgreSQL process on this machine (the loopback server's
    backends, WAL writer and checkpointer): what the store spends on a request."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if stat.split("(", 1)[1].startswith("postgres)"):
            fields = stat.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def wrk(url, script, args, seconds=None):
    done = subprocess.run(["wrk", "-t2", f"-c{args.connections}", f"-d{seconds or args.seconds}s", "--latency", "-s", script, url],
                          capture_output=True, text=True, check=True)
    out = done.stdout
    latency = {p: m.group(2) + m.group(3) for p in ("50", "90", "99")
               for m in [re.search(rf"^\s+{p}(\.000)?%\s+([\d.]+)(\w+)", out, re.M)] if m}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(r"Socket errors: (.*)", out)
    return {"requests_per_second": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "requests": int(re.search(r"(\d+) requests in", out).group(1)), "latency": latency,
            "non_2xx": int(errors.group(1)) if errors else 0, "socket_errors": socket.group(1) if socket else "none"}


def engine(store, args, folder):
    started = time.monotonic()
    filled = subprocess.run([os.path.join(args.bin, "primer-bench"), "serve-store", "--store", store, "--users", str(args.users),
                             "--items-per-user", str(args.items // args.users)], capture_output=True, text=True, check=True)
    accounts = [json.loads(line) for line in filled.stdout.splitlines() if line.startswith("{")]
    result = {"store": "sqlite file" if not store.startswith("postgres") else "postgresql (loopback)",
              "fill_seconds": round(time.monotonic() - started, 1), "accounts": len(accounts)}
    with open(os.path.join(folder, "primer.yaml"), "w") as f:
        f.write("server:\n  provider: mock\n")
    server = subprocess.Popen([os.path.join(args.bin, "primer"), "serve", "--port", "0", "--store", store], cwd=folder,
                              stdout=subprocess.PIPE,
                              stderr=open(args.server_log, "a") if args.server_log else subprocess.DEVNULL, text=True)
    try:
        port = re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1)
        url = f"http://127.0.0.1:{port}"
        result["memory_idle_mb"] = memory(server.pid)
        table = ",".join('{"%s",%d,%d,%d}' % (a["token"], a["subject"], a["firstItem"], a["lastItem"]) for a in accounts)
        for name, body in ROUTES.items():
            if name not in args.routes.split(","):
                continue
            script = os.path.join(folder, f"{name}.lua")
            with open(script, "w") as f:
                f.write(LUA % (table, 42, body))
            if args.warmup:
                # The server's first second (connections opened, statements prepared, every
                # session read) is measured apart: the run below is the server at load.
                result[name + "Warmup"] = wrk(url, script, args, seconds=args.warmup)
                print(name + "Warmup", json.dumps(result[name + "Warmup"]), file=sys.stderr)
            cpu, store_cpu = cpu_seconds(server.pid), postgres_cpu_seconds()
            result[name] = wrk(url, script, args)
            spent = cpu_seconds(server.pid) - cpu
            answered = max(result[name]["requests"], 1)
            result[name]["server_cpu_ms_per_request"] = round(1000 * spent / answered, 3)
            if store.startswith("postgres"):
                result[name]["store_cpu_ms_per_request"] = round(1000 * (postgres_cpu_seconds() - store_cpu) / answered, 3)
            result[name]["memory_mb"] = memory(server.pid)
            print(name, json.dumps(result[name]), file=sys.stderr)
        if args.stats_runs:
            result["getStats"] = get_stats(url, accounts[0], args.stats_runs)
            print("getStats", json.dumps(result["getStats"]), file=sys.stderr)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return result


def get_stats(url, account, runs):
    """`GET /api/subjects/{id}/stats` of the first account's subject, one request at a time after
    the load (so after its ratings): the median and slowest of `runs` wall times."""
    request = urllib.request.Request(f"{url}/api/subjects/{account['subject']}/stats",
                                     headers={"Authorization": f"Bearer {account['token']}"})
    times = []
    for _ in range(runs):
        started = time.monotonic()
        with urllib.request.urlopen(request) as response:
            response.read()
        times.append(time.monotonic() - started)
    return {"runs": runs, "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("postgres", help="an empty PostgreSQL database (postgres://user@host:port/db)")
    parser.add_argument("--bin", default=RELEASE, help="the folder of the primer and primer-bench to run (default: the release build)")
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=5, help="seconds of load on each route before the measured run (0: none)")
    parser.add_argument("--routes", default=",".join(ROUTES), help="the routes to load (default: all)")
    parser.add_argument("--stats-runs", type=int, default=5, help="times getStats is read after the load (0: not read)")
    parser.add_argument("--sqlite-only", action="store_true", help="skip the PostgreSQL run")
    parser.add_argument("--postgres-only", action="store_true", help="skip the SQLite run")
    parser.add_argument("--server-log", help="append each server's stderr here (with PRIMER_LOG_LEVEL=info: a line a request, its status)")
    parser.add_argument("--out", default=os.path.join(ROOT, "scripts", "bench", "results", f"serve-load-{time.strftime('%Y-%m-%d')}.json"))
    args = parser.parse_args()
    results = {"machine": machine(), "bin": args.bin, "users": args.users, "items": args.items, "connections": args.connections,
               "seconds": args.seconds, "engines": []}
    with tempfile.TemporaryDirectory() as folder:
        if not args.postgres_only:
            results["engines"].append(engine(os.path.join(folder, "store.sqlite"), args, folder))
        if not args.sqlite_only:
            results["engines"].append(engine(args.postgres, args, folder))
    with open(args.out, "w") as f:
        json.dump(results, f, indent=2)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
