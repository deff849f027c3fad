"""The Python twins of the event-day commands (archon.api): the same event as
the command line, driven from a script, with data back instead of text.

The Winter Cup of ``test_event_e2e`` after its three rounds (hand-worked
there): #11 and #15 tie for the last place in the final; seeds 1 to 4 are
#1, #2, #4, #6; the final 2 0 1 0 2 (seats #6, toss winner, #1, #4, #2) is
won by #2, the better seed of the two on 2 VP.
"""

from __future__ import annotations

import csv
import datetime

import pytest

from archon import api
from archon.cli.words import CliRenderer
from archon.eventday import AmbiguousPlayer, EventDayError
from archon.rules.model import Event, Player
from archon.formats.workbook import new_event, read_event
from archon.words.message import act
from test_event_e2e import PRELIM, URL
from test_eventday import said, winter_cup


def test_the_end_of_an_event_from_python(tmp_path):
    path = tmp_path / "cup.xlsx"
    event = winter_cup(3)
    event.date = datetime.date(2026, 12, 5)
    new_event(path, event)

    view = api.finals(path)
    assert not view.ready and [t.players for t in view.ties] == [(11, 15)]
    assert [f.number for f in view.finalists] == [1, 2, 4, 6]
    with pytest.raises(EventDayError) as refused:
        api.seat_final(path, [6, 11, 1, 4, 2])
    assert refused.value.message.id == "final.toss_first"  # the toss decides the tie first
    assert refused.value.message.fields["toss"] == act("toss")
    assert CliRenderer("cup.xlsx").render(refused.value.message).endswith(": run 'archon toss cup.xlsx' first")

    before = path.read_bytes()
    dry = api.toss(path, seed=7, dry_run=True)
    assert dry.changed and dry.seed == 7 and dry.written is None and path.read_bytes() == before
    rep = api.toss(path, seed=7)
    assert rep.lines == dry.lines and rep.written is not None
    coins = {p.number: p.coin for p in read_event(path).event.players if p.coin}
    assert sorted(coins) == [11, 15] and sorted(coins.values()) == [1, 2]
    won = min(coins, key=coins.get)

    view = api.finals(path)
    assert view.ready
    assert [(f.seed, f.number) for f in view.choosing_order] == [(5, won), (4, 6), (3, 4), (2, 2), (1, 1)]
    api.seat_final(path, [6, won, 1, 4, 2])
    rep = api.result(path, [2, 0, 1, 0, 2], final=True)
    assert "winner: #2 Bruno Ferreira" in said(rep.lines)

    rows = api.vekn_report(path)
    top = rows[0]
    gw, vp, _ = PRELIM[2]
    assert (top.number, top.rank, top.games_played, top.games_won, top.total_vp) == (2, 1, 4, gw + 1, vp + 2)
    assert [r.number for r in rows if r.out] == [22]
    assert api.archondata(path).startswith("4¤1§Bruno§Ferreira§Lyon§3000102§")
    assert api.twd(path, url=URL, country="France").splitlines() == [
        "Winter Cup", "Lyon, France", "December 5th 2026", "3R+F", "23 players", "Bruno Ferreira", URL,
        "", f"-- {gw}GW{vp:g} + 2vp in final"]


def test_registration_drops_and_results_from_python(tmp_path):
    path = tmp_path / "club.xlsx"
    players = tmp_path / "players.csv"
    with open(players, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Name", "VEKN", "City"])
        for n in range(1, 9):
            w.writerow([f"Player{n} Surname{n}", str(3000900 + n), "Brest"])
    new_event(path, Event(name="Club", preliminary_rounds=2, level="Standard Constructed"))

    rep = api.register(path, players=players)
    assert rep.changed and [p.number for p in rep.event.players] == list(range(1, 9))
    with pytest.raises(EventDayError, match="Methuselahs!E7"):
        api.register(path, "Some One", vekn="3000901")
    rep = api.register(path, "Nina Late", vekn="3000909", city="Quimper", dry_run=True)
    assert rep.player.number == 9 and len(read_event(path).event.players) == 8

    rep = api.seat(path, 1, seed=5)
    tables = [t.players for t in rep.event.round(1).tables]
    assert sorted(p for t in tables for p in t) == list(range(1, 9))
    with pytest.raises(EventDayError, match="cannot score|invalid"):
        api.result(path, ["1", "1", "1", "1"], round=1, table=1)
    rep = api.result(path, ["1", "1", "1", "1"], round=1, table=1, override="judge's ruling")
    ev = read_event(path).event
    assert [(o.round, o.table, o.reason) for o in ev.overrides] == [(1, 1, "judge's ruling")]
    api.result(path, ["2,5", "0", "0", "1/2"], round=1, table=2)
    assert read_event(path).event.round(1).tables[1].vps == [2.5, 0, 0, 0.5]

    with pytest.raises(AmbiguousPlayer):
        api.drop(path, "Surname")
    rep = api.drop(path, "Surname3", reason="DQ")
    assert rep.player.number == 3 and read_event(path).event.player(3).out == "DQ"
    api.drop(path, "3000903", undo=True)
    assert read_event(path).event.player(3).out is None

    with pytest.raises(EventDayError, match="3.1.6"):  # 8 players: the event has a final
        api.close_without_final(path)


def test_plan_from_python():
    result = api.plan(7, 3, seed=2)
    assert result.staggered and result.seed == 2
    assert [len(o) for o in result.sitting_out] == [7 - sum(len(t) for t in rnd) for rnd in result.rounds]
    assert set(result.as_dict()) == {"players", "rounds", "score", "bounds", "optimal", "gaps"}
    assert result.as_dict()["score"]["R1"] == 0
    with pytest.raises(api.InputError):
        api.plan(3, 2)
