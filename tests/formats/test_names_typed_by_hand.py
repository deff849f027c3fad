"""Names typed by hand in a workbook, or carried by an old file (issue 23): a
name holding a character that cannot be seen or turns the text around is the
organizer's, so ``check`` flags it (sheet, cell, player and character) and
registering compares names without it; ``convert`` still converts an old
file, dropping such characters from its names and saying where. The inputs
are made here: a workbook archon writes, then cells patched the way a hand
(or a copy from a web page) types them; a CSV set or standings JSON edited.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.convert import convert
from archon.formats.csvset import write_csv_set
from archon.formats.workbook import load_event, new_event
from archon.formats.workbook.xlsxpatch import patch_package
from archon.rules.model import Event, Player
from conftest import official_file
from test_control_characters import text_parts
from test_csvset import sample_event


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def typed_by_hand(tmp_path: Path, cells: dict, version: str = "") -> Path:
    """Ada Lovelace (#1) and Bob Smith (#2) registered by archon, then
    Methuselahs ``cells`` typed over (``version``: an older Archon's, to convert)."""
    made = tmp_path / "made.xlsx"
    ev = Event(level="Standard Constructed", players=[Player(1, "Ada", "Lovelace"), Player(2, "Bob", "Smith")])
    new_event(made, ev, template=official_file("xlsx"))
    out = tmp_path / ("old.xlsx" if version else "cup.xlsx")
    edits = {"Methuselahs": cells, **({"Instructions": {"A1": f"The Archon {version}"}} if version else {})}
    with open(out, "wb") as f:
        patch_package(made.read_bytes(), f, edits)
    return out


def test_check_flags_a_name_typed_with_a_direction_override_naming_sheet_cell_player_and_character(tmp_path):
    cup = typed_by_hand(tmp_path, {"C8": "\u202ehtimS"})
    found = {p.where: p for p in api.check(cup) if "U+202E" in p.message}
    assert list(found) == ["Methuselahs!C8"]
    p = found["Methuselahs!C8"]
    assert p.severity == "warning"
    assert p.message.startswith("player #2's last name '\\u202ehtimS' holds U+202E RIGHT-TO-LEFT OVERRIDE")
    r = run("check", cup)
    assert "warning: Methuselahs!C8: player #2's last name '\\u202ehtimS' holds U+202E" in r.output, r.output
    assert "type the name again" in r.output and "\u202e" not in r.output and "Traceback" not in r.output


def test_check_flags_a_name_of_zero_width_spaces_as_invisible_and_nameless(tmp_path):
    cup = typed_by_hand(tmp_path, {"B8": "\u200b\u200b", "C8": "\u200b"})
    said = {(p.where, p.message.split(":")[0]) for p in api.check(cup)}
    assert ("Methuselahs!B8", "player #2's first name '\\u200b\\u200b' holds U+200B ZERO WIDTH SPACE") in said
    assert ("Methuselahs!C8", "player #2's last name '\\u200b' holds U+200B ZERO WIDTH SPACE") in said
    assert any(p.said.id == "check.no_name" and p.where == "Methuselahs!B8" for p in api.check(cup))


def test_check_finds_a_name_typed_again_with_a_zero_width_space_or_decomposed(tmp_path):
    cup = typed_by_hand(tmp_path, {"B8": "Ada", "C8": "Lovelace\u200b"})
    assert [p.where for p in api.check(cup) if p.said.id == "check.same_name"] == ["Methuselahs!B8"]
    (tmp_path / "nfd").mkdir()
    cup = typed_by_hand(tmp_path / "nfd", {"B7": "Chloé", "C7": "Marchand", "B8": "Chloe\u0301", "C8": "Marchand"})
    assert [p.where for p in api.check(cup) if p.said.id == "check.same_name"] == ["Methuselahs!B8"]


def test_registering_a_name_typed_by_hand_with_a_zero_width_space_is_refused_as_registered(tmp_path):
    cup = typed_by_hand(tmp_path, {"C8": "Smith\u200b"})
    before = cup.read_bytes()
    r = run("register", cup, "Bob Smith")
    assert r.exit_code != 0 and "Bob Smith is already registered: Methuselahs!B8" in r.output, r.output
    assert cup.read_bytes() == before


def test_convert_drops_invisible_characters_from_an_old_workbooks_names_and_says_where(tmp_path):
    old = typed_by_hand(tmp_path, {"B7": "A\u200bda", "C8": "\u202ehtimS"}, version="v1.2")
    out = tmp_path / "new.xlsx"
    result = convert(old, out)
    warned = {f.where: f.message for f in result.source.warnings}
    assert warned["old.xlsx: Methuselahs!B7"] == (
        "player #1's first name 'A\\u200bda' is now 'Ada': dropped U+200B ZERO WIDTH SPACE, a character that "
        "cannot be seen or that turns the text around")
    assert warned["old.xlsx: Methuselahs!C8"].startswith(
        "player #2's last name '\\u202ehtimS' is now 'htimS': dropped U+202E RIGHT-TO-LEFT OVERRIDE")
    ev = load_event(out)
    assert (ev.player(1).first_name, ev.player(2).last_name) == ("Ada", "htimS")
    assert "\u200b" not in text_parts(out) and "\u202e" not in text_parts(out)
    assert not [p for p in result.problems if p.said.id == "check.invisible_character"]
    r = run("convert", old, tmp_path / "again.xlsx")
    assert r.exit_code == 0, r.output
    assert "old.xlsx: Methuselahs!B7: player #1's first name 'A\\u200bda' is now 'Ada'" in r.output


def test_convert_drops_invisible_characters_from_a_csv_sets_names_naming_file_and_line(tmp_path):
    folder = tmp_path / "set"
    write_csv_set(sample_event(), folder)
    methuselahs = folder / "Methuselahs.csv"
    lines = methuselahs.read_bytes().decode("utf-8").split("\r\n")
    assert lines[2].startswith("3,Chloé,Müller,")
    lines[2] = lines[2].replace("Chloé", "Chlo\u200be\u0301", 1)  # a zero-width space, and decomposed
    methuselahs.write_text("\r\n".join(lines), encoding="utf-8", newline="")
    result = convert(folder, tmp_path / "new.xlsx")
    warned = {f.where: f.message for f in result.source.warnings}
    assert warned["Methuselahs.csv, line 3"].startswith(
        "player #3's first name 'Chlo\\u200bé' is now 'Chloé': dropped U+200B ZERO WIDTH SPACE")
    assert load_event(tmp_path / "new.xlsx").player(3).first_name == "Chloé"
    assert "\u200b" not in text_parts(tmp_path / "new.xlsx")


def test_convert_drops_invisible_characters_from_a_standings_json_and_composes_its_texts(tmp_path):
    book = new_event(tmp_path / "cup.xlsx", sample_event()).path
    doc = api.standings(book)
    i = next(i for i, p in enumerate(doc["players"]) if p["number"] == 4)
    doc["players"][i]["first_name"] = "\u2067" + doc["players"][i]["first_name"] + "\u2069"
    doc["event"]["city"] = "Mu\u0308nchen"
    (tmp_path / "standings.json").write_text(json.dumps(doc), encoding="utf-8")
    first = sample_event().player(4).first_name
    result = convert(tmp_path / "standings.json", tmp_path / "new.xlsx")
    warned = {f.where: f.message for f in result.source.warnings}
    assert warned[f"standings.json: players[{i}].first_name"].startswith(
        f"player #4's first name '\\u2067{first}\\u2069' is now '{first}': dropped U+2067 RIGHT-TO-LEFT "
        "ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, characters that cannot be seen or that turn the text around")
    assert ">München<" in text_parts(tmp_path / "new.xlsx")
    assert load_event(tmp_path / "new.xlsx").player(4).first_name == first
