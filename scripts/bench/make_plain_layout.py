#!/usr/bin/env python3
"""Writes Evaluations/variants/plain-layout/: the shipped prompt families laid out the plain way,
to measure what the cache-friendly layout saves (issue #3).

Shipped layout: every subtopic family sends the same system text and starts its user message
with the shared context, so a llama-server slot reuses the prefix from the previous family.
Plain layout: each family has its own system text and puts its task before the context, so the
prompts of a subtopic share (almost) no prefix. Everything else (gates, schemas, formats) is
unchanged. Run from the repository root: python3 scripts/bench/make_plain_layout.py
"""
import pathlib
import re

SYSTEMS = {
    "notes": "You are a teacher who writes clear study notes.",
    "grammar-lesson": "You are a language teacher who writes grammar lessons.",
    "flashcards": "You write precise flashcards for spaced repetition.",
    "quiz": "You write fair multiple-choice quizzes.",
    "terms": "You compile vocabulary lists with short definitions.",
}

source = pathlib.Path("Prompts")
target = pathlib.Path("Evaluations/variants/plain-layout")
target.mkdir(parents=True, exist_ok=True)
for path in sorted(source.glob("*.yaml")):
    text = path.read_text()
    family = path.stem
    if family in SYSTEMS:
        text = re.sub(r"^system: \|\n(  .*\n)+", f"system: |\n  {SYSTEMS[family]}\n", text, count=1, flags=re.M)
        # Move the context block from the top of each user template to just before its output format.
        lines = text.split("\n")
        out, pending = [], None
        for line in lines:
            stripped = line.strip()
            if stripped == "{{{context}}}" and pending is None:
                pending = line[: len(line) - len(line.lstrip())]
                continue
            if pending is not None and stripped == "" and out and out[-1].strip().endswith("|"):
                continue  # the blank line that followed the context
            if pending is not None and stripped == "## Output format" and line.startswith(pending + "##"):
                out.append(f"{pending}{{{{{{context}}}}}}")
                out.append("")
                pending = None
            out.append(line)
        text = "\n".join(out)
        text = text.replace("# The same system text in every subtopic family", "# PLAIN LAYOUT (measurement variant): family-specific system text, context after the task.\n# Shipped layout: the same system text in every subtopic family", 1)
    (target / path.name).write_text(text)
    print("wrote", target / path.name)
