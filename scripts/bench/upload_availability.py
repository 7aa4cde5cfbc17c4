#!/usr/bin/env python3
"""A cheap route's latency while scanned PDFs are uploaded (BENCHMARKS.md (s)).

  scripts/bench/upload_availability.py [--uploads 4] [--pages 12] [--extractions 2] [--primer .build/release/primer]

Starts `primer serve` on a new SQLite store, makes a PAGES-page scanned PDF (scripts/scan_pdf.py:
pages that are pictures of text, read by pdftoppm and tesseract), then has UPLOADS clients upload
it at once while a second client asks `GET /api/providers` every 0.25 s. Prints (and writes) the
polled route's latency percentiles before and during the uploads, and each upload's status and
time. Standard library only."""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid

from common import ROOT, PRIMER, machine

LINES = ["Photosynthesis turns light into chemical energy.", "Chlorophyll absorbs red and blue light.",
         "The Calvin cycle fixes carbon dioxide into sugar.", "Stomata let carbon dioxide into the leaf."]


def call(base, method, path, token=None, body=None, content_type="application/json", timeout=600):
    request = urllib.request.Request(base + path, data=body, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if body is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def sign_up(base, email):
    status, body = call(base, "POST", "/api/accounts",
                        body=json.dumps({"name": "Bench", "email": email, "password": "correct horse battery"}).encode())
    assert status == 201, body
    return json.loads(body)["token"]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else None


def summary(latencies):
    ms = [v * 1000 for v in latencies]
    return {"answers": len(ms), "p50_ms": round(percentile(ms, 50), 1), "p99_ms": round(percentile(ms, 99), 1),
            "max_ms": round(max(ms), 1), "mean_ms": round(statistics.mean(ms), 1)}


def poll(base, token, stop, latencies):
    while not stop.is_set():
        start = time.perf_counter()
        status, _ = call(base, "GET", "/api/providers", token=token, timeout=120)
        latencies.append(time.perf_counter() - start)
        assert status == 200, status
        stop.wait(0.25)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--uploads", type=int, default=4)
    parser.add_argument("--pages", type=int, default=12)
    parser.add_argument("--extractions", type=int, default=2, help="the server's `extractions` setting")
    parser.add_argument("--primer", default=PRIMER)
    parser.add_argument("--out", default=os.path.join(ROOT, "scripts", "bench", "results", f"upload-availability-{time.strftime('%Y-%m-%d')}.json"))
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="primer-upload-bench-")
    pages = os.path.join(folder, "pages.json")
    with open(pages, "w") as f:
        json.dump([{"scan": [f"Page {n + 1}."] + LINES} for n in range(args.pages)], f)
    pdf = os.path.join(folder, "scanned.pdf")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "scan_pdf.py"), "pdf", pdf, pages], check=True)
    with open(pdf, "rb") as f:
        document = f.read()
    with open(os.path.join(folder, "primer.yaml"), "w") as f:
        f.write(f"server:\n  password_cost: 4\n  provider: mock\n  max_upload_mb: 50\n  signups_per_hour: 100\n  extractions: {args.extractions}\n")
    server = subprocess.Popen([args.primer, "serve", "--port", "0", "--store", os.path.join(folder, "store.sqlite")], cwd=folder,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1)
        base = f"http://127.0.0.1:{port}"
        poller = sign_up(base, "poller@example.com")
        uploaders = [sign_up(base, f"up{i}@example.com") for i in range(args.uploads)]
        subjects = []
        for i, token in enumerate(uploaders):
            status, body = call(base, "POST", "/api/subjects", token=token, body=json.dumps({"title": f"Scans {i}"}).encode())
            subjects.append(json.loads(body)["id"])

        idle, stop = [], threading.Event()
        thread = threading.Thread(target=poll, args=(base, poller, stop, idle))
        thread.start()
        time.sleep(5)
        stop.set()
        thread.join()

        busy, stop = [], threading.Event()
        thread = threading.Thread(target=poll, args=(base, poller, stop, busy))
        thread.start()
        results = [None] * args.uploads

        def upload(i):
            boundary = "bench-" + uuid.uuid4().hex
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"scan{i}.pdf\"\r\n"
                    "Content-Type: application/pdf\r\n\r\n").encode() + document + f"\r\n--{boundary}--\r\n".encode()
            start = time.perf_counter()
            status, reply = call(base, "POST", f"/api/subjects/{subjects[i]}/documents", token=uploaders[i], body=body,
                                 content_type=f"multipart/form-data; boundary={boundary}")
            results[i] = {"status": status, "seconds": round(time.perf_counter() - start, 2),
                          "characters": json.loads(reply).get("characters") if status == 201 else reply.decode()[:200]}

        started = time.perf_counter()
        workers = [threading.Thread(target=upload, args=(i,)) for i in range(args.uploads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        elapsed = time.perf_counter() - started
        stop.set()
        thread.join()
        result = {"machine": machine(), "uploads": args.uploads, "pages": args.pages, "extractions": args.extractions, "pdf_bytes": len(document),
                  "idle": summary(idle), "during_uploads": summary(busy), "uploads_seconds": round(elapsed, 1),
                  "each_upload": results}
        print(json.dumps(result, indent=2))
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(result, f, indent=2)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
