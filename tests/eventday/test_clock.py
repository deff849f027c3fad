"""The round's clock (issue 25), pure: start, pause, resume, add time for
the round or one table. Every figure below is worked by hand from the
times given (no clock is read): a 120-minute round is 7200 seconds."""

from __future__ import annotations

import datetime as dt

import pytest

from archon.eventday import clock
from archon.eventday.errors import EventDayError, WrongInput
from archon.rules.model import FINAL, Event, Final, Player, Round, Table

UTC = dt.timezone.utc
T0 = dt.datetime(2026, 11, 27, 14, 0, 0, tzinfo=UTC)


def at(minutes: float = 0, seconds: int = 0) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes, seconds=seconds)


def event(rounds: int = 1, vps=None) -> Event:
    """10 players, round 1 seated at two tables of 5 (VPs ``vps`` or none typed)."""
    players = [Player(number=n, first_name=f"P{n}", last_name="X") for n in range(1, 11)]
    tables = [Table(players=[1, 2, 3, 4, 5], vps=vps or [None] * 5), Table(players=[6, 7, 8, 9, 10])]
    return Event(name="Cup", players=players, rounds=[Round(1, tables)][:rounds])


def test_a_round_started_counts_down_from_its_time_limit():
    ev = clock.start(event(), at(0)).event
    assert ev.clock.round == 1 and ev.clock.minutes == 120  # rules 3.1.1: two hours
    assert clock.remaining(ev.clock, at(0)) == 7200
    assert clock.remaining(ev.clock, at(30)) == 5400  # 7200 - 1800
    assert not clock.finished(ev.clock, at(119, 59))
    assert clock.finished(ev.clock, at(120))


def test_a_pause_stops_the_count_and_a_resume_leaves_the_pause_out():
    ev = clock.start(event(), at(0), minutes=100).event  # 6000 s
    ev = clock.pause(ev, at(10)).event                     # 600 s run: 5400 left
    assert clock.remaining(ev.clock, at(10)) == 5400
    assert clock.remaining(ev.clock, at(40)) == 5400       # paused: stands
    ev = clock.resume(ev, at(25)).event                    # paused 15 min
    assert ev.clock.paused_seconds == 900
    assert clock.remaining(ev.clock, at(25)) == 5400
    assert clock.remaining(ev.clock, at(35)) == 4800       # 10 more minutes run
    ev = clock.pause(ev, at(45)).event                     # 30 min run in all: 4200 left
    ev = clock.resume(ev, at(50)).event                    # 5 more min paused: 1200 s paused in all
    assert ev.clock.paused_seconds == 1200
    assert clock.remaining(ev.clock, at(50)) == 4200
    assert clock.finished(ev.clock, at(50 + 70))           # 4200 s = 70 minutes later


def test_time_added_to_the_round_counts_for_every_table():
    ev = clock.start(event(), at(0), minutes=120).event
    ev = clock.add(ev, 10, at(60)).event
    assert clock.remaining(ev.clock, at(60)) == 4200            # 3600 + 600
    assert clock.remaining(ev.clock, at(60), table=2) == 4200   # the same at every table
    ev = clock.add(ev, "-5", at(61)).event                      # a minus sign takes time back
    assert ev.clock.added == 5
    assert clock.remaining(ev.clock, at(61)) == 3840            # 7200 + 300 - 3660


def test_a_table_extra_time_counts_for_that_table_only():
    ev = clock.start(event(), at(0)).event
    ev = clock.add(ev, 7, at(100), table=2).event
    assert ev.clock.tables == {2: 7}
    assert clock.remaining(ev.clock, at(100), table=2) == 1620  # 1200 + 420
    assert clock.remaining(ev.clock, at(100), table=1) == 1200
    assert clock.finished(ev.clock, at(120), table=1)
    assert not clock.finished(ev.clock, at(120), table=2)       # 7 minutes more there
    assert clock.finished(ev.clock, at(127), table=2)
    ev = clock.add(ev, 3, at(101), table="2").event
    assert ev.clock.tables == {2: 10}
    ev = clock.add(ev, -10, at(102), table=2).event
    assert ev.clock.tables == {}                                 # all taken back: no extra time


def test_the_round_sheet_times_follow_the_clock_in_the_organizers_time_zone():
    paris = dt.timezone(dt.timedelta(hours=1))
    ev = clock.start(event(), at(0), tz=paris).event           # 14:00 UTC is 15:00 in Paris
    assert ev.round_times[1] == ("15:00", "17:00")
    ev = clock.pause(ev, at(30)).event
    assert ev.round_times[1] == ("15:00", "17:00")             # paused: nobody knows the end yet
    ev = clock.resume(ev, at(50), tz=paris).event              # 20 minutes paused
    assert ev.round_times[1] == ("15:00", "17:20")
    ev = clock.add(ev, 5, at(60), tz=paris).event
    assert ev.round_times[1] == ("15:00", "17:25")
    ev = clock.add(ev, 15, at(61), table=1, tz=paris).event    # a table's extra time: not the round's end
    assert ev.round_times[1] == ("15:00", "17:25")


def test_the_clock_starts_for_the_round_under_way():
    # round 1 has all its results: the clock is for round 2 once it is seated
    done = event(vps=[4, 0, 0, 0, 1])
    done.rounds[0].tables[1].vps = [1, 1, 1, 1, 1]
    done.rounds.append(Round(2, [Table(players=[1, 6, 2, 7, 3]), Table(players=[4, 8, 5, 9, 10])]))
    assert clock.start(done, at(0)).event.clock.round == 2
    # the final seated: its clock
    done.final = Final(seating=[1, 2, 3, 4, 5])
    assert clock.start(done, at(0)).event.clock.round == FINAL
    assert clock.start(done, at(0), round="2").event.clock.round == 2


def test_refusals_say_what_to_do():
    with pytest.raises(EventDayError) as e:
        clock.start(Event(players=[Player(number=1, first_name="A", last_name="B")]), at(0))
    assert e.value.message.id == "clock.nothing_seated"
    with pytest.raises(EventDayError) as e:
        clock.pause(event(), at(0))
    assert e.value.message.id == "clock.not_started"
    ev = clock.start(event(), at(0)).event
    with pytest.raises(EventDayError) as e:
        clock.start(ev, at(5))
    assert e.value.message.id == "clock.already_started" and e.value.message.fields["left"] == "1:55:00"
    with pytest.raises(EventDayError) as e:
        clock.resume(ev, at(5))
    assert e.value.message.id == "clock.not_paused"
    with pytest.raises(WrongInput) as e:
        clock.add(ev, 5, at(5), table=3)  # round 1 has 2 tables
    assert e.value.message.id == "clock.no_such_table" and e.value.message.fields["tables"] == 2
    with pytest.raises(WrongInput):
        clock.add(ev, "ten", at(5))
    with pytest.raises(WrongInput):
        clock.add(ev, -5, at(5), table=1)  # no extra time to take back
    with pytest.raises(WrongInput):
        clock.start(event(), at(0), round=4)
    # nothing changed by a refusal: the event given is never modified
    assert ev.clock.tables == {} and ev.clock.added == 0


def test_figures_and_time_left_as_a_clock_shows_it():
    ev = clock.start(event(), at(0), minutes=90).event
    ev = clock.add(ev, 5, at(1), table=1).event
    f = clock.clock_figures(ev.clock, at(89, 30))
    assert f["state"] == "running" and f["remaining"] == 30 and not f["finished"]
    assert f["tables"] == [{"table": 1, "extra": 5, "remaining": 330, "finished": False}]
    assert clock.left_text(30) == "0:30"
    assert clock.left_text(3725) == "1:02:05"
    assert clock.left_text(-12) == "0:00"
    assert clock.clock_figures(None, at(0))["state"] == "not_started"


def test_the_clock_names_the_final_as_the_final_in_every_language():
    from archon.words.render import PLAIN, Renderer

    ev = event(vps=[4, 0, 0, 0, 1])
    ev.rounds[0].tables[1].vps = [1, 1, 1, 1, 1]
    ev.final = Final(seating=[1, 2, 3, 4, 5])
    started = clock.start(ev, at(0), round="F")
    line = PLAIN.render(started.lines[0])
    assert line.startswith("The final: the clock started at 14:00") and "Round F" not in line
    assert Renderer("fr").render(started.lines[0]).startswith("La finale : ")
    assert Renderer("de").render(started.lines[0]).startswith("Das Finale: ")
    # a round keeps its number, and the refusals name the final the same way
    assert PLAIN.render(clock.start(event(), at(0)).lines[0]).startswith("Round 1: the clock started")
    with pytest.raises(EventDayError) as e:
        clock.start(started.event, at(5), round="F")
    assert PLAIN.render(e.value.message).startswith("The final: the clock is already started (1:55:00 left)")
    shown = clock.clock_said(clock.clock_figures(started.event.clock, at(1)))
    assert PLAIN.render(shown[0]).startswith("The final: running, 1:59:00 left")
