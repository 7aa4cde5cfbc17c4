#!/usr/bin/env python3
"""Makes an Anki .apkg WITH review history, written by the real `anki` library, for import tests.

    python3 scripts/anki_history_deck.py OUT.apkg [--cards 300] [--reviews 8] [--seed 7] [--now EPOCH_S] [--legacy]

Decks "Biology::Cells" and "Biology::Genetics": Basic notes (fronts not near-identical up to ~360 cards), ~10 %
Cloze notes with two deletions, HTML in a few fields. ~5 % of the cards are new; the others have reviews (mostly
M/2..M) by a learner with known FSRS-6 parameters (TRUE_PARAMS) on days before --now (default: now), and end
as review cards with that learner's memory in cards.data. Same --seed and --now, same texts and reviews.
--legacy: a schema-11 collection.anki21 instead of Anki's modern zstd collection.anki21b. Prints JSON:
{"apkg", "notes", "cards", "reviews" (revlog rows), "new_cards", "legacy", "now", "cards_detail": [{"deck",
"front" (as stored), "notetype", "ord", "reviews": [[epoch_ms, ease], ...]}]}.
Needs: python3 -m pip install anki==26.9.3 fsrs-rs-python==0.9.3
"""
import argparse
import json
import os
import random
import shutil
import tempfile
import time

TRUE_PARAMS = [0.5, 1.5, 3.0, 12.0, 6.4133, 0.8334, 3.0194, 0.001, 1.4, 0.1666, 0.796, 1.4835,
               0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.3]
DAY = 86400
MAX_IVL = 365  # the deck option "Maximum interval", so that histories span a few years at most

# Per deck: name, tag, places, the Cloze text, question forms ("front|back"; {a}, {b}: facts, {p}: a place)
# and facts (cells: structure|what it does|where it is; genetics: term|what it means|an example).
DECKS = [("Biology::Cells", "cells", ["plant", "animal", "yeast", "liver", "muscle", "root hair"],
          "In {p} cells the {{{{c1::{a[0]}}}}} is found {{{{c2::{a[2]}}}}} and {a[1]}.", """\
What is the main function of the {a[0]} in {p} cells?|It {a[1]}.
Where is the {a[0]} located in {p} cells?|{a[2]}.
What goes wrong in {p} cells whose {a[0]} is damaged?|They lose the {a[0]}, which {a[1]}.
How does the job of the {a[0]} differ from that of the {b[0]} in {p} cells?|The {a[0]} {a[1]}, whereas the {b[0]} {b[1]}.
In {p} cells, which structure {a[1]}: the {b[0]} or the {a[0]}?|The {a[0]}.""", """\
mitochondrion|produces most of the cell's ATP by aerobic respiration|in the cytoplasm, often near active membranes
ribosome|translates messenger RNA into polypeptide chains|free in the cytosol or bound to the rough ER
nucleus|stores the chromosomal DNA and directs gene expression|near the centre of most cells
nucleolus|assembles ribosomal subunits from rRNA and proteins|inside the nucleus
rough endoplasmic reticulum|folds and modifies proteins destined for secretion|continuous with the outer nuclear envelope
Golgi apparatus|sorts and packages proteins into vesicles|between the ER and the plasma membrane
lysosome|digests worn-out organelles with hydrolytic enzymes|scattered through the cytoplasm
chloroplast|captures light energy for photosynthesis|in mesophyll cells of green leaves
plasma membrane|controls what enters and leaves the cell|at the outer boundary of the cytoplasm
flagellum|propels the whole cell through liquid|at one end of the cell"""),
         ("Biology::Genetics", "genetics", ["pea plants", "fruit flies", "humans", "maize", "mice", "cats"],
          "In {p}, {{{{c1::{a[0]}}}}} means {{{{c2::{a[1]}}}}}, as in {a[2]}.", """\
In the genetics of {p}, what is meant by {a[0]}?|{a[1]}.
Give a textbook example of {a[0]}, then relate it to {p}.|{a[2]}.
How would you explain {a[0]} to a student breeding {p}?|It is {a[1]}; for example, {a[2]}.
How does {a[0]} differ from {b[0]}, with {p} in mind?|{a[0]} is {a[1]}, whereas {b[0]} is {b[1]}.
Which term do geneticists studying {p} use for {a[1]}: {b[0]} or {a[0]}?|{a[0]}.""", """\
allele|an alternative form of a gene at the same locus|the A and B alleles of the ABO blood group gene
genotype|the combination of alleles an organism carries|a pea plant that is Tt for stem height
phenotype|the observable traits produced by genotype and environment|purple versus white flower colour
incomplete dominance|a heterozygote with an intermediate phenotype|pink snapdragons from red and white parents
crossing over|exchange of segments between homologous chromatids|recombinant offspring in a dihybrid test cross
independent assortment|random orientation of chromosome pairs at meiosis I|the 9:3:3:1 ratio of a dihybrid cross
gene linkage|the tendency of nearby genes to be inherited together|body colour and wing shape in fruit flies
frameshift mutation|an insertion or deletion that shifts the reading frame|a single-base deletion early in a gene
epistasis|one gene masking the effect of another gene|coat colour in Labrador retrievers
sex linkage|a gene carried on a sex chromosome|red-green colour blindness""")]


def notes_content(n_cards, rng):
    """[(deck, tag, notetype, fields)] with n_cards cards in all; about 10 % of the notes are Cloze."""
    n_cloze = round(n_cards / 11)
    n_notes, made, out, pools = n_cards - n_cloze, {"Basic": 0, "Cloze": 0}, [], []
    for _, _, _, _, asks, facts in DECKS:
        asks, facts = [a.split("|") for a in asks.splitlines()], [f.split("|") for f in facts.splitlines()]
        # Each question form with each fact or pair of facts once, one-fact questions first; a front that names
        # both facts alike (a comparison, no {a[1]}) is asked once per unordered pair.
        singles = [(a, f, f) for a in asks if "{b" not in a[0] for f in facts]
        pairs = [(a, f, g) for a in asks if "{b" in a[0] for i, f in enumerate(facts) for j, g in enumerate(facts)
                 if j > i or (j < i and "{a[1]}" in a[0])]
        pools.append((rng.sample(singles, len(singles)) + rng.sample(pairs, len(pairs)), facts))
    for k in range(n_notes):
        kind = "Cloze" if (k + 1) * n_cloze // n_notes != k * n_cloze // n_notes else "Basic"  # Cloze spread evenly
        n, which = divmod(made[kind], 2)  # each kind alternates between the decks; n: this deck's so far
        made[kind] += 1
        (deck, tag, places, cloze, _, _), (pool, facts) = DECKS[which], pools[which]
        if kind == "Cloze":
            text = cloze.format(a=facts[n % len(facts)], p=places[(n + n // len(facts)) % len(places)])
            out.append((deck, tag, kind, [text.replace(" and ", "<br>and ") if n == 0 else text, ""]))
            continue
        (front, back), a, b = pool[n % len(pool)]
        place = places[(facts.index(a) + n // len(pool)) % len(places)]
        front, back = front.format(a=a, b=b, p=place), back.format(a=a, b=b, p=place)
        back = back[0].upper() + back[1:]
        if n == 0:  # HTML in a few fields, so importers must strip it
            front = front.replace(a[0], f"<b>{a[0]}</b>", 1)
            back += "<br>Structure &amp; function go together." if which == 0 else "<br><i>Mendel &amp; Morgan</i>"
        out.append((deck, tag, kind, [front, back]))
    return out


def simulate(rng, n_reviews, truth):
    """n_reviews reviews [(day, rating, scheduled ivl, memory after it, lapses so far)] from day 0: each at the
    scheduled interval times U(0.6, 1.6), recall drawn from the FSRS-6 curve; a fail is Again, a success mostly Good."""
    names = {1: "again", 2: "hard", 3: "good", 4: "easy"}
    rating = rng.choices([1, 2, 3, 4], [0.2, 0.1, 0.6, 0.1])[0]
    state = getattr(truth.next_states(None, 0.9, 0), names[rating]).memory
    day, lapses, rows, decay = 0, 0, [], -TRUE_PARAMS[20]
    while True:
        ivl = min(MAX_IVL, max(1, round(truth.next_interval(state.stability, 0.9, 3))))
        rows.append((day, rating, ivl, state, lapses))
        if len(rows) == n_reviews:
            return rows
        gap = max(1, round(ivl * rng.uniform(0.6, 1.6)))
        recall = (1 + (0.9 ** (1 / decay) - 1) * gap / state.stability) ** decay
        rating = 1 if rng.random() > recall else rng.choices([2, 3, 4], [0.15, 0.75, 0.1])[0]
        lapses += rating == 1
        state = getattr(truth.next_states(state, 0.9, gap), names[rating]).memory
        day += gap


def history(rng, m, truth, now_ms):
    """A card's reviews before now: [(epoch ms, rating, ivl, memory, lapses)]. Now is a day between review m/2 and
    review m of an independent timeline, so which reviews fall before it never depends on their outcomes."""
    timeline, ref = simulate(rng, 3 * m, truth), simulate(rng, m, truth)
    now_day, time_of_day = rng.randint(ref[max(1, m // 2) - 1][0] + 1, max(1, ref[-1][0])), rng.randint(0, 10 * 3600)
    return [(now_ms - ((now_day - day) * DAY + time_of_day) * 1000 - rng.randint(0, 999), *rest)
            for day, *rest in timeline if day < now_day]


def fresh(ms, taken):
    while ms in taken:
        ms += 1
    taken.add(ms)
    return ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    for option, default in (("--cards", 300), ("--reviews", 8), ("--seed", 7)):
        parser.add_argument(option, type=int, default=default)
    parser.add_argument("--now", type=float, default=time.time())
    parser.add_argument("--legacy", action="store_true")
    parser.add_argument("--text", help="also write Anki's plain-text notes export here (File › Export › Notes in Plain Text)")
    args = parser.parse_args()
    from anki.collection import Collection, ExportAnkiPackageOptions
    from anki.cards import FSRSMemoryState
    from fsrs_rs_python import FSRS
    rng, truth, now_ms = random.Random(args.seed), FSRS(TRUE_PARAMS), int(args.now * 1000)
    workdir = tempfile.mkdtemp(prefix="primer-anki-history-")
    col = Collection(os.path.join(workdir, "collection.anki2"))
    try:
        cards, detail, used = [], [], set()
        for deck, tag, kind, fields in notes_content(args.cards, rng):
            note = col.new_note(col.models.by_name(kind))
            note.fields = fields
            note.tags = [tag, "imported"]
            col.add_note(note, col.decks.id(deck))
            for card in sorted(note.cards(), key=lambda c: c.ord):
                rows = [] if rng.random() < 0.05 else [(fresh(ms, used), *rest) for ms, *rest in history(rng, args.reviews, truth, now_ms)]
                cards.append((card, rows))
                detail.append({"deck": deck, "front": note.fields[0], "notetype": kind, "ord": card.ord,
                               "reviews": [[ms, rating] for ms, rating, *_ in rows]})
        # A real collection is older than its reviews: move crt back (by whole days, keeping its hour).
        first = min((rows[0][0] // 1000 for _, rows in cards if rows), default=col.crt)
        col.crt -= ((col.crt - first) // DAY + 30) * DAY
        for card, rows in cards:
            for k, (ms, rating, ivl, _, _) in enumerate(rows):
                kind = 0 if k == 0 else (2 if k > 1 and rows[k - 1][1] == 1 else 1)  # learn; relearn after a lapse; review
                col.db.execute("insert into revlog (id,cid,usn,ease,ivl,lastIvl,factor,time,type) values (?,?,?,?,?,?,?,?,?)",
                               ms, card.id, -1, rating, ivl, rows[k - 1][2] if k else 0, 2500, rng.randint(3000, 15000), kind)
            if rows:
                last_ms, _, ivl, state, lapses = rows[-1]
                card.type, card.queue, card.ivl, card.factor, card.left, card.reps, card.lapses = 2, 2, ivl, 2500, 0, len(rows), lapses
                card.due = (last_ms // 1000 - col.crt) // DAY + ivl  # an Anki day number
                card.memory_state = FSRSMemoryState(stability=state.stability, difficulty=state.difficulty)
                card.last_review_time = last_ms // 1000
                col.update_card(card)
        # Anki ids are creation times (ms): date each note and its cards before its first review.
        taken = set(col.db.list("select id from notes union select id from cards"))
        for nid, first in col.db.all("select n.id, min(r.id) from notes n join cards c on c.nid = n.id "
                                     "left join revlog r on r.cid = c.id group by n.id order by n.id"):
            new_nid = fresh((first or now_ms) - rng.randint(60, 3 * DAY) * 1000, taken)
            col.db.execute("update notes set id = ? where id = ?", new_nid, nid)
            for cid in col.db.list("select id from cards where nid = ? order by ord", nid):
                new_cid = fresh(new_nid + 1, taken)
                col.db.execute("update cards set id = ?, nid = ? where id = ?", new_cid, new_nid, cid)
                col.db.execute("update revlog set cid = ? where cid = ?", new_cid, cid)
        total = sum(len(rows) for _, rows in cards)
        assert col.db.scalar("select count() from revlog") == total, "revlog rows lost by update_card"
        out = os.path.abspath(args.out)
        col.export_anki_package(out_path=out, limit=None, options=ExportAnkiPackageOptions(
            with_scheduling=True, with_deck_configs=True, with_media=True, legacy=args.legacy))
        if args.text:
            col.export_note_csv(out_path=os.path.abspath(args.text), limit=None, with_html=True, with_tags=True, with_deck=True,
                                with_notetype=True, with_guid=True)
        result = {"apkg": out, "notes": col.note_count(), "cards": col.card_count(), "reviews": total, "new_cards":
                  sum(1 for _, rows in cards if not rows), "legacy": args.legacy, "now": args.now, "cards_detail": detail}
    finally:
        col.close()
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
