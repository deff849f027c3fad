"""A write patches again only the sheets it may change.

Every write writes every cell of the event, and a result changes one sheet
of an official Archon: the sheets a write patched with no change (the same
bytes, the same cells) are not patched again by the next one
(``archon/formats/workbook/xlsxpatch.py``). That may never change a byte:
a workbook written with that memory holds what one written without it
holds, part for part, and a sheet changed by a spreadsheet meanwhile is
patched again.
"""

from __future__ import annotations

import shutil
import zipfile

from archon import api
from archon.formats.workbook import new_event, read_event
from archon.formats.workbook import xlsxpatch
from archon.rules.model import Event, Player, Round, Table
from conftest import official_file


def zip_parts(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def cup_workbook(path) -> None:
    ev = Event(name="Cup", level="Standard Constructed", preliminary_rounds=3,
               players=[Player(n, f"P{n}", "Test", vekn=str(3000500 + n)) for n in range(1, 16)])
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5]), Table([6, 7, 8, 9, 10]), Table([11, 12, 13, 14, 15])])]
    new_event(path, ev, template=official_file("xlsx"))


#: Writes of an event day on :func:`cup_workbook`, one after the other.
WRITES = [
    lambda p: api.result(p, [5, 0, 0, 0, 0], round=1, table=1),
    lambda p: api.result(p, [2, 1, 1, 1, 0], round=1, table=2),
    lambda p: api.register(p, "Ada Late", vekn="3000600"),
    lambda p: api.result(p, [3, 1, 1, 0, 0], round=1, table=2, replace=True),
    lambda p: api.result(p, [0.5, 0.5, 0.5, 0.5, 0.5], round=1, table=3),
    lambda p: api.seat(p, 2, seed=2),
]


def test_a_workbook_written_with_the_sheets_remembered_is_the_one_written_without(tmp_path, monkeypatch):
    kept, anew = tmp_path / "kept.xlsx", tmp_path / "anew.xlsx"
    cup_workbook(kept)
    shutil.copy(kept, anew)
    skipped = 0
    for write in WRITES:
        before = len(xlsxpatch._unchanged)
        write(kept)
        skipped += len(xlsxpatch._unchanged) == before  # every no-op sheet was known: none patched anew
        with monkeypatch.context() as m:
            m.setattr(xlsxpatch, "_UNCHANGED_KEPT", 0)  # nothing remembered: every sheet patched
            m.setenv("ARCHON_CACHE", "off")  # nor kept between commands (unchanged_store)
            write(anew)
        assert zip_parts(kept) == zip_parts(anew)
    assert skipped >= 2  # the memory was used (a write skipped the sheets it knew)
    ev = read_event(kept).event
    assert ev.round(1).tables[2].vps == [0.5, 0.5, 0.5, 0.5, 0.5] and ev.player(16).first_name == "Ada"
    assert len(ev.rounds) == 2


def test_a_sheet_a_spreadsheet_changed_is_patched_again(tmp_path):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    api.result(path, [5, 0, 0, 0, 0], round=1, table=1)
    api.result(path, [2, 1, 1, 1, 0], round=1, table=2)  # every sheet but Round 1's now remembered
    # a spreadsheet saves Methuselahs with a player's first name changed by hand
    parts = zip_parts(path)
    sheet = next(p for p in parts if p.startswith("xl/worksheets/") and b"P3" in parts[p] and b"3000503" in parts[p])
    parts[sheet] = parts[sheet].replace(b">P3<", b">Edited<", 1)
    assert b">Edited<" in parts[sheet], "the first name is not stored as an inline string here"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    assert read_event(path).event.player(3).first_name == "Edited"
    api.result(path, [0.5, 0.5, 0.5, 0.5, 0.5], round=1, table=3)
    # the write wrote the event it read: the name typed by hand, and every cell of the sheet it owns
    ev = read_event(path).event
    assert ev.player(3).first_name == "Edited" and ev.round(1).tables[2].vps == [0.5, 0.5, 0.5, 0.5, 0.5]
