"""A toss made at the table (a coin, a die) entered as tossed: ``archon toss
FILE --order 15,11`` gives the tied players' coin rankings in that order
(the winner first), as if the organizer typed them in Methuselahs column M;
an order that does not name exactly the players of one tie is refused
saying who is missing and who is not in it, and nothing is written.

The Winter Cup after 3 rounds (test_event_e2e): #11 and #15 tie for the
last place in the final."""

from __future__ import annotations

import json

from archon import api
from archon.exits import ExitStatus
from test_eventday import book, ok, refused, tossed, winter_cup


def _standings(path) -> list:
    return [(p["number"], p["rank"], p["finalist"], p["coin"])
            for p in json.loads(ok("standings", path, "--json"))["players"]]


def test_a_toss_made_at_the_table_is_entered_in_the_order_the_coin_gave(tmp_path):
    path = book(tmp_path, winter_cup(3))
    (tmp_path / "typed").mkdir()
    typed = book(tmp_path / "typed", tossed(winter_cup(3), winner=15))  # coins typed in column M by hand
    out = ok("toss", path, "--order", "15,11")
    assert "#15 Oscar Jensen won the toss, as tossed at the table — #15 Oscar Jensen coin 1, #11 Kaito Tanaka coin 2" in out
    assert "#15 Oscar Jensen reaches the final; #11 Kaito Tanaka is 6th" in out
    assert "draw seed" not in out and "--seed" not in out
    assert _standings(path) == _standings(typed)
    by = {n: (finalist, coin) for n, _, finalist, coin in _standings(path)}
    assert by[15] == (True, 1) and by[11] == (False, 2)


def test_an_order_that_is_not_one_tie_says_who_is_missing_and_who_is_not_in_it(tmp_path):
    path = book(tmp_path, winter_cup(3))
    out = refused(path, "toss", path, "--order", "15,12", status=ExitStatus.UNREADABLE)
    assert "the order must name exactly the players of one tie" in out
    assert "; missing #11 " in out and "; not in that tie: #12 " in out
    out = refused(path, "toss", path, "--order", "#15", status=ExitStatus.UNREADABLE)
    assert "; missing #11 " in out and "not in that tie" not in out
    out = refused(path, "toss", path, "--order", "15,15,11", status=ExitStatus.UNREADABLE)
    assert "names #15 " in out and "twice" in out
    out = refused(path, "toss", path, "--order", "15,x", status=ExitStatus.UNREADABLE)
    assert "'x' is not a player number" in out
    out = refused(path, "toss", path, "--order", "15,11", "--seed", "3", status=ExitStatus.UNREADABLE)
    assert "--order" in out and "--seed" in out


def test_an_order_before_the_preliminaries_are_over_is_refused_as_the_draw_is(tmp_path):
    path = book(tmp_path, winter_cup(2))
    out = refused(path, "toss", path, "--order", "15,11")
    assert "the preliminary rounds are not over" in out


def test_the_twin_takes_a_list_and_a_dry_run_writes_nothing(tmp_path):
    path = book(tmp_path, winter_cup(3))
    before = path.read_bytes()
    rep = api.toss(path, order=[11, 15], dry_run=True)
    assert rep.changed and rep.event.player(11).coin == 1 and rep.event.player(15).coin == 2
    assert path.read_bytes() == before
