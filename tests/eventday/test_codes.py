"""Personal codes (issue 25): each player gets one, not guessable, read
without case or dashes; a code names its player and nobody else; a code
reissued replaces the old one, which stops working at once."""

from __future__ import annotations

import datetime

import pytest

from archon.eventday import codes
from archon.eventday.errors import WrongInput
from archon.rules.model import Event, Player

NAMES = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def club() -> Event:
    ev = Event(name="Club Night", date=datetime.date(2026, 12, 5))
    ev.players = [Player(n, first, "Test") for n, first in enumerate(NAMES, start=1)]
    return ev


def test_every_player_gets_a_distinct_code_without_look_alikes():
    done = codes.make_codes(club())
    ev = done.event
    assert done.changed and sorted(ev.codes) == [1, 2, 3, 4, 5, 6]
    assert len(set(ev.codes.values())) == 6
    for code in ev.codes.values():
        assert len(code) == 8
        assert not set(code) & set("01OIL")  # nothing to misread on a slip
    assert ev.checkin_code and len(ev.checkin_code) == 6
    # asked again: nothing new, the codes stay
    again = codes.make_codes(ev)
    assert not again.changed and again.event.codes == ev.codes


def test_codes_are_drawn_afresh_for_each_event():
    firsts = {codes.make_codes(club()).event.codes[1] for _ in range(20)}
    assert len(firsts) == 20


def test_a_code_names_its_player_as_typed_by_hand():
    ev = codes.make_codes(club()).event
    code = ev.codes[4]
    assert codes.player_of_code(ev, code) == 4
    spaced = f" {code[:4].lower()}-{code[4:].lower()} "
    assert codes.player_of_code(ev, spaced) == 4
    assert codes.player_of_code(ev, "") is None
    assert codes.player_of_code(ev, ev.checkin_code) is None  # the event's code names nobody
    wrong = ("2" if code[0] != "2" else "3") + code[1:]
    assert codes.player_of_code(ev, wrong) is None


def test_reissue_stops_the_old_code():
    ev = codes.make_codes(club()).event
    old = ev.codes[2]
    done = codes.reissue(ev, "Ben")
    new = done.event.codes[2]
    assert new != old and codes.player_of_code(done.event, new) == 2
    assert codes.player_of_code(done.event, old) is None
    assert "#2 Ben Test has a new personal code" in str(done)
    assert {n: c for n, c in done.event.codes.items() if n != 2} == {n: c for n, c in ev.codes.items() if n != 2}


def test_reissue_for_nobody_is_refused():
    with pytest.raises(WrongInput, match="no player"):
        codes.reissue(club(), "Zed")


def test_an_unregistered_players_code_names_nobody():
    from archon.eventday import unregister

    ev = codes.make_codes(club()).event
    cleo, dan = ev.codes[3], ev.codes[4]
    after = unregister(ev, 3).event
    assert codes.player_of_code(after, cleo) is None
    assert codes.player_of_code(after, dan) == 3  # Dan moved up to #3 with his code
