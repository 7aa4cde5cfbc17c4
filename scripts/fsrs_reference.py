#!/usr/bin/env python3
"""Replays review histories through py-fsrs, the reference FSRS-6 implementation, with fuzz off.

    python3 scripts/fsrs_reference.py < histories.json > states.json

Input: {"histories": [[{"rating": 1-4, "at": <epoch seconds>}, ...], ...]}. Output: for each
history, the card after each review: {"state", "step", "stability", "difficulty", "due"} with
`due` in epoch seconds. Needs `python3 -m pip install fsrs==6.3.2`; exits 3 naming that command
when fsrs cannot be imported.
"""
import json
import sys
from datetime import datetime, timezone

PIP_HINT = "python3 -m pip install fsrs==6.3.2"


def main():
    try:
        from fsrs import Card, Rating, Scheduler
    except Exception as error:  # ImportError, or a broken install
        print(f"the Python package 'fsrs' is not importable ({error!r}); install it with: {PIP_HINT}", file=sys.stderr)
        return 3
    scheduler = Scheduler(enable_fuzzing=False)
    results = []
    for history in json.load(sys.stdin)["histories"]:
        start = datetime.fromtimestamp(history[0]["at"], timezone.utc)
        card = Card(card_id=1, due=start)
        states = []
        for review in history:
            at = datetime.fromtimestamp(review["at"], timezone.utc)
            card, _ = scheduler.review_card(card, Rating(review["rating"]), review_datetime=at)
            states.append({
                "state": card.state.value,
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": card.due.timestamp(),
            })
        results.append(states)
    json.dump({"results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
