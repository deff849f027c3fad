"""archon unregister: a player registered by mistake, or a no-show who has
played no game, is removed and is then nowhere; the players after them move
up one number everywhere, because The Archon's seating chart seats players
1 to N (a number left free would seat a player who does not exist and leave
the last one out: checked here with LibreOffice on the official workbook)."""

from __future__ import annotations

import datetime
import math

import openpyxl
import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.eventday import EventDayError
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event, read_event
from conftest import official_file
from test_eventday import winter_cup

NAMES = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]


def club(**kw) -> Event:
    ev = Event(name="Club Night", city="Brest", date=datetime.date(2026, 12, 5), level="Standard Constructed",
               preliminary_rounds=2, **kw)
    ev.players = [Player(n, first, "Test", vekn=str(3000600 + n)) for n, first in enumerate(NAMES, start=1)]
    return ev


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in r.output
    return r


def test_before_round_one_the_archons_chart_seats_the_players_left(tmp_path, soffice):
    from oracle import recalc

    path = tmp_path / "club.xlsx"
    new_event(path, club(), template=official_file("xlsx"))
    r = run("unregister", path, "Cleo")
    assert r.exit_code == 0, r.output
    assert "unregistered #3 Cleo Test: 9 players remain" in r.output
    assert "players #4 to #10 move up one number (now #3 to #9)" in r.output
    ev = read_event(path).event
    assert [(p.number, p.first_name) for p in ev.players] == list(enumerate(NAMES[:2] + NAMES[3:], start=1))
    assert ev.player(3).vekn == "3000604"  # Dan's row, all of it, moved up

    (done,) = recalc([path], tmp_path / "recalculated", soffice=soffice)
    wb = openpyxl.load_workbook(done, data_only=True)
    assert wb["Methuselahs"]["A4"].value == 9 and wb["Tournament Info"]["B10"].value == 9
    seated = {}
    for number, first in wb["Round 1"].iter_rows(min_row=7, max_row=306, max_col=2, values_only=True):
        if isinstance(number, (int, float)) and number > 0:  # 0: the empty seat of a table of 4
            seated[int(number)] = first
    # The chart for 9 players, with the name The Archon looks up for each number.
    assert seated == {n: first for n, first in enumerate(NAMES[:2] + NAMES[3:], start=1)}


def test_a_no_show_leaves_and_the_results_stay_with_their_players(tmp_path):
    ev = club()
    ev.player(3).out = "N"  # never came; round 1 was played without Cleo
    ev.rounds = [Round(1, [Table([1, 2, 4, 5, 6], [3, 0, 0, 0, 2]), Table([7, 8, 9, 10], [0, 4, 0, 0])])]
    path = tmp_path / "club.xlsx"
    new_event(path, ev)
    before = {s["first_name"]: (s["gw"], s["vp"], s["tp"]) for s in api.standings(path)["players"]}

    rep = api.unregister(path, 3)
    assert rep.written is not None
    after = read_event(path).event
    assert [t.players for t in after.round(1).tables] == [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    assert [t.vps for t in after.round(1).tables] == [[3, 0, 0, 0, 2], [0, 4, 0, 0]]
    data = api.standings(path)
    assert data["event"]["players"] == 9
    assert {s["first_name"]: (s["gw"], s["vp"], s["tp"]) for s in data["players"]} == {
        k: v for k, v in before.items() if k != "Cleo"}
    assert "Cleo" not in run("report", path).output  # the VEKN report


def test_after_it_the_player_is_nowhere(tmp_path):
    """The finished Winter Cup (23 players) with a 24th registered by mistake."""
    ev = winter_cup(3)
    ev.date = datetime.date(2026, 12, 5)
    ev.player(11).coin, ev.player(15).coin = 2, 1
    ev.final.seating, ev.final.vps = [6, 15, 1, 4, 2], [2, 0, 1, 0, 2]
    ev.players.append(Player(24, "Mistaken", "Entry", city="Lyon"))  # no VEKN number: blocks --archondata
    path = tmp_path / "cup.xlsx"
    new_event(path, ev)
    assert run("report", path, "--archondata").exit_code == 1
    assert "24 players" in run("report", path, "--twd").output

    assert run("unregister", path, "Mistaken").exit_code == 0
    twd = run("report", path, "--twd").output
    assert "23 players" in twd and "24 players" not in twd
    data = run("report", path, "--archondata")
    assert data.exit_code == 0 and "Mistaken" not in data.output
    assert run("report", path, "--html", tmp_path / "r.html").exit_code == 0
    assert "Mistaken" not in (tmp_path / "r.html").read_text(encoding="utf-8")
    # The winner's rating points: 5 + 4 * (VP + final VP) + 8 * (GW + 1) + 90 * (log15(23^2) - 1 + 0);
    # #2 had 2 GW and 8 VP in the rounds and 2 VP in the final.
    winner = next(p for p in api.standings(path)["players"] if p["number"] == 2)
    assert winner["rating_points"] == pytest.approx(5 + 4 * (8 + 2) + 8 * (2 + 1) + 90 * (math.log(23 ** 2, 15) - 1))


def test_a_player_who_has_played_is_refused_and_told_to_drop(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(1))
    before = path.read_bytes()
    r = run("unregister", path, "1")
    assert r.exit_code == 1 and "has played (round 1, table 1 has a result)" in r.output
    assert f"archon drop {path} 1" in r.output and path.read_bytes() == before
    with pytest.raises(EventDayError, match="drop them instead"):
        api.unregister(path, "Kowalski")
    assert run("unregister", path, "Nobody").exit_code == 2


def test_a_round_under_way_keeps_them_and_at_a_round_not_begun_they_leave_their_table(tmp_path):
    ev = club()
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5], [None] * 5), Table([6, 7, 8, 9, 10], [5, 0, 0, 0, 0])])]
    path = tmp_path / "club.xlsx"
    new_event(path, ev)
    r = run("unregister", path, "3")
    assert r.exit_code == 1 and "round 1, table 1, and round 1 has begun" in r.output

    ev.rounds[0].tables[1].vps = [None] * 5  # round 1 seated, not begun
    other = tmp_path / "other.xlsx"
    new_event(other, ev)
    r = run("unregister", other, "3")
    # trial finding 5: the whole round was cleared, and seating it again reshuffled every table
    assert r.exit_code == 0 and ("round 1, table 1: #3 Cleo Test leaves their seat; the table seats 4, the "
                                 "players after them move up one seat") in r.output, r.output
    after = read_event(other).event
    assert len(after.players) == 9
    # #4 Dan and #5 Eve move up one seat, and one number; the other table only changes numbers
    assert [t.players for t in after.round(1).tables] == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert [after.player(n).first_name for n in (3, 4, 5)] == ["Dan", "Eve", "Finn"]
    assert run("check", other).exit_code == 0


def test_a_no_show_whose_table_would_be_left_with_three_clears_that_round_only_saying_which_table(tmp_path):
    ev = club()
    ev.players += [Player(11, "Kai", "Test"), Player(12, "Lea", "Test"), Player(13, "Max", "Test")]
    ev.rounds = [Round(1, [Table([1, 2, 3, 4]), Table([5, 6, 7, 8, 9]), Table([10, 11, 12, 13])]),
                 Round(2, [Table([13, 9, 5, 1]), Table([2, 10, 6, 11, 8]), Table([3, 12, 7, 4])])]
    path = tmp_path / "club.xlsx"
    new_event(path, ev)
    r = run("unregister", path, "Jo", "--dry-run")  # round 1, table 3 short, round 2 (seated after it) kept
    assert (f"round 1, table 3 would be left with 3 players (a table seats 4 or 5): round 1's seating is "
            f"cleared; seat it again (archon seat {path} --round 1 --force)") in r.output, r.output
    assert "round 2, table 2: #10 Jo Test leaves their seat; the table seats 4" in r.output
    r = run("unregister", path, "6")  # round 1, table 2 and round 2, table 2: tables of 5
    assert r.exit_code == 0, r.output
    assert "round 1, table 2: #6 Finn Test leaves their seat; the table seats 4" in r.output
    assert "round 2, table 2: #6 Finn Test leaves their seat; the table seats 4" in r.output
    r = run("unregister", path, "Ada")  # round 1, table 1 and round 2, table 1: tables of 4
    assert r.exit_code == 0, r.output
    assert (f"round 1, table 1 would be left with 3 players (a table seats 4 or 5): round 1's seating is "
            f"cleared; seat it again (archon seat {path} --round 1)") in r.output
    assert (f"round 2, table 1 would be left with 3 players (a table seats 4 or 5): round 2's seating is "
            f"cleared; seat it again (archon seat {path} --round 2)") in r.output
    after = read_event(path).event
    assert not any(r.tables for r in after.rounds) and len(after.players) == 11
    assert run("check", path).exit_code == 0
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0


def test_the_judges_warnings_follow_the_players_and_a_warned_player_is_dropped_instead(tmp_path):
    from archon.rules.model import JudgeWarning

    ev = club()
    ev.warnings = [JudgeWarning(5, "slow play", 1), JudgeWarning(2, "marked cards")]
    path = tmp_path / "club.xlsx"
    new_event(path, ev)
    assert run("unregister", path, "Cleo").exit_code == 0  # #3, no warning
    after = read_event(path).event
    assert [(w.player, after.player(w.player).first_name) for w in after.warnings] == [(4, "Eve"), (2, "Ben")]
    r = run("unregister", path, "Eve")
    assert r.exit_code == 1 and "judge's warning (slow play)" in r.output and "drop them instead" in r.output



def test_deck_lists_phone_reports_and_claim_alerts_follow_the_players_who_move_up():
    from archon.eventday import unregister
    from archon.rules.decks import Deck, StoredDeck
    from archon.rules.model import ClaimAlert, PlayerReport

    ev = club()
    ev.decks = {3: StoredDeck(Deck(crypt=[(12, "Cleo's vampire")])), 4: StoredDeck(Deck(crypt=[(13, "Dan's vampire")]))}
    ev.player_reports = [PlayerReport(1, 1, [5, 0, 0, 0], 3), PlayerReport(1, 1, [5, 0, 0, 0], 4)]
    ev.claim_alerts = [ClaimAlert(3), ClaimAlert(4)]
    after = unregister(ev, "Cleo").event
    assert after.player(3).first_name == "Dan"
    assert {n: d.deck.crypt_count for n, d in after.decks.items()} == {3: 13}  # Dan's deck, Cleo's gone
    assert [r.player for r in after.player_reports] == [3]
    assert [a.player for a in after.claim_alerts] == [3]


def test_a_no_show_whose_leaving_repeats_a_prey_says_so_and_how_to_seat_that_round_again(tmp_path):
    # trial finding (session 15): #10 Jo arrived late and was seated in
    # round 2, not begun; when Jo leaves, Ben moves up to Ada's right, and
    # Ben is Ada's prey again (round 1): the mandatory rule R1 is broken.
    # unregister said only that Jo left the seat; it now says what check
    # says, with the command that seats the round again, which works
    ev = club()
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9], [1, 2.5, 0, 0])]),
                 Round(2, [Table([6, 1, 10, 2, 7]), Table([3, 8, 4, 9, 5])])]
    path = tmp_path / "club.xlsx"
    new_event(path, ev)
    assert run("check", path).exit_code == 0
    r = run("unregister", path, "Jo")
    assert r.exit_code == 0, r.output
    assert "round 2, table 1: #10 Jo Test leaves their seat; the table seats 4" in r.output
    assert "seating R1 (predator-prey relationship repeated (mandatory))" in r.output, r.output
    assert "#1 Ada Test" in r.output and "#2 Ben Test" in r.output
    again = f"reseat round 2 (archon seat {path} --round 2 --force)"
    assert again in r.output, r.output
    assert run("check", path).exit_code != 0
    assert run("seat", path, "--round", 2, "--force", "--seed", 1).exit_code == 0
    assert run("check", path).exit_code == 0
