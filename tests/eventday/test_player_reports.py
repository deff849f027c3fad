"""Players report their table from their phone (issue 25): the pure core.

The Winter Cup of ``test_event_e2e`` with round 2 seated and no result yet;
every player has a personal code. Round 2, table 2 seats #2 #7 #12 #16 #20;
table 4 seats #4 #9 #14 #21. A sweep (5 0 0 0 0 at five seats) and "time
out, no ousts" (1/2 VP each) are results a game ends with; 5 5 0 0 0 is
not (ten VPs at five seats).
"""

from __future__ import annotations

import pytest

from archon.eventday import EventDayError, WrongInput
from archon.eventday.codes import ALPHABET
from archon.eventday.player_reports import (CONFLICT, PENDING, RECORDED, WrongCode, accept_report, pending_rows,
                                            report_table, set_reporting, table_state)
from archon.rules.model import Event, Round, Table
from archon.words.render import PLAIN
from test_event_e2e import ROUNDS
from test_eventday import winter_cup

SWEEP = [5, 0, 0, 0, 0]
OTHER = [0, 5, 0, 0, 0]


def code(n: int) -> str:
    """Player ``n``'s personal code in these tests (eight characters of the codes' alphabet)."""
    return "KQMW" + ALPHABET[n // len(ALPHABET)] + ALPHABET[n % len(ALPHABET)] + "XY"


def round_2_seated() -> Event:
    ev = winter_cup(1)
    ev.rounds.append(Round(2, [Table(list(players), [None] * len(players)) for players, _ in ROUNDS[2]]))
    ev.codes = {p.number: code(p.number) for p in ev.players}
    return ev


def text(exc_info) -> str:
    return PLAIN.render(exc_info.value.message)


def test_two_players_of_a_table_reporting_the_same_vps_record_the_result():
    ev = round_2_seated()
    first = report_table(ev, code(2), 2, 2, SWEEP, when="2026-11-27T10:00:00Z")
    assert first.event.round(2).tables[1].vps == [None] * 5  # nothing in the workbook yet
    assert table_state(first.event, 2, 2) == PENDING
    assert "waiting for another player" in PLAIN.render(first.lines[-1])
    second = report_table(first.event, code(16), 2, 2, SWEEP)
    assert second.event.round(2).tables[1].vps == [5, 0, 0, 0, 0]
    assert table_state(second.event, 2, 2) == RECORDED
    assert second.event.player_reports == []
    head = PLAIN.render(second.lines[0])
    assert "#2 " in head and "#16 " in head and "recorded" in head
    assert ev.round(2).tables[1].vps == [None] * 5  # the event given is never changed


def test_a_report_with_other_vps_is_held_for_the_organizer_with_both_shown():
    ev = report_table(round_2_seated(), code(2), 2, 2, SWEEP).event
    held = report_table(ev, code(7), 2, 2, OTHER)
    assert held.event.round(2).tables[1].vps == [None] * 5
    assert table_state(held.event, 2, 2) == CONFLICT
    assert "held for the organizer" in PLAIN.render(held.lines[-1])
    rows = pending_rows(held.event)
    assert [(r["round"], r["table"], r["state"]) for r in rows] == [(2, 2, "conflict")]
    assert [(x["player"], x["vps"]) for x in rows[0]["reports"]] == [(2, SWEEP), (7, OTHER)]
    # the organizer must say whose report stands
    with pytest.raises(EventDayError) as refused:
        accept_report(held.event, 2, 2)
    assert "differ" in text(refused)
    done = accept_report(held.event, 2, 2, player=7)
    assert done.event.round(2).tables[1].vps == OTHER and done.event.player_reports == []


def test_a_player_correcting_their_own_report_does_not_confirm_it():
    ev = report_table(round_2_seated(), code(2), 2, 2, OTHER).event
    again = report_table(ev, code(2), 2, 2, SWEEP)
    assert [(r.player, r.vps) for r in again.event.player_reports] == [(2, SWEEP)]
    assert table_state(again.event, 2, 2) == PENDING


def test_a_wrong_code_is_refused():
    ev = round_2_seated()
    with pytest.raises(WrongCode) as refused:
        report_table(ev, "ZZZZZZ", 2, 2, SWEEP)
    assert "personal code" in text(refused)


def test_a_report_for_a_table_one_does_not_sit_at_is_refused():
    with pytest.raises(EventDayError) as refused:
        report_table(round_2_seated(), code(4), 2, 2, SWEEP)
    assert "#4 " in text(refused) and "does not sit at round 2, table 2" in text(refused)


def test_reports_switched_off_are_refused_and_on_again_taken():
    off = set_reporting(round_2_seated(), on=False).event
    with pytest.raises(EventDayError) as refused:
        report_table(off, code(2), 2, 2, SWEEP)
    assert "switched players' reports off" in text(refused)
    assert not set_reporting(off, on=False).changed
    on = set_reporting(off, on=True).event
    assert table_state(report_table(on, code(2), 2, 2, SWEEP).event, 2, 2) == PENDING


def test_vps_no_game_ends_with_are_refused_as_typed():
    with pytest.raises(WrongInput) as refused:
        report_table(round_2_seated(), code(2), 2, 2, [5, 5, 0, 0, 0])
    assert "no game ends this way" in text(refused)
    with pytest.raises(WrongInput) as short:
        report_table(round_2_seated(), code(2), 2, 2, [5, 0, 0, 0])
    assert "5 seats" in text(short)


def test_the_organizer_typing_the_result_clears_the_tables_reports():
    from archon.eventday import record_result

    ev = report_table(round_2_seated(), code(4), 2, 4, [4, 0, 0, 0]).event
    typed = record_result(ev, 2, 4, [0.5, 0.5, 0.5, 0.5])
    assert typed.event.player_reports == []
    assert "cleared" in PLAIN.render(typed.lines[-1])
    with pytest.raises(EventDayError) as refused:  # the table has its result: a late report is refused
        report_table(typed.event, code(9), 2, 4, [4, 0, 0, 0])
    assert "has its result already" in text(refused)


# ---------------------------------------------------------------------------
# the final, reported by its finalists (seats #6 #15 #1 #4 #2)

FINAL_VPS = [0, 3, 0, 2, 0]


def final_seated() -> Event:
    from archon.rules.model import Final
    from test_eventday import tossed, winter_cup

    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2])
    ev.codes = {p.number: code(p.number) for p in ev.players}
    return ev


def test_two_finalists_reporting_the_same_vps_record_the_final_and_its_winner():
    first = report_table(final_seated(), code(6), "F", 1, FINAL_VPS)
    assert first.event.final.vps == [None] * 5
    assert table_state(first.event, "F", 1) == PENDING
    assert PLAIN.render(first.lines[-1]).startswith("the final: waiting for another player")
    done = report_table(first.event, code(4), "final", 1, FINAL_VPS)
    assert done.event.final.vps == FINAL_VPS and done.event.player_reports == []
    said = [PLAIN.render(line) for line in done.lines]
    assert said[0].startswith("the final: #6 ") and "recorded" in said[0]
    assert any("#15 " in line and "win" in line for line in said)  # the standings name the winner


def test_only_a_finalist_reports_the_final_and_a_game_must_end_so():
    with pytest.raises(EventDayError) as refused:
        report_table(final_seated(), code(3), "F", 1, FINAL_VPS)
    assert "does not sit at the final" in text(refused)
    with pytest.raises(WrongInput) as wrong:
        report_table(final_seated(), code(6), "F", 1, [5, 5, 0, 0, 0])
    assert text(wrong).startswith("the final: no game ends this way")
    with pytest.raises(WrongInput) as bad_round:
        report_table(final_seated(), code(6), "semi", 1, FINAL_VPS)
    assert "F for the final" in text(bad_round)


def test_the_organizer_accepts_one_of_two_final_reports_that_differ():
    ev = report_table(final_seated(), code(6), "F", 1, FINAL_VPS).event
    held = report_table(ev, code(2), "F", 1, [0, 2, 0, 0, 3])
    assert table_state(held.event, "F", 1) == CONFLICT
    assert [(r["round"], r["table"], r["state"]) for r in pending_rows(held.event)] == [("F", 1, "conflict")]
    done = accept_report(held.event, "F", 1, player=2)
    assert done.event.final.vps == [0, 2, 0, 0, 3] and done.event.player_reports == []


def test_the_organizer_names_whose_report_to_accept_as_any_player_is_named():
    ev = report_table(final_seated(), code(6), "F", 1, FINAL_VPS).event
    held = report_table(ev, code(2), "F", 1, [0, 2, 0, 0, 3]).event
    by_name = accept_report(held, "F", 1, player="ferreira")  # #2 Bruno Ferreira, a part of the name
    assert by_name.event.final.vps == [0, 2, 0, 0, 3] and by_name.event.player_reports == []
    by_vekn = accept_report(held, "F", 1, player="3000106")  # #6's VEKN number
    assert by_vekn.event.final.vps == FINAL_VPS


def test_pending_accept_takes_a_players_name_on_the_command_line(tmp_path):
    from click.testing import CliRunner

    from archon import api
    from archon.cli import main
    from archon.formats.workbook import new_event, read_event

    path = tmp_path / "cup.xlsx"
    new_event(path, final_seated())
    api.report_table(path, code(6), "F", 1, FINAL_VPS)
    api.report_table(path, code(2), "F", 1, [0, 2, 0, 0, 3])
    r = CliRunner().invoke(main, ["pending", str(path), "--accept", "1", "--round", "F", "--player", "Ferreira"])
    assert r.exit_code == 0, r.output
    assert "the report of #2 Bruno Ferreira accepted" in r.output
    assert read_event(path).event.final.vps == [0, 2, 0, 0, 3]


def test_a_final_report_is_kept_in_the_workbook_and_accepted_there(tmp_path):
    from archon import api
    from archon.formats.workbook import new_event, read_event
    from archon.rules.model import FINAL

    path = tmp_path / "cup.xlsx"
    new_event(path, final_seated())
    api.report_table(path, code(1), "F", 1, FINAL_VPS)
    kept = read_event(path).event.player_reports
    assert [(r.round, r.table, r.player, r.vps) for r in kept] == [(FINAL, 1, 1, FINAL_VPS)]
    assert api.pending(path).tables[0]["round"] == "F"
    api.accept(path, 1, round="F")
    ev = read_event(path).event
    assert ev.final.vps == FINAL_VPS and ev.player_reports == []
