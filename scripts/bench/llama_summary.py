#!/usr/bin/env python3
"""Prints the llama-local measurements of issue #3 (Evaluations/llama-local/*.json): per family,
first-try pass rate and prompt tokens (total, cached, processed); per subtopic kit, the sums.
Run from the repository root: python3 scripts/bench/llama_summary.py layout-shipped layout-plain small-schema small-noschema"""
import json, glob, sys
def load(run):
    files = sorted(glob.glob(f'Evaluations/llama-local/{run}.json'))
    return json.load(open(files[-1])) if files else None
for run in sys.argv[1:]:
    d = load(run)
    if not d: print(run, 'no result yet'); continue
    print(f'== {run}: {d["providerCalls"]} calls, {d["seconds"]:.0f} s')
    for fam, m in sorted(d['scores']['aggregate'].items()):
        print(f'  {fam:11s} first_try={m.get("first_try_pass_rate")} prompt={m.get("prompt_tokens")} cached={m.get("prompt_tokens_cached")} processed={m.get("processed_prompt_tokens")}')
    for c in d['scores']['cases']:
        if c['kind'] != 'plan':
            fams = c['families']
            tot = sum(f.get('prompt_tokens', 0) for f in fams.values()); proc = sum(f.get('processed_prompt_tokens', 0) for f in fams.values())
            print(f'  kit {c["caseID"]:40s} prompt={tot:.0f} processed={proc:.0f} first_try=' + ','.join(f'{k}:{v.get("first_try_pass_rate")}' for k, v in sorted(fams.items())))
