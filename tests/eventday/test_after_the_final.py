"""Once the final has its result the event is over: a drop would move
everyone below the dropped player up a rank (their rating points with it),
so it is refused, saying the ways to change a finished event: undo, or a
judge's decision recorded with the final's result."""

from __future__ import annotations

import json

from archon.rules.model import Final
from test_event_e2e import FINAL_VPS
from test_eventday import book, ok, refused, tossed, winter_cup


def _finished(tmp_path, vps=FINAL_VPS):
    event = tossed(winter_cup(3), winner=15)
    event.final = Final([6, 15, 1, 4, 2], list(vps))
    return book(tmp_path, event)


def test_a_drop_once_the_final_has_its_result_is_refused_and_the_ranks_stay(tmp_path):
    path = _finished(tmp_path)
    ranks = [(p["number"], p["rank"]) for p in json.loads(ok("standings", path, "--json"))["players"]]
    out = refused(path, "drop", path, "20")
    assert "the final has its result: the event is over, and dropping #20 " in out
    assert "archon undo cup.xlsx takes back the last change" in out.replace(str(path), "cup.xlsx")
    assert "--override" in out and "--final" in out
    refused(path, "drop", path, "6", "--reason", "DQ")  # a finalist too
    assert [(p["number"], p["rank"]) for p in json.loads(ok("standings", path, "--json"))["players"]] == ranks


def test_a_drop_while_the_final_is_seated_without_a_result_is_still_the_finalists_rule(tmp_path):
    path = _finished(tmp_path, [None] * 5)
    assert "#20" in ok("drop", path, "20")  # not at the final: left out of the next seatings (none)
    out = refused(path, "drop", path, "6")
    assert "seated at the final table" in out and "event is over" not in out
