"""Reading Archon workbooks into the event model: ``archon.formats.workbook.read_event``.

The files read are the official v1.5l template in its three published forms,
and copies of the official Excel edition with an event typed in by openpyxl
(inputs only, so the file holds *no* saved formula values, like a file
written by a program), converted by LibreOffice to .ods, .xls and .xlsx.

Cell addresses here are spelled out from FORMAT.md on purpose, independently
of ``archon.formats.layout``: if the layout were wrong, these tests would say so.
"""

from __future__ import annotations

import datetime as dt
import re
import struct
import subprocess
import uuid
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.packaging.custom import StringProperty
from openpyxl.utils import column_index_from_string

from conftest import official_file, soffice_path

from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.rules.standings import compute
from archon.rules.validation import Where
from archon.formats.workbook import CellRef, WorkbookError, load_event, read_event

PLAYERS = 10
# FORMAT.md: the chart block for N players starts at row (N-4)*5+7 (the
# "Players" line, N in column D); the round lines follow; seats from column F.
BLOCK_ROW = (PLAYERS - 4) * 5 + 7


def _chart_tables(ws, line_row: int) -> list[list[int]]:
    """A chart round line read with openpyxl: tables of 5 slots, empty slots dropped."""
    slots = [ws.cell(line_row, col).value for col in range(6, 6 + 60)]
    tables = []
    for i in range(0, len(slots), 5):
        table = [int(v) for v in slots[i:i + 5] if isinstance(v, (int, float)) and v > 0]
        if table:
            tables.append(table)
    return tables


def _with_vps(tables: list[list[int]], vps_by_row: dict[int, object]) -> list[Table]:
    """Tables as the Round sheet rows hold them: table k on rows 7+5(k-1).."""
    out = []
    for k, players in enumerate(tables):
        rows = range(7 + 5 * k, 7 + 5 * k + len(players))
        out.append(Table(list(players), [vps_by_row.get(r) for r in rows]))
    return out


# --------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The official Excel edition with a 10-player 3R+F event typed in by openpyxl.

    Returns ``(event.xlsx, odd.xlsx, expected Event)``. Round 1 and Round 3
    keep the template's seating formula (no saved value: resolved from the
    chart), Round 2 is typed over it with a 4-player table. ``odd.xlsx`` adds
    the oddities real files contain.
    """
    src = official_file("xlsx")
    folder = tmp_path_factory.mktemp("written")
    wb = openpyxl.load_workbook(src)

    info = wb["Tournament Info"]
    info["B3"] = "  Coupe   de Lyon "
    info["B4"] = dt.datetime(2024, 3, 9)
    info["B6"] = "Émile Zola"
    info["C6"] = 3200001  # typed over the placeholder formula
    info["B7"] = "Lyon"
    info["B8"] = "Constructed"
    info["B9"] = "National Championship"
    info["B11"] = 4  # 3R+F

    m = wb["Methuselahs"]
    # rows in any order; names with accents (one typed decomposed, NFD) and
    # stray spaces; VEKN numbers as numbers, floats and text
    rows = [
        (3, " Éloïse ", "Dupré  ", "Lyon", 1234567, None, None),
        (1, "Anna", "Ashford", None, "  2345678 ", None, None),
        (2, "Bjørn", "Løvland", "Oslo", 3456789.0, None, None),
        (10, "Zoë", "O'Brien", "Dublin", None, "WD", None),
        (4, "José", "Marti\u0301nez", "Sevilla", "4567890", None, None),
        (5, "Kasia", "Kowalska", "Kraków", 5678901, None, 1),
        (6, "Hugo", "Moreau", None, None, None, None),
        (7, "Ines", "García", None, None, None, None),
        (8, "Jonas", "Jensen", None, None, None, None),
        (9, "Maël", "Nakamura", None, None, None, None),
    ]
    for i, (number, first, last, city, vekn, out, coin) in enumerate(rows):
        r = 7 + i
        for col, value in zip("ABCDEGM", (number, first, last, city, vekn, out, coin)):
            m[f"{col}{r}"] = value

    chart = wb["Optimal Seating 3R+F"]
    assert chart[f"D{BLOCK_ROW}"].value == PLAYERS, "the chart block is not where FORMAT.md says"
    round1 = _chart_tables(chart, BLOCK_ROW + 1)
    round3 = _chart_tables(chart, BLOCK_ROW + 3)

    r1 = wb["Round 1"]  # player cells keep the template's formula
    r1_vps = {7: 2, 8: "2,5", 10: "0.5", 11: 0, 12: 5}
    for row, vp in r1_vps.items():
        r1[f"E{row}"] = vp

    r2 = wb["Round 2"]  # typed over the formula: 5 + 4 players (player 10 withdrew)
    r2_players = {7: 1, 8: 2, 9: 3, 10: 4, 11: 5, 12: "6", 13: " 7 ", 14: 8, 15: 9, 16: ""}
    r2_vps = {7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: "1.5", 13: 1.5, 14: 1}
    for row, number in r2_players.items():
        r2[f"A{row}"] = number
    for row, vp in r2_vps.items():
        r2[f"E{row}"] = vp

    r3 = wb["Round 3"]  # the Round 3 variant of the formula (only when B11 = 4)
    r3["E7"] = 4

    fr = wb["Final Round"]
    for i, (number, vp) in enumerate([(3, 2), (1, "1,5"), (5, None), (2, 0.5), (4, 1)]):
        fr[f"A{14 + i}"] = number
        fr[f"F{14 + i}"] = vp

    ov = wb["Override"]
    ov["A6"], ov["B6"], ov["D6"] = 2, 2, "player 10 withdrew"
    ov["A7"], ov["D7"] = "F", "time limit dispute"

    event_path = folder / "event.xlsx"
    wb.save(event_path)

    expected = Event(
        name="Coupe de Lyon",
        date=dt.date(2024, 3, 9),
        city="Lyon",
        organizer="Émile Zola",
        organizer_vekn="3200001",
        level="National Championship",
        preliminary_rounds=3,
        players=[
            Player(3, "Éloïse", "Dupré", "Lyon", "1234567"),
            Player(1, "Anna", "Ashford", None, "2345678"),
            Player(2, "Bjørn", "Løvland", "Oslo", "3456789"),
            Player(10, "Zoë", "O'Brien", "Dublin", None, out="WD"),
            Player(4, "José", "Martínez", "Sevilla", "4567890"),
            Player(5, "Kasia", "Kowalska", "Kraków", "5678901", coin=1),
            Player(6, "Hugo", "Moreau"),
            Player(7, "Ines", "García"),
            Player(8, "Jonas", "Jensen"),
            Player(9, "Maël", "Nakamura"),
        ],
        rounds=[
            Round(1, _with_vps(round1, {7: 2.0, 8: 2.5, 10: 0.5, 11: 0.0, 12: 5.0})),
            Round(2, [Table([1, 2, 3, 4, 5], [1.0] * 5), Table([6, 7, 8, 9], [1.5, 1.5, 1.0, None])]),
            Round(3, _with_vps(round3, {7: 4.0})),
        ],
        overrides=[Override(2, 2, "player 10 withdrew"), Override(FINAL, 1, "time limit dispute")],
        final=Final([3, 1, 5, 2, 4], [2.0, 1.5, None, 0.5, 1.0]),
        archon_version="1.5l",
        deck_format="Constructed",
    )

    # The oddities real files contain, typed on top of the same event.
    info["B4"] = "9/3/2024"  # day and month can be swapped
    m["B17"] = "Ghost"  # a name without a player number
    m["A18"], m["B18"] = "abc", "Xavier"  # not a number
    m["A19"], m["B19"] = 2, "Double"  # number 2 twice
    odd_r1 = {
        7: 1, 8: 2, 9: 3, 10: None, 11: None,  # table 1: 3 players
        12: 4, 13: None, 14: 5, 15: 6, 16: 7,  # table 2: an empty row inside
        17: None, 18: None, 19: None, 20: None, 21: None,  # table 3: empty
        22: 8, 23: 9, 24: 2.5, 25: 10, 26: 11,  # table 4: 2.5 is no player number
    }
    for row, number in odd_r1.items():
        r1[f"A{row}"] = number
    for row in range(7, 27):
        r1[f"E{row}"] = None
    r1["E7"], r1["E8"], r1["E10"] = 1, "abc", 2  # a VP that is no number; a VP with no player
    ov["A8"], ov["B8"] = "X", 1  # not a round
    ov["A9"], ov["D9"] = 1, "no table given"
    # the rule edition archon records in the document properties
    wb.custom_doc_props.append(StringProperty(name="archon:edition", value="2004"))
    odd_path = folder / "odd.xlsx"
    wb.save(odd_path)
    return event_path, odd_path, expected


SMALL = 8  # a 2R+F event this small: The Archon's seating formula shows the chart's notes


def _small_two_round_event(folder: Path) -> Path:
    """8 players registered in the official Excel edition, 2R+F, seats still the chart's formulas."""
    wb = openpyxl.load_workbook(official_file("xlsx"))
    wb["Tournament Info"]["B11"] = 3
    for n in range(1, SMALL + 1):
        wb["Methuselahs"][f"A{6 + n}"], wb["Methuselahs"][f"B{6 + n}"] = n, f"Player{n}"
    path = folder / "small.xlsx"
    wb.save(path)
    return path


@pytest.fixture(scope="module")
def converted(written, tmp_path_factory):
    """event.xlsx saved by LibreOffice as .ods, .xls and .xlsx (three parallel soffice runs);
    the .xls run also saves small.xlsx (``"small-xls"``)."""
    binary = soffice_path()
    if not binary:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    event_path = written[0]
    folder = tmp_path_factory.mktemp("converted")
    small = _small_two_round_event(folder)
    runs = []
    for fmt in ("ods", "xls", "xlsx"):
        out = folder / fmt
        out.mkdir()
        profile = folder / f"profile-{fmt}-{uuid.uuid4().hex}"
        sources = [str(event_path)] + ([str(small)] if fmt == "xls" else [])
        runs.append((fmt, out, subprocess.Popen(
            [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
             "--convert-to", fmt, "--outdir", str(out), *sources],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )))
    files = {}
    for fmt, out, proc in runs:
        try:
            proc.wait(timeout=240)
        except subprocess.TimeoutExpired:
            proc.kill()
        path = out / f"event.{fmt}"
        if not path.is_file():
            pytest.fail(f"LibreOffice did not convert event.xlsx to {fmt}")
        files[fmt] = path
    files["small-xls"] = folder / "xls" / "small.xls"
    return files


# --------------------------------------------------------------------------- the official files

@pytest.mark.parametrize("kind, fmt", [("xlsx", "xlsx"), ("google", "google-xlsx"), ("ods", "ods")])
def test_official_blank_files_read_as_empty_events(kind, fmt):
    res = read_event(official_file(kind))
    assert res.format == fmt
    assert res.version == "1.5l"
    assert res.event.archon_version == "1.5l"
    assert res.event.players == []
    assert res.event.rounds == []
    assert res.event.final.seating == []
    assert res.event.overrides == []
    assert res.problems == []


# --------------------------------------------------------------------------- a file written by a program

def test_program_written_file_reads_every_input(written):
    event_path, _, expected = written
    res = read_event(event_path)
    assert res.format == "xlsx"
    assert res.problems == []
    got = res.event
    assert (got.name, got.date, got.city, got.organizer, got.organizer_vekn, got.level, got.deck_format) == (
        expected.name, expected.date, expected.city, expected.organizer, expected.organizer_vekn,
        expected.level, expected.deck_format,
    )
    assert got.preliminary_rounds == 3
    assert got.players == expected.players
    assert got.overrides == expected.overrides
    assert got.final == expected.final
    assert got.rounds[1] == expected.rounds[1]  # typed: 5 + 4 players, text numbers
    assert got == expected


def test_seats_the_template_formula_shows_come_from_the_chart(written):
    """Round 1 and Round 3 still hold the template's formula with no saved value."""
    event_path, _, expected = written
    got = load_event(event_path)
    seated = sorted(p for t in got.round(1).tables for p in t.players)
    assert seated == list(range(1, PLAYERS + 1))  # the chart seats everyone once
    assert got.round(1).tables == expected.rounds[0].tables
    assert got.round(3).tables == expected.rounds[2].tables
    assert got.round(1).tables != got.round(3).tables


def test_cell_map_names_sheet_and_cell(written):
    res = read_event(written[0])
    cells = res.cells
    assert str(cells.seat(2, 2, 4)) == "Round 2!A15"
    assert str(cells.vp(2, 2, 4)) == "Round 2!E15"
    assert cells.seat(2, 2, 5) is None  # the empty 5th row of a 4-player table
    assert str(cells.player(3)) == "Methuselahs!A7"
    assert str(cells.player(10, "out")) == "Methuselahs!G10"
    assert str(cells.seat(FINAL, 1, 2)) == "Final Round!A15"
    assert str(cells.vp(FINAL, 1, 2)) == "Final Round!F15"
    assert cells.override(1) == CellRef("Override", "A7")
    assert str(cells.locate(Where("seat", round=1, table=2, seat=1, field="vp"))) == "Round 1!E12"
    assert str(cells.locate(Where("table", round=2, table=2))) == "Round 2!A12:A16"
    assert str(cells.locate(Where("player", player=5, field="coin"))) == "Methuselahs!M12"


def test_odd_content_is_reported_by_sheet_and_cell(written):
    _, odd_path, _ = written
    res = read_event(odd_path)
    where = {(p.sheet, p.cell) for p in res.problems}
    assert where == {
        ("Tournament Info", "B4"),  # 9/3/2024: day or month first?
        ("Methuselahs", "A17"),  # a name without a number
        ("Methuselahs", "A18"),  # "abc"
        ("Methuselahs", "A19"),  # number 2 again
        ("Round 1", "A7:A11"),  # 3 players
        ("Round 1", "A13"),  # empty row inside table 2
        ("Round 1", "A17:A21"),  # empty table before table 4
        ("Round 1", "A24"),  # 2.5 is no player number
        ("Round 1", "E8"),  # VP "abc"
        ("Round 1", "E10"),  # a VP on a row with no player
        ("Override", "A8"),  # round "X"
        ("Override", "B9"),  # no table
    }, "\n".join(map(str, res.problems))
    assert all(str(p).startswith(f"{p.sheet}!{p.cell}: ") for p in res.problems)
    event = res.event
    assert event.edition == "2004"
    assert event.date == dt.date(2024, 3, 9)  # read day first, and said so
    assert [t.players for t in event.round(1).tables] == [[1, 2, 3], [4, 5, 6, 7], [], [8, 9, 10, 11]]
    assert event.round(1).tables[0].vps == [1.0, None, None]  # "abc" counts as 0
    assert [p.number for p in event.players].count(2) == 2
    assert len(event.overrides) == 2
    # the standings still compute; the 3-player table is reported, not scored
    st = compute(event)
    assert st.rounds[0].tables[0].error


def _rewrite_sheets(src: Path, dst: Path, edits: dict) -> None:
    """Copy an .xlsx, passing the XML of the sheets named in ``edits`` through a function."""
    with zipfile.ZipFile(src) as zin:
        book = zin.read("xl/workbook.xml").decode()
        rels = zin.read("xl/_rels/workbook.xml.rels").decode()
        targets = dict(re.findall(r'<Relationship[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"', rels))
        targets.update({i: t for t, i in re.findall(r'<Relationship[^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"', rels)})
        parts = {}
        for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"', book):
            parts["xl/" + targets[rid].lstrip("/").removeprefix("xl/")] = name
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item)
                sheet = parts.get(item.filename)
                if sheet in edits:
                    data = edits[sheet](data.decode()).encode()
                zout.writestr(item, data)


def _without_cell_addresses(xml: str) -> str:
    """Drop r="B7" from every cell that directly follows its neighbour (its place stays implied)."""
    def row(m):
        prev = 0

        def cell(c):
            nonlocal prev
            col = column_index_from_string(c.group(1))
            implied = col == prev + 1
            prev = col
            return "<c" if implied else c.group(0)
        return re.sub(r'<c r="([A-Z]+)\d+"', cell, m.group(0))
    out = re.sub(r"<row\b.*?</row>", row, xml, flags=re.S)
    assert out.count('<c r="') < xml.count('<c r="') / 2
    return out


def _prefixed(xml: str) -> str:
    """The same sheet with its main namespace on a prefix (<x:c ...>), attributes reordered."""
    xml = re.sub(r"<(/?)([A-Za-z]+)(?=[\s>/])", r"<\1x:\2", xml)
    xml = xml.replace("<x:worksheet xmlns=", "<x:worksheet xmlns:x=", 1)
    return re.sub(r'<x:c r="([A-Z]+\d+)"([^>]*?)(/?)>', r'<x:c\2 r="\1"\3>', xml)


def test_cells_written_without_addresses_or_with_prefixes_are_placed_right(written, tmp_path):
    """Writers may leave out a cell's address or prefix its tag: same event."""
    event_path, _, expected = written
    other = tmp_path / "other-writer.xlsx"
    _rewrite_sheets(event_path, other, {"Methuselahs": _without_cell_addresses, "Round 2": _prefixed})
    res = read_event(other)
    assert res.problems == []
    assert res.event == expected


# --------------------------------------------------------------------------- saved by LibreOffice

@pytest.mark.parametrize("fmt", ["ods", "xls", "xlsx"])
def test_libreoffice_copies_read_to_the_same_event(written, converted, fmt):
    expected = written[2]
    res = read_event(converted[fmt])
    assert res.format == fmt
    assert res.version == "1.5l"
    assert res.problems == []
    assert res.event == expected


# --------------------------------------------------------------------------- refusals

def test_a_workbook_that_is_not_an_archon_is_refused(tmp_path):
    path = tmp_path / "players.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Players"
    wb.active["A1"] = "Name"
    wb.save(path)
    with pytest.raises(WorkbookError, match=r"players\.xlsx is not an Archon workbook.*'Methuselahs'"):
        read_event(path)

    path = tmp_path / "lookalike.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Instructions"
    wb.active["A1"] = "My tournament"
    wb.create_sheet("Methuselahs")
    wb.save(path)
    with pytest.raises(WorkbookError, match=r"lookalike\.xlsx is not an Archon workbook.*The Archon \(v"):
        read_event(path)


def test_unreadable_files_give_a_clear_error(tmp_path):
    src = official_file("xlsx")
    data = src.read_bytes()

    truncated = tmp_path / "truncated.xlsx"
    truncated.write_bytes(data[: len(data) // 3])
    with pytest.raises(WorkbookError, match=r"truncated\.xlsx is damaged"):
        read_event(truncated)

    # an intact archive whose Methuselahs sheet is garbled
    damaged = tmp_path / "damaged.xlsx"
    with zipfile.ZipFile(src) as zf:
        offset = zf.getinfo("xl/worksheets/sheet3.xml").header_offset  # Methuselahs
    name_len, extra_len = struct.unpack("<HH", data[offset + 26: offset + 30])  # local file header
    start = offset + 30 + name_len + extra_len
    garbled = bytearray(data)
    garbled[start + 100: start + 2100] = b"\x00" * 2000
    damaged.write_bytes(bytes(garbled))
    with pytest.raises(WorkbookError, match=r"damaged\.xlsx is damaged"):
        read_event(damaged)

    text = tmp_path / "notes.xlsx"
    text.write_text("player,vp\n1,2\n")
    with pytest.raises(WorkbookError, match=r"notes\.xlsx is not a spreadsheet"):
        read_event(text)

    with pytest.raises(WorkbookError, match=r"missing\.ods: no such file"):
        read_event(tmp_path / "missing.ods")


def test_two_rounds_plus_final_take_their_seats_from_the_2r_f_chart(tmp_path):
    """Tournament Info!B11 = 3 (2R+F): the template's formula reads 'Optimal Seating 2R+F';
    Round 3's formula shows nothing (it only works when B11 = 4)."""
    n = 13
    wb = openpyxl.load_workbook(official_file("xlsx"))
    wb["Tournament Info"]["B11"] = 3
    m = wb["Methuselahs"]
    for i in range(1, n + 1):
        m[f"A{6 + i}"], m[f"B{6 + i}"] = i, f"Player{i}"
    path = tmp_path / "two-rounds.xlsx"
    wb.save(path)  # no saved formula values: the reader resolves the charts itself

    block = (n - 4) * 5 + 7  # FORMAT.md: the chart block for N players
    two, three = wb["Optimal Seating 2R+F"], wb["Optimal Seating 3R+F"]
    assert two[f"D{block}"].value == n
    want = [_chart_tables(two, block + k) for k in (1, 2)]
    assert want != [_chart_tables(three, block + k) for k in (1, 2)]  # the charts differ for 13 players

    res = read_event(path)
    assert res.problems == []
    assert res.event.preliminary_rounds == 2
    assert [r.number for r in res.event.rounds] == [1, 2]
    assert [[t.players for t in r.tables] for r in res.event.rounds] == want


def test_the_chart_notes_the_archon_shows_in_a_small_2r_f_event_are_no_seats(converted, tmp_path):
    """For 8 players The Archon's own formula shows the 2R+F chart's note "A) prey" in
    Round 2!A29 (a text counts as > 0). A legacy .xls keeps that text and no formula;
    values pasted over the formulas do too. Neither is a seat, nor a problem."""
    two = openpyxl.load_workbook(official_file("xlsx"))["Optimal Seating 2R+F"]
    block = (SMALL - 4) * 5 + 7
    want = [_chart_tables(two, block + k) for k in (1, 2)]
    assert two.cell(block + 2, 28).value == "A) prey"  # FORMAT.md's chart, column AB

    xls = read_event(converted["small-xls"])
    assert xls.format == "xls"
    assert xls.problems == []
    assert [[t.players for t in r.tables] for r in xls.event.rounds] == want

    pasted = tmp_path / "pasted.xlsx"
    wb = openpyxl.load_workbook(_small_two_round_event(tmp_path))
    for k, tables in ((1, want[0]), (2, want[1])):
        ws = wb[f"Round {k}"]
        for row in range(7, 307):
            ws[f"A{row}"] = None
        for t, players in enumerate(tables):
            for seat, n in enumerate(players):
                ws[f"A{7 + 5 * t + seat}"] = n
    wb["Round 2"]["A29"] = "A) prey"
    wb["Round 2"]["A30"] = "B) predator"  # not what the chart shows there: typed, so reported
    wb.save(pasted)
    res = read_event(pasted)
    assert [(p.sheet, p.cell) for p in res.problems] == [("Round 2", "A30")]
    assert [[t.players for t in r.tables] for r in res.event.rounds] == want


def _planted(columns: str, rows: range = range(1, 400)):
    """A sheet rewrite: every formula cell of ``columns`` (in ``rows``) gets the cached result 999."""
    def rewrite(xml: str) -> str:
        def cell(m):
            col, row = re.match(r"([A-Z]+)(\d+)", m.group(1)).groups()
            if col not in columns.split() or int(row) not in rows or "<f" not in m.group(0):
                return m.group(0)
            body = re.sub(r"<v>[^<]*</v>", "<v>999</v>", m.group(0))
            return re.sub(r' t="[^"]*"', ' t="n"', body, count=1)
        return re.sub(r'<c r="([A-Z]+\d+)"[^>]*?(?:/>|>.*?</c>)', cell, xml, flags=re.S)
    return rewrite


def test_cached_results_are_never_trusted(written, converted, tmp_path):
    """Every result The Archon computed, as LibreOffice saved it, replaced by 999: archon
    reads the same event and computes the same standings from the inputs alone."""
    saved = converted["xlsx"]
    planted = tmp_path / "planted.xlsx"
    results = "F H I J K L N O P Q R S T U V W X Y Z AA AB"
    _rewrite_sheets(saved, planted, {
        "Tournament Info": _planted("B", range(5, 13)),  # report due, players, matches
        "Methuselahs": _planted(results),
        "Round 1": _planted("B C D G H I"), "Round 2": _planted("B C D G H I"), "Round 3": _planted("B C D G H I"),
        "Final Round": _planted("A D", range(6, 11)),
        "Standings": _planted("A B C D E F G H"),
        "VEKN Report": _planted("A B C D E F G"),
    })
    assert openpyxl.load_workbook(planted, data_only=True)["Methuselahs"]["H7"].value == 999
    res = read_event(planted)
    assert res.problems == []
    assert res.event == written[2]
    assert compute(res.event) == compute(read_event(saved).event)


def test_a_dq_flag_of_spaces_is_reported(tmp_path):
    """The Archon's rank formula tests ISBLANK(Methuselahs!G): a space there flags the player
    out for The Archon, while it looks empty to the organizer. archon says so."""
    wb = openpyxl.load_workbook(official_file("xlsx"))
    m = wb["Methuselahs"]
    for n in range(1, 5):
        m[f"A{6 + n}"], m[f"B{6 + n}"] = n, f"Player{n}"
    wb["Tournament Info"]["B11"] = 4
    m["G8"] = " "  # player 2: pressed the space bar to "clear" the flag
    m["G9"] = "WD"
    path = tmp_path / "space.xlsx"
    wb.save(path)
    res = read_event(path)
    assert [(p.sheet, p.cell) for p in res.problems] == [("Methuselahs", "G8")]
    assert res.problems[0].message.id == "read.dq_spaces"
    assert "The Archon counts the player as flagged out" in res.problems[0].text
    assert [p.out for p in res.event.players] == [None, None, "WD", None]
