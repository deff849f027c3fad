"""What the older rule texts say, followed: a test per point (issue 15).

* 2004 (file 003, 3.8.1): a game win needs at least 2 VP and strictly more VP
  than anyone else at the table, the final included: the final's winner by
  seed on a VP tie gets no GW (and so no 8 rating points for it).
* 2001 (file 004): every event has a final; rules 3.1.6 (no final under 8
  players) came later, so ``finals --none`` is refused on a 2001 event.
"""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from archon import api, eventday
from archon.cli import main
from archon.rules.model import Event, Final, Player, Round, Table
from archon.rules.standings import compute
from archon.formats.vekn import vekn_report
from archon.formats.workbook import load_event

from test_standings import nine_player_event


def _final(ev: Event, vps) -> Event:
    # Seeds (VP then TP, and GW then VP then TP alike): 1, 6, 3, 9, 8.
    ev.final = Final([9, 1, 6, 3, 8], list(vps))
    return ev


def test_2004_final_winner_on_a_vp_tie_gets_no_game_win():
    # Players 9 and 6 tie on 1.5 final VP; 6, the better seed, wins the event.
    ev = _final(nine_player_event(edition="2004"), [1.5, 0, 1.5, 0, 0.5])
    st = compute(ev)
    assert st.winner == 6
    six = st.by_number()[6]
    coefficient = math.log(81, 15) - 1  # 9 players
    # 5 + 4 x (3.5 + 1.5 VP) + 8 x (1 preliminary GW, none in the final) + 90 x coef
    assert six.rating_points == pytest.approx(5 + 20 + 8 + 90 * coefficient)
    report = {r.number: r for r in vekn_report(st)}
    assert report[6].games_won == 1


def test_current_final_winner_on_a_vp_tie_gets_the_game_win():
    st = compute(_final(nine_player_event(), [1.5, 0, 1.5, 0, 0.5]))
    coefficient = math.log(81, 15) - 1
    assert st.winner == 6
    assert st.by_number()[6].rating_points == pytest.approx(5 + 20 + 16 + 90 * coefficient)
    assert {r.number: r for r in vekn_report(st)}[6].games_won == 2


def test_2004_final_winner_with_2_vp_and_the_most_gets_the_game_win():
    # Player 9 (seat 1) ousts everyone: 5 VP.
    st = compute(_final(nine_player_event(edition="2004"), [5, 0, 0, 0, 0]))
    assert st.winner == 9
    coefficient = math.log(81, 15) - 1
    # 9: 1.5 preliminary VP, no preliminary GW; 5 final VP and the final's GW.
    assert st.by_number()[9].rating_points == pytest.approx(5 + 4 * 6.5 + 8 + 90 * coefficient)


def _six_players(edition: str) -> Event:
    return Event(
        name="Small", edition=edition, preliminary_rounds=2,
        players=[Player(n, f"F{n}", f"L{n}") for n in range(1, 7)],
        rounds=[Round(1, [Table([1, 2, 3, 4], [1, 1, 1, 1])])],
    )


def test_2001_event_cannot_close_without_a_final():
    with pytest.raises(eventday.EventDayError, match="2001.*no tournament without a final"):
        eventday.close_without_final(_six_players("2001"))
    assert not eventday.close_without_final(_six_players("current")).event.has_final


def test_finals_none_refused_on_a_2001_workbook(tmp_path):
    path = tmp_path / "2002-cup.xlsx"
    api.new(path, name="Cup 2002", date="2002-03-02", edition="2001", format="2R+F")
    api.register(path, "Ann Able", vekn="1000001")
    result = CliRunner().invoke(main, ["finals", str(path), "--none"])
    assert result.exit_code != 0
    assert "no tournament without a final" in result.output
    assert "Traceback" not in result.output
    assert load_event(path).has_final  # nothing written


def test_2004_workbook_writes_no_final_gw_for_a_winner_by_seed(tmp_path):
    from openpyxl import load_workbook

    from archon.formats import layout as L
    from archon.formats.workbook import new_event

    # Seat order 9, 1, 6, 3, 8: seat 3 (player 6) wins on the VP tie by seed, with 1.5 VP.
    ev = _final(nine_player_event(edition="2004", name="Cup 2004"), [1.5, 0, 1.5, 0, 0.5])
    path = new_event(tmp_path / "cup-2004.xlsx", ev).path
    ws = load_workbook(path)[L.FINAL.sheet]
    gws = [ws[f"{L.FINAL.gw}{row}"].value for row in range(L.FINAL.first_row, L.FINAL.first_row + 5)]
    assert gws == [0, 0, 0, 0, 0]
    st = compute(ev)
    assert {r.number: r.games_won for r in vekn_report(st)}[6] == 1
