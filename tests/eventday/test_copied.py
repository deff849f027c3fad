"""The copy every event-day change makes of the event it is given
(:func:`archon.eventday.change.copied`): equal to it, and a change to the
copy never reaches the event the caller still holds (the console keeps
the event it read and shows it to every page)."""

import random

from oracle import random_event

from archon.eventday import record_result
from archon.eventday.change import copied
from archon.rules.model import JudgeWarning


def _event():
    ev = random_event(random.Random(7), 40, 3)
    ev.warnings.append(JudgeWarning(player=3, round=1, reason="slow play"))
    ev.codes[3] = "K7Q2"
    return ev


def test_the_copy_equals_the_event():
    ev = _event()
    assert copied(ev) == ev
    assert copied(ev) is not ev


def test_changing_the_copy_leaves_the_event_as_it_was():
    ev = _event()
    before = copied(ev)
    cp = copied(ev)
    cp.players[0].last_name = "Someone Else"
    cp.rounds[0].tables[0].vps[0] = 5.0
    cp.warnings[0].reason = "changed"
    cp.codes[3] = "ZZZZ"
    cp.final.seating.append(99)
    assert ev == before
    assert ev.players[0].last_name != "Someone Else"
    assert ev.warnings[0].reason == "slow play"


def test_a_result_recorded_leaves_the_event_read_as_it_was():
    ev = random_event(random.Random(8), 40, 3, rounds_played=2, with_final=False)
    rnd = ev.rounds[-1]
    table = rnd.tables[0]
    table.vps = [None] * len(table.players)  # not played yet
    before = copied(ev)
    vps = [0.5] * len(table.players)  # the time limit, no one ousted
    change = record_result(ev, rnd.number, 1, vps)
    assert change.event.rounds[-1].tables[0].vps == vps
    assert ev == before
