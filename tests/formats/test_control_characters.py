"""Control characters in old workbooks and CSV sets (a name pasted from a web
page or a PDF): ``archon check`` warns about each naming its cell, and
``archon convert`` drops them from the text, saying where, instead of writing
``_x0001_`` escapes into the new workbook. The inputs are made here: the
sample event written by archon, then patched the way Excel stores such a
character (``_x0001_``), or its CSV set edited.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.convert import convert
from archon.formats.csvset import write_csv_set
from archon.formats.workbook import load_event, new_event
from archon.formats.workbook.xlsxpatch import patch_package
from conftest import official_file
from test_csvset import sample_event


def old_workbook(tmp_path: Path) -> Path:
    """The sample as an older edition (v1.2) whose #1's first name (Anna),
    #2's last name (Da Silva) and a note hold control characters."""
    filled = new_event(tmp_path / "filled.xlsx", sample_event(), template=official_file("xlsx")).path
    old = tmp_path / "cup-v1.2.xlsx"
    with open(old, "wb") as f:
        patch_package(filled.read_bytes(), f, {
            "Instructions": {"A1": "The Archon v1.2"},
            "Methuselahs": {"B7": "An\x01na", "C8": "Da\x07 Silva\x1b"},
            "Notes": {"A4": "table 3\x0b: slow play"},
        })
    return old


def text_parts(xlsx: Path) -> str:
    """Every XML part of a workbook, as one text."""
    with zipfile.ZipFile(xlsx) as zf:
        return "".join(zf.read(n).decode("utf-8") for n in zf.namelist() if n.endswith(".xml"))


def test_check_warns_about_each_control_character_naming_its_cell(tmp_path):
    old = old_workbook(tmp_path)
    found = {p.where: p for p in api.check(old) if "control character" in p.message}
    assert sorted(found) == ["Methuselahs!B7", "Methuselahs!C8"]
    assert found["Methuselahs!B7"].severity == "warning"
    assert found["Methuselahs!B7"].message.startswith("player #1's first name 'An\\x01na' holds the control character U+0001")
    assert "_x0001_" in found["Methuselahs!B7"].message
    assert "U+0007, U+001B" in found["Methuselahs!C8"].message
    r = CliRunner().invoke(main, ["check", str(old)])
    assert "warning: Methuselahs!B7: player #1's first name" in r.output and "Traceback" not in r.output


def test_convert_drops_control_characters_from_an_old_workbook_and_says_where(tmp_path):
    old = old_workbook(tmp_path)
    out = tmp_path / "new.xlsx"
    result = convert(old, out)
    warned = {f.where: f.message for f in result.source.warnings}
    assert sorted(warned) == ["cup-v1.2.xlsx: Methuselahs!B7", "cup-v1.2.xlsx: Methuselahs!C8",
                              "cup-v1.2.xlsx: Notes!A4"]
    assert warned["cup-v1.2.xlsx: Methuselahs!B7"].startswith(
        "player #1's first name 'An\\x01na' is now 'Anna': dropped the control character U+0001")
    assert "'Da Silva'" in warned["cup-v1.2.xlsx: Methuselahs!C8"]
    # the names read back clean; the note copied cell for cell too
    ev = load_event(out)
    assert (ev.player(1).first_name, ev.player(2).last_name) == ("Anna", "Da Silva")
    assert openpyxl.load_workbook(out)["Notes"]["A4"].value == "table 3: slow play"
    assert "_x0" not in text_parts(out)  # no escape anywhere in the new workbook
    assert not [p for p in result.problems if "control character" in p.message]
    # the command says it as a warning
    r = CliRunner().invoke(main, ["convert", str(old), str(tmp_path / "again.xlsx")])
    assert r.exit_code == 0, r.output
    assert "warnings: 3" in r.output
    assert "  cup-v1.2.xlsx: Methuselahs!B7: player #1's first name 'An\\x01na' is now 'Anna'" in r.output


def test_convert_drops_control_characters_from_a_csv_set_naming_file_line_and_player(tmp_path):
    folder = tmp_path / "set"
    write_csv_set(sample_event(), folder)
    # line 3 is #3, Chloé Müller; the Override.csv line holds round 2, table 3's reason
    methuselahs = folder / "Methuselahs.csv"
    lines = methuselahs.read_bytes().decode("utf-8").split("\r\n")
    assert lines[2].startswith("3,Chloé,Müller,")
    lines[2] = lines[2].replace("Chloé", "Chlo\x02é", 1)
    methuselahs.write_text("\r\n".join(lines), encoding="utf-8", newline="")
    override = folder / "Override.csv"
    override.write_bytes(override.read_bytes().replace(b"player ejected", b"player\x08 ejected"))
    out = tmp_path / "new.xlsx"
    result = convert(folder, out)
    warned = {f.where: f.message for f in result.source.warnings}
    assert sorted(warned) == ["Methuselahs.csv, line 3", "Override.csv, line 1"]
    assert warned["Methuselahs.csv, line 3"].startswith(
        "player #3's first name 'Chlo\\x02é' is now 'Chloé': dropped the control character U+0002")
    assert warned["Override.csv, line 1"].startswith("reason 'player\\x08 ejected' is now 'player ejected'")
    ev = load_event(out)
    assert ev.player(3).first_name == "Chloé"
    assert ev.overrides[0].reason == "player ejected"
    assert "_x0" not in text_parts(out)


def test_convert_drops_control_characters_from_a_standings_json(tmp_path):
    book = new_event(tmp_path / "cup.xlsx", sample_event()).path
    doc = api.standings(book)
    doc["event"]["name"] = "Sample\x1f Cup"
    i = next(i for i, p in enumerate(doc["players"]) if p["number"] == 4)
    doc["players"][i]["last_name"] = "Iva\x00nov"
    (tmp_path / "standings.json").write_text(json.dumps(doc), encoding="utf-8")
    result = convert(tmp_path / "standings.json", tmp_path / "new.xlsx")
    warned = {f.where: f.message for f in result.source.warnings}
    assert sorted(warned) == ["standings.json: event.name", f"standings.json: players[{i}].last_name"]
    assert warned[f"standings.json: players[{i}].last_name"].startswith("player #4's last name 'Iva\\x00nov' is now 'Ivanov'")
    ev = load_event(tmp_path / "new.xlsx")
    assert (ev.name, ev.player(4).last_name) == ("Sample Cup", "Ivanov")
