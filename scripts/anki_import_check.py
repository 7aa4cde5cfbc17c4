#!/usr/bin/env python3
"""Imports Primer exports with the real Anki library and prints what the collection holds.

    python3 scripts/anki_import_check.py apkg FILE.apkg [FILE2.apkg ...]
    python3 scripts/anki_import_check.py text FILE.txt [FILE2.txt ...]
    python3 scripts/anki_import_check.py apkg-scheduled FILE.apkg

apkg-scheduled imports with the package's scheduling and adds "schedules": per note's first
field, its cards' type, queue, interval, reps, lapses and "due_in_days" (review cards: Anki
days from today, as Anki counts them) or "due" (learning cards: epoch seconds).

Every file is imported, in order, into ONE fresh collection (so importing two exports of the
same kit shows whether notes are updated or duplicated). Prints one JSON object:
{"anki_version", "notes", "cards", "decks" (count), "deck_names", "guids", "notetypes",
"cloze_notetypes" (those Anki treats as Cloze), "notes_by_notetype", "cards_by_notetype",
"tags", "imports": [per file: new/updated/duplicate... counts]}.

Needs the `anki` package from PyPI (tested with anki==26.9.3 on Python 3.11):
    python3 -m pip install anki==26.9.3
Exits 3 with a message naming that command when `anki` cannot be imported.
"""
import json
import os
import shutil
import sys
import tempfile

PIP_HINT = "python3 -m pip install anki==26.9.3"


def main(argv):
    if len(argv) < 3 or argv[1] not in ("apkg", "apkg-scheduled", "text"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        from anki.collection import Collection
        from anki.buildinfo import version as anki_version
    except Exception as error:  # ImportError, or a broken install
        print(f"the Python package 'anki' is not importable ({error!r}); install it with: {PIP_HINT}",
              file=sys.stderr)
        return 3

    kind, paths = argv[1], [os.path.abspath(p) for p in argv[2:]]
    workdir = tempfile.mkdtemp(prefix="primer-anki-check-")
    col = Collection(os.path.join(workdir, "collection.anki2"))
    try:
        imports = [import_text(col, p) if kind == "text" else import_package(col, p, kind == "apkg-scheduled")
                   for p in paths]
        note_ids = col.find_notes("")
        notes = [col.get_note(nid) for nid in note_ids]
        decks = sorted(d.name for d in col.decks.all_names_and_ids())
        result = {
            "anki_version": anki_version,
            "notes": col.note_count(),
            "cards": col.card_count(),
            "decks": len(decks),
            "deck_names": decks,
            "guids": sorted(n.guid for n in notes),
            "notetypes": sorted({n.note_type()["name"] for n in notes}),
            "cloze_notetypes": sorted({n.note_type()["name"] for n in notes if n.note_type()["type"] == MODEL_CLOZE}),
            "notes_by_notetype": count_by_notetype(notes, lambda n: 1),
            "cards_by_notetype": count_by_notetype(notes, lambda n: len(n.card_ids())),
            "tags": sorted(col.tags.all()),
            "fields": sorted([list(n.fields) for n in notes])[:3],
            "imports": imports,
        }
        if kind == "apkg-scheduled":
            result["schedules"] = schedules(col, notes)
    finally:
        col.close()
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps(result, ensure_ascii=False))
    return 0


# anki.consts.MODEL_CLOZE: a note type whose cards come from the note's {{cN::…}} deletions.
MODEL_CLOZE = 1


def count_by_notetype(notes, count):
    totals = {}
    for note in notes:
        name = note.note_type()["name"]
        totals[name] = totals.get(name, 0) + count(note)
    return totals


def summary(response):
    log = response.log
    return {
        "new": len(log.new),
        "updated": len(log.updated),
        "duplicate": len(log.duplicate),
        "conflicting": len(log.conflicting),
        "first_field_match": len(log.first_field_match),
        "missing_notetype": len(log.missing_notetype),
        "missing_deck": len(log.missing_deck),
        "empty_first_field": len(log.empty_first_field),
        "found_notes": log.found_notes,
    }


def schedules(col, notes):
    out = {}
    for note in notes:
        for card in note.cards():
            entry = {"type": card.type, "queue": card.queue, "ivl": card.ivl, "reps": card.reps, "lapses": card.lapses}
            if card.type == 2:
                entry["due_in_days"] = card.due - col.sched.today
            elif card.queue == 1:
                entry["due"] = card.due
            out[note.fields[0]] = entry
    return out


def import_package(col, path, with_scheduling=False):
    from anki.collection import ImportAnkiPackageOptions, ImportAnkiPackageRequest
    from anki.import_export_pb2 import ImportAnkiPackageUpdateCondition

    options = ImportAnkiPackageOptions(
        merge_notetypes=True,
        with_scheduling=with_scheduling,
        with_deck_configs=False,
        update_notes=ImportAnkiPackageUpdateCondition.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_ALWAYS,
        update_notetypes=ImportAnkiPackageUpdateCondition.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_ALWAYS,
    )
    response = col.import_anki_package(ImportAnkiPackageRequest(package_path=path, options=options))
    return summary(response)


def import_text(col, path):
    from anki.collection import ImportCsvRequest

    # The file's own header lines (#separator, #html, #notetype, #deck/#guid/#tags column)
    # decide everything; Anki reads them here.
    metadata = col.get_csv_metadata(path=path, delimiter=None)
    response = col.import_csv(ImportCsvRequest(path=path, metadata=metadata))
    return summary(response)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
