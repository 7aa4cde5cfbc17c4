#!/usr/bin/env python3
"""The off-topic and near-duplicate rates of two `primer eval --embedder` results (issue 26): per
family, over all runs (a failed family at its worst, 1) and over accepted outputs only, each with
a 95 % bootstrap interval over cases (repetitions of a case resampled together), and the paired
change (second − first) over the cases both accepted.

    scripts/bench/meaning_rates.py UNGATED.json GATED.json
"""
import json
import random
import sys

METRICS = ["off_topic_rate", "near_duplicate_rate"]
FAMILIES = ["flashcards", "quiz", "terms"]


def load(path):
    """{family: {metric: {case: [values of accepted runs]}}}, and the same with failures as 1."""
    cases = json.load(open(path))["scores"]["cases"]
    accepted, every = {}, {}
    for case in cases:
        for family in FAMILIES:
            values = case["families"].get(family)
            if values is None:
                continue
            failed = family in case.get("failed", [])
            for metric in METRICS:
                if metric not in values:
                    continue
                every.setdefault(family, {}).setdefault(metric, {}).setdefault(case["caseID"], []).append(values[metric])
                if not failed:
                    accepted.setdefault(family, {}).setdefault(metric, {}).setdefault(case["caseID"], []).append(values[metric])
    return accepted, every


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def bootstrap(by_case, statistic, rounds=4000, seed=26):
    rng = random.Random(seed)
    keys = sorted(by_case)
    draws = []
    for _ in range(rounds):
        sample = [by_case[rng.choice(keys)] for _ in keys]
        draws.append(statistic(sample))
    draws.sort()
    return draws[int(0.025 * rounds)], draws[int(0.975 * rounds) - 1]


def pooled(sample):
    return mean([value for values in sample for value in values])


def main(first, second):
    a_acc, a_all = load(first)
    b_acc, b_all = load(second)
    print(f"first: {first}\nsecond: {second}")
    for family in FAMILIES:
        for metric in METRICS:
            line = [f"{family}.{metric}"]
            for name, a, b in (("all runs", a_all, b_all), ("accepted", a_acc, b_acc)):
                x = a.get(family, {}).get(metric, {})
                y = b.get(family, {}).get(metric, {})
                if not x or not y:
                    continue
                lx, hx = bootstrap(x, pooled)
                ly, hy = bootstrap(y, pooled)
                shared = {case: (x[case], y[case]) for case in x if case in y}
                lo, hi = bootstrap(shared, lambda s: pooled([p[1] for p in s]) - pooled([p[0] for p in s]))
                line.append(
                    f"{name}: {pooled(list(x.values())):.3f} [{lx:.3f}–{hx:.3f}] (n {sum(map(len, x.values()))}) → "
                    f"{pooled(list(y.values())):.3f} [{ly:.3f}–{hy:.3f}] (n {sum(map(len, y.values()))}), change [{lo:+.3f}, {hi:+.3f}]")
            print("  " + "\n    ".join(line))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
