#!/usr/bin/env python3
"""The (d) baseline: Primer's batch workload written as a plain Python script.

Official `openai` package (AsyncOpenAI, `chat.completions.parse` with pydantic models for the
JSON families), `pydantic` validation of every item, `sqlite3` storage (WAL, one transaction per
answer) — against the same loopback stub as Primer (`primer-bench stub`).

Per subject: one plan call, then for each of the first --max-subtopics subtopics the notes,
flashcards, quiz and terms calls, in order. --jobs subjects run side by side (asyncio tasks), as
`primer batch --jobs N --concurrency 1` does.

Prints one JSON object: calls, wall seconds and CPU seconds (getrusage of this process, around the
work and for the whole process including interpreter start and imports).
"""
import argparse
import asyncio
import json
import resource
import sqlite3
import sys
import time

T0_USAGE = resource.getrusage(resource.RUSAGE_SELF)

from openai import AsyncOpenAI  # noqa: E402
from pydantic import BaseModel, Field, conlist  # noqa: E402

SYSTEM = ("You are an experienced teacher who writes accurate, well-structured study material for one "
          "subtopic at a time. Follow the requested output format exactly and write nothing else.")
PLAN_SYSTEM = "You are an experienced teacher who designs clear, well-ordered study plans. You answer with the plan only."


class Topic(BaseModel):
    title: str = Field(min_length=1)
    overview: str
    subtopics: conlist(str, min_length=1)


class Plan(BaseModel):
    topics: conlist(Topic, min_length=2, max_length=12)


class Card(BaseModel):
    front: str = Field(min_length=2, max_length=400)
    back: str = Field(min_length=1, max_length=400)


class Flashcards(BaseModel):
    flashcards: conlist(Card, min_length=3, max_length=60)


class Question(BaseModel):
    question: str = Field(min_length=2)
    choices: conlist(str, min_length=4, max_length=4)
    answer_index: int = Field(ge=0, le=3)
    explanation: str


class Quiz(BaseModel):
    questions: conlist(Question, min_length=2, max_length=30)


class TermItem(BaseModel):
    term: str = Field(min_length=1)
    definition: str = Field(min_length=2)


class Terms(BaseModel):
    terms: conlist(TermItem, min_length=2, max_length=60)


class Notes(BaseModel):
    text: str = Field(min_length=200)


SCHEMA = """
PRAGMA journal_mode = WAL;
PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS subjects (id INTEGER PRIMARY KEY, title TEXT UNIQUE NOT NULL, created_at REAL);
CREATE TABLE IF NOT EXISTS topics (id INTEGER PRIMARY KEY, subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  position INTEGER, title TEXT, overview TEXT);
CREATE TABLE IF NOT EXISTS subtopics (id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
  position INTEGER, title TEXT);
CREATE TABLE IF NOT EXISTS generations (id INTEGER PRIMARY KEY, subject_id INTEGER, subtopic_id INTEGER, family TEXT,
  model TEXT, prompt_tokens INTEGER, completion_tokens INTEGER, latency_ms REAL, created_at REAL);
CREATE TABLE IF NOT EXISTS notes (subtopic_id INTEGER PRIMARY KEY REFERENCES subtopics(id) ON DELETE CASCADE, text TEXT, generation_id INTEGER);
CREATE TABLE IF NOT EXISTS flashcards (id INTEGER PRIMARY KEY, subtopic_id INTEGER REFERENCES subtopics(id) ON DELETE CASCADE,
  position INTEGER, front TEXT, back TEXT, generation_id INTEGER);
CREATE TABLE IF NOT EXISTS quiz (id INTEGER PRIMARY KEY, subtopic_id INTEGER REFERENCES subtopics(id) ON DELETE CASCADE,
  position INTEGER, question TEXT, choices TEXT, answer_index INTEGER, explanation TEXT, generation_id INTEGER);
CREATE TABLE IF NOT EXISTS terms (id INTEGER PRIMARY KEY, subject_id INTEGER REFERENCES subjects(id) ON DELETE CASCADE,
  subtopic_id INTEGER, term TEXT, definition TEXT, generation_id INTEGER);
"""


def context_block(subject, topic=None, subtopic=None, siblings=(), notes="", terms=()):
    block = f"## Subject\n{subject}"
    if topic is not None:
        block += f"\n\n## Topic\n{topic['title']}\n{topic['overview']}"
        block += f"\n\n## This subtopic\n{subtopic}"
        if siblings:
            block += "\n\n## Sibling subtopics (each has its own lesson: do NOT cover them here)\n"
            block += "\n".join(f"- {s}" for s in siblings)
        if terms:
            block += "\n\n## Terms already defined in this subject (do not define them again)\n" + ", ".join(terms)
        if notes:
            block += "\n\n## Study notes for this subtopic\n" + notes[:4000]
    return block


TASKS = {
    "notes": ('Write study notes on "{s}" (part of "{t}" in {subject}). Explain the ideas, define the key terms, '
              "give at least one worked example.\n\n## Output format\nMarkdown: a `#` title, short sections with `##` headings."),
    "flashcards": ('You write precise flashcards for spaced repetition. Write flashcards for "{s}".\n\n'
                   "## Output format\nJSON in the given schema."),
    "quiz": ('You write fair multiple-choice questions with plausible wrong answers. Write multiple-choice questions on "{s}".\n\n'
             "## Output format\nJSON in the given schema."),
    "terms": ('You write precise glossaries. List the key terms of "{s}" with a one-sentence definition each.\n\n'
              "## Output format\nJSON in the given schema."),
}
MODELS = {"flashcards": Flashcards, "quiz": Quiz, "terms": Terms}


class Counter:
    calls = 0


async def complete(client, model, messages, fmt, counter):
    counter.calls += 1
    start = time.perf_counter()
    if fmt is None:
        response = await client.chat.completions.create(model=model, messages=messages, temperature=0.4, max_tokens=1500)
        parsed = Notes(text=response.choices[0].message.content or "")
    else:
        response = await client.chat.completions.parse(
            model=model, messages=messages, response_format=fmt, temperature=0.5, max_tokens=1500)
        parsed = response.choices[0].message.parsed
        if parsed is None:
            raise ValueError("no parsed answer")
        fmt.model_validate(parsed.model_dump())  # validate the items again, as Primer's gates look at every item
    return parsed, response, (time.perf_counter() - start) * 1000


def record(db, subject_id, subtopic_id, family, response, latency):
    usage = response.usage
    cur = db.execute(
        "INSERT INTO generations (subject_id, subtopic_id, family, model, prompt_tokens, completion_tokens, latency_ms, created_at)"
        " VALUES (?,?,?,?,?,?,?,?)",
        (subject_id, subtopic_id, family, response.model, usage.prompt_tokens if usage else 0,
         usage.completion_tokens if usage else 0, latency, time.time()))
    return cur.lastrowid


async def run_subject(client, db, model, title, max_subtopics, counter):
    messages = [{"role": "system", "content": PLAN_SYSTEM},
                {"role": "user", "content": context_block(title) + f'\n\n## Task\nWrite a study plan for "{title}". '
                 "Split the subject into topics in study order, each into lesson-sized subtopics.\n\n"
                 "## Output format\nJSON in the given schema."}]
    plan, response, latency = await complete(client, model, messages, Plan, counter)
    with db:
        subject_id = db.execute("INSERT INTO subjects (title, created_at) VALUES (?, ?)", (title, time.time())).lastrowid
        record(db, subject_id, None, "plan", response, latency)
        work = []
        for ti, topic in enumerate(plan.topics):
            topic_id = db.execute("INSERT INTO topics (subject_id, position, title, overview) VALUES (?,?,?,?)",
                                  (subject_id, ti, topic.title, topic.overview)).lastrowid
            for si, sub in enumerate(topic.subtopics):
                sub_id = db.execute("INSERT INTO subtopics (topic_id, position, title) VALUES (?,?,?)",
                                    (topic_id, si, sub)).lastrowid
                work.append((topic, sub, sub_id))
    defined_terms = []
    for topic, sub, sub_id in work[:max_subtopics]:
        siblings = [s for s in topic.subtopics if s != sub]
        notes = ""
        for family in ("notes", "flashcards", "quiz", "terms"):
            user = context_block(title, {"title": topic.title, "overview": topic.overview}, sub, siblings, notes, defined_terms)
            user += "\n\n## Task\n" + TASKS[family].format(s=sub, t=topic.title, subject=title)
            messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
            parsed, response, latency = await complete(client, model, messages, MODELS.get(family), counter)
            with db:
                gid = record(db, subject_id, sub_id, family, response, latency)
                if family == "notes":
                    notes = parsed.text
                    db.execute("INSERT INTO notes (subtopic_id, text, generation_id) VALUES (?,?,?)", (sub_id, notes, gid))
                elif family == "flashcards":
                    db.executemany("INSERT INTO flashcards (subtopic_id, position, front, back, generation_id) VALUES (?,?,?,?,?)",
                                   [(sub_id, i, c.front, c.back, gid) for i, c in enumerate(parsed.flashcards)])
                elif family == "quiz":
                    db.executemany(
                        "INSERT INTO quiz (subtopic_id, position, question, choices, answer_index, explanation, generation_id)"
                        " VALUES (?,?,?,?,?,?,?)",
                        [(sub_id, i, q.question, json.dumps(q.choices), q.answer_index, q.explanation, gid)
                         for i, q in enumerate(parsed.questions)])
                else:
                    db.executemany("INSERT INTO terms (subject_id, subtopic_id, term, definition, generation_id) VALUES (?,?,?,?,?)",
                                   [(subject_id, sub_id, t.term, t.definition, gid) for t in parsed.terms])
                    defined_terms += [t.term for t in parsed.terms]


async def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base-url", required=True)
    ap.add_argument("--subjects", type=int, default=32)
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--max-subtopics", type=int, default=3)
    ap.add_argument("--db", required=True)
    ap.add_argument("--model", default="stub-1")
    args = ap.parse_args()
    if "127.0.0.1" not in args.base_url and "localhost" not in args.base_url:
        sys.exit("only a loopback stub, please")

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    client = AsyncOpenAI(base_url=args.base_url, api_key="stub", max_retries=0, timeout=120)
    counter = Counter()
    queue = asyncio.Queue()
    for i in range(args.subjects):
        queue.put_nowait(f"{['Linear Algebra', 'Organic Chemistry', 'Microeconomics', 'Cell Biology'][i % 4]} py{i + 1}")
    failures = []

    async def worker():
        while not queue.empty():
            title = queue.get_nowait()
            try:
                await run_subject(client, db, args.model, title, args.max_subtopics, counter)
            except Exception as error:  # one subject's failure never stops the others
                failures.append(f"{title}: {error!r}")

    u0 = resource.getrusage(resource.RUSAGE_SELF)
    w0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(args.jobs)))
    wall = time.perf_counter() - w0
    u1 = resource.getrusage(resource.RUSAGE_SELF)
    await client.close()
    db.close()
    work_cpu = (u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime)
    total_cpu = (u1.ru_utime - T0_USAGE.ru_utime) + (u1.ru_stime - T0_USAGE.ru_stime)
    print(json.dumps({
        "client": "python-openai", "calls": counter.calls, "subjects": args.subjects, "jobs": args.jobs,
        "failures": failures[:5], "failed": len(failures), "wall_seconds": wall,
        "work_cpu_seconds": work_cpu, "work_cpu_ms_per_call": work_cpu * 1000 / max(1, counter.calls),
        "process_cpu_seconds": total_cpu + (T0_USAGE.ru_utime + T0_USAGE.ru_stime),
        "max_rss_kb": u1.ru_maxrss,
    }))


if __name__ == "__main__":
    asyncio.run(main())
