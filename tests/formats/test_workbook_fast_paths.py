"""The short ways a workbook is read and written (issue 13: ``archon seat``
within half a second, reading and writing included) give what the long ways
give.

* Reading: the wanted cells of a sheet written as Excel, LibreOffice and
  openpyxl write them (every cell says its address first) are found by their
  address; a sheet written otherwise is read element by element. Both read
  the same cells.
* Writing: the cells archon writes are found by their address and replaced
  where they are (a row whose every edit clears a cell already empty is
  left without being looked at); a row with a cell to insert, or whose
  cells do not say their address, is gone through cell by cell. Both write
  the same bytes.
* A round seated this way opens in LibreOffice with the seats archon printed,
  and the sheets it did not change are stored byte for byte as they were.
* A sheet archon stored without cached formula results is not gone through
  again; one another program changed since is.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from archon import api
from archon.formats import layout as L
from archon.formats.workbook import WorkbookError, read_event
from archon.formats.workbook import sheetcells
from archon.formats.workbook import sheetpatch, sheetxml, xlsxpatch
from archon.formats.workbook.writer import event_edits
from conftest import REPO, official_file, recalculated
from test_reader import _prefixed, _rewrite_sheets, _without_cell_addresses
from test_unchanged_parts import raw_members


def _sheet_parts(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        pkg = xlsxpatch.Package.read(zf)
        return {name: zf.read(part) for name, part in pkg.sheets.items()}


def _seated(tmp_path, players: int, rounds: int):
    """An official Archon with ``players`` registered and ``rounds`` rounds seated by archon."""
    path = tmp_path / "event.xlsx"
    names = tmp_path / "players.csv"
    names.write_text("name,vekn\n" + "".join(f"Player {i},{3000000 + i}\n" for i in range(1, players + 1)))
    api.new(path, name="Cup", template=official_file("xlsx"), players=names)
    for r in range(1, rounds + 1):
        api.seat(path, r, seed=r)
    return path


def _every_element(monkeypatch):
    monkeypatch.setattr(sheetcells, "_scan_by_address", lambda *a: None)


_BLOCK = L.chart_block_row(L.CHARTS[3], 300)
WINDOWS = [  # (first row, last row, columns): Round and Methuselahs inputs, a sheet's head, a chart block
    (7, 306, [1, 5]), (7, 306, list(range(1, 8))), (1, 4, list(range(1, 12))),
    (_BLOCK + 1, _BLOCK + 3, list(range(6, 306))),
]


def test_cells_found_by_address_are_those_an_element_by_element_scan_finds(tmp_path, monkeypatch):
    """The official file and one archon wrote (typed seats, typed names): every
    sheet, in windows of rows and columns archon reads, gives the same cells
    both ways; the short way is the one taken."""
    books = [official_file("xlsx"), _seated(tmp_path, 20, 1)]
    windows = []
    for path in books:
        for name, data in _sheet_parts(path).items():
            for first, last, cols in WINDOWS:
                wanted = {f"{xlsxpatch.column_letter(c)}{r}": (r, c) for r in range(first, last + 1) for c in cols}
                windows.append((name, data, wanted, first, last))
    short = []
    for name, data, wanted, first, last in windows:
        found = sheetcells._scan_by_address(data, wanted, first, last)
        assert found is not None, f"sheet {name!r} rows {first}..{last}: not read the short way"
        short.append(found)
    _every_element(monkeypatch)
    for (name, data, wanted, first, last), found in zip(windows, short):
        assert found == sheetcells.scan(data, wanted, lambda r, c: False, first, last), (name, first, last)


@pytest.mark.parametrize("rewrite", [_without_cell_addresses, _prefixed])
def test_a_sheet_whose_cells_do_not_start_with_their_address_is_read_the_long_way(rewrite):
    data = _sheet_parts(official_file("xlsx"))["Methuselahs"]
    odd = rewrite(data.decode()).encode()
    wanted = {f"{c}{r}": (r, i) for r in range(7, 307) for i, c in enumerate("ABCDEFG", start=1)}
    assert sheetcells._scan_by_address(odd, wanted, 7, 306) is None
    assert sheetcells.scan(odd, wanted, lambda r, c: c <= 7, 7, 306)  # and still read


#: how spreadsheets may spell a player's cells (Methuselahs row 7: number,
#: first name, last name): entities, a carriage return, character
#: references, CDATA, rich-text runs with a phonetic reading, a shared formula
SPELLINGS = {
    "entities": '<c r="B7" s="1" t="inlineStr"><is><t>Ann &amp; Bo &lt;3&gt; &quot;Q&quot; &apos;s&apos; &amp;lt;</t></is></c>',
    "carriage return": '<c r="B7" t="inlineStr"><is><t xml:space="preserve">Ann\r\nBo </t></is></c>',
    "character references": '<c r="B7" t="inlineStr"><is><t>&#65;nn &#xe9;</t></is></c>',
    "CDATA": '<c r="B7" t="inlineStr"><is><t><![CDATA[Ann <b>]]></t></is></c>',
    "rich text": '<c r="B7" t="inlineStr"><is><r><t>An</t></r><r><rPr><b/></rPr><t>n</t></r><rPh sb="0" eb="1"><t>x</t></rPh></is></c>',
    "shared formula": '<c r="C7" s="2" t="str"><f t="shared" ref="C7:C7" si="90">"Ze"&amp;"d"</f><v>Zed</v></c>',
    "formula without text, empty value": '<c r="C7" t="str"><f/><v/></c>',
}


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_players_cells_read_by_address_are_read_as_a_parser_reads_them(tmp_path, monkeypatch, spelling):
    """Player 1's name, however the file spells its cells, reads the same the
    short way (cells found by address, read without a parser when plainly
    written) and element by element."""
    path = _seated(tmp_path, 8, 0)
    odd = tmp_path / "odd.xlsx"

    def rewrite(xml: str) -> str:
        cells = SPELLINGS[spelling]
        first = cells[cells.index('r="') + 3:cells.index('"', cells.index('r="') + 3)]
        out, n = re.subn(rf'<c r="{first}"[^>]*?(?:/>|>.*?</c>)', lambda m: cells, xml, count=1, flags=re.S)
        assert n == 1
        return out

    _rewrite_sheets(path, odd, {L.METHUSELAHS.sheet: rewrite})
    short = read_event(odd)
    _every_element(monkeypatch)
    long = read_event(odd)
    assert short.event == long.event and short.problems == long.problems
    names = {p.number: p.name for p in short.event.players}
    expected = {
        "entities": "Ann & Bo <3> \"Q\" 's' &lt;", "carriage return": "Ann Bo", "character references": "Ann é",
        "CDATA": "Ann <b>", "rich text": "Ann",
    }
    if spelling in expected:
        assert names[1].startswith(expected[spelling]), names[1]
    elif spelling == "shared formula":
        assert names[1].endswith("Zed"), names[1]


def _patched_both_ways(path, edits, monkeypatch):
    sheets = _sheet_parts(path)
    short = {s: sheetpatch.patch_sheet(sheets[s].decode(), cells, False, s) for s, cells in edits.items()}
    with monkeypatch.context() as m:
        m.setattr(sheetpatch, "_patch_cells_in_place", lambda *a: None)
        m.setattr(sheetxml.Sheet, "cleared_already", lambda *a: False)
        long = {s: sheetpatch.patch_sheet(sheets[s].decode(), cells, False, s) for s, cells in edits.items()}
    return short, long


def test_cells_replaced_in_place_are_the_bytes_a_cell_by_cell_pass_writes(tmp_path, monkeypatch):
    """Seating round 2 of a 300-player event (and of the same event written
    into The Archon from scratch): each sheet archon writes comes out
    byte-identical both ways, and the short way changed the seats."""
    path = _seated(tmp_path, 300, 1)
    event = read_event(path).event
    seated = api.seat(path, 2, seed=2, dry_run=True).event
    for before, after in ((path, seated), (official_file("xlsx"), event)):
        edits = event_edits(after)
        short, long = _patched_both_ways(before, edits, monkeypatch)
        assert short == long
    assert short[L.ROUND_SHEETS[1]][1] > 0 and short[L.METHUSELAHS.sheet][1] > 0
    # a cell to insert (none there yet) and a value over an existing cell in the same row
    edits = {L.ROUND_SHEETS[1]: {"A7": 12, "ZZ7": "note", "E8": 3.5}, L.INFO.sheet: {"B2": "Cup &lt; 2"}}
    short, long = _patched_both_ways(path, edits, monkeypatch)
    assert short == long


def test_a_seat_written_in_place_opens_in_libreoffice_with_its_seats(tmp_path, soffice):
    """What LibreOffice shows after ``archon seat`` is what archon seated, and
    the sheets the seat did not change are stored as they were."""
    path = _seated(tmp_path, 20, 1)
    before = raw_members(path)
    rep = api.seat(path, 2, seed=7)
    after = raw_members(path)
    changed = sorted(n for n in after if after[n] != before.get(n))
    assert changed == sorted(rep.written.parts)
    assert "xl/worksheets/sheet6.xml" in changed  # Round 2
    assert not [n for n in changed if n.startswith("xl/worksheets/") and n != "xl/worksheets/sheet6.xml"]
    seats = [t.players for t in rep.event.round(2).tables]
    copy = tmp_path / "copy" / "event.xlsx"
    copy.parent.mkdir()
    shutil.copyfile(path, copy)
    shown = read_event(recalculated(soffice, copy, tmp_path)).event
    assert [t.players for t in shown.round(2).tables] == seats
    assert [t.players for t in shown.round(1).tables] == [t.players for t in rep.event.round(1).tables]
    assert sorted(p for t in seats for p in t) == list(range(1, 21))


def _with_cached_result(cell: str, value: str):
    """A sheet rewrite: the formula cell ``cell`` gets the cached result ``value``."""
    def rewrite(xml: str) -> str:
        out, n = re.subn(rf'(<c r="{cell}"[^>]*>)(<f>[^<]*</f>)(?:<v>[^<]*</v>|<v/>)?', rf"\1\2<v>{value}</v>", xml)
        assert n == 1
        return out
    return rewrite


def test_a_result_cached_by_another_program_is_dropped_by_the_next_write(tmp_path):
    """archon marks the sheets it stored without cached formula results and
    does not go through them again; a sheet another program changed since
    (here one that kept the mark: Python's zipfile copying the member's
    entry) loses its cached result all the same: LibreOffice never shows a
    stale number."""
    path = _seated(tmp_path, 20, 1)
    planted = tmp_path / "planted.xlsx"
    _rewrite_sheets(path, planted, {L.METHUSELAHS.sheet: _with_cached_result("H7", "999")})
    assert b"<v>999</v>" in _sheet_parts(planted)[L.METHUSELAHS.sheet]
    before = raw_members(planted)
    api.seat(planted, 2, seed=2)
    after = raw_members(planted)
    methuselahs = _sheet_parts(planted)[L.METHUSELAHS.sheet]
    assert b"<v>999</v>" not in methuselahs and re.search(rb'<c r="H7"[^>]*><f>[^<]+</f></c>', methuselahs)
    unchanged = [n for n in after if after[n] == before[n]]
    assert "xl/worksheets/sheet12.xml" in unchanged  # the 3R+F chart: stored as it was


def test_a_chart_sheet_cut_short_after_the_rows_read_is_refused_naming_it(tmp_path):
    """The seating chart is read three rows at a time, the short way: a chart
    sheet cut short further down is still found damaged, and said so."""
    path = _seated(tmp_path, 20, 0)
    chart = L.CHARTS[3]
    cut_at = L.chart_block_row(chart, 20) + 50
    damaged = tmp_path / "damaged.xlsx"
    _rewrite_sheets(path, damaged, {chart.sheet: lambda xml: xml[: xml.index(f'<row r="{cut_at}"')]})
    assert [len(t.players) for t in read_event(path).event.round(1).tables] == [5, 5, 5, 5]
    with pytest.raises(WorkbookError, match=rf"damaged.xlsx is damaged: sheet '{re.escape(chart.sheet)}' .* cut short"):
        read_event(damaged)


def test_archon_seat_loads_no_report_or_dataframe_library(tmp_path):
    """``archon seat`` starts a Python of its own on event day: the libraries
    for reports (xlsxwriter, jinja2), dataframes (pandas, numpy) and the web
    (urllib.request, pulled in by xml.sax.saxutils), the players list's reader
    and the HTML entities (for a text that holds a reference) are not loaded
    by it."""
    path = _seated(tmp_path, 20, 1)
    heavy = ["pandas", "numpy", "jinja2", "xlsxwriter", "openpyxl", "urllib.request", "archon.reports",
             "archon.formats.players_csv", "html.entities"]
    code = (
        "import sys\n"
        "from archon import cli\n"
        f"sys.argv = ['archon', 'seat', {str(path)!r}, '--round', '2', '--seed', '2']\n"
        "try:\n    cli.main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        f"print([m for m in {heavy!r} if m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "round 2 seated" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"
