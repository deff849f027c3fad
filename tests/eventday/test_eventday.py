"""Event-day commands: register, drop, result, toss, finals — refusals, --dry-run, rules.

Events are the Winter Cup of ``test_event_e2e`` at different stages, written
into real workbooks (archon's built-in template, or a copy of the official
The Archon where its seating-chart formulas matter). Each refusal must exit
with status 1 (the rules or the event refuse it) or 2 (what was typed names
nothing in the event, or cannot be read: archon.exits), say what is wrong and
where, and leave the file untouched.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from archon import eventday
from archon.cli import main
from archon.exits import ExitStatus
from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.rules.standings import compute
from archon.formats.workbook import new_event, read_event, write_event
from archon.words.message import Message
from archon.words.render import PLAIN
from conftest import official_file, without_folders
from test_event_e2e import LATE, OVERRIDDEN, OVERRIDE_REASON, PLAYERS, ROUNDS, vekn_of


def said(lines) -> list[str]:
    """Lines of a change (messages, or texts a shell added) as plain English."""
    return [PLAIN.render(line) if isinstance(line, Message) else line for line in lines]


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in r.output, r.output
    return r


def ok(*args) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


def refused(path: Path, *args, status: int = ExitStatus.PROBLEMS) -> str:
    """Run a command that must be refused: exit ``status``, file bytes unchanged."""
    before = path.read_bytes()
    r = run(*args)
    assert r.exit_code == status, r.output
    assert path.read_bytes() == before, "a refused command changed the file"
    return r.output


def dry(path: Path, *args) -> str:
    before = path.read_bytes()
    out = ok(*args, "--dry-run")
    # said first, so that what follows reads as a preview, not as done
    assert out.startswith("dry run: nothing written; this is what it would do:\n"), out
    assert path.read_bytes() == before, "--dry-run changed the file"
    return out


def winter_cup(stage: int) -> Event:
    """The Winter Cup after ``stage`` rounds have their results (0: just registered).

    #23 registers after round 1; #22 withdraws after round 2; round 3,
    table 5 is accepted by a judge.
    """
    ev = Event(name="Winter Cup", city="Lyon", level="Standard Constructed", preliminary_rounds=3)
    for n, (first, last) in enumerate(PLAYERS, start=1):
        ev.players.append(Player(n, first, last, city="Lyon", vekn=vekn_of(n)))
    if stage >= 1:
        ev.players.append(Player(23, *LATE, city="Kraków", vekn=vekn_of(23)))
    if stage >= 2:
        ev.player(22).out = "WD"
    for k in range(1, stage + 1):
        ev.rounds.append(Round(k, [Table(list(t), list(v)) for t, v in ROUNDS[k]]))
    if stage >= 3:
        ev.overrides.append(Override(*OVERRIDDEN, OVERRIDE_REASON))
    return ev


def book(tmp_path: Path, event: Event, name: str = "cup.xlsx") -> Path:
    path = tmp_path / name
    new_event(path, event)
    return path


def tossed(event: Event, winner: int = 15) -> Event:
    ev = copy.deepcopy(event)
    ev.player(winner).coin = 1
    ev.player(11 if winner == 15 else 15).coin = 2
    return ev


# ---------------------------------------------------------------------------
# register


def test_register_numbers_players_and_names_the_row_of_a_duplicate(tmp_path):
    ev = winter_cup(0)
    ev.players = ev.players[:5]
    path = book(tmp_path, ev)
    out = refused(path, "register", path, "Zoe Adler", "--vekn", vekn_of(3))
    assert "VEKN number 3000103 is already registered: Methuselahs!E9, #3 Chloé Martin" in out
    out = dry(path, "register", path, "anna  KOWALSKI")  # a namesake: #1 has a VEKN number (test_same_names)
    assert "#6 anna KOWALSKI has the same name as #1 Anna Kowalski (VEKN 3000101)" in out
    out = refused(path, "register", path, "Zoe Adler", "--vekn", "12345", status=ExitStatus.UNREADABLE)
    assert "VEKN number '12345' is not 7 digits" in out
    assert "both" in refused(path, "register", path, "Zoe Adler", "--from", tmp_path / "x.csv", status=ExitStatus.UNREADABLE)

    out = dry(path, "register", path, "Zoe Adler", "--vekn", "3000999", "--city", "Nantes")
    assert "registered #6 Zoe Adler (Nantes), VEKN 3000999" in out
    ok("register", path, "Zoe Adler", "--vekn", "3000999", "--city", "Nantes")
    p = read_event(path).event.player(6)
    assert (p.first_name, p.last_name, p.vekn, p.city) == ("Zoe", "Adler", "3000999", "Nantes")


def test_register_from_csv_is_all_or_nothing(tmp_path):
    ev = winter_cup(0)
    ev.players = ev.players[:2]
    path = book(tmp_path, ev)
    players = tmp_path / "late.csv"
    players.write_text("CITY;vekn;Name\nNantes;3000901;Zoe Adler\nBrest;3000901;Yann Le Goff\n", encoding="utf-8")
    out = refused(path, "register", path, "--from", players)
    assert "late.csv, line 3: VEKN number 3000901 is listed twice (line 2)" in out
    players.write_text("CITY;vekn;Name\nNantes;3000901;Zoe Adler\nBrest;3000902;Yann Le Goff\n", encoding="utf-8")
    out = ok("register", path, "--from", players)
    assert "registered #3 Zoe Adler (Nantes)" in out and "registered #4 Yann Le Goff (Brest)" in out


def test_late_arrival_joins_from_the_next_round_and_not_once_every_round_has_results(tmp_path):
    ev = winter_cup(1)
    ev.players.pop()  # #23 not registered yet
    path = book(tmp_path, ev)
    out = ok("register", path, " ".join(LATE), "--vekn", vekn_of(23))
    assert "#23 Wanda Zielinska" in out and "late arrival, joins from round 2 (rules 3.3.1)" in out

    done = book(tmp_path, winter_cup(3), "done.xlsx")
    out = refused(done, "register", done, "Zoe Adler")
    assert "every preliminary round has results" in out and "3.3.1" in out
    # A round seated but without results: register, and say it must be seated again.
    seated = winter_cup(2)
    seated.rounds.append(Round(3, [Table(list(t)) for t, _ in ROUNDS[3]]))
    path = book(tmp_path, seated, "seated.xlsx")
    out = ok("register", path, "Zoe Adler")
    assert "joins from round 3" in out and "round 3 already seated without #24 Zoe Adler" in out


def test_late_arrival_in_the_official_archon_keeps_the_round_played_from_its_seating_chart(tmp_path):
    """The Archon seats rounds with formulas over its optimal seating chart,
    which depend on the number of players: a late arrival would reseat the
    round already played. archon types that round's seats before adding the
    player, and leaves the rounds not played to the chart."""
    path = tmp_path / "official.xlsx"
    ok("new", path, "--template", official_file("xlsx"), "--name", "Chart Cup")
    players = tmp_path / "p.csv"
    players.write_text("Name,VEKN\n" + "".join(f"Player {n},{3000500 + n}\n" for n in range(1, 11)), encoding="utf-8")
    ok("register", path, "--from", players)
    chart_r1 = [t.players for t in read_event(path).event.round(1).tables]
    chart_r2 = [t.players for t in read_event(path).event.round(2).tables]
    assert [len(t) for t in chart_r1] == [5, 5]  # The Archon's chart, read through its formulas
    for t in (1, 2):  # the organizer only types the VPs of round 1
        ok("result", path, "--round", 1, "--table", t, 5, 0, 0, 0, 0)
    out = ok("register", path, "Late Comer", "--vekn", "3000599")
    assert "joins from round 2" in out and "optimal seating chart now seats 11 players" in out
    after = read_event(path).event
    assert [t.players for t in after.round(1).tables] == chart_r1
    assert [t.vps for t in after.round(1).tables] == [[5, 0, 0, 0, 0]] * 2
    r2 = [t.players for t in after.round(2).tables]
    assert r2 != chart_r2 and 11 in {n for t in r2 for n in t}  # the chart's round 2 for 11 players


def test_no_final_event_admits_no_eighth_player_between_rounds(tmp_path):
    path = book(tmp_path, small_no_final(rounds=1, closed=True))
    ok("register", path, "Sixth Player")
    ok("register", path, "Seventh Player")
    out = refused(path, "register", path, "Eighth Player")
    assert "3.1.6" in out and "8 or more players" in out


# ---------------------------------------------------------------------------
# drop


def test_drop_finds_players_by_number_vekn_or_name_and_refuses_ambiguity(tmp_path):
    path = book(tmp_path, winter_cup(2))
    out = refused(path, "drop", path, "ma", status=ExitStatus.UNREADABLE)
    assert "fits 3 players" in out and "#3 Chloé Martin (Methuselahs!A9)" in out and "#13 Marco Bianchi" in out
    assert "#20 Tomás Silva" in out  # "má" is "ma", accents aside
    assert "no player's name contains 'Zorro'" in refused(path, "drop", path, "Zorro", status=ExitStatus.UNREADABLE)
    assert "reason 'XX'" in refused(path, "drop", path, "7", "--reason", "XX", status=ExitStatus.UNREADABLE)
    assert "already out (WD, Methuselahs!G28)" in refused(path, "drop", path, "Dubois")
    assert "is not out" in refused(path, "drop", path, "7", "--undo")

    out = dry(path, "drop", path, vekn_of(7), "--reason", "dq")
    assert "#7 Greta Lindqvist is out (DQ: disqualified)" in out
    ok("drop", path, "Lindqvist", "--reason", "DQ")
    assert read_event(path).event.player(7).out == "DQ"
    ok("drop", path, "#7", "--undo")
    assert read_event(path).event.player(7).out is None


def test_a_finalist_who_leaves_is_replaced_by_the_next_ranked_player(tmp_path):
    path = book(tmp_path, tossed(winter_cup(3), winner=15))
    out = ok("drop", path, "Haddad")  # #6, seed 4
    assert "#11 Kaito Tanaka now reaches the final in their place (the next-ranked player, rules 3.1)" in out
    st = compute(read_event(path).event)
    assert st.finalists == [1, 2, 4, 15, 11]
    assert [st.by_number()[n].seed for n in st.finalists] == [1, 2, 3, 4, 5]


def test_a_drop_during_round_one_announces_no_tie_for_the_final(tmp_path):
    ev = winter_cup(0)  # round 1 under way: only table 1 (#1 sweeps) has its result
    ev.rounds = [Round(1, [Table(list(t), list(v) if k == 0 else [None] * len(t))
                           for k, (t, v) in enumerate(ROUNDS[1])])]
    path = book(tmp_path, ev)
    out = ok("drop", path, "1")
    assert "#1 Anna Kowalski is out (WD" in out
    # 21 players at 0 VP are tied for now, but the final's cut is decided
    # once the preliminary rounds are over: nothing to toss yet
    assert "tie" not in out and "toss" not in out and "reaches the final" not in out
    assert read_event(path).event.player(1).out == "WD"
    assert "once the preliminary rounds are over" in run("finals", path).output


def test_a_seated_finalist_cannot_be_dropped_they_take_a_loss(tmp_path):
    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2])
    path = book(tmp_path, ev)
    out = refused(path, "drop", path, "6")
    assert "seated at the final table" in out and "3.1.4" in out and "0 VP" in out


# ---------------------------------------------------------------------------
# result


def test_result_refusals_name_the_table_and_what_to_do(tmp_path):
    path = book(tmp_path, winter_cup(2))
    assert "round 3 is not seated" in refused(path, "result", path, "--round", 3, "--table", 1, 5, 0, 0, 0, 0)
    assert "round 2 has 5 tables (1 to 5), not table 6" in refused(
        path, "result", path, "--round", 2, "--table", 6, 5, 0, 0, 0, 0, status=ExitStatus.UNREADABLE)
    out = refused(path, "result", path, "--round", 2, "--table", 4, 4, 0, 0, 0, 0, status=ExitStatus.UNREADABLE)
    assert "round 2, table 4 seats 4 players (#4 Dmitri Volkov, #9 Ines Navarro" in out and "give 4 VPs" in out
    out = refused(path, "result", path, "--round", 2, "--table", 4, 1, 1, 1, 1)
    assert "invalid result" in out and "--override" in out
    out = refused(path, "result", path, "--round", 2, "--table", 4, 0, 0, 0, 0)
    assert "pending result" in out and "no VP at all" in out
    assert "outside 0 to 4" in refused(path, "result", path, "--round", 2, "--table", 4, 7, 0, 0, 0,
                                       status=ExitStatus.UNREADABLE)
    assert "not a number of VPs" in refused(path, "result", path, "--round", 2, "--table", 4, "x", 0, 0, 0,
                                            status=ExitStatus.UNREADABLE)
    assert "--round N --table T" in refused(path, "result", path, "--round", 2, 4, 0, 0, 0,
                                            status=ExitStatus.UNREADABLE)
    assert "the final is not seated" in refused(path, "result", path, "--final", 2, 0, 1, 0, 2)
    assert "--override needs the judge's reason" in refused(
        path, "result", path, "--round", 2, "--table", 4, 1, 1, 1, 1, "--override", " ", status=ExitStatus.UNREADABLE)


def test_result_replaces_vps_and_an_override_goes_when_the_result_is_legal(tmp_path):
    path = book(tmp_path, winter_cup(3))
    out = dry(path, "result", path, "--round", 3, "--table", 5, "5/2", "0", "0,0", "½", "--replace")
    assert "replaces 0 1 1 1.5" in out and "override" in out and "removed" in out
    ok("result", path, "--round", 3, "--table", 5, "5/2", "0", "0,0", "½", "--replace")
    ev = read_event(path).event
    assert ev.round(3).tables[4].vps == [2.5, 0, 0, 0.5] and ev.overrides == []
    out = ok("result", path, "--round", 3, "--table", 5, 0, 1, 1, 1.5, "--override", "judge's call", "--replace")
    assert "accepted by a judge (judge's call), recorded on the Override sheet" in out
    assert [(o.round, o.table, o.reason) for o in read_event(path).event.overrides] == [(3, 5, "judge's call")]


def test_a_result_that_changes_the_finalists_of_a_seated_final_is_refused(tmp_path):
    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2])
    path = book(tmp_path, ev)
    # #11 winning round 3, table 1 instead of #1 would put #11 in the final.
    out = refused(path, "result", path, "--round", 3, "--table", 1, 0, 5, 0, 0, 0, "--replace")
    assert "changes who reaches the final, which is already seated" in out
    out = ok("result", path, "--final", 2, 0, 1, 0, 2)
    assert "winner: #2 Bruno Ferreira" in out  # tied on 2 VP with #6 (seed 4): seed 2 wins


# ---------------------------------------------------------------------------
# toss


def test_toss_before_the_preliminaries_end_is_refused_and_without_a_tie_writes_nothing(tmp_path):
    path = book(tmp_path, winter_cup(2))
    out = refused(path, "toss", path, "--seed", 1)
    assert "preliminary rounds are not over" in out and "round 3 is not seated" in out
    done = book(tmp_path, tossed(winter_cup(3)), "done.xlsx")
    before = done.read_bytes()
    out = ok("toss", done)
    assert "no tie to break" in out and done.read_bytes() == before


def test_toss_prints_its_seed_and_the_seed_repeats_the_draw(tmp_path):
    path = book(tmp_path, winter_cup(3))
    copy_path = tmp_path / "copy.xlsx"
    shutil.copy(path, copy_path)
    out = ok("toss", path)
    seed = int(re.search(r"^draw seed (\d+)$", out, re.M).group(1))
    assert f"archon toss {path} --seed {seed}" in out
    coins = {n: read_event(path).event.player(n).coin for n in (11, 15)}
    assert sorted(coins.values()) == [1, 2]
    ok("toss", copy_path, "--seed", seed)
    assert {n: read_event(copy_path).event.player(n).coin for n in (11, 15)} == coins
    assert compute(read_event(path).event).ties == []


def test_a_dry_run_toss_says_how_to_write_the_draw_it_showed(tmp_path):
    path = book(tmp_path, winter_cup(3))
    out = dry(path, "toss", path)
    command = re.search(r"^to write this draw: archon (toss .*)$", out, re.M)
    assert command is not None, out
    shown = re.search(r"#1[15] \S+ \S+ won the toss", out).group(0)
    args = command.group(1).split()
    assert args[1] == str(path) and args[2] == "--seed"
    assert shown in ok(*args)
    winner = int(shown[1:3])
    assert read_event(path).event.player(winner).coin == 1


def test_toss_gives_every_tied_player_a_distinct_coin_as_the_archon_counts_them():
    """The Archon ranks coin 1 first and counts a player without a coin like
    the worst coin given: #11 holding coin 1 alone still ties with #15."""
    ev = winter_cup(3)
    ev.player(11).coin = 1
    st = compute(ev)
    assert [t.players for t in st.ties] == [(11, 15)]
    change = eventday.toss(ev, seed=5)
    coins = {n: change.event.player(n).coin for n in (11, 15)}
    assert sorted(coins.values()) == [1, 2]
    assert compute(change.event).ties == []
    assert ev.player(15).coin is None  # the event given is not modified
    assert eventday.toss(ev, seed=5).event.players == change.event.players  # same seed, same draw


def test_toss_breaks_a_tie_for_the_seeds_and_the_tie_at_the_cut():
    ev = winter_cup(3)
    # #4 sweeps round 3, table 3: GW 2, VP 8, TP 150 like #2 (places 2-3).
    ev.round(3).tables[2].vps = [4, 0, 0, 0]
    ties = compute(ev).ties
    assert [(t.players, t.at_cut) for t in ties] == [((2, 4), False), ((11, 15), True)]
    change = eventday.toss(ev, seed=11)
    st = compute(change.event)
    assert st.ties == []
    assert sorted(st.by_number()[n].seed for n in (2, 4)) == [2, 3]
    assert len([line for line in said(change.lines) if "won the toss" in line]) == 2


def test_check_sends_both_ties_to_archon_toss_as_finals_does(tmp_path):
    ev = winter_cup(3)
    ev.round(3).tables[2].vps = [4, 0, 0, 0]  # #2 and #4 tie for the seeds, #11 and #15 at the cut
    path = book(tmp_path, ev)
    r = run("check", path)
    assert r.exit_code == ExitStatus.PROBLEMS
    ties = [line for line in r.output.splitlines() if "are tied for" in line]
    assert len(ties) == 2 and all(f"run 'archon toss {path}'" in line for line in ties), r.output
    assert "run 'archon toss" in run("finals", path).output


# ---------------------------------------------------------------------------
# finals


def test_finals_seating_refusals(tmp_path):
    path = book(tmp_path, winter_cup(2))
    assert "preliminary rounds are not over" in refused(path, "finals", path, "--seating", "1,2,4,6,15")
    path = book(tmp_path, tossed(winter_cup(3)), "cut.xlsx")
    out = refused(path, "finals", path, "--seating", "1,2,4,6,11")
    assert "#11 Kaito Tanaka is not a finalist (ranked 6)" in out and "#15 Oscar Jensen (seed 5)" in out
    assert "#22 Victor Dubois is not a finalist (out (WD))" in refused(path, "finals", path, "--seating", "1,2,4,6,22")
    assert "#15 Oscar Jensen missing" in refused(path, "finals", path, "--seating", "1,2,4,6")
    assert "already at seat 1" in refused(path, "finals", path, "--seating", "1,2,4,6,1")
    assert "'x' is not a player number" in refused(path, "finals", path, "--seating", "1,2,x", status=ExitStatus.UNREADABLE)

    out = dry(path, "finals", path, "--seating", "6,15,1,4,2")
    assert "seat 1 #6 Farid Haddad (seed 4); seat 2 #15 Oscar Jensen (seed 5)" in out
    ok("finals", path, "--seating", "6,15,1,4,2")
    assert read_event(path).event.final.seating == [6, 15, 1, 4, 2]
    out = ok("finals", path)
    assert "seat 2: #15 Oscar Jensen (seed 5)" in out


def test_finals_shows_seeds_and_the_lowest_qualifier_chooses_first(tmp_path):
    path = book(tmp_path, tossed(winter_cup(3), winner=11))
    out = ok("finals", path)
    rows = re.findall(r"^\s+(\d)\s+(\d+)\s+(.+?)\s{2,}", out, re.M)
    assert [(s, n) for s, n, _ in rows] == [("1", "1"), ("2", "2"), ("3", "4"), ("4", "6"), ("5", "11")]
    order = re.findall(r"^\s+\d\. seed (\d): #(\d+)", out, re.M)
    assert order == [("5", "11"), ("4", "6"), ("3", "4"), ("2", "2"), ("1", "1")]


def small_no_final(rounds: int = 2, closed: bool = False) -> Event:
    """Five players, one table a round (``closed``: announced without a final)."""
    ev = Event(name="Tiny Cup", city="Brest", preliminary_rounds=2, has_final=not closed)
    for n, name in enumerate(["Ada Byron", "Bo Chen", "Cy Dunn", "Di Egan", "Ed Fox"], start=1):
        ev.players.append(Player(n, *name.split(), vekn=str(3000700 + n)))
    # Round 1: #1 3 VP (GW, 60 TP), #5 2 VP (48), the others 0 (24 each).
    # Round 2: #2 1.5 VP (60), #4 #5 #1 0.5 VP (36 each), #3 0 (12).
    # #1: 1 GW, 3.5 VP; #5: 2.5 VP, 84 TP; #2: 1.5 VP, 84 TP; #4: 0.5 VP; #3: 0 VP.
    results = [([1, 2, 3, 4, 5], [3, 0, 0, 0, 2]), ([2, 3, 4, 5, 1], [1.5, 0, 0.5, 0.5, 0.5])]
    for k in range(1, rounds + 1):
        players, vps = results[k - 1]
        ev.rounds.append(Round(k, [Table(players, vps)]))
    return ev


def test_finals_none_closes_the_event_and_the_workbook_keeps_it(tmp_path):
    big = book(tmp_path, winter_cup(3), "big.xlsx")
    assert "3.1.6" in refused(big, "finals", big, "--none")
    path = book(tmp_path, small_no_final())
    dry(path, "finals", path, "--none")
    out = ok("finals", path, "--none")
    assert "winner: #1 Ada Byron" in out  # the only Game Win
    ev = read_event(path).event
    assert ev.has_final is False
    assert "closes without a final" in ok("finals", path)
    assert "there is no final to seat" in refused(path, "finals", path, "--seating", "1,2,3,4,5")
    assert ok("report", path, "--archondata").startswith("2¤1§Ada§Byron§")


def test_finals_none_persists_in_the_official_archon(tmp_path):
    path = tmp_path / "official.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    write_event(path, small_no_final())
    ok("finals", path, "--none")
    assert read_event(path).event.has_final is False
    ok("update", path)  # rewriting the event keeps the decision
    assert read_event(path).event.has_final is False


# ---------------------------------------------------------------------------
# Unreadable cells are never written over


def test_event_day_commands_refuse_to_write_over_cells_they_cannot_read(tmp_path):
    path = book(tmp_path, winter_cup(1))
    wb = openpyxl.load_workbook(path)
    wb["Round 1"]["E7"] = "five"
    wb.save(path)
    out = refused(path, "drop", path, "7", status=ExitStatus.UNREADABLE)
    assert "Round 1!E7" in out and "archon check" in out


def test_a_tie_for_first_in_an_event_without_final_is_tossed_not_guessed(tmp_path):
    ev = Event(name="Tie Cup", city="Brest", date=None, preliminary_rounds=2)
    for n, name in enumerate(["Ada Byron", "Bo Chen", "Cy Dunn", "Di Egan", "Ed Fox"], start=1):
        ev.players.append(Player(n, *name.split(), vekn=str(3000700 + n)))
    path = book(tmp_path, ev)
    out = without_folders(ok("finals", path, "--none"), path)  # the test's folder is test_a_tie_...
    assert "tie" not in out and "final standings" in out  # nothing is played yet: no tie to speak of
    # #1 and #2 each sweep a table: 1 GW, 5 VP, 60 + 30 TP each; #3, #4, #5 0 VP, 60 TP each.
    ev = read_event(path).event
    import datetime

    ev.date = datetime.date(2026, 12, 5)
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0])]),
                 Round(2, [Table([2, 3, 4, 5, 1], [5, 0, 0, 0, 0])])]
    write_event(path, ev)
    out = without_folders(refused(path, "report", path, "--twd"), path)
    assert "no winner yet" in out and "#1 Ada Byron, #2 Bo Chen are tied for places 1 to 2" in out
    assert "archon toss" in out and "final" not in out.replace("final standings", "")
    out = without_folders(ok("toss", path, "--seed", 4), path)
    assert "places 1 to 2 (their places in the top five" in out
    assert "places 3 to 5 (their places in the top five" in out
    assert "reach" not in out and "the final" not in out
    winner = int(re.search(r"#(\d) \S+ \S+ won the toss", out).group(1))
    assert winner in (1, 2)
    twd = ok("report", path, "--twd").splitlines()
    assert twd[3:] == ["2R", "5 players", ["Ada Byron", "Bo Chen"][winner - 1], "", "-- 1GW5"]


def test_finals_before_the_rounds_are_over_does_not_send_to_a_toss_that_would_be_refused(tmp_path):
    path = book(tmp_path, winter_cup(1))  # #11 and #15 tie for places 3 to 4 after round 1
    out = ok("finals", path)
    assert "tied for places 3 to 4" in out
    assert "once the preliminary rounds are over, run 'archon toss" in out
    assert "not over" in refused(path, "toss", path)


def test_with_four_players_left_the_final_is_played_with_four(tmp_path):
    ev = Event(name="Eight", city="Brest", level="Standard Constructed", preliminary_rounds=2)
    for n in range(1, 9):
        ev.players.append(Player(n, f"P{n}", f"L{n}", vekn=str(3000800 + n)))
    # #1 1 GW 5 VP, #2 1 GW 3 VP, #5 1 GW 2.5 VP, #8 1.5 VP 96 TP, #3 1.5 VP 88 TP,
    # #4 0.5 VP, #6 0 VP 36 TP, #7 0 VP 30 TP.
    ev.rounds = [
        Round(1, [Table([1, 2, 3, 4], [4, 0, 0, 0]), Table([5, 6, 7, 8], [2.5, 0, 0, 0.5])]),
        Round(2, [Table([1, 5, 2, 6], [1, 0, 3, 0]), Table([3, 7, 4, 8], [1.5, 0, 0.5, 1])]),
    ]
    path = book(tmp_path, ev)
    for n in (1, 2, 3, 4):  # four players leave before the final
        ok("drop", path, n)
    out = ok("finals", path)
    rows = re.findall(r"^\s+(\d)\s+(\d+)\s+P", out, re.M)
    assert rows == [("1", "5"), ("2", "8"), ("3", "6"), ("4", "7")]
    order = re.findall(r"^\s+\d\. seed (\d): #(\d+)", out, re.M)
    assert order == [("4", "7"), ("3", "6"), ("2", "8"), ("1", "5")]
    assert "--seating N,N,N,N\n" in out
    ok("finals", path, "--seating", "7,5,8,6")
    assert "winner: #8 P8 L8" in ok("result", path, "--final", 1, 0, 3, 0)
    assert ok("report", path, "--archondata").startswith("3¤1§P8§L8§")


def test_a_result_is_refused_for_a_table_whose_seating_is_typed_wrong(tmp_path):
    ev = winter_cup(0)
    ev.rounds = [Round(1, [Table(list(t)) for t, _ in ROUNDS[1]])]
    ev.rounds[0].tables[0].players[1] = 1  # #1 typed twice at table 1 (seats 1 and 2)
    ev.rounds[0].tables[1].players[0] = 3  # #3 typed at tables 1 and 2
    path = book(tmp_path, ev)
    out = refused(path, "result", path, "--round", 1, "--table", 1, 5, 0, 0, 0, 0)
    assert "#1 Anna Kowalski is seated twice (seats 1 and 2, Round 1!A8)" in out
    out = refused(path, "result", path, "--round", 1, "--table", 2, 5, 0, 0, 0, 0)
    assert "#3 Chloé Martin (Round 1!A12) is also seated at table 1 of round 1" in out
    assert "player 1 is seated twice at table 1" in refused(path, "seat", path, "--round", 2)


def test_a_finished_table_changes_only_with_replace(tmp_path):
    """A mistyped table number must not destroy a real result: round 2,
    table 4 (#4, #9, #14, #21; 4 0 0 0) is shown and kept."""
    from archon import api

    path = book(tmp_path, winter_cup(2))
    out = refused(path, "result", path, "--round", 2, "--table", 4, 0, 4, 0, 0)
    assert "round 2, table 4 already has a result: seat 1 #4 Dmitri Volkov 4 VP; seat 2 #9 Ines Navarro 0 VP" in out
    assert "--replace" in out
    with pytest.raises(eventday.EventDayError, match="already has a result"):
        api.result(path, [0, 4, 0, 0], round=2, table=4)
    same = ok("result", path, "--round", 2, "--table", 4, 4, 0, 0, 0)  # the same result again: nothing lost
    assert "replaces" not in same
    rep = api.result(path, [0, 4, 0, 0], round=2, table=4, replace=True)
    assert "replaces 4 0 0 0" in said(rep.lines)
    assert read_event(path).event.round(2).tables[3].vps == [0, 4, 0, 0]


def test_a_round_the_format_does_not_have_is_named_as_such(tmp_path):
    path = book(tmp_path, winter_cup(2))
    out = without_folders(refused(path, "result", path, "--round", 5, "--table", 1, 5, 0, 0, 0, 0,
                                  status=ExitStatus.UNREADABLE), path)
    assert "this is a 3R+F event, with 3 preliminary rounds" in out and "'Round 5'" not in out


def test_seating_a_round_again_that_decided_a_seated_final_is_refused(tmp_path):
    """Trial finding 2: 'seat --round 3 --force' once the final was seated (and
    played) cleared round 3's results, and the winner was no longer a finalist."""
    import hashlib

    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2])
    path = book(tmp_path, ev)
    played = book(tmp_path, ev, "played.xlsx")
    ok("result", played, "--final", 2, 0, 1, 0, 2)
    for workbook in (path, played):
        before = hashlib.sha256(workbook.read_bytes()).hexdigest()
        for extra in (["--force"], []):  # without --force too: --force would not help
            out = refused(workbook, "seat", workbook, "--round", 3, *extra)
            assert out.startswith("Error: seating round 3 again changes who reaches the final, which is "
                                  "already seated ("), out
            assert "would no longer reach the final" in out and "Traceback" not in out
            assert len(out.strip().splitlines()) == 1
        assert hashlib.sha256(workbook.read_bytes()).hexdigest() == before


def test_finals_and_toss_say_how_many_places_in_the_final_a_tie_decides(tmp_path):
    """Trial finding 10: 'archon finals' said a toss decides "the last place in
    the final" for 13 players tied for places 2 to 14 (four places at stake);
    'archon toss' then put four of them in the final."""
    ev = Event(name="Ten", city="Lyon", level="Standard Constructed", preliminary_rounds=2)
    ev.players = [Player(n, f"P{n}", f"Last{n}") for n in range(1, 11)]
    sweep, draw = [5, 0, 0, 0, 0], [0.5] * 5
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5], sweep), Table([6, 7, 8, 9, 10], draw)]),
                 Round(2, [Table([1, 2, 3, 4, 5], draw), Table([6, 7, 8, 9, 10], draw)])]
    # by hand: #1 GW 1, 5.5 VP; #6 to #10 1 VP, TP 36 + 36; #2 to #5 0.5 VP, TP 30 + 36:
    # #6 to #10 share places 2 to 6, and the final has places 2 to 5 for four of them
    path = book(tmp_path, ev)
    out = refused(path, "finals", path)
    assert ("tie: players #6 P6 Last6, #7 P7 Last7, #8 P8 Last8, #9 P9 Last9, #10 P10 Last10 are tied for "
            "places 2 to 6; a coin toss (coin ranking) must decide the last 4 places in the final") in out, out
    out = ok("toss", path, "--seed", 3)
    assert "places 2 to 6 (the last 4 places in the final; tied on GW 0, VP 1, TP 72)" in out, out
    reach = re.search(r"^(.*) reach the final; (#\d+ P\d+ Last\d+) is 6th$", out, re.M)
    assert reach is not None, out
    assert len(re.findall(r"#\d+", reach.group(1))) == 4


def test_seating_again_a_round_that_decided_a_seated_final_is_refused_even_with_the_same_finalists(tmp_path):
    # Ten players, every table a time-out (0.5 VP each): all tied, ranked by the
    # coin toss (#1 to #10 won coins 1 to 10): #1 to #5 reach the final with or
    # without round 2's results, yet round 2 decided it and is played.
    ev = Event(name="Ten", city="Lyon", level="Standard Constructed", preliminary_rounds=2)
    ev.players = [Player(n, f"P{n}", f"Last{n}", coin=n) for n in range(1, 11)]
    draw = [0.5] * 5
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5], draw), Table([6, 7, 8, 9, 10], draw)]),
                 Round(2, [Table([6, 1, 7, 2, 8], draw), Table([3, 9, 4, 10, 5], draw)])]
    ev.final = Final([5, 4, 3, 2, 1])
    path = book(tmp_path, ev)
    out = refused(path, "seat", path, "--round", 2, "--force")
    assert out.startswith("Error: seating round 2 again changes who reaches the final, which is already seated "
                          "(the preliminary rounds that decided it would no longer be over: "), out
