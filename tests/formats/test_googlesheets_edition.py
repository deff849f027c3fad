"""The Google Sheets edition of the official Archon v1.5l: Google writes an
empty cell as ``<c r="B7" s="631" t="n"></c>`` and an empty cached result
``<v></v>`` in every formula cell. Registering a player writes the handful of
cells a register writes, says so, and leaves every other cell as it was."""

from __future__ import annotations

import re
import shutil
import zipfile

import openpyxl

from archon import api
from conftest import official_file, recalculated

CELL = re.compile(r'<c r="([A-Z]+[0-9]+)"[^>]*?(?:/>|>.*?</c>)', re.S)


def sheet_cells(path) -> dict[tuple[str, str], str]:
    """Every cell's XML, by (sheet part, address)."""
    out = {}
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            if name.startswith("xl/worksheets/"):
                for m in CELL.finditer(zf.read(name).decode("utf-8")):
                    out[name, m.group(1)] = m.group(0)
    return out


def test_a_register_writes_its_cells_and_no_other(tmp_path):
    path = tmp_path / "cup.xlsx"
    shutil.copyfile(official_file("google"), path)
    before = sheet_cells(path)
    rep = api.register(path, "Ada Test", vekn="3000501")
    after = sheet_cells(path)
    changed = sorted(k for k in after if after[k] != before.get(k))
    # Methuselahs (sheet3): #1, first name, last name, VEKN number of row 7;
    # Tournament Info (sheet2) B11: the rounds with the final (3R+F: 4),
    # which the blank workbook leaves empty and its seating formulas need.
    assert changed == [("xl/worksheets/sheet2.xml", "B11"), ("xl/worksheets/sheet3.xml", "A7"),
                       ("xl/worksheets/sheet3.xml", "B7"), ("xl/worksheets/sheet3.xml", "C7"),
                       ("xl/worksheets/sheet3.xml", "E7")]
    assert set(after) == set(before)
    assert rep.written.cells_changed == 5
    assert "wrote 5 cells" in rep.written.describe()


def test_libreoffice_computes_the_formulas_after_a_register(tmp_path, soffice):
    """The empty cached results left in place are computed on load: the
    Standings and VEKN Report sheets list the players registered."""
    path = tmp_path / "cup.xlsx"
    shutil.copyfile(official_file("google"), path)
    names = ["Ada Test", "Bob Test", "Cid Test", "Dee Test", "Eve Test"]
    for i, name in enumerate(names):
        api.register(path, name, vekn=str(3000501 + i))
    wb = openpyxl.load_workbook(recalculated(soffice, path, tmp_path), data_only=True)
    assert [wb["Standings"].cell(r, 4).value for r in range(6, 11)] == names
    assert [wb["VEKN Report"].cell(r, 2).value for r in range(7, 12)] == list(range(3000501, 3000506))
