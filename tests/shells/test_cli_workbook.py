"""The workbook commands end to end: new, standings, check, update."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import shutil

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.rules.model import Event, Final, Override, Player, Round, Table
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute
from archon.formats.workbook import write_event
from conftest import REPO, official_file
from test_standings import nine_player_event, with_final

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_new_from_players_csv_numbers_players_in_file_order(tmp_path):
    out = tmp_path / "cup.xlsx"
    r = run("new", out, "--name", "Winter Cup", "--date", "2026-12-05", "--city", "Lyon",
            "--level", "national championship", "--players", PLAYERS_CSV)
    assert r.exit_code == 0, r.output
    data = json.loads(run("standings", out, "--json").output)
    assert data["event"]["name"] == "Winter Cup" and data["event"]["date"] == "2026-12-05"
    assert data["event"]["level"] == "National Championship" and data["event"]["format"] == "3R+F"
    players = sorted(data["players"], key=lambda p: p["number"])
    with open(PLAYERS_CSV, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(players) == len(rows) == 25
    for p, row in zip(players, rows):
        assert (p["first_name"], p["last_name"], p["city"], p["vekn"]) == (
            row["First Name"], row["Last Name"], row["City"], row["VEKN Number"])
    # A fresh event has nothing to fix yet.
    assert run("check", out).exit_code == 0


def test_new_refuses_bad_input_and_writes_nothing(tmp_path):
    out = tmp_path / "x.xlsx"
    for args in (["--format", "4R+F"], ["--date", "5/12/2026"], ["--level", "Worlds"]):
        r = run("new", out, *args)
        assert r.exit_code == 2 and "Traceback" not in r.output
        assert not out.exists()
    bad = tmp_path / "p.csv"
    bad.write_text("Nick,Deck\nx,y\n", encoding="utf-8")
    r = run("new", out, "--players", bad)
    assert r.exit_code == 2 and "line 1" in r.output and not out.exists()


def test_new_with_every_option_from_an_official_template(tmp_path):
    import openpyxl

    out = tmp_path / "cup.xlsx"
    r = run("new", out, "--name", "Spring Cup", "--date", "2026-04-18", "--city", "Kraków",
            "--organizer", "Ewa Nowak", "--level", "Continental Qualifier", "--format", "2R+F",
            "--players", PLAYERS_CSV, "--template", official_file(), "--edition", "2004")
    assert r.exit_code == 0, r.output
    assert "official" in r.output and "2004" in r.output
    info = openpyxl.load_workbook(out)["Tournament Info"]  # cells from FORMAT.md
    assert (info["B3"].value, info["B4"].value.date().isoformat(), info["B6"].value, info["B7"].value,
            info["B9"].value, info["B11"].value) == (
        "Spring Cup", "2026-04-18", "Ewa Nowak", "Kraków", "Continental Qualifier", 3)
    # The Archon's formulas stay in place: a player's GW is still computed by the template
    methuselahs = openpyxl.load_workbook(out)["Methuselahs"]
    official = openpyxl.load_workbook(official_file())["Methuselahs"]
    assert methuselahs["H7"].value == official["H7"].value and str(official["H7"].value).startswith("=")
    data = json.loads(run("standings", out, "--json").output)
    assert (data["event"]["edition"], data["event"]["format"], data["event"]["players"]) == ("2004", "2R+F", 25)
    # the template's chart seats the 25 players in both rounds until the organizer types over it
    assert [len(r["tables"]) for r in data["rounds"]] == [5, 5]


def test_new_refuses_a_template_that_is_not_an_archon(tmp_path):
    import openpyxl

    lookalike = tmp_path / "lookalike.xlsx"  # every sheet of The Archon, but not its Instructions!A1
    wb = openpyxl.load_workbook(official_file())
    wb["Instructions"]["A1"] = "My own tournament sheet"
    wb.save(lookalike)
    plain = tmp_path / "plain.xlsx"
    openpyxl.Workbook().save(plain)
    for template in (lookalike, plain):
        out = tmp_path / "cup.xlsx"
        r = run("new", out, "--template", template)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert f"{template.name} is not an Archon workbook" in r.output
        assert not out.exists()


def test_new_refuses_to_overwrite(tmp_path):
    out = tmp_path / "cup.xlsx"
    assert run("new", out).exit_code == 0
    before = out.read_bytes()
    r = run("new", out)
    assert r.exit_code == 3 and "already exists" in r.output
    assert out.read_bytes() == before


@pytest.mark.parametrize("template", ["official", "builtin"])
def test_standings_read_back_what_was_written(tmp_path, template):
    ev = with_final(nine_player_event(name="Round trip"))
    ev.players[0].vekn = "1000001"
    path = tmp_path / "ev.xlsx"
    if template == "official":
        shutil.copyfile(official_file(), path)
    else:
        assert run("new", path).exit_code == 0
    write_event(path, ev)
    r = run("standings", path, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    want = standings_to_dict(compute(ev))
    assert got["players"] == want["players"]
    assert got["rounds"] == want["rounds"]
    assert got["final"] == want["final"]
    # the table view and CSV carry the same numbers
    text = run("standings", path).output
    assert "winner: First6 Last6 (#6)" in text
    rows = list(csv.DictReader(io.StringIO(run("standings", path, "--csv").output)))
    assert [int(r["number"]) for r in rows] == [p["number"] for p in want["players"]]
    assert float(rows[0]["rating_points"]) == pytest.approx(want["players"][0]["rating_points"])


def test_check_names_sheet_and_cell_and_exits_1(tmp_path):
    ev = nine_player_event()
    ev.rounds[0].tables[1].vps = [2, 0, 0, 1.5]  # impossible: round 1, table 2 (rows 12-16)
    ev.rounds[1].tables[0].players[4] = 6  # player 6 twice in round 2 (row 11)
    ev.player(3).vekn = "12345"
    path = tmp_path / "ev.xlsx"
    shutil.copyfile(official_file(), path)
    write_event(path, ev)
    r = run("check", path)
    assert r.exit_code == 1
    assert "Round 1!E12" in r.output and "seats 1 and 4" in r.output
    assert "Round 2!A11" in r.output and "seated twice" in r.output
    assert "Methuselahs!E9" in r.output and "7 digits" in r.output
    data = json.loads(run("check", path, "--json").output)["problems"]
    wheres = {p["where"] for p in data}
    assert "Round 1!E12:E16" in wheres  # the table's VP cells
    assert {"Round 2!A11", "Methuselahs!E9"} <= wheres


def test_unreadable_files_exit_2_without_traceback(tmp_path):
    for cmd in ("standings", "check", "update"):
        r = run(cmd, tmp_path / "missing.xlsx")
        assert r.exit_code == 2 and "Traceback" not in r.output and "missing.xlsx" in r.output
    notes = tmp_path / "notes.xlsx"
    notes.write_text("not a workbook")
    r = run("check", notes)
    assert r.exit_code == 2 and "notes.xlsx" in r.output


def test_update_refreshes_results_in_the_builtin_template(tmp_path):
    import openpyxl

    from archon.formats import layout as L

    path = tmp_path / "ev.xlsx"
    assert run("new", path).exit_code == 0
    write_event(path, with_final(nine_player_event()))
    r = run("update", path)
    assert r.exit_code == 0 and "ev.xlsx" in r.output
    wb = openpyxl.load_workbook(path, data_only=True)
    ws = wb[L.METHUSELAHS.sheet]
    # player 6 (row 12) won the final: rating points as archon computes them
    want = {p["number"]: p for p in standings_to_dict(compute(with_final(nine_player_event())))["players"]}
    row = L.METHUSELAHS.first_row + 5
    assert ws[f"{L.METHUSELAHS.number}{row}"].value == 6
    assert ws[f"{L.METHUSELAHS.rating_points}{row}"].value == pytest.approx(want[6]["rating_points"])


def _checked(path):
    r = run("check", path, "--json")
    assert r.exit_code == 1, r.output
    return [p for p in json.loads(r.output)["problems"] if p["severity"] != "note"]


def _find(problems, where, *words):
    """The problem reported at ``where`` whose message holds every word."""
    hits = [p for p in problems if p["where"] == where and all(w in p["message"] for w in words)]
    assert hits, f"nothing at {where} saying {words}:\n" + "\n".join(f"{p['where']}: {p['message']}" for p in problems)
    return hits[0]


def test_check_reports_every_kind_of_problem_at_its_cell(tmp_path):
    """Each kind of problem the issue lists, typed into the official Archon as an
    organizer would (cells spelled from FORMAT.md), named by sheet and cell."""
    import openpyxl

    path = tmp_path / "typed.xlsx"
    wb = openpyxl.load_workbook(official_file())
    wb["Tournament Info"]["B9"] = "Standard Constructed"
    wb["Tournament Info"]["B11"] = 3  # 2R+F
    m = wb["Methuselahs"]
    for i, n in enumerate([1, 2, 3, 4, 5, 6, 7, 8, 9, 4]):  # number 4 twice (rows 10 and 16)
        m[f"A{7 + i}"], m[f"B{7 + i}"], m[f"C{7 + i}"] = n, f"First{n}", f"Last{n}"
    m["E7"], m["E8"] = 1000001, "1000001"  # one VEKN number for players 1 and 2
    m["E9"] = 12345  # not 7 digits
    m["G11"] = "DQ"  # player 5 is out
    r1, r2 = wb["Round 1"], wb["Round 2"]
    seats1 = {7: (1, 5), 8: (2, 0), 9: (3, 0), 10: (4, 0), 11: (5, 0),  # table 1
              12: (6, 1), 13: (7, 1), 14: (42, 1)}  # table 2: 3 seats, 42 is nobody
    seats2 = {7: (6, 3), 8: (1, 0), 9: (9, 1), 10: (2, 0), 11: (7, 1),  # table 1: no game ends so
              12: (3, None), 13: (8, None), 14: (5, None), 15: (1, None)}  # table 2: 5 out, 1 again
    for ws, seats in ((r1, seats1), (r2, seats2)):
        for row in range(7, 307):
            ws[f"A{row}"] = None  # typed over the chart's formulas
        for row, (n, vp) in seats.items():
            ws[f"A{row}"], ws[f"E{row}"] = n, vp
    r1["E16"] = 1  # a VP on the empty 5th row of table 2
    wb.save(path)

    problems = _checked(path)
    found = [
        _find(problems, "Methuselahs!A10", "number 4", "2 players"),
        _find(problems, "Methuselahs!E8", "1000001", "twice"),
        _find(problems, "Methuselahs!E9", "12345", "7 digits"),
        _find(problems, "Round 1!A12:A16", "3 players"),
        _find(problems, "Round 1!A14", "42", "not registered"),
        _find(problems, "Round 2!E7:E11", "impossible result", "seats 1 and 5"),
        _find(problems, "Round 2!A14", "#5", "flagged out"),
        _find(problems, "Round 2!A15", "#1", "seated twice"),
    ]
    assert all(p["advice"] for p in found)  # and says what to do
    assert "clear the VP" in _find(problems, "Round 1!E16", "no player")["message"]
    # the table of 3 is said once, not again as an impossible result of its VPs
    assert [p["where"] for p in problems if "Round 1!" in p["where"] and "3 players" in p["message"]] == [
        "Round 1!A12:A16"]
    assert not [p for p in problems if p["where"] == "Round 1!E12:E16"]
    text = run("check", path).output
    assert "Round 2!A15:" in text and "Traceback" not in text


def test_check_names_the_final_and_the_cut_on_their_sheets(tmp_path):
    # A tie at the cut with no coin ranking: player 1 is out, players 4 and 5
    # tie for places 5 and 6 (hand-worked in test_standings).
    tied = tmp_path / "tied.xlsx"
    shutil.copyfile(official_file(), tied)
    ev = nine_player_event()
    ev.player(1).out = "DQ"
    write_event(tied, ev)
    p = _find(_checked(tied), "Methuselahs!M10", "#4", "#5", "places 5 to 6")  # player 4's coin cell
    assert "coin" in p["advice"]

    # A final table that does not hold the finalists (1, 6, 3, 9, 8).
    final = tmp_path / "final.xlsx"
    shutil.copyfile(official_file(), final)
    write_event(final, nine_player_event(final=Final([9, 1, 6, 3, 4], [None] * 5)))
    problems = _checked(final)
    _find(problems, "Final Round!A18", "#4", "not a finalist")
    _find(problems, "Final Round!A14:A18", "#8")


def test_update_keeps_what_it_does_not_own_and_never_writes_over_a_cell_it_cannot_read(tmp_path):
    import openpyxl

    path = tmp_path / "typed.xlsx"
    wb = openpyxl.load_workbook(official_file())
    wb["Tournament Info"]["B9"] = "Standard Constructed"
    wb["Tournament Info"]["B11"] = 3  # 2R+F
    m = wb["Methuselahs"]
    for n in range(1, 10):
        m[f"A{6 + n}"], m[f"B{6 + n}"], m[f"C{6 + n}"] = n, f"First{n}", f"Last{n}"
    r1 = wb["Round 1"]  # round 1 typed, with its results; round 2 still The Archon's chart
    for row in range(7, 307):
        r1[f"A{row}"] = None
    for row, n, vp in [(7, 1, 5), (8, 2, 0), (9, 3, 0), (10, 4, 0), (11, 5, 0),
                       (12, 6, 2), (13, 7, 0), (14, 8, "1,5"), (15, 9, 0)]:
        r1[f"A{row}"], r1[f"E{row}"] = n, vp
    chart_formula = wb["Round 2"]["A7"].value
    assert str(chart_formula).startswith("=")
    wb.save(path)

    r = run("update", path)
    assert r.exit_code == 0, r.output
    after = openpyxl.load_workbook(path)
    assert after["Round 1"]["A12"].value == 6 and after["Round 1"]["E14"].value == 1.5
    # round 2 is not seated yet: its seats still follow the chart
    assert after["Round 2"]["A7"].value == chart_formula
    assert json.loads(run("standings", path, "--json").output)["rounds"][1]["tables"]

    # a VP archon cannot read is the organizer's to fix: nothing is written over it
    after["Round 1"]["E8"] = "lots"
    after.save(path)
    before = path.read_bytes()
    backups = set(tmp_path.iterdir())
    r = run("update", path)
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "Round 1!E8" in r.output and "lots" in r.output
    assert path.read_bytes() == before and set(tmp_path.iterdir()) == backups


def test_standings_name_the_cells_they_could_not_read_and_exit_1(tmp_path):
    import openpyxl

    path = tmp_path / "typed.xlsx"
    shutil.copyfile(official_file(), path)
    write_event(path, nine_player_event())
    wb = openpyxl.load_workbook(path)
    wb["Round 1"]["E7"] = "five"  # player 1's sweep, typed as a word
    wb.save(path)
    r = CliRunner().invoke(main, ["standings", str(path), "--json"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "Round 1!E7" in r.stderr and "'five'" in r.stderr and "archon check" in r.stderr
    data = json.loads(r.stdout)  # the standings still print, the word counting 0 as in The Archon
    assert next(p for p in data["players"] if p["number"] == 1)["vp"] == 0
    assert run("standings", REPO / "samples" / "sample-event.xlsx").exit_code == 0


# The standings contract, spelled out from issue 3 (not from archon.formats.serialize).
_STR, _INT, _FLOAT, _BOOL, _NULL = str, int, float, bool, type(None)
CONTRACT = {
    "event": {"name": (_STR,), "date": (_STR, _NULL), "city": (_STR, _NULL), "level": (_STR, _NULL),
              "format": (_STR,), "edition": (_STR,), "archon_version": (_STR, _NULL), "players": (_INT,)},
    "player": {"number": (_INT,), "vekn": (_STR, _NULL), "first_name": (_STR,), "last_name": (_STR,),
               "city": (_STR, _NULL), "dq": (_BOOL,), "status": (_STR,), "rounds_played": (_INT,),
               "gw": (_INT,), "vp": (_FLOAT,), "tp": (_FLOAT,), "coin": (_INT, _NULL), "rank": (_INT, _NULL),
               "finalist": (_BOOL,), "seed": (_INT, _NULL), "final_vp": (_FLOAT, _NULL),
               "final_rank": (_INT, _NULL), "rating_points": (_FLOAT,)},
    "round": {"round": (_INT,), "tables": (list,)},
    "table": {"table": (_INT,), "status": (_STR,), "reason": (_STR, _NULL), "seats": (list,)},
    "seat": {"seat": (_INT,), "player": (_INT,), "vp": (_FLOAT,), "gw": (_INT,), "tp": (_FLOAT, _NULL)},
    "final": {"seats": (list,), "winner": (_INT, _NULL)},
    "final_seat": {"seat": (_INT,), "player": (_INT,), "seed": (_INT,), "vp": (_FLOAT, _NULL)},
}


def _conforms(obj, what, exact=True):
    spec = CONTRACT[what]
    if exact:
        assert set(obj) == set(spec), f"{what}: keys {sorted(obj)}"
    else:
        assert set(spec) <= set(obj), f"{what}: missing {sorted(set(spec) - set(obj))}"
    for key, types in spec.items():
        assert type(obj[key]) in types, f"{what}.{key} = {obj[key]!r}"


def _check_contract(data):
    assert set(data) == {"schema", "event", "players", "rounds", "final", "warnings"}
    _conforms(data["event"], "event")
    assert data["event"]["format"] in ("2R+F", "3R+F")
    if data["event"]["date"] is not None:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", data["event"]["date"])
    for p in data["players"]:
        _conforms(p, "player")
    for r in data["rounds"]:
        _conforms(r, "round")
        for t in r["tables"]:
            _conforms(t, "table")
            assert t["status"] in ("complete", "pending", "invalid", "overridden")
            if t["status"] == "complete":
                assert t["reason"] is None
            elif t["status"] in ("pending", "invalid"):
                assert t["reason"], t  # says why, in words
            for s in t["seats"]:
                _conforms(s, "seat")
    if data["final"] is not None:
        _conforms(data["final"], "final")
        for s in data["final"]["seats"]:
            _conforms(s, "final_seat")


def test_standings_json_is_the_contract_of_the_issue(tmp_path):
    done = json.loads(run("standings", REPO / "samples" / "sample-event.xlsx", "--json").output)
    _check_contract(done)
    assert done["final"]["winner"] in {p["number"] for p in done["players"] if p["final_rank"] == 1}
    assert all(p["final_rank"] is not None for p in done["players"])

    # Mid-event: a player out, an illegal table, a pending table, no final yet.
    ev = nine_player_event(date=dt.date(2026, 12, 5))
    ev.player(7).out = "WD"
    ev.player(3).vekn = "3000003"
    ev.rounds[0].tables[1].vps = [2, 0, 0, 1.5]
    ev.rounds[1].tables[1].vps = [None] * 4
    ev.overrides.append(Override(1, 2, "judge's call"))
    ev.rounds[1].tables[0].vps = [1.5, 0, 1.5, 0, None]
    path = tmp_path / "mid.xlsx"
    shutil.copyfile(official_file(), path)
    write_event(path, ev)
    mid = json.loads(run("standings", path, "--json").output)
    _check_contract(mid)
    assert mid["event"]["date"] == "2026-12-05" and mid["event"]["players"] == 9
    by = {p["number"]: p for p in mid["players"]}
    assert by[7]["dq"] is True and by[7]["rank"] is None and by[7]["status"] != "playing"
    assert by[3]["vekn"] == "3000003" and by[4]["vekn"] is None
    assert all(p["final_rank"] is None and p["final_vp"] is None for p in mid["players"])
    statuses = [t["status"] for r in mid["rounds"] for t in r["tables"]]
    assert statuses == ["complete", "overridden", "pending", "pending"]
    pending = mid["rounds"][1]["tables"][1]
    assert pending["reason"] and all(s["tp"] is None for s in pending["seats"])
    assert mid["final"] is None or mid["final"]["winner"] is None


def test_new_reads_a_single_name_column_first_last_or_last_comma_first(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text('\ufeffName,VEKN\n"Kowalski, Anna Maria",1234567\nBruno da Silva Ferreira,2345678\n',
                       encoding="utf-8")
    out = tmp_path / "cup.xlsx"
    assert run("new", out, "--players", players).exit_code == 0
    got = sorted(json.loads(run("standings", out, "--json").output)["players"], key=lambda p: p["number"])
    assert [(p["first_name"], p["last_name"], p["vekn"]) for p in got] == [
        ("Anna Maria", "Kowalski", "1234567"), ("Bruno da Silva", "Ferreira", "2345678")]


def test_report_dry_run_makes_every_file_but_writes_none(tmp_path):
    sample = REPO / "samples" / "sample-event.xlsx"
    before = sample.read_bytes()
    out = tmp_path / "out"
    out.mkdir()
    r = run("report", sample, "--xlsx", out / "r.xlsx", "--html", out / "r.html", "--csv", out / "csv", "--dry-run")
    assert r.exit_code == 0, r.output
    assert f"would write {out / 'r.xlsx'} (report workbook)" in r.output
    assert f"would write {out / 'csv' / 'Round-3.csv'}" in r.output
    assert "dry run: nothing written" in r.output
    assert list(out.iterdir()) == [] and sample.read_bytes() == before
    # the checks still run: a round that is not seated is refused as without --dry-run
    r = run("report", sample, "--round", 4, "--xlsx", out / "r4.xlsx", "--dry-run")
    assert r.exit_code != 0 and "round 4" in r.output and list(out.iterdir()) == []


def test_new_checks_a_players_csv_as_register_does(tmp_path):
    out = tmp_path / "cup.xlsx"
    for rows, message in [
        ("Anna,One,1000001\nBob,Two,1000001\n", "line 3: VEKN number 1000001 is listed twice"),
        ("Anna,One,\nAnna,One,\n", "line 3: Anna One is listed twice"),  # no VEKN number to tell them apart
        ("Anna,One,12345\n", "line 2: VEKN number '12345' is not 7 digits"),
    ]:
        csv_file = tmp_path / "p.csv"
        csv_file.write_text("First Name,Last Name,VEKN\n" + rows, encoding="utf-8")
        r = run("new", out, "--players", csv_file)
        assert r.exit_code == 2 and message in r.output, r.output
        assert not out.exists()


def test_update_edition_says_it_records_another_rule_edition_and_help_says_the_default(tmp_path):
    """Trial finding 14: 'update e2004.xlsx --edition current' changed the recorded
    rule edition without a word; --edition's help said "(default: current)"."""
    from archon.formats.workbook import load_event

    path = tmp_path / "e2004.xlsx"
    assert run("new", path, "--edition", "2004", "--players", PLAYERS_CSV).exit_code == 0
    before = path.read_bytes()
    r = run("update", path, "--edition", "current", "--dry-run")
    assert r.exit_code == 0 and path.read_bytes() == before
    assert r.output.startswith("rule edition: 2004 -> current: would be recorded in the workbook"), r.output
    r = run("update", path, "--edition", "current")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == (
        "rule edition: 2004 -> current: now recorded in the workbook; standings, ranks and rating points follow "
        f"the current rules from now on ('archon update {path} --edition 2004' puts it back)")
    assert load_event(path).edition == "current"
    r = run("update", path, "--edition", "current")  # already recorded: nothing to say of it
    assert r.exit_code == 0 and "rule edition" not in r.output
    # the default of --edition is the workbook's own, where a workbook is read
    for command in ("standings", "check", "report", "update"):
        text = " ".join(run(command, "--help").output.split())
        assert "(default: current" not in text, (command, text)
        assert ("default: the one the workbook records" if command != "update" else
                "default: keep the one it records") in text, (command, text)


def test_keep_backups_says_which_older_backups_it_removed(tmp_path):
    """Trial finding 14: '--keep-backups 2' deleted older backups without a
    word. Review findings 2 and 6: the notice says what stays (the copy of the
    version written besides), and undo still takes back the last 2 changes."""
    from archon.formats.workbook import read_event

    path = tmp_path / "cup.xlsx"
    assert run("new", path, "--players", PLAYERS_CSV).exit_code == 0
    for n in (1, 2, 3, 4):
        assert run("drop", path, n).exit_code == 0
    folder = tmp_path / "cup-backups"

    def journal():
        return [json.loads(line) for line in (folder / "journal.jsonl").read_text().splitlines()]

    drops = journal()
    # drop 1 backs up the workbook as new wrote it; each drop after, the copy the one before kept of its version
    assert [d["backup"] for d in drops[1:]] == [d["written"] for d in drops[:3]]
    r = CliRunner().invoke(main, ["--keep-backups", "2", "drop", str(path), "5"])
    assert r.exit_code == 0, r.output
    # kept: the backups of the last 2 changes (drop 4's; drop 5's, the copy drop 4 wrote) and the copy of
    # the version drop 5 wrote; removed, oldest first: the backups of drops 1, 2 and 3
    gone = [drops[0]["backup"], drops[1]["backup"], drops[2]["backup"]]
    assert r.stderr.strip() == ("cup.xlsx: 3 older backups removed from cup-backups/ (--keep-backups 2 keeps the "
                                "backups of the last 2 changes, and a copy of the version now in the workbook): "
                                + ", ".join(gone)), r.stderr
    assert "removed" not in r.stdout
    assert sorted(p.name for p in folder.glob("cup.backup-*")) == sorted(
        [drops[3]["backup"], drops[3]["written"], journal()[4]["written"]])

    for n in (5, 4):  # undo after the prune: the last 2 changes
        r = run("undo", path)
        assert r.exit_code == 0 and f'drop {path} {n}"' in r.output, r.output
    r = run("undo", path)
    assert r.exit_code == 1 and "no longer in cup-backups" in r.output, r.output
    assert [read_event(path).event.player(n).out is not None for n in (1, 2, 3, 4, 5)] == [True] * 3 + [False] * 2
    r = CliRunner().invoke(main, ["drop", str(path), "6"])  # the default: nothing said
    assert r.exit_code == 0 and r.stderr == ""
