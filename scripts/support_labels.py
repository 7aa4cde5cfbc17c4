#!/usr/bin/env python3
"""Hand labels for the eval's support scorers (`supported_share`, `grounded_share`).

  scripts/support_labels.py sample RESULT.json OUT.json [N]   # N items (default 100), seeded
  scripts/support_labels.py check  LABELS.json                # the labels against both rules

`sample` draws N accepted items of the section cases' card, question, cloze and term families
from an eval result (`primer eval openstax-docs …`), each with its claim, the statement the rules
found, the case's lesson and the path of its section text, and `label: null` for a person to
fill in with `supported` or `unsupported` (and `why`) after reading the item against the lesson
and the section text. `check` prints the labelled supported share with a Wilson interval and
how each rule agrees with the labels.
"""
import json
import math
import random
import sys
import yaml


def section_texts(suite_dir):
    """Case id -> the documents the case attaches (paths under the suite folder)."""
    import glob
    import os
    documents = {}
    for path in glob.glob(os.path.join(suite_dir, "cases", "*.yaml")):
        with open(path) as handle:
            for case in yaml.safe_load(handle).get("cases", []):
                documents[case["id"]] = case.get("subject", {}).get("documents", [])
    return documents


def sample(result_path, out_path, count):
    with open(result_path) as handle:
        result = json.load(handle)
    documents = section_texts("Evaluations/" + result["suite"])
    items = []
    for case in result["cases"]:
        lesson = ""
        for content in case.get("content") or []:
            if content["shape"] == "lesson" and content["items"]:
                lesson = content["items"][0].get("body", "")
        for family, verdicts in (case.get("support") or {}).items():
            for index, verdict in enumerate(verdicts):
                items.append({
                    "case": case["id"], "repetition": case["repetition"], "family": family, "index": index,
                    "claim": verdict["claim"], "statement": verdict.get("statement"),
                    "supported": verdict["supported"], "grounded": verdict["grounded"],
                    "documents": documents.get(case["id"], []), "lesson": lesson, "label": None, "why": "",
                })
    chosen = random.Random(42).sample(items, min(count, len(items)))
    with open(out_path, "w") as handle:
        json.dump({"about": f"{len(chosen)} of {len(items)} accepted items of {result_path}, drawn with seed 42", "items": chosen}, handle, indent=1, ensure_ascii=False)
    print(f"{len(chosen)} of {len(items)} items written to {out_path}")


def wilson(successes, total, z=1.96):
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (centre - half, centre + half)


def check(labels_path):
    with open(labels_path) as handle:
        items = [item for item in json.load(handle)["items"] if item.get("label") in ("supported", "unsupported")]
    total = len(items)
    supported = sum(item["label"] == "supported" for item in items)
    low, high = wilson(supported, total)
    print(f"labelled: {total} items, {supported} supported = {supported / max(total, 1):.3f} [{low:.3f}–{high:.3f}]")
    for rule in ("supported", "grounded"):
        agree = sum((item[rule]) == (item["label"] == "supported") for item in items)
        says = sum(item[rule] for item in items)
        caught = sum((not item[rule]) and item["label"] == "unsupported" for item in items)
        missed = sum(item[rule] and item["label"] == "unsupported" for item in items)
        print(f"{rule:9}: says supported {says}/{total} = {says / max(total, 1):.3f}; agrees with the labels on {agree}/{total}; "
              f"unsupported items caught {caught}, passed as supported {missed}")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "sample":
        sample(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 100)
    elif len(sys.argv) == 3 and sys.argv[1] == "check":
        check(sys.argv[2])
    else:
        sys.exit(__doc__)
