"""Rebuild the sample event: ``python samples/make_sample.py``.

A complete fictional event, made with archon's own library from
``samples/players.csv``: 25 players, 3R+F, seated by archon's seating
engine, every table a legal result, ties at the cut broken by a seeded coin
toss, and a final. The result is ``samples/sample-event.xlsx`` in archon's
built-in template (results written as values).
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

from archon.api import new  # noqa: E402
from archon.model import Final, Round, Table  # noqa: E402
from archon.scoring import legal_results  # noqa: E402
from archon.seating import plan  # noqa: E402
from archon.standings import compute  # noqa: E402
from archon.workbook import load_event, write_event  # noqa: E402

OUT = HERE / "sample-event.xlsx"
SEED = 1999  # the year Vampire: The Eternal Struggle got its name


def result(rng: random.Random, size: int) -> list[float]:
    """A legal result, with the shapes real tables show most."""
    results = sorted(legal_results(size))
    shape = rng.random()
    if shape < 0.15:
        return [0.5] * size  # everybody survives to the time limit
    if shape < 0.35:
        return list(rng.choice([r for r in results if max(r) >= 2 and list(r).count(max(r)) == 1 and sum(r) == size]))
    return list(rng.choice(results))


def main() -> int:
    rng = random.Random(SEED)
    if OUT.exists():
        OUT.unlink()
    new(OUT, name="Sample Constructed Tournament", date=dt.date(2026, 12, 5), city="Lisboa",
        organizer="Marta Silva", level="Standard Constructed", format="3R+F",
        players=HERE / "players.csv")
    event = load_event(OUT)
    numbers = [p.number for p in event.players]
    rng.shuffle(numbers)  # seat at random: player numbers follow registration order
    seating = plan(numbers, 3, seed=SEED)
    for k, tables in enumerate(seating, start=1):
        event.rounds.append(Round(k, [Table(list(t), result(rng, len(t))) for t in tables]))
    st = compute(event)
    while st.ties:  # a seeded coin toss for every tie in the top five
        for tie in st.ties:
            order = list(tie.players)
            rng.shuffle(order)
            for coin, n in enumerate(order, start=1):
                event.player(n).coin = coin
        st = compute(event)
    finalists = list(st.finalists)
    rng.shuffle(finalists)
    final = [0.0, 0.0, 0.0, 0.0, 0.0]
    while not (max(final) >= 2 and final.count(max(final)) == 1):
        final = result(rng, 5)
    event.final = Final(finalists, final)
    write_event(OUT, event)
    st = compute(load_event(OUT))
    winner = st.by_number()[st.winner].player
    print(f"wrote {OUT.relative_to(HERE.parent)}: {len(event.players)} players, winner {winner}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
