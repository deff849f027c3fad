"""Text that must never become code: names and event names that start like a
formula (``=``, ``+``, ``-``, ``@``) in every CSV and workbook archon writes.

Expected CSV lines are written by hand from the OWASP rule (a leading ``'``
before such a text; numbers untouched) and the CSV set's format (see
:mod:`archon.formats.csvset`): ``number,first,last,city,VEKN,rounds played,DQ``.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from archon.formats import layout as L
from archon.cli import main
from archon.formats.csvcells import FORMULA_STARTS, csv_cell, text_from_csv
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event
from conftest import official_file

EVENT_NAME = "=cmd|' /C calc'!A0"
HYPERLINK = '=HYPERLINK("http://x")'
NAMES = [
    (HYPERLINK, "Evil"), ("Anna", "-2+3"), ("+Bob", "@Smith"), ("Carl", "Doe"),
    ("Dana", "Roe"), ("Ed", "Poe"), ("Fay", "Loe"), ("Gus", "Moe"),
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def hostile_event(rounds: bool = True) -> Event:
    players = [
        Player(i + 1, first, last, city="=1+1" if i == 0 else None, vekn=str(1000001 + i))
        for i, (first, last) in enumerate(NAMES)
    ]
    ev = Event(name=EVENT_NAME, preliminary_rounds=3, players=players)
    if rounds:
        # table 1: 1+1+1+1 VP (a legal game: everyone withdrew... no matter, 4 VP on the table);
        # table 2: player 5 ousts everyone: 4 VP, a game win
        ev.rounds.append(Round(1, [Table([1, 2, 3, 4], [1.0, 1.0, 1.0, 1.0]),
                                   Table([5, 6, 7, 8], [4.0, 0.0, 0.0, 0.0])]))
    return ev


@pytest.fixture
def workbook(tmp_path) -> Path:
    path = tmp_path / "event.xlsx"
    new_event(path, hostile_event())
    return path


# ---------------------------------------------------------------------------
# The one rule


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_text_a_spreadsheet_would_run_gets_a_quote(start):
    assert csv_cell(start + "1+1") == "'" + start + "1+1"


def test_numbers_and_ordinary_text_are_left_as_they_are():
    assert csv_cell(-1.5) == -1.5 and isinstance(csv_cell(-1.5), float)
    assert csv_cell(-3) == -3
    assert csv_cell("Anna") == "Anna"
    assert csv_cell("O'Brien") == "O'Brien"
    assert csv_cell("") == ""
    assert csv_cell(None) is None
    # a text that already starts with a quote before a formula start gets one more
    assert csv_cell("'=x") == "''=x"


@given(st.text())
def test_reading_back_gives_the_original_text(text):
    cell = csv_cell(text)
    assert not cell.lstrip("'").startswith(FORMULA_STARTS) or cell.startswith("'")
    assert text_from_csv(cell) == text


# ---------------------------------------------------------------------------
# CSV outputs


def csv_cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text)) for c in row]


def test_report_csv_set_neutralises_names_and_keeps_ordinary_lines(workbook, tmp_path):
    out = tmp_path / "csv"
    r = run("report", workbook, "--csv", out)
    assert r.exit_code == 0, r.output
    files = {p.name: p.read_bytes().decode("utf-8") for p in out.iterdir()}
    assert sorted(files) == ["Methuselahs.csv", "Report.csv", "Round-1.csv"]
    for name, text in files.items():
        for cell in csv_cells(text):
            assert not cell.startswith(FORMULA_STARTS), (name, cell)
    meth = files["Methuselahs.csv"].split("\r\n")
    assert meth[0] == '1,"\'=HYPERLINK(""http://x"")",Evil,\'=1+1,1000001,1,'
    assert meth[1] == "2,Anna,'-2+3,,1000002,1,"
    assert meth[2] == "3,'+Bob,'@Smith,,1000003,1,"
    assert meth[3] == "4,Carl,Doe,,1000004,1,"  # an ordinary name: as the bot writes it
    rnd = files["Round-1.csv"].split("\r\n")
    assert rnd[0] == '1,"\'=HYPERLINK(""http://x"")",Evil,1,1.0'
    assert rnd[5] == "5,Dana,Roe,2,4.0"
    report = files["Report.csv"].split("\r\n")
    assert report[0] == "Player Num,V:EKN Num,Name,Games Played,Games Won,Total VPs,Finals Position,Rank"
    # Dana Roe: 4 VP and the only GW: 1st, seed 1
    assert report[1] == "5,1000005,Dana Roe,1,1,4.0,1,1"
    assert "3,1000003,'+Bob @Smith,1,0,1.0,,2" in report
    assert "4,1000004,Carl Doe,1,0,1.0,,2" in report


def test_convert_of_a_neutralised_csv_set_gives_back_the_original_names(workbook, tmp_path):
    out = tmp_path / "csv"
    assert run("report", workbook, "--csv", out).exit_code == 0
    back = tmp_path / "back.xlsx"
    r = run("convert", out, back)
    assert r.exit_code in (0, 1) and back.exists(), r.output
    got = json.loads(run("standings", back, "--json").output)
    names = {p["number"]: (p["first_name"], p["last_name"]) for p in got["players"]}
    assert names == {i + 1: n for i, n in enumerate(NAMES)}
    assert next(p for p in got["players"] if p["number"] == 1)["city"] == "=1+1"


def test_standings_csv_neutralises_text_not_numbers(workbook):
    r = run("standings", workbook, "--csv")
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.output)))
    first = next(row for row in rows if row["number"] == "1")
    assert first["first_name"] == "'" + HYPERLINK
    assert first["city"] == "'=1+1"
    assert first["vp"] == "1.0"
    anna = next(row for row in rows if row["number"] == "2")
    assert anna["last_name"] == "'-2+3"
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(FORMULA_STARTS), cell


# ---------------------------------------------------------------------------
# Workbooks


def formula_cells(path: Path) -> list[str]:
    wb = openpyxl.load_workbook(path)
    return [f"{ws.title}!{c.coordinate}" for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.data_type == "f"]


def test_report_workbook_writes_the_event_name_as_text(workbook, tmp_path):
    out = tmp_path / "report.xlsx"
    r = run("report", workbook, "--xlsx", out)
    assert r.exit_code == 0, r.output
    assert formula_cells(out) == []
    wb = openpyxl.load_workbook(out)
    assert wb["Seating R1"]["A1"].value == f"{EVENT_NAME} \u2014 Round 1"
    assert wb["Event"]["A1"].value == EVENT_NAME
    players = [wb["Standings"].cell(row, 4).value for row in range(2, 10)]
    assert f"{HYPERLINK} Evil" in players and "+Bob @Smith" in players


def libreoffice_convert(soffice: str, path: Path, tmp_path: Path, to: str) -> Path:
    """``path`` opened by LibreOffice headless and saved as ``to`` (csv: the first sheet)."""
    outdir = tmp_path / "lo"
    fmt = "csv:Text - txt - csv (StarCalc):44,34,76" if to == "csv" else to  # 76: UTF-8
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{tmp_path}/lo-profile", "--headless", "--convert-to", fmt,
         "--outdir", str(outdir), str(path)],
        check=True, capture_output=True, timeout=300,
    )
    return outdir / f"{path.stem}.{to}"


def test_round_seat_list_writes_the_event_name_as_text(workbook, tmp_path, soffice):
    out = tmp_path / "round1.xlsx"
    r = run("report", workbook, "--round", "1", "--xlsx", out)
    assert r.exit_code == 0, r.output
    assert formula_cells(out) == []
    assert openpyxl.load_workbook(out).active["A1"].value == f"{EVENT_NAME} \u2014 Round 1"
    text = libreoffice_convert(soffice, out, tmp_path, "csv").read_text(encoding="utf-8")
    assert f"{EVENT_NAME} \u2014 Round 1" in text  # LibreOffice computed no formula: the text is there
    assert "@Smith, +Bob" in text


def test_seat_print_writes_the_event_name_as_text(tmp_path):
    path = tmp_path / "event.xlsx"
    new_event(path, hostile_event(rounds=False))
    out = tmp_path / "post.xlsx"
    r = run("seat", path, "--round", "1", "--seed", "1", "--print", out)
    assert r.exit_code == 0, r.output
    assert formula_cells(out) == []
    assert openpyxl.load_workbook(out).active["A1"].value == f"{EVENT_NAME} \u2014 Round 1"


def test_the_workbook_patcher_writes_names_as_text(tmp_path, soffice):
    path = tmp_path / "event.xlsx"
    shutil.copyfile(official_file(), path)
    from archon.formats.workbook import write_event

    write_event(path, hostile_event())
    wb = openpyxl.load_workbook(path)
    info = wb[L.INFO.sheet][L.INFO.name]
    assert (info.value, info.data_type) == (EVENT_NAME, "s")
    m = wb[L.METHUSELAHS.sheet]
    row = L.METHUSELAHS.first_row
    for col, want in ((L.METHUSELAHS.first_name, HYPERLINK), (L.METHUSELAHS.city, "=1+1")):
        cell = m[f"{col}{row}"]
        assert (cell.value, cell.data_type) == (want, "s")
    cell = m[f"{L.METHUSELAHS.last_name}{row + 1}"]
    assert (cell.value, cell.data_type) == ("-2+3", "s")
    # LibreOffice opens it and saves it again with the names still text
    again = libreoffice_convert(soffice, path, tmp_path, "xlsx")
    m = openpyxl.load_workbook(again)[L.METHUSELAHS.sheet]
    cell = m[f"{L.METHUSELAHS.first_name}{row}"]
    assert (cell.value, cell.data_type) == (HYPERLINK, "s")


def test_rating_csv_neutralises_names(tmp_path):
    import datetime as dt

    from archon.rules.model import Final
    from archon.rules.standings import compute

    folder = tmp_path / "events"
    folder.mkdir()
    people = [Player(k, f"First{k}", f"Last{k}", city="Lyon", vekn=str(1000010 + k), coin=k) for k in range(1, 11)]
    people[0].first_name, people[0].last_name = "=HYPERLINK(\"http://x\")", "Evil"
    people[1].city = "@city"
    ev = Event(name="Cup", date=dt.date(2026, 1, 10), city="Lyon", level="Standard Constructed",
               deck_format="Constructed", preliminary_rounds=2, players=people,
               rounds=[Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9, 10], [5, 0, 0, 0, 0])]),
                       Round(2, [Table([1, 3, 5, 7, 9], [0, 0, 0, 0, 5]), Table([2, 4, 6, 8, 10], [0, 0, 0, 0, 5])])])
    ev.final = Final(list(compute(ev).finalists), [5, 0, 0, 0, 0])
    new_event(folder / "2026-01-10.xlsx", ev)
    r = run("rating", folder, "--as-of", "2026-06-30", "--csv")
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    names = {row["vekn"]: row for row in rows}
    assert names["1000011"]["name"] == "'" + HYPERLINK + " Evil"
    assert names["1000012"]["city"] == "'@city"
    assert float(names["1000011"]["rating"]) > 0  # numbers stay numbers
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(FORMULA_STARTS), cell
