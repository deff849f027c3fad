"""A write to an official Archon copies the package parts it does not change
as they are, compressed bytes included: recompressing them (its seating-chart
sheets are large) was most of the time 'archon result' took on a 200-player
official workbook. The workbook stays whole and readable."""

from __future__ import annotations

import zipfile

from archon import api
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event, read_event
from conftest import official_file


def raw_members(path) -> dict[str, bytes]:
    """Each member's compressed bytes, as stored in the package."""
    out = {}
    with open(path, "rb") as f, zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            f.seek(info.header_offset)
            header = f.read(30)
            skip = int.from_bytes(header[26:28], "little") + int.from_bytes(header[28:30], "little")
            f.seek(info.header_offset + 30 + skip)
            out[info.filename] = f.read(info.compress_size)
    return out


def test_a_write_stores_again_only_the_parts_it_changes(official_xlsx):
    """The official file as published (compressed by a spreadsheet, not by
    Python): registering a player changes some parts; every other part keeps
    its bytes."""
    before = raw_members(official_xlsx)
    rep = api.register(official_xlsx, "Ada Test", vekn="3000501")
    after = raw_members(official_xlsx)
    with zipfile.ZipFile(official_xlsx) as zf:
        assert zf.testzip() is None
    changed = sorted(name for name in after if after[name] != before.get(name))
    assert changed == sorted(rep.written.parts), "a part the write did not change was stored again"
    assert len(after) - len(changed) > 10
    assert [p.name for p in read_event(official_xlsx).event.players] == ["Ada Test"]


def test_a_result_stores_again_only_the_round_sheet(tmp_path):
    path = tmp_path / "cup.xlsx"
    ev = Event(name="Cup", level="Standard Constructed", preliminary_rounds=3,
               players=[Player(n, f"P{n}", "Test", vekn=str(3000500 + n)) for n in range(1, 11)])
    ev.rounds = [Round(1, [Table([1, 2, 3, 4, 5]), Table([6, 7, 8, 9, 10])])]
    new_event(path, ev, template=official_file("xlsx"))
    before = raw_members(path)
    rep = api.result(path, [5, 0, 0, 0, 0], round=1, table=1)
    after = raw_members(path)
    changed = sorted(name for name in after if after[name] != before.get(name))
    assert changed == sorted(rep.written.parts) and len(changed) <= 2
    assert read_event(path).event.round(1).tables[0].vps == [5, 0, 0, 0, 0]


def test_a_package_copied_without_change_is_whole_and_byte_for_byte(official_xlsx, tmp_path):
    """Every part copied as its compressed bytes, none written the ordinary
    way (the case where zipfile's own writestr never runs): the copy is a
    readable workbook whose parts are the original's bytes. Fails if a Python
    version changes the zipfile internals the copy relies on."""
    from archon.formats.workbook.zipcopy import write_zip

    copy = tmp_path / "copy.xlsx"
    with zipfile.ZipFile(official_xlsx) as zf, open(copy, "wb") as out:
        write_zip(zf, out, {}, [], {})
    with zipfile.ZipFile(copy) as zf:
        assert zf.testzip() is None
    assert raw_members(copy) == raw_members(official_xlsx)
    assert read_event(copy).event.players == []
