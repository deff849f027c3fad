"""Check-in before round 1 (issue 25): the organizer checks players in (one,
all, undone); a player checks in from a phone with their name and the
event's code, which binds their personal code: a second claim is refused;
once check-in has begun, round 1 seats the checked-in players only, names
the absent ones, and drops or unregisters them as the organizer chooses."""

from __future__ import annotations

import datetime

import pytest

from archon.eventday import EventDayError, WrongInput, checkin, seat_round
from archon.eventday.codes import player_of_code
from archon.rules.model import Event, Player

FIRST = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]


def club(n: int = 10) -> Event:
    ev = Event(name="Club Night", date=datetime.date(2026, 12, 5), preliminary_rounds=2)
    ev.players = [Player(k, first, "Test") for k, first in enumerate(FIRST[:n], start=1)]
    return ev


def test_the_organizer_checks_a_player_in_and_undoes_it():
    done = checkin.check_in(club(), "Cleo")
    ev = done.event
    assert 3 in ev.checked_in and ev.checked_in[3].by == "organizer"
    assert "#3 Cleo Test checked in: 1 of 10 registered players" in str(done)
    assert ev.codes and ev.checkin_code  # codes are there for everyone from the first check-in
    again = checkin.check_in(ev, 3)
    assert not again.changed and "already" in str(again)
    undone = checkin.undo_check_in(ev, "Cleo")
    assert 3 not in undone.event.checked_in and "no longer checked in" in str(undone)


def test_check_in_everyone_skips_players_flagged_out():
    ev = club()
    ev.players[9].out = "WD"
    done = checkin.check_in_all(checkin.check_in(ev, 1).event)
    assert sorted(done.event.checked_in) == list(range(1, 10))
    assert "checked in 8 players: 9 of 10" in str(done)


def test_a_phone_check_in_binds_the_player_and_answers_with_their_code():
    ev = checkin.check_in(club(), 1).event  # check-in has begun; the event has its code
    done = checkin.phone_check_in(ev, "  hana   TEST ", ev.checkin_code.lower())
    assert done.player.number == 8 and done.event.checked_in[8].by == "phone"
    assert player_of_code(done.event, done.event.codes[8]) == 8
    with pytest.raises(checkin.AlreadyClaimed, match="Hana Test has checked in from a phone already") as refused:
        checkin.phone_check_in(done.event, "Hana Test", ev.checkin_code)
    assert refused.value.player.number == 8


def test_a_phone_names_a_player_in_full_and_knows_the_code():
    ev = checkin.check_in(club(), 1).event
    with pytest.raises(checkin.WrongCode):
        checkin.phone_check_in(ev, "Hana Test", "ZZZZZZ" if ev.checkin_code != "ZZZZZZ" else "YYYYYY")
    with pytest.raises(WrongInput, match="no registered player is named 'Hana'"):
        checkin.phone_check_in(ev, "Hana", ev.checkin_code)  # part of a name claims nobody


def test_a_name_two_players_share_is_refused_on_a_phone_and_their_personal_codes_check_them_in():
    ev = club()
    ev.players.append(Player(11, "Hana", "Test", vekn="3000111"))  # another Hana Test, with a VEKN number
    ev = checkin.check_in(ev, 1).event
    with pytest.raises(WrongInput, match="2 registered players are named 'Hana Test': check in with your personal"):
        checkin.phone_check_in(ev, "Hana Test", ev.checkin_code)
    assert 8 not in ev.checked_in and 11 not in ev.checked_in
    done = checkin.phone_check_in(ev, "Hana Test", ev.codes[11])
    assert done.player.number == 11 and 8 not in done.event.checked_in


def test_a_personal_code_checks_its_player_in_without_a_name():
    ev = checkin.check_in(club(), 1).event
    done = checkin.phone_check_in(ev, "", ev.codes[5])
    assert done.player.number == 5 and 5 in done.event.checked_in


def test_round_one_names_the_absent_and_offers_both_ways():
    ev = club()
    ev = checkin.check_in_all(ev).event
    ev = checkin.undo_check_in(ev, "Dan").event
    assert [p.number for p in checkin.absent_players(ev)] == [4]
    with pytest.raises(EventDayError) as refused:
        seat_round(ev, 1, seed=1)
    text = str(refused.value)
    assert "1 player is not checked in: #4 Dan Test" in text
    assert "--absent" not in text and "drop" in text and "unregister" in text
    actions = [f for f in refused.value.message.fields.values() if hasattr(f, "args")]
    assert {a.args.get("absent") for a in actions} == {"drop", "unregister"}


def test_round_one_drops_the_absent_as_no_shows():
    ev = checkin.undo_check_in(checkin.check_in_all(club()).event, 4).event
    done = seat_round(ev, 1, seed=1, absent="drop")
    seated = done.event.round(1).players()
    assert sorted(seated) == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    assert done.event.player(4).out == "N"
    assert "dropped as no-shows (N): #4 Dan Test" in str(done)


def test_round_one_unregisters_the_absent_and_the_others_keep_their_codes():
    ev = checkin.check_in_all(club()).event
    ev = checkin.undo_check_in(checkin.undo_check_in(ev, 4).event, 9).event
    jo = ev.codes[10]
    done = seat_round(ev, 1, seed=1, absent="unregister")
    after = done.event
    assert [p.first_name for p in after.players] == ["Ada", "Ben", "Cleo", "Eve", "Finn", "Gus", "Hana", "Jo"]
    assert sorted(after.round(1).players()) == list(range(1, 9))
    assert player_of_code(after, jo) == 8 and sorted(after.checked_in) == list(range(1, 9))
    assert "unregistered: #4 Dan Test and #9 Ivo Test" in str(done)


def test_before_check_in_round_one_seats_everyone():
    done = seat_round(club(), 1, seed=1)
    assert sorted(done.event.round(1).players()) == list(range(1, 11))


def test_check_in_is_over_once_round_one_has_results():
    ev = seat_round(checkin.check_in_all(club()).event, 1, seed=1).event
    ev.round(1).tables[0].vps = [1, 1, 1, 1, 1][:ev.round(1).tables[0].size]
    with pytest.raises(EventDayError, match="round 1 has results"):
        checkin.check_in(ev, 1)


def test_claimed_twice_alerts_are_kept_with_the_event_until_dismissed(tmp_path):
    """A second phone's claim is an alert the workbook keeps (a restart of
    the console loses none) until the organizer dismisses it."""
    from archon.api.checkins import claim_alert, dismiss_alerts
    from archon.formats.workbook import new_event, read_event
    from archon.words.render import PLAIN

    path = tmp_path / "club.xlsx"
    new_event(path, club())
    claim_alert(path, 3)
    claim_alert(path, 7)
    assert [(r["player"], r["name"]) for r in checkin.alert_rows(read_event(path).event)] == [
        (7, "Gus Test"), (3, "Cleo Test")]  # newest first
    rep = dismiss_alerts(path, 7)
    assert "1 alert dismissed" in "\n".join(PLAIN.render(line) for line in rep.said())
    assert [a.player for a in read_event(path).event.claim_alerts] == [3]
    dismiss_alerts(path)
    assert read_event(path).event.claim_alerts == []
    assert not checkin.dismiss_alerts(read_event(path).event).changed
    with pytest.raises(WrongInput):
        checkin.claim_alert(club(), 42)


def test_a_mistyped_personal_code_is_said_to_be_a_wrong_personal_code():
    ev = checkin.check_in(club(), 1).event
    typo = next(c for c in ("ZZZZ2222", "YYYY3333") if player_of_code(ev, c) is None)
    with pytest.raises(checkin.WrongCode) as refused:
        checkin.phone_check_in(ev, "", typo.lower())  # a personal code's 8 characters, no player's
    said = str(refused.value)
    assert said.startswith("that is not your personal code: check it on your slip") and "check-in code" not in said
    assert not any(c in said for c in ev.codes.values()) and ev.checkin_code not in said
    # a code of the screen's length, mistyped: the screen's code is what was meant
    with pytest.raises(checkin.WrongCode, match="not this event's check-in code"):
        checkin.phone_check_in(ev, "Hana Test", "ZZZZZZ" if ev.checkin_code != "ZZZZZZ" else "YYYYYY")
