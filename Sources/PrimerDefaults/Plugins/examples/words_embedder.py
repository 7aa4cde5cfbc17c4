#!/usr/bin/env python3
"""An example `adapter: exec-embeddings` model: each word of a text hashed to one of 256
coordinates (standard library only, no model), so texts that share words are close. Protocol v1:
one JSON request per line on stdin, {"id": "1", "model": "...", "embed": ["text", ...]}; one
answer per line on stdout, {"id": "1", "vectors": [[...], ...]} (or {"id": ..., "error":
{"message": ..., "retryable": false}}). Logs go to stderr, never stdout."""
import hashlib
import json
import re
import sys

DIMENSIONS = 256


def vector(text):
    values = [0.0] * DIMENSIONS
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        values[int(hashlib.sha256(word.encode()).hexdigest(), 16) % DIMENSIONS] += 1.0
    if not any(values):
        values[0] = 1.0  # an empty text still gets a vector
    return values


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    texts = request.get("embed")
    if not isinstance(texts, list):
        answer = {"id": request.get("id"), "error": {"message": "this program only embeds (send `embed`)", "retryable": False}}
    else:
        answer = {"id": request["id"], "vectors": [vector(str(text)) for text in texts]}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
