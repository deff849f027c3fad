"""Seat edits after the draw (issue 22): two players swapped, or one moved to
another table, in a round seated without results at those tables; the new
score and its change per criterion, worked out here by hand; each refusal;
the edit written to the workbook's round sheet and undone."""

from __future__ import annotations

import pytest

from archon import api
from archon.api.errors import InputError
from archon.eventday import EventDayError, WrongInput
from archon.eventday.seat_edits import move_player, swap_seats
from archon.formats.workbook import new_event, read_event
from archon.rules.model import Event, Player, Round, Table
from archon.words.render import PLAIN

NAMES = ["Ada Lovelace", "Bob Ross", "Cy Twombly", "Di Fox", "Ed Wood", "Fay Wray", "Gus Grim", "Hal Ford",
         "Ivy Lane", "Jo March", "Kit Carson", "Lu Xun", "Mo Farah", "Ned Kelly", "Oz Hart", "Pat Kerr",
         "Quinn Ray"]


def event_of(players: int, rounds: list[list[list[int]]]) -> Event:
    ev = Event(name="Edit Cup", city="Lyon", preliminary_rounds=3)
    ev.players = [Player(n, *NAMES[n - 1].split()) for n in range(1, players + 1)]
    ev.rounds = [Round(k, [Table(list(t)) for t in tables]) for k, tables in enumerate(rounds, start=1)]
    return ev


#: 16 players: round 1 by blocks of four, round 2 one of each block a table
#: (nobody meets anyone twice: R1, R2 and R4 are 0).
LATIN = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
         [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]]


def test_a_swap_that_makes_players_meet_again_counts_what_a_hand_count_gives():
    # Swapping #5 (round 2, table 1, seat 2) and #2 (table 2, seat 1):
    # table 1 becomes 1 2 9 13 and table 2 becomes 5 6 10 14. #1 and #2 sat
    # at one table in round 1 (seats 1 and 2), as did #5 and #6: two pairs
    # meet again (R4 +2; over two rounds, also R2 +2), and #2 is #1's prey
    # again, #6 #5's prey again (R1 +2; R6, the same relation repeated, and
    # R9, adjacent again, +2 as well: only those two pairs meet twice).
    # Every table stays of 4 players: R3 0.
    ev = event_of(16, LATIN)
    change = swap_seats(ev, 2, "5", "2")
    assert [t.players for t in change.event.round(2).tables][:2] == [[1, 2, 9, 13], [5, 6, 10, 14]]
    assert [t.players for t in ev.round(2).tables][:2] == [[1, 5, 9, 13], [2, 6, 10, 14]]  # the event given is kept
    edit = change.edit
    assert (edit.before.R1, edit.before.R2, edit.before.R4) == (0, 0, 0)
    assert (edit.after.R1, edit.after.R2, edit.after.R4) == (2, 2, 2)
    assert edit.change["R1"] == 2 and edit.change["R2"] == 2 and edit.change["R4"] == 2
    assert edit.change["R6"] == 2 and edit.change["R9"] == 2
    assert edit.change["R3"] == 0
    assert edit.as_dict()["players"] == [5, 2] and edit.as_dict()["tables"] == [1, 2]
    said = str(change)
    assert "#5 Ed Wood (table 1, seat 2) and #2 Bob Ross (table 2, seat 1) swap their seats" in said
    assert "change: R1 +2, R2 +2, R4 +2" in said and "(a worse seating)" in said


def test_a_move_takes_the_last_seat_of_the_table_named_and_keeps_tables_of_4_or_5():
    ev = event_of(14, [[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14]]])
    change = move_player(ev, 1, "Ada", 3)
    assert [t.players for t in change.event.round(1).tables] == [[2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 1]]
    assert "round 1: #1 Ada Lovelace moves from table 1 to table 3, seat 5" in str(change)
    # one round: nothing can repeat; the move changes only who sits where, not the figures of R1..R9
    assert all(v == 0 for v in change.edit.change.values())
    assert "no criterion changes" in str(change)


def refused(kind, fn, *args, **kwargs) -> str:
    with pytest.raises(kind) as raised:
        fn(*args, **kwargs)
    return PLAIN.render(raised.value.message)


def test_each_refusal_names_the_table_or_player_and_what_to_do():
    ev = event_of(14, [[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14]]])
    ev.players.append(Player(15, "Quinn", "Ray"))  # registered late: no seat in round 1
    assert refused(EventDayError, move_player, ev, 1, 6, 1) == (
        "round 1: table 1 has 5 players already, the most a table holds (5): swap a player there instead")
    assert refused(EventDayError, move_player, ev, 1, 1, 2).startswith("round 1: table 2 has 5 players")
    small = event_of(9, [[[1, 2, 3, 4, 5], [6, 7, 8, 9]]])
    assert refused(EventDayError, move_player, small, 1, 6, 1) == (
        "round 1: moving #6 Fay Wray would leave table 2 with 3 players: a table needs at least 4; "
        "swap #6 Fay Wray with a player of another table instead")
    assert refused(WrongInput, swap_seats, ev, 1, "Ada", "1") == (
        "#1 Ada Lovelace is named twice: name two different players to swap")
    assert refused(EventDayError, swap_seats, ev, 1, 15, 1).startswith("#15 Quinn Ray has no seat in round 1")
    assert refused(EventDayError, swap_seats, ev, 2, 1, 2).startswith("round 2 has no seat typed yet: seat it first")
    assert refused(WrongInput, move_player, ev, 1, 1, 4) == "round 1 has no table 4: its tables are 1 to 3"
    assert refused(WrongInput, move_player, ev, 1, 1, 1) == (
        "#1 Ada Lovelace already sits at table 1 in round 1: name another table")
    assert refused(WrongInput, swap_seats, ev, 1, 1, 99).startswith("no player has the number or VEKN number 99")
    # only The Archon's chart shows the round (nothing typed): it is not edited
    assert refused(EventDayError, swap_seats, ev, 1, 1, 6, proposed=[1]).startswith("round 1 has no seat typed yet")
    # a result at a table touched: its players stay; other tables may still change
    ev.round(1).tables[1].vps = [1, 1, 1, 1, 1]
    assert refused(EventDayError, swap_seats, ev, 1, 1, 6).startswith(
        "round 1, table 2: it has a result already, so its players stay where they are")
    assert refused(EventDayError, move_player, ev, 1, 1, 2).startswith("round 1, table 2: it has a result")
    assert move_player(ev, 1, 1, 3).event.round(1).tables[2].players == [11, 12, 13, 14, 1]


def test_a_later_round_seated_is_named_as_seated_from_the_round_as_it_was():
    ev = event_of(16, LATIN)
    said = str(swap_seats(ev, 1, 1, 5))
    assert "warning: round 2 was seated from round 1 as it was" in said


@pytest.fixture
def latin(tmp_path):
    path = tmp_path / "edit.xlsx"
    new_event(path, event_of(16, LATIN))
    return path


def test_a_swap_and_a_move_are_written_to_the_round_sheet_and_undo_puts_the_seating_back(latin):
    before = [t.players for t in read_event(latin).event.round(2).tables]
    rep = api.seat(latin, 2, swap=("5", "Bob"))
    assert rep.changed and rep.written is not None
    assert [t.players for t in read_event(latin).event.round(2).tables] == [
        [1, 2, 9, 13], [5, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]
    assert rep.seating.edit.change["R4"] == 2 and rep.seating.score.R4 == 2
    assert rep.seating.as_dict()["edit"]["kind"] == "swap"
    api.undo(latin)
    assert [t.players for t in read_event(latin).event.round(2).tables] == before


def test_a_move_is_written_and_a_dry_run_writes_nothing(tmp_path):
    path = tmp_path / "nine.xlsx"
    new_event(path, event_of(9, [[[1, 2, 3, 4, 5], [6, 7, 8, 9]]]))
    bytes_before = path.read_bytes()
    dry = api.seat(path, 1, move=("Ada", 2), dry_run=True)
    assert dry.written is None and path.read_bytes() == bytes_before
    assert [p for p, _ in dry.seating.tables[1]] == [6, 7, 8, 9, 1]  # what it would be
    api.seat(path, 1, move=("Ada", "2"))
    assert [t.players for t in read_event(path).event.round(1).tables] == [[2, 3, 4, 5], [6, 7, 8, 9, 1]]


def test_an_edit_with_an_option_of_a_new_seating_is_refused_before_anything_is_read(tmp_path):
    missing = tmp_path / "none.xlsx"
    for kwargs in ({"seed": 3}, {"force": True}, {"show": True}, {"time_budget": 1.0}, {"move": ("1", 2)}):
        with pytest.raises(InputError):
            api.seat(missing, 1, swap=("1", "2"), **kwargs)
    with pytest.raises(InputError):
        api.seat(missing, 1, swap=("1",))
