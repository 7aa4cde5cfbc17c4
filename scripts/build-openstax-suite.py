#!/usr/bin/env python3
"""Builds the `openstax` evaluation suite's case files from the OpenStax golden data.

Reads  ../shared/golden/openstax/*.json   (relative to the repository root; override with --source)
Writes Evaluations/openstax/cases/<slug>.yaml, one file per book.

`Evaluations/openstax/suite.yaml` (name, description, attribution, thresholds) is written by hand
and is not touched. The output is committed so the repository works without ../shared; rerun this
script only to change the selection below, and commit its output.

The golden data is CC BY 4.0 (OpenStax, Rice University); every file written here carries its
book's attribution, as a comment and as the `attribution` field the suite loader reads.

Selection (deterministic, no randomness):
  - plan cases: one for the whole book (topics = chapters, subtopics = sections) and one for each
    of CHAPTER_PLANS chapters spread evenly over the book (golden = the chapter's sections);
  - subtopic cases: SUBTOPICS_PER_BOOK sections spread evenly over the book, taken among sections
    with at least MIN_TERMS glossary terms (and at most MAX_TERMS, to keep the files small) in
    chapters with at least MIN_SECTIONS sections (so there are siblings to leak into).
    subtopic = section title, topic = chapter title, siblings = the chapter's other sections,
    golden terms = the section glossary, golden MCQs = the section's review questions without
    `needs_figure`, objectives = the section's learning objectives.
  - held-out (`split: test`) cases, from chapters no dev case touches (neither a dev chapter
    plan nor a dev subtopic's chapter): TEST_CHAPTER_PLANS chapter plans and TEST_SUBTOPICS
    subtopic cases per book, chosen by the same rules. No shipped family was tuned on them:
    measure with `primer eval openstax --split test`, tune on `--split dev`. (The book-level plan
    case is dev and lists every chapter's title, test chapters' too; it never shows them to a
    model.)

With --documents it writes the documents variant instead, `Evaluations/openstax-docs`: the same
cases, each chapter plan case with its chapter's text attached and each section case with its
section's text (../shared/golden/openstax/text/<book>/chNN.md and chNN-sMM.md, copied into
Evaluations/openstax-docs/text/ with each book's ATTRIBUTION.txt), so a run of both suites pairs
every case with and without its document. The whole-book plan cases have no text and stay as
they are.

Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import sys

SUBTOPICS_PER_BOOK = 6
CHAPTER_PLANS = 2
MIN_TERMS = 3
MAX_TERMS = 20
MIN_SECTIONS = 3
TEST_CHAPTER_PLANS = 1
TEST_SUBTOPICS = 3

BOOKS = [
    "biology-2e",
    "chemistry-2e",
    "principles-microeconomics-3e",
    "psychology-2e",
    "us-history",
]


def spread(items, n):
    """n items evenly spaced over the list (first one at the start of the first stride's middle)."""
    if len(items) <= n:
        return list(items)
    return [items[(2 * i + 1) * len(items) // (2 * n)] for i in range(n)]


# --- A minimal YAML emitter: block mappings and sequences, every string double-quoted. ---------

def quote(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or code in (0x2028, 0x2029, 0xFEFF):
            out.append("\\u%04X" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def scalar(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return quote(value)
    raise TypeError(value)


def emit(value, indent=0):
    """Lines of YAML for a dict or list at the given indentation."""
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{key}:")
                lines.extend(emit(item, indent + 2))
            elif isinstance(item, (dict, list)):
                lines.append(f"{pad}{key}: {'{}' if isinstance(item, dict) else '[]'}")
            else:
                lines.append(f"{pad}{key}: {scalar(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and item:
                sub = emit(item, indent + 2)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines.extend(sub[1:])
            elif isinstance(item, list):
                if not item:
                    lines.append(f"{pad}- []")
                else:
                    lines.append(f"{pad}-")
                    lines.extend(emit(item, indent + 2))
            else:
                lines.append(f"{pad}- {scalar(item)}")
    return lines


# --- Cases ----------------------------------------------------------------------------------------

def subject_for_book(book):
    return {
        "title": book["book"],
        "notes": f"An introductory college course following the OpenStax textbook {book['book']}.",
        "kind": "general",
    }


def book_plan_case(book):
    return {
        "id": f"{book['slug']}/book",
        "kind": "plan",
        "subject": subject_for_book(book),
        "families": ["plan"],
        "golden": {
            "topics": [
                {"title": ch["title"], "sections": [s["title"] for s in ch["sections"]]}
                for ch in book["chapters"]
            ]
        },
    }


def chapter_plan_case(book, number, chapter):
    return {
        "id": f"{book['slug']}/ch{number:02d}",
        "kind": "plan",
        "subject": {
            "title": chapter["title"],
            "notes": f"Chapter {number} of the OpenStax textbook {book['book']}, as a short course of its own.",
            "kind": "general",
        },
        "families": ["plan"],
        "golden": {"sections": [s["title"] for s in chapter["sections"]]},
    }


def subtopic_case(book, ch_number, chapter, sec_number, section):
    mcq = [
        {"stem": q["stem"], "choices": q["choices"], "answer": q["answer"]}
        for q in section["mcq"]
        if not q.get("needs_figure")
    ]
    golden = {
        "objectives": section["objectives"],
        "terms": [{"term": t["term"], "definition": t["definition"]} for t in section["terms"]],
    }
    if mcq:
        golden["mcq"] = mcq
    return {
        "id": f"{book['slug']}/{ch_number}.{sec_number}",
        "kind": "subtopic",
        "subject": subject_for_book(book),
        "topic": chapter["title"],
        "subtopic": section["title"],
        "siblings": [s["title"] for s in chapter["sections"] if s is not section],
        "families": ["lesson", "flashcards", "quiz", "terms"],
        "golden": golden,
    }


def subtopic_candidates(chapters):
    candidates = []
    for n, ch in chapters:
        if len(ch["sections"]) < MIN_SECTIONS:
            continue
        for m, sec in enumerate(ch["sections"], start=1):
            if MIN_TERMS <= len(sec["terms"]) <= MAX_TERMS:
                candidates.append((n, ch, m, sec))
    return candidates


def held_out(case):
    case["split"] = "test"
    return case


def build_book(book):
    chapters = list(enumerate(book["chapters"], start=1))
    cases = [book_plan_case(book)]
    plan_chapters = spread([c for c in chapters if len(c[1]["sections"]) >= MIN_SECTIONS], CHAPTER_PLANS)
    cases += [chapter_plan_case(book, n, ch) for n, ch in plan_chapters]
    subtopics = spread(subtopic_candidates(chapters), SUBTOPICS_PER_BOOK)
    cases += [subtopic_case(book, n, ch, m, sec) for n, ch, m, sec in subtopics]

    # Held out: chapters that no dev case above comes from.
    used = {n for n, _ in plan_chapters} | {n for n, _, _, _ in subtopics}
    unseen = [(n, ch) for n, ch in chapters if n not in used]
    test_plans = spread([c for c in unseen if len(c[1]["sections"]) >= MIN_SECTIONS], TEST_CHAPTER_PLANS)
    cases += [held_out(chapter_plan_case(book, n, ch)) for n, ch in test_plans]
    test_subtopics = spread(subtopic_candidates(unseen), TEST_SUBTOPICS)
    cases += [held_out(subtopic_case(book, n, ch, m, sec)) for n, ch, m, sec in test_subtopics]
    return cases


def attach_documents(cases, slug, text_dir, out_text_dir):
    """Adds `documents:` to every chapter and section case and copies the texts; a case whose
    text the golden data lacks is left out of the variant (said on standard error)."""
    os.makedirs(os.path.join(out_text_dir, slug), exist_ok=True)
    shutil.copyfile(os.path.join(text_dir, slug, "ATTRIBUTION.txt"), os.path.join(out_text_dir, slug, "ATTRIBUTION.txt"))
    kept = []
    for case in cases:
        part = case["id"].split("/", 1)[1]
        if part == "book":
            kept.append(case)
            continue
        if part.startswith("ch"):
            name = f"{part}.md"
        else:
            chapter, section = part.split(".")
            name = f"ch{int(chapter):02d}-s{int(section):02d}.md"
        source = os.path.join(text_dir, slug, name)
        if not os.path.exists(source):
            print(f"{case['id']}: no text at {os.path.relpath(source)}; left out of the documents variant", file=sys.stderr)
            continue
        shutil.copyfile(source, os.path.join(out_text_dir, slug, name))
        case["subject"] = dict(case["subject"], documents=[f"text/{slug}/{name}"])
        kept.append(case)
    return kept


def write_book(book, out_dir, documents=None):
    attribution = (
        f"\"{book['book']}\" by OpenStax, Rice University, licensed under CC BY 4.0 "
        f"({book['license']}); access for free at https://openstax.org. "
        f"Source: {book['source']} @ {book['commit'][:12]}. Text reformatted, wording unchanged."
    )
    document = {
        "book": book["book"],
        "attribution": attribution,
        "cases": build_book(book) if documents is None else attach_documents(build_book(book), book["slug"], *documents),
    }
    header = [
        f"# {book['book']}: cases of the `openstax` evaluation suite.",
        "# Generated by scripts/build-openstax-suite.py from ../shared/golden/openstax; do not edit by hand.",
        f"# {attribution}",
    ]
    path = os.path.join(out_dir, f"{book['slug']}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(header + emit(document)) + "\n")
    return path, document["cases"]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=os.path.join(root, "..", "shared", "golden", "openstax"))
    parser.add_argument("--out", default=None, help="default: Evaluations/openstax/cases, or openstax-docs/cases with --documents")
    parser.add_argument("--documents", action="store_true", help="write the documents variant (Evaluations/openstax-docs)")
    args = parser.parse_args()
    suite = "openstax-docs" if args.documents else "openstax"
    args.out = args.out or os.path.join(root, "Evaluations", suite, "cases")
    documents = (os.path.join(args.source, "text"), os.path.join(os.path.dirname(args.out), "text")) if args.documents else None

    os.makedirs(args.out, exist_ok=True)
    for slug in BOOKS:
        with open(os.path.join(args.source, f"{slug}.json"), encoding="utf-8") as f:
            book = json.load(f)
        if book.get("license") != "http://creativecommons.org/licenses/by/4.0/":
            sys.exit(f"{slug}: license is {book.get('license')!r}, not CC BY 4.0; refusing")
        path, cases = write_book(book, args.out, documents)
        kinds = {}
        for case in cases:
            kinds[case["kind"]] = kinds.get(case["kind"], 0) + 1
        print(f"{os.path.relpath(path, root)}: {kinds} ({os.path.getsize(path) // 1024} KiB)")


if __name__ == "__main__":
    main()
