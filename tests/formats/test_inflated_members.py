"""Zip members inflated once and kept by their compressed bytes
(:mod:`archon.formats.workbook.inflated`): the console's write and its read
after each result do not inflate again the sheets the result left as they
were, and never give a member's old content for new bytes, nor a damaged
member's content at all."""

import io
import zipfile
from pathlib import Path

import pytest

from archon.formats.workbook import inflated
from archon.formats.workbook.zipparts import UNPACK_ERRORS, read_member

SHEET = b"<worksheet><sheetData>" + b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (i, i, i)
                                             for i in range(1, 2000)) + b"</sheetData></worksheet>"


def _zip(members: dict) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _counting(zf, part):
    calls = []

    def unpack():
        calls.append(part)
        return zf.read(part)
    return unpack, calls


def test_a_member_with_the_same_bytes_is_not_inflated_again():
    inflated.forget_all()
    package = _zip({"xl/worksheets/sheet1.xml": SHEET, "xl/worksheets/sheet2.xml": SHEET + b" "})
    for _ in range(3):  # the same package opened again, as each write and read opens the file
        with zipfile.ZipFile(io.BytesIO(package)) as zf:
            unpack, calls = _counting(zf, "xl/worksheets/sheet1.xml")
            assert inflated.inflate(zf, zf.getinfo("xl/worksheets/sheet1.xml"), unpack) == SHEET
    assert calls == []  # the last two opens found it kept


def test_new_bytes_under_the_same_name_are_inflated_afresh():
    inflated.forget_all()
    before, after = SHEET, SHEET.replace(b"<v>7</v>", b"<v>8</v>")
    for content in (before, after):
        with zipfile.ZipFile(io.BytesIO(_zip({"xl/worksheets/sheet1.xml": content}))) as zf:
            unpack, calls = _counting(zf, "xl/worksheets/sheet1.xml")
            assert inflated.inflate(zf, zf.getinfo("xl/worksheets/sheet1.xml"), unpack) == content
            assert calls == ["xl/worksheets/sheet1.xml"]


def test_a_damaged_member_with_kept_bytes_is_still_refused(tmp_path: Path):
    """The same compressed bytes under a directory whose CRC is wrong: not
    the kept member; unpacking it fails as it does with nothing kept."""
    inflated.forget_all()
    good = _zip({"xl/worksheets/sheet1.xml": SHEET})
    path = tmp_path / "good.xlsx"
    path.write_bytes(good)
    with zipfile.ZipFile(path) as zf:
        assert read_member(zf, "xl/worksheets/sheet1.xml", path) == SHEET
        crc = zf.getinfo("xl/worksheets/sheet1.xml").CRC.to_bytes(4, "little")
    assert good.count(crc) == 2  # the local header's and the directory's
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(good.replace(crc, bytes(b ^ 0xFF for b in crc)))
    with zipfile.ZipFile(bad) as zf:
        with pytest.raises(UNPACK_ERRORS):
            read_member(zf, "xl/worksheets/sheet1.xml", bad)


def test_a_result_written_is_read_back(official_xlsx: Path):
    """Through the writer and the reader, every member kept: the result
    the console records is the one read after it, round after round."""
    import random

    from oracle import random_event

    from archon import api
    from archon.formats.workbook import write_event
    from archon.formats.workbook.reader import read_event

    inflated.forget_all()
    ev = random_event(random.Random(3), 40, 3, rounds_played=2, with_final=False)
    for t in ev.rounds[-1].tables:
        t.vps = [None] * len(t.players)
    path = official_xlsx
    write_event(path, ev)
    read_event(path)
    for number, table in enumerate(ev.rounds[-1].tables[:3], start=1):
        vps = [0.5] * len(table.players)
        api.result(path, vps, round=2, table=number)
        assert read_event(path).event.rounds[1].tables[number - 1].vps == vps
    assert [t.vps for t in read_event(path).event.rounds[0].tables] == [t.vps for t in ev.rounds[0].tables]


def test_a_part_checked_once_is_not_parsed_again_and_a_garbled_one_is_refused(tmp_path: Path, monkeypatch):
    """The parts a write copies are checked to be complete XML on every
    write: bytes found complete once are known by their hash; other bytes
    (a part cut short) are parsed, and refused, as ever."""
    from archon.formats.workbook import xmlparts
    from archon.formats.workbook.errors import WorkbookError

    parsed = []
    real = xmlparts.xml_problem

    def counting(*pieces):
        parsed.append(len(pieces))
        return real(*pieces)

    monkeypatch.setattr(xmlparts, "xml_problem", counting)
    xmlparts.WELL_FORMED.clear()
    what = xmlparts.part_name("workbook.part.styles")
    styles = b"<styleSheet>" + b"<numFmt/>" * 1000 + b"</styleSheet>"
    for _ in range(3):
        xmlparts.check_part(styles, "xl/styles.xml", tmp_path / "event.xlsx", what)
    assert parsed == [1]
    with pytest.raises(WorkbookError) as caught:
        xmlparts.check_part(styles[:-5], "xl/styles.xml", tmp_path / "event.xlsx", what)
    assert "event.xlsx" in str(caught.value) and "xl/styles.xml" in str(caught.value)
    assert parsed == [1, 1]
