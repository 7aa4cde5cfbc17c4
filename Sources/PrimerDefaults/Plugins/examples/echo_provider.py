#!/usr/bin/env python3
"""A tiny Primer provider for `adapter: exec`, protocol v1 (see README.md in this folder).

It calls no model: it answers from the request's `purpose` with short, well-formed text in the
formats Primer's prompts ask for, so it runs offline and always gives the same answer.
To write a real provider, keep the loop in `main()` and replace `write()` with a call to your
model, sending it `request["messages"]` (and `request["json_schema"]` when it is not null).

Rules of the protocol, as this file follows them:
  - read one JSON object per line on stdin, answer with one JSON object per line on stdout;
  - flush after every answer; never print anything else on stdout (logs go to stderr);
  - echo the request's `id`; report failures as {"id": ..., "error": {"message", "retryable"}};
  - exit when stdin closes.
"""
import json
import sys


def plan(p):
    s = p["subject"]
    topics = [
        (f"Foundations of {s}", "the ideas everything else builds on",
         [f"Core Vocabulary of {s}", f"Key Ideas of {s}", f"A Short History of {s}"]),
        (f"Working with {s}", "techniques and the usual pitfalls",
         [f"Basic Techniques in {s}", f"Common Mistakes in {s}", f"Worked Examples in {s}"]),
        (f"{s} in Practice", "where it is used",
         [f"Everyday Uses of {s}", f"Tools for {s}"]),
    ]
    blocks = []
    for title, overview, subtopics in topics:
        blocks.append("\n".join([f"## {title} — {overview}"] + [f"- {sub}" for sub in subtopics]))
    return "\n\n".join(blocks)


def lesson(p):
    sub, topic, subject = p["subtopic"], p["topic"], p["subject"]
    return f"""# {sub}

{sub} is one of the lessons of {topic}, a part of {subject}. This page explains what it is,
why it matters and how to practise it, in a few short paragraphs.

## What it is

{sub} names a group of ideas that belong together. Learners meet it after the basics of
{topic}, and it prepares the ground for the lessons that follow it in {subject}.

## Why it matters

Without {sub}, later material feels like a list of unrelated facts. With it, each new idea
has a place to go, and mistakes become easier to spot and to explain.

## How to practise

Read one example slowly, say in your own words what it shows, then try a similar case
without looking. Come back a day later and repeat: short, spaced practice works best.
"""


def flashcards(p):
    sub, topic = p["subtopic"], p["topic"]
    cards = [
        (f"What does {sub} cover?", f"The part of {topic} that the lesson on {sub} explains"),
        (f"Why study {sub}?", f"Because later lessons of {topic} build on {sub}"),
        (f"How do you practise {sub}?", f"Work one example of {sub} slowly, then try a similar one alone"),
        (f"What is a common mistake with {sub}?", f"Memorising rules of {sub} without checking them on an example"),
    ]
    return "\n".join(f"{front} | {back}" for front, back in cards)


def quiz(p):
    sub, topic = p["subtopic"], p["topic"]
    questions = [
        (f"Which topic does {sub} belong to?",
         ["An unrelated subject", topic, "None, it stands alone", "A later course"], 1,
         f"The plan places {sub} under {topic}."),
        (f"What is the best way to practise {sub}?",
         ["Reading the notes once", f"Working examples of {sub} with spaced repetition",
          "Skipping to the next lesson", "Memorising the title"], 1,
         "Worked examples, repeated over several days, make the ideas stick."),
    ]
    blocks = []
    for number, (question, choices, answer, explanation) in enumerate(questions, start=1):
        lines = [f"{number}. {question}"]
        lines += [f"{letter}) {choice}" for letter, choice in zip("ABCD", choices)]
        lines += [f"Answer: {'ABCD'[answer]}", f"Explanation: {explanation}"]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def terms(p):
    sub, topic = p["subtopic"], p["topic"]
    return "\n".join([
        f"{sub}: the lesson of {topic} these terms come from",
        f"Worked example of {sub}: a case solved step by step to show the method",
        f"Common mistake in {sub}: an error learners often make before the idea is clear",
    ])


def cloze(p):
    sub = p["subtopic"]
    return "\n".join([
        f"{{{{c1::{sub}}}}} is one part of {{{{c2::{p['topic']}}}}}.",
        f"A worked example of {{{{c1::{sub}}}}} goes {{{{c2::step by step}}}}.",
        f"Learners who study {{{{c1::{sub}}}}} first learn its {{{{c2::definitions}}}}.",
    ])


def matching(p):
    sub, topic = p["subtopic"], p["topic"]
    pairs = [
        (sub, f"the lesson of {topic} these pairs come from"),
        ("Worked example", f"a case of {sub} solved step by step"),
        ("Common mistake", f"an error learners make before {sub} is clear"),
        ("Review", f"going over {sub} again days later"),
    ]
    return "\n".join([f"Match: Ideas of {sub}"] + [f"- {left} | {right}" for left, right in pairs])


def ordering(p):
    sub = p["subtopic"]
    steps = [f"Read the lesson on {sub}", f"Work one example of {sub}", "Try a similar example alone", f"Review {sub} a few days later"]
    return "\n".join([f"Order: Studying {sub}"] + [f"{number}. {step}" for number, step in enumerate(steps, start=1)])


# One writer per output kind: a registered shape's kind is its name (matching, ordering).
WRITERS = {"plan": plan, "lesson": lesson, "notes": lesson, "flashcards": flashcards, "quiz": quiz, "terms": terms, "cloze": cloze,
           "matching": matching, "ordering": ordering}


def write(request):
    """The text for one request. A real provider would call its model here."""
    purpose = request["purpose"]
    writer = WRITERS.get(purpose["output"])
    if writer is None:
        raise ValueError(f"unknown output kind {purpose['output']!r}")
    return writer(purpose)


def words(text):
    return len(text.split())


def answer(request):
    text = write(request)
    prompt = " ".join(message["content"] for message in request.get("messages", []))
    return {
        "id": request["id"],
        "text": text,
        "model": request.get("model") or "echo-1",
        "usage": {"prompt_tokens": words(prompt), "completion_tokens": words(text)},
        "cost": 0,
        "citations": [],
        "finish_reason": "stop",
    }


def main():
    print("echo provider ready (protocol 1)", file=sys.stderr, flush=True)
    while True:
        line = sys.stdin.readline()
        if not line:  # stdin closed: Primer is done with us
            return
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.get("id")
            reply = answer(request)
        except Exception as error:  # report it to Primer instead of dying
            reply = {"id": request_id, "error": {"message": f"echo provider: {error}", "retryable": False}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
