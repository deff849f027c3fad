"""Seating after a drop or a late arrival never ends worse than it did when
issue 24's work was checked: the seating benchmark's sweep of changed
events saved archon's score of every event (``benchmarks/seating/
bend_reference.json``, nine figures, the spreads as exact variances), and a
sample of those events is seated again here, exactly as the sweep seats
them, and compared rule by rule (R1 first). The whole sweep:
``python -m benchmarks.seating --bend --against benchmarks/seating/bend_reference.json``.

A seating that ends better is welcome (save a new reference with ``--save``);
one that ends worse on the first rule that differs means more repeated
opponents, seats or relations for the players of a real event. The
reference was saved again when the plans kept for 4 to 64 players were
made to begin with the best 2 rounds (a change before round 3 then ends
worse than seating round by round in 24 events of 654, not 58; against the
reference before, better in 166, equal in 263 and worse in 225, mostly on
the spreads R8 and R3, as many repeated opponents in all).

The reference was saved with CPython 3.11, the Python CI runs: the search
breaks ties on sums of floats, and Python 3.12's ``sum`` adds floats with
a compensation 3.11's does not, so another Python may seat some events
otherwise (better or worse) with the same code.
"""

from __future__ import annotations

import sys

import pytest

from conftest import REPO

if str(REPO) not in sys.path:  # the benchmark's own way of seating an event; last, so the
    sys.path.append(str(REPO))  # archon the tests run stays the installed one

from benchmarks.seating.bend import load_saved, one_event  # noqa: E402

REFERENCE = REPO / "benchmarks" / "seating" / "bend_reference.json"

#: (players, change, the round it comes before): small and middle events,
#: every kind of change, before round 2 and before round 3 (where the
#: reference itself loses to seating round by round in some events)
SAMPLE = [
    (9, "a drop", 3), (12, "a late arrival", 2), (14, "two drops", 3), (16, "a drop and a late arrival", 2),
    (17, "two drops", 3), (19, "a late arrival", 3), (20, "a drop", 2), (22, "a drop", 2),
    (22, "a drop and a late arrival", 3), (24, "a late arrival", 2), (26, "two drops", 2),
    (28, "a drop", 3), (31, "a late arrival", 3), (36, "a drop", 3), (41, "a drop and a late arrival", 2),
    (58, "a drop and a late arrival", 3),
]


@pytest.fixture(scope="module")
def reference():
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the reference was saved with Python 3.11 (see the module)")
    return load_saved(str(REFERENCE))


@pytest.mark.parametrize("players, change, before", SAMPLE)
def test_seating_after_a_change_ends_no_worse_than_the_saved_reference(reference, players, change, before):
    row = one_event((players, change, before, 1, ("archon",)))
    assert not row["skipped"]
    saved = reference[f"{players}|{change}|{before}|1"]
    now = row["score"]["archon"]
    assert now <= saved, (f"{players} players, {change} before round {before}: "
                          f"{now.first_difference(saved)} worse than the reference", now, saved)
