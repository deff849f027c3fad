"""What a command keeps in the user's cache folder for the next one to read
and write the workbook faster: the scans of its sheets
(:mod:`archon.formats.workbook.scan_store`) and the sheet patches found to
change nothing (:mod:`archon.formats.workbook.unchanged_store`).

Each command is a new process; here a new process is this one with
archon's in-process memories emptied (:func:`_new_process`). What the
caches may never do: give a read or a write other than the one made
without them, serve a sheet whose bytes changed, or trust a damaged value.
"""

from __future__ import annotations

import shutil
import sqlite3
import zipfile

import pytest

from archon import api
from archon.formats import cache_file
from archon.formats.workbook import WorkbookError, inflated, read_event, sheetpatch, xlsx_grid, xlsxpatch
from archon.formats.workbook.scan_store import SCANS_FILE
from archon.formats.workbook.unchanged_store import UNCHANGED_FILE
from test_workbook_unchanged_sheets import WRITES, cup_workbook, zip_parts


def _new_process() -> None:
    """What a new process has: none of the reads, inflated parts and patches
    the last one kept in memory."""
    xlsx_grid.SCANS.clear()
    inflated.forget_all()
    xlsxpatch._unchanged.clear()


def _what_was_read(path):
    read = read_event(path)
    ev = read.event
    return ([(p.number, p.first_name, p.last_name, p.vekn) for p in ev.players],
            [[(t.players, t.vps) for t in r.tables] for r in ev.rounds], read.chart_rounds,
            [(p.sheet, str(p)) for p in read.problems])


def _first_read(path, monkeypatch):
    """A new workbook read a first time, its scans counted: (scans, what was read)."""
    cup_workbook(path)
    _new_process()
    scans = _count_calls(monkeypatch, xlsx_grid, "scan")
    return scans, _what_was_read(path)


def _count_calls(monkeypatch, module, name) -> list:
    calls: list = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_the_next_command_reads_the_sheets_kept_and_reads_what_a_first_read_reads(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    first = _what_was_read(path)
    assert (cache_dir / SCANS_FILE).is_file()
    _new_process()
    with monkeypatch.context() as m:
        m.setattr(xlsx_grid, "scan", lambda *a, **k: pytest.fail("a sheet kept was scanned again"))
        assert _what_was_read(path) == first
    _new_process()
    monkeypatch.setenv("ARCHON_CACHE", "off")
    assert _what_was_read(path) == first  # and what a read without the cache reads


def test_a_workbook_a_spreadsheet_saved_since_is_read_afresh(tmp_path, cache_dir):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    read_event(path)
    _new_process()
    # a spreadsheet saves Methuselahs with a player's first name changed by hand
    parts = zip_parts(path)
    sheet = next(p for p in parts if p.startswith("xl/worksheets/") and b"P3" in parts[p] and b"3000503" in parts[p])
    parts[sheet] = parts[sheet].replace(b">P3<", b">Edited<", 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    assert read_event(path).event.player(3).first_name == "Edited"


def test_after_an_archon_write_only_the_sheets_it_changed_are_scanned_again(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    scans = _count_calls(monkeypatch, xlsx_grid, "scan")
    read_event(path)
    asked = {(data, tuple(wanted)) for data, wanted, *_ in scans}
    before = zip_parts(path)
    api.register(path, "Ada Late", vekn="3000600")
    changed = {data for name, data in zip_parts(path).items() if before.get(name) != data}
    _new_process()
    scans.clear()
    read = _what_was_read(path)
    assert read[0][-1][1] == "Ada"
    # scanned again: the sheets the write changed, and cells of the others no read asked for before
    assert all(data in changed or (data, tuple(wanted)) not in asked for data, wanted, *_ in scans)
    with_cache = len(scans)
    _new_process()
    scans.clear()
    monkeypatch.setenv("ARCHON_CACHE", "off")
    assert _what_was_read(path) == read
    assert with_cache < len(scans)


def _flip_a_bit(rows):
    return [(key, value[:len(value) // 2] + bytes([value[len(value) // 2] ^ 1]) + value[len(value) // 2 + 1:])
            for key, value in rows]


def _under_another_key(rows):
    return [(key, value) for (key, _), (_, value) in zip(rows, rows[1:] + rows[:1])]


@pytest.mark.parametrize("damage", [_flip_a_bit, _under_another_key])
def test_a_damaged_or_misplaced_scan_is_a_miss(tmp_path, cache_dir, monkeypatch, damage):
    path = tmp_path / "cup.xlsx"
    scans, first = _first_read(path, monkeypatch)
    scanned = len(scans)
    with sqlite3.connect(cache_dir / SCANS_FILE) as db:
        rows = db.execute("SELECT key, value FROM scans_1").fetchall()
        assert len(rows) >= 2
        db.executemany("UPDATE scans_1 SET value = ? WHERE key = ?", [(v, k) for k, v in damage(rows)])
    _new_process()
    scans.clear()
    assert _what_was_read(path) == first
    assert len(scans) == scanned  # every sheet scanned again: no value taken from the file


def test_a_damaged_file_is_ignored_and_replaced(tmp_path, cache_dir):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    first = _what_was_read(path)
    (cache_dir / SCANS_FILE).write_bytes(b"not a database" * 100)
    _new_process()
    assert _what_was_read(path) == first
    _new_process()
    with sqlite3.connect(cache_dir / SCANS_FILE) as db:  # replaced by a new file holding the scans
        assert db.execute("SELECT count(*) FROM scans_1").fetchone()[0] >= 1


def test_a_cache_folder_that_cannot_be_used_changes_nothing(tmp_path, monkeypatch):
    blocked = tmp_path / "not a folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(blocked))
    monkeypatch.delenv("ARCHON_CACHE", raising=False)
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    api.result(path, [5, 0, 0, 0, 0], round=1, table=1)
    _new_process()
    assert read_event(path).event.round(1).tables[0].vps == [5, 0, 0, 0, 0]
    assert blocked.read_text() == "a file where the cache folder would be"


def test_archon_cache_off_keeps_nothing(tmp_path, cache_dir, monkeypatch):
    monkeypatch.setenv("ARCHON_CACHE", "off")
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    read_event(path)
    api.result(path, [5, 0, 0, 0, 0], round=1, table=1)
    assert not (cache_dir / SCANS_FILE).exists() and not (cache_dir / UNCHANGED_FILE).exists()


def test_the_next_command_writes_what_a_write_without_the_cache_writes_and_skips_the_sheets_it_knows(
        tmp_path, cache_dir, monkeypatch):
    kept, anew = tmp_path / "kept.xlsx", tmp_path / "anew.xlsx"
    cup_workbook(kept)
    shutil.copy(kept, anew)
    patched = _count_calls(monkeypatch, sheetpatch, "patch_sheet")
    monkeypatch.setattr(xlsxpatch, "patch_sheet", sheetpatch.patch_sheet)
    with_cache, without = [], []
    for write in WRITES:
        _new_process()
        patched.clear()
        write(kept)
        with_cache.append(len(patched))
        _new_process()
        patched.clear()
        with monkeypatch.context() as m:
            m.setenv("ARCHON_CACHE", "off")
            write(anew)
        without.append(len(patched))
        assert zip_parts(kept) == zip_parts(anew)
    # after the first write, each command patches only the sheets it may change
    assert all(a < b for a, b in zip(with_cache[1:], without[1:])), (with_cache, without)
    ev = read_event(kept).event
    assert ev.player(16).first_name == "Ada" and len(ev.rounds) == 2


def test_only_the_newest_scans_are_kept(tmp_path, cache_dir, monkeypatch):
    from archon.formats.workbook import scan_store

    monkeypatch.setattr(scan_store, "KEPT", 2)
    path = tmp_path / "cup.xlsx"
    scans, first = _first_read(path, monkeypatch)
    scanned = len(scans)
    assert scanned > 2
    with sqlite3.connect(cache_dir / SCANS_FILE) as db:
        assert db.execute("SELECT count(*) FROM scans_1").fetchone()[0] == 2
    _new_process()
    scans.clear()
    assert _what_was_read(path) == first
    assert len(scans) == scanned - 2  # the two newest found, the others scanned again


def _patched(source, edits, out):
    with open(out, "wb") as f:
        xlsxpatch.patch_package(str(source), f, edits)
    return out


def test_two_addresses_of_one_cell_are_patched_in_their_order_in_every_command(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    sheet = "Methuselahs"
    one = _patched(path, {sheet: {"Z900": 1}}, tmp_path / "one.xlsx")
    _new_process()
    _patched(one, {sheet: {"$Z$900": 2, "Z900": 1}}, tmp_path / "same.xlsx")  # the last wins: Z900 stays 1
    assert xlsxpatch.read_cell_text(str(tmp_path / "same.xlsx"), sheet, "Z900") == "1"
    _new_process()
    _patched(one, {sheet: {"Z900": 1, "$Z$900": 2}}, tmp_path / "two.xlsx")  # the last wins: Z900 becomes 2
    assert xlsxpatch.read_cell_text(str(tmp_path / "two.xlsx"), sheet, "Z900") == "2"


def _refused(path) -> bool:
    _new_process()
    try:
        read_event(path)
    except WorkbookError:
        return True
    return False


def test_a_workbook_damaged_since_its_sheets_were_kept_is_refused_as_without_them(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    read_event(path)
    with zipfile.ZipFile(path) as zf:
        sheets = [info for info in zf.infolist() if info.filename.startswith("xl/worksheets/sheet")]
    with_cache, without = [], []
    for info in sheets:  # one sheet's local header names another member, as zipfile refuses it
        data = bytearray(path.read_bytes())
        data[info.header_offset + 30 + len("xl/worksheets/")] = ord("S")
        damaged = tmp_path / "damaged.xlsx"
        damaged.write_bytes(bytes(data))
        with_cache.append(_refused(damaged))
        with monkeypatch.context() as m:
            m.setenv("ARCHON_CACHE", "off")
            without.append(_refused(damaged))
    assert sum(without) >= 5  # every sheet read is refused (the charts' sheets are not read)
    assert with_cache == without


def test_a_damaged_unchanged_file_is_ignored(tmp_path, cache_dir, monkeypatch):
    kept, anew = tmp_path / "kept.xlsx", tmp_path / "anew.xlsx"
    cup_workbook(kept)
    shutil.copy(kept, anew)
    WRITES[0](kept)
    (cache_dir / UNCHANGED_FILE).write_bytes(b"not a database" * 100)
    _new_process()
    WRITES[1](kept)
    monkeypatch.setenv("ARCHON_CACHE", "off")
    for write in WRITES[:2]:
        _new_process()
        write(anew)
    assert zip_parts(kept) == zip_parts(anew)


def test_a_cache_file_another_process_holds_is_left_alone_for_a_while(tmp_path, cache_dir, monkeypatch):
    path = tmp_path / "cup.xlsx"
    cup_workbook(path)
    _new_process()
    first = _what_was_read(path)
    holder = sqlite3.connect(cache_dir / SCANS_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process writing the file, for long
    try:
        tries = _count_calls(monkeypatch, cache_file.sqlite3, "connect")
        _new_process()
        assert _what_was_read(path) == first  # the file given up: the sheets scanned
        given_up = len(tries)
        _new_process()
        assert _what_was_read(path) == first
        assert len(tries) == given_up  # the next read did not wait for it again
    finally:
        holder.close()
