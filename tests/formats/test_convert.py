"""archon convert: every accepted input form of ONE sample event converts to a
workbook with the same standings; the CSV set and the standings JSON survive
the round trip; a 2002 event converted under the 2001 rules is ranked by VP
then TP (numbers worked out by hand); values the layout cannot hold stop the
conversion; older Archon editions are recognised; the CLI's exit codes.

LibreOffice runs three times for the whole module (.ods, .xls, and a re-save
of a converted workbook as .xlsx), each a single ``soffice`` call.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import uuid
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.cli.words import CliRenderer
from archon.words import message_of
from archon.words.render import PLAIN
from archon.formats.convert import ConversionStopped, ConvertError, convert, survey_labels
from archon.formats.csvset import read_csv_set, write_csv_set
from archon.rules.model import Player
from archon.formats.serialize import event_from_dict, standings_to_dict
from archon.rules.standings import compute
from archon.formats.workbook import load_event, new_event, read_edition
from archon.formats.workbook.grid import open_book
from archon.formats.workbook.xlsxpatch import patch_package
from conftest import OFFICIAL_NAMES, official_dir_path, official_file, soffice_path
from test_csvset import sample_event


def official_path(kind: str):
    p = official_dir_path() / OFFICIAL_NAMES[kind]
    return p if p.is_file() else None


def soffice_convert(files: list[Path], fmt: str, out: Path) -> dict[str, Path]:
    binary = soffice_path()
    profile = out.parent / f"lo-profile-{uuid.uuid4().hex}"
    proc = subprocess.run(
        [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
         "--convert-to", fmt, "--outdir", str(out), *map(str, files)],
        capture_output=True, text=True, timeout=600,
    )
    shutil.rmtree(profile, ignore_errors=True)
    result = {p.stem: out / f"{p.stem}.{fmt}" for p in files}
    missing = [str(p) for p in result.values() if not p.is_file()]
    assert not missing, f"LibreOffice could not convert {missing}: {proc.stderr[-2000:]}"
    return result


@pytest.fixture(scope="module")
def forms(tmp_path_factory) -> dict[str, Path]:
    """The sample event in every accepted input form (those that can be made here)."""
    d = tmp_path_factory.mktemp("forms")
    paths: dict[str, Path] = {}
    paths["builtin-xlsx"] = new_event(d / "builtin.xlsx", sample_event()).path
    if official_path("xlsx"):
        paths["xlsx"] = new_event(d / "official.xlsx", sample_event(), template=official_path("xlsx")).path
    if official_path("google"):
        paths["google-xlsx"] = new_event(d / "google.xlsx", sample_event(), template=official_path("google")).path
    write_csv_set(sample_event(), d / "csv-set")
    paths["csv-folder"] = d / "csv-set"
    paths["csv-zip"] = d / "csv-set.zip"
    with zipfile.ZipFile(paths["csv-zip"], "w") as zf:
        for f in sorted((d / "csv-set").iterdir()):
            zf.write(f, f.name)
    paths["json"] = d / "standings.json"
    paths["json"].write_text(json.dumps(api.standings(paths["builtin-xlsx"]), indent=1), encoding="utf-8")
    if soffice_path() and "xlsx" in paths:
        lo = d / "lo"
        paths["ods"] = soffice_convert([paths["xlsx"]], "ods", lo)["official"]
        paths["xls"] = soffice_convert([paths["xlsx"]], "xls", lo)["official"]
    return paths


WHAT_IS_SAID = {
    "builtin-xlsx": "The Archon v1.5l, archon's built-in template (.xlsx)",
    "xlsx": "The Archon v1.5l, Excel workbook (.xlsx)",
    "google-xlsx": "The Archon v1.5l, Google Sheets export (.xlsx)",
    "ods": "The Archon v1.5l, LibreOffice workbook (.ods)",
    "xls": "The Archon v1.5l, Excel 97-2003 workbook (.xls)",
    "csv-folder": "the Archon CSV set of the archon Discord bot, in a folder",
    "csv-zip": "the Archon CSV set of the archon Discord bot, in a zip",
    "json": "archon's standings JSON (Sample Cup, The Archon v1.5l)",
}


def without_reasons(rounds: list[dict]) -> list[dict]:
    """Rounds of the contract without the judges' reasons (the CSV set cannot hold them)."""
    return [
        {**r, "tables": [{**t, "reason": None if t["status"] == "overridden" else t["reason"]} for t in r["tables"]]}
        for r in rounds
    ]


@pytest.mark.parametrize("form", list(WHAT_IS_SAID))
def test_every_input_form_converts_to_the_same_standings(forms, form, tmp_path):
    if form not in forms:
        if form in ("ods", "xls"):
            pytest.skip("needs LibreOffice (apt-get install libreoffice-calc) and the official thearchon-1.5l.xlsx")
        official_file("google" if form == "google-xlsx" else "xlsx")  # skips saying where to put it
    result = convert(forms[form], tmp_path / "converted.xlsx")
    assert PLAIN.render(result.source.description).startswith(WHAT_IS_SAID[form])
    assert result.unmapped == []
    if form.startswith("csv"):
        # The CSV set holds no event details: check says the level is blank.
        assert [p.where for p in result.problems] == ["Tournament Info!B9"]
    else:
        assert result.problems == []
    expected = standings_to_dict(compute(sample_event()))
    got = api.standings(tmp_path / "converted.xlsx")
    assert got["players"] == expected["players"]
    assert got["final"] == expected["final"]
    assert without_reasons(got["rounds"]) == without_reasons(expected["rounds"])
    if not form.startswith("csv"):
        # only the CSV set lacks the event's details and the judges' reasons
        assert (got["event"]["name"], got["event"]["date"], got["event"]["city"]) == ("Sample Cup", "2024-03-09", "Lyon")
        assert got["rounds"] == expected["rounds"]


def test_convert_into_a_copy_of_the_official_archon(forms, tmp_path):
    template = official_file("xlsx")
    result = convert(forms["csv-zip"], tmp_path / "official.xlsx", template=template)
    assert result.written.kind == "official"
    assert api.standings(tmp_path / "official.xlsx")["players"] == standings_to_dict(compute(sample_event()))["players"]
    # The Archon's own formulas are still there to compute the rest when opened
    ws = openpyxl.load_workbook(tmp_path / "official.xlsx")["Methuselahs"]
    assert str(ws["H7"].value).startswith("=")


def test_a_converted_csv_set_exports_the_same_files(forms, tmp_path):
    runner = CliRunner()
    r = runner.invoke(main, ["convert", str(forms["csv-folder"]), str(tmp_path / "event.xlsx")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["report", str(tmp_path / "event.xlsx"), "--csv", str(tmp_path / "again")])
    assert r.exit_code == 0, r.output
    original = sorted(p.name for p in forms["csv-folder"].iterdir())
    assert sorted(p.name for p in (tmp_path / "again").iterdir()) == original
    for name in original:
        assert (tmp_path / "again" / name).read_bytes() == (forms["csv-folder"] / name).read_bytes(), name


def test_standings_json_converts_back_to_the_same_standings(forms, tmp_path):
    before = json.loads(forms["json"].read_text(encoding="utf-8"))
    convert(forms["json"], tmp_path / "event.xlsx")
    assert api.standings(tmp_path / "event.xlsx") == before


# ---------------------------------------------------------------------------
# A 2002 event under the 2001 rules, worked out by hand.
#
# 10 players, 2R+F. Tournament Points at a 5-player table: 60/48/36/24/12, tied
# players share the average of their places.
#
# Round 1, table 1 (#1 #2 #3 #4 #5): VP 3 0 1 1 0 -> TP #1 60; #3 #4 (48+36)/2 = 42;
#   #2 #5 (24+12)/2 = 18.
# Round 1, table 2 (#6 #7 #8 #9 #10): VP 2 1 1 1 0 -> #6 60; #7 #8 #9
#   (48+36+24)/3 = 36; #10 12.
# Round 2, table 1 (#2 #4 #6 #8 #10): VP 0 2 2 1 0 -> #4 #6 (60+48)/2 = 54; #8 36;
#   #2 #10 18.
# Round 2, table 2 (#1 #3 #5 #7 #9): VP 0.5 0.5 2.5 0 0 (time ran out after #5
#   ousted #7 and #9) -> #5 60; #1 #3 42; #7 #9 18.
#
# Totals VP / TP:        #1 3.5/102  #2 0/36  #3 1.5/84  #4 3/96  #5 2.5/78
#                        #6 4/114    #7 1/54  #8 2/72    #9 1/54  #10 0/30
# 2001 ranking, VP then TP (no Game Wins): #6 1st, #1 2nd, #4 3rd, #5 4th,
#   #8 5th, #3 6th, #7 and #9 7th (same VP and TP), #2 9th, #10 10th.
#   Finalists #6 #1 #4 #5 #8, seeds 1 to 5.
# Final, seat order #8 #5 #4 #1 #6: VP 1 0 2 2 0. Under the 2001 rules every
#   finalist is placed by final VP, a tie going to the better seed:
#   #1 (2 VP, seed 2) 1st, #4 (2 VP, seed 3) 2nd, #8 (1 VP) 3rd,
#   #6 (0 VP, seed 1) 4th, #5 (0 VP, seed 4) 5th.
# (Under the current rules #5's Game Win would rank it 3rd, ahead of #4.)

SET_2002 = {
    "Methuselahs.csv": [
        "1,Alice,Abel,,1000101,3,", "2,Boris,Brun,,1000102,2,", "3,Carla,Cruz,,1000103,2,",
        "4,Denis,Dorn,,1000104,3,", "5,Elena,Ezra,,1000105,3,", "6,Frank,Fox,,1000106,3,",
        "7,Gina,Gold,,1000107,2,", "8,Hans,Holm,,1000108,3,", "9,Irma,Ives,,1000109,2,",
        "10,Jan,Jura,,1000110,2,",
    ],
    "Round-1.csv": [
        "1,Alice,Abel,1,3.0", "2,Boris,Brun,1,0.0", "3,Carla,Cruz,1,1.0", "4,Denis,Dorn,1,1.0",
        "5,Elena,Ezra,1,0.0", "6,Frank,Fox,2,2.0", "7,Gina,Gold,2,1.0", "8,Hans,Holm,2,1.0",
        "9,Irma,Ives,2,1.0", "10,Jan,Jura,2,0.0",
    ],
    "Round-2.csv": [
        "2,Boris,Brun,1,0.0", "4,Denis,Dorn,1,2.0", "6,Frank,Fox,1,2.0", "8,Hans,Holm,1,1.0",
        "10,Jan,Jura,1,0.0", "1,Alice,Abel,2,0.5", "3,Carla,Cruz,2,0.5", "5,Elena,Ezra,2,2.5",
        "7,Gina,Gold,2,0.0", "9,Irma,Ives,2,0.0",
    ],
    "Finals.csv": [
        "8,Hans,Holm,1,5,1.0", "5,Elena,Ezra,1,4,0.0", "4,Denis,Dorn,1,3,2.0", "1,Alice,Abel,1,2,2.0",
        "6,Frank,Fox,1,1,0.0",
    ],
}

# number: (VP, TP, preliminary rank, final rank), in display order
EXPECTED_2001 = [
    (1, 3.5, 102, 2, 1), (4, 3.0, 96, 3, 2), (8, 2.0, 72, 5, 3), (6, 4.0, 114, 1, 4), (5, 2.5, 78, 4, 5),
    (3, 1.5, 84, 6, 6), (7, 1.0, 54, 7, 7), (9, 1.0, 54, 7, 7), (2, 0.0, 36, 9, 9), (10, 0.0, 30, 10, 10),
]


@pytest.fixture(scope="module")
def converted_2001(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("e2002")
    (d / "set").mkdir()
    for name, lines in SET_2002.items():
        (d / "set" / name).write_text("".join(f"{line}\r\n" for line in lines), encoding="utf-8")
    result = convert(d / "set", d / "cup-2002.xlsx", edition="2001")
    assert result.edition == "2001" and result.edition_from == "--edition"
    return d / "cup-2002.xlsx"


def ranking(data: dict) -> list[tuple]:
    return [(p["number"], p["vp"], p["tp"], p["rank"], p["final_rank"]) for p in data["players"]]


def test_a_2002_event_converted_under_the_2001_rules_ranks_by_vp_then_tp(converted_2001):
    assert read_edition(converted_2001) == "2001"
    data = api.standings(converted_2001)  # no --edition: the workbook says 2001
    assert data["event"]["edition"] == "2001"
    assert ranking(data) == EXPECTED_2001
    assert all(p["gw"] == 0 for p in data["players"])
    assert [(p["number"], p["seed"]) for p in data["players"] if p["finalist"]] == [
        (1, 2), (4, 3), (8, 5), (6, 1), (5, 4)]
    # the same file under the current rules: Game Wins first, #5 moves ahead of #4
    current = {p["number"]: p for p in api.standings(converted_2001, edition="current")["players"]}
    assert (current[5]["rank"], current[4]["rank"]) == (3, 4)


def test_the_cli_uses_the_edition_recorded_in_the_file(converted_2001):
    out = CliRunner().invoke(main, ["standings", str(converted_2001)])
    assert out.exit_code == 0
    assert "2001 rules" in out.output.splitlines()[0]


def test_the_edition_survives_a_libreoffice_save(converted_2001, tmp_path):
    if not soffice_path():
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    resaved = soffice_convert([converted_2001], "xlsx", tmp_path / "lo")["cup-2002"]
    assert read_edition(resaved) == "2001"
    assert ranking(api.standings(resaved)) == EXPECTED_2001
    # saved as .ods or as Excel 97-2003 .xls, it is still a 2001 event
    for fmt in ("ods", "xls"):
        saved = soffice_convert([converted_2001], fmt, tmp_path / fmt)["cup-2002"]
        data = api.standings(saved)
        assert data["event"]["edition"] == "2001", fmt
        assert ranking(data) == EXPECTED_2001, fmt
        result = convert(saved, tmp_path / f"from-{fmt}.xlsx")
        assert (result.edition, result.edition_from) == ("2001", "recorded in the input"), fmt


# ---------------------------------------------------------------------------
# Values with no place in the current layout


def test_a_fourth_round_and_an_extra_column_stop_the_conversion(forms, tmp_path):
    folder = tmp_path / "set"
    shutil.copytree(forms["csv-folder"], folder)
    shutil.copy(folder / "Round-3.csv", folder / "Round-4.csv")
    lines = (folder / "Methuselahs.csv").read_bytes().split(b"\r\n")
    lines[1] += b",sponsor"
    (folder / "Methuselahs.csv").write_bytes(b"\r\n".join(lines))
    with pytest.raises(ConversionStopped) as stop:
        convert(folder, tmp_path / "out.xlsx")
    assert not (tmp_path / "out.xlsx").exists()
    said = [str(f) for f in stop.value.result.unmapped]
    assert any(s.startswith("Methuselahs.csv, line 2: column 8 holds 'sponsor'") for s in said)
    assert any(s.startswith("round 4: The Archon has sheets for preliminary rounds 1 to 3 only") for s in said)
    forced = convert(folder, tmp_path / "out.xlsx", force=True)
    assert [str(f) for f in forced.left_out] == said
    assert sorted(r.number for r in load_event(tmp_path / "out.xlsx").rounds) == [1, 2, 3]


def test_json_fields_that_do_not_map_and_too_many_players_stop_it(forms, tmp_path):
    doc = json.loads(forms["json"].read_text(encoding="utf-8"))
    doc["players"][0]["deck"] = "Tremere stealth bleed"
    for n in range(21, 302):
        doc["players"].append({**doc["players"][-1], "number": n, "deck": None, "dq": False, "vekn": None})
        doc["players"][-1].pop("deck")
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ConversionStopped) as stop:
        convert(path, tmp_path / "out.xlsx")
    said = [str(f) for f in stop.value.result.unmapped]
    assert said[0] == "big.json: players[0].deck: not a field of archon's standings JSON: The Archon has no place for it"
    assert any(s.startswith("Methuselahs: 301 players: the sheet holds 300") for s in said)
    assert not (tmp_path / "out.xlsx").exists()
    convert(path, tmp_path / "out.xlsx", force=True)
    assert len(load_event(tmp_path / "out.xlsx").players) == 300


# ---------------------------------------------------------------------------
# Errors name the file, sheet, line or field and what was expected


def test_errors_name_the_file_and_what_was_expected(forms, tmp_path):
    def error(source, output=None, **kw) -> str:
        with pytest.raises(ConvertError) as exc:
            convert(source, output or tmp_path / "out.xlsx", **kw)
        return CliRenderer().render(message_of(exc.value))  # as the command line says it

    assert "nowhere.xlsx does not exist" in error(tmp_path / "nowhere.xlsx")
    bad = tmp_path / "broken.json"
    bad.write_text('{"event": {"name": "x"},\n "players": [,]}', encoding="utf-8")
    assert error(bad).startswith("broken.json, line 2, column 14: not valid JSON")
    doc = json.loads(forms["json"].read_text(encoding="utf-8"))
    doc["players"][2]["number"] = "three"
    (tmp_path / "num.json").write_text(json.dumps(doc), encoding="utf-8")
    assert error(tmp_path / "num.json") == (
        'num.json: players[2].number: expected a whole player number from 1, not "three" (archon standings FILE --json)'
    )
    other = tmp_path / "budget.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Budget"
    wb.save(other)
    assert "budget.xlsx is not an Archon workbook: expected a sheet 'Methuselahs'" in error(other)
    folder = tmp_path / "set"
    shutil.copytree(forms["csv-folder"], folder)
    text = (folder / "Round-2.csv").read_text(encoding="utf-8").replace("15,Olga,Petrova,1,1.5", "15,Olga,Petrova,1,x")
    (folder / "Round-2.csv").write_text(text, encoding="utf-8", newline="")
    assert error(folder).startswith("Round-2.csv, line 2: column 5 (VP) holds 'x': expected a number of VPs")
    (tmp_path / "exists.xlsx").write_bytes(b"")
    from archon.formats.workbook import WriteError

    with pytest.raises(WriteError, match="exists.xlsx already exists"):  # nothing could be written: status 3
        convert(forms["json"], tmp_path / "exists.xlsx")
    assert "give an output name ending in .xlsx" in error(forms["json"], tmp_path / "out.ods")
    assert "unknown rule edition '1999'" in error(forms["json"], edition="1999")


# ---------------------------------------------------------------------------
# Older editions of The Archon


def old_edition(tmp_path: Path) -> Path:
    """The sample in an official workbook made to look like v1.2, whose coin
    column is labelled differently, with judges, a round time and notes typed in."""
    filled = new_event(tmp_path / "filled.xlsx", sample_event(), template=official_file("xlsx")).path
    old = tmp_path / "cup-v1.2.xlsx"
    with open(old, "wb") as f:
        patch_package(filled.read_bytes(), f, {
            "Instructions": {"A1": "The Archon v1.2"},
            "Methuselahs": {"M5": "Toss"},
            "Tournament Info": {"B17": "Jane Judge", "C17": 1234567},
            "Notes": {"A4": "Round 2, table 3: #20 ejected for slow play"},
            "Round 2": {"I2": "14:05"},
        })
    return old


def test_an_older_edition_is_recognised_and_its_unmatched_parts_listed(tmp_path):
    old = old_edition(tmp_path)
    with pytest.raises(ConversionStopped) as stop:
        convert(old, tmp_path / "out.xlsx")
    src = stop.value.result.source
    assert PLAIN.render(src.description).startswith("The Archon v1.2, Excel workbook (.xlsx)")
    assert [str(f) for f in src.unmapped] == [
        "Methuselahs!M5: coin rankings: not read, the layout differs from v1.5l "
        "(Methuselahs!M5 holds 'Toss' where v1.5l has 'Coin')"
    ]
    result = convert(old, tmp_path / "out.xlsx", force=True)
    ev = load_event(tmp_path / "out.xlsx")
    assert all(p.coin is None for p in ev.players)
    # without the coin toss the tie for the last place in the final is open again
    assert any("coin toss" in p.message for p in result.problems)
    # inputs the event model does not carry are copied as they are
    wb = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert (wb["Tournament Info"]["B17"].value, wb["Tournament Info"]["C17"].value) == ("Jane Judge", 1234567)
    assert wb["Notes"]["A4"].value == "Round 2, table 3: #20 ejected for slow play"
    assert wb["Round 2"]["I2"].value == "14:05"
    assert result.carried_cells == 4


@pytest.mark.parametrize("kind", ["xlsx", "ods", "google"])
def test_every_label_of_the_official_files_is_where_the_layout_says(kind):
    with open_book(official_file(kind)) as book:
        parts, unmapped, notes = survey_labels(book)
    assert (parts, unmapped, notes) == (set(), [], [])


# ---------------------------------------------------------------------------
# The command line


def test_cli_convert_exit_codes_and_output(forms, tmp_path):
    runner = CliRunner()
    ok = runner.invoke(main, ["convert", str(forms["csv-zip"]), str(tmp_path / "a.xlsx"), "--edition", "current"])
    assert ok.exit_code == 0, ok.output
    assert f"wrote {tmp_path / 'a.xlsx'}" in ok.output
    # the CSV set holds no event level: check says so, and nothing else
    assert "Tournament Info!B9: the event level is blank" in ok.output
    assert "archon check a.xlsx: 1 problem, 0 errors" in ok.output
    assert "coin ranking #12 1, #7 2 inferred" in ok.output

    folder = tmp_path / "set"
    shutil.copytree(forms["csv-folder"], folder)
    shutil.copy(folder / "Round-3.csv", folder / "Round-4.csv")
    stopped = runner.invoke(main, ["convert", str(folder), str(tmp_path / "b.xlsx")])
    assert stopped.exit_code == 1
    assert "round 4: The Archon has sheets for preliminary rounds 1 to 3 only" in stopped.output
    assert "nothing was written (convert with --force to leave them out)" in stopped.output
    assert not (tmp_path / "b.xlsx").exists()
    forced = runner.invoke(main, ["convert", str(folder), str(tmp_path / "b.xlsx"), "--force"])
    assert forced.exit_code == 0 and (tmp_path / "b.xlsx").exists()
    assert "left out (--force): 1" in forced.output

    unreadable = runner.invoke(main, ["convert", str(tmp_path / "missing.zip"), str(tmp_path / "c.xlsx")])
    assert unreadable.exit_code == 2
    assert "missing.zip does not exist" in unreadable.output
    assert "Traceback" not in unreadable.output


def test_api_convert_is_the_commands_twin(forms, tmp_path):
    result = api.convert(forms["json"], tmp_path / "t.xlsx", edition="2004")
    assert result.edition == "2004" and read_edition(tmp_path / "t.xlsx") == "2004"
    assert any("records the rule edition 'current'; --edition gives '2004'" in CliRenderer().render(n.as_message())
               for n in result.source.notes)


def test_an_event_read_back_from_a_csv_set_keeps_player_numbers_past_the_registered(tmp_path):
    # A player seated but never registered stays seated: 'archon check' names the seat.
    ev = sample_event()
    ev.players = [p for p in ev.players if p.number != 19]
    write_csv_set(ev, tmp_path / "set")
    result = convert(tmp_path / "set", tmp_path / "out.xlsx")
    assert any("player number 19 is not registered" in p.message for p in result.problems)
    assert any(p.where.startswith("Round 1!A") for p in result.problems)
    assert read_csv_set(tmp_path / "set").players[-1] == Player(20, "Tereza", "Svobodová", vekn="1000134", out="WD")
    assert event_from_dict(api.standings(tmp_path / "out.xlsx")).player(20).out == "WD"


def test_a_template_that_is_not_a_workbook_is_named(forms, tmp_path):
    notes = tmp_path / "notes.xlsx"
    notes.write_text("not a workbook", encoding="utf-8")
    for command in (["convert", str(forms["json"]), str(tmp_path / "out.xlsx")], ["new", str(tmp_path / "out.xlsx")]):
        r = CliRunner().invoke(main, [*command, "--template", str(notes)])
        assert r.exit_code == 2, r.output
        assert "notes.xlsx: not an Excel .xlsx workbook" in r.output and "Traceback" not in r.output
        assert not (tmp_path / "out.xlsx").exists()


def test_a_sheet_the_archon_does_not_have_stops_the_conversion(forms, tmp_path):
    # The organizer added a sheet of prizes, and an empty one, to the event's workbook.
    wb = openpyxl.load_workbook(forms["builtin-xlsx"])
    wb.create_sheet("Prizes")["B3"] = "1st: a playmat"
    wb.create_sheet("Sheet1")
    wb.save(tmp_path / "cup.xlsx")
    with pytest.raises(ConversionStopped) as stop:
        convert(tmp_path / "cup.xlsx", tmp_path / "out.xlsx")
    assert [str(f) for f in stop.value.result.unmapped] == [
        "Prizes!B3: sheet 'Prizes' (1 filled cell) has no counterpart in The Archon v1.5l: it is not converted"
    ]
    assert "Sheet1: empty sheet 'Sheet1', not in The Archon v1.5l: not converted" in map(
        str, stop.value.result.source.notes)
    assert not (tmp_path / "out.xlsx").exists()
    forced = convert(tmp_path / "cup.xlsx", tmp_path / "out.xlsx", force=True)
    assert [f.where for f in forced.left_out] == ["Prizes!B3"]
    assert api.standings(tmp_path / "out.xlsx")["players"] == standings_to_dict(compute(sample_event()))["players"]


def test_convert_carries_every_record_archon_keeps_of_the_event(tmp_path):
    """Check-ins, codes, players' reports (and their switch), decks, warnings,
    claimed-twice alerts and the clock are in the converted workbook as they
    were: a code that changed would lock a player out of their phone."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "eventday"))
    sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))
    from test_player_reports import SWEEP, code, round_2_seated
    from archon.formats.workbook import read_event
    from archon.formats.workbook.xlsxpatch import read_custom_properties
    from archon.formats.decklists import read_deck_list
    from archon.rules.decks import StoredDeck
    from archon.rules.model import CheckIn

    ev = round_2_seated()
    ev.checked_in = {3: CheckIn("2026-11-27T09:05:00Z", "phone"), 8: CheckIn("2026-11-27T09:06:12Z")}
    ev.checkin_code = "4HQ7ZC"
    ev.decks = {5: StoredDeck(read_deck_list("Crypt (12 cards)\n12x Nathan Turner\n\nLibrary (60 cards)\n"
                                             "60x Govern the Unaligned\n")[0])}
    first = tmp_path / "first.xlsx"
    new_event(first, ev)
    api.report_table(first, code(2), 2, 2, SWEEP)
    api.warn(first, "4", "slow play")
    api.reporting(first, False)
    source = tmp_path / "source.xlsx"  # the round's clock and an alert, as the console keeps them
    with source.open("wb") as f:
        clock = "r=2;m=120;s=2026-11-27T14:05:00Z;p=;ps=300;a=5;t=3:10,4:5"
        patch_package(first.read_bytes(), f, {}, properties={"archon:clock": clock,
                                                              "archon:alert:1": "7|2026-11-27T09:07:00Z"})
    before = {k: v for k, v in read_custom_properties(str(source)).items() if k.startswith("archon:") and v}
    assert {"archon:checkin:3", "archon:code:2", "archon:checkin-code", "archon:report:2:2", "archon:reporting",
            "archon:warning:1", "archon:deck:5", "archon:clock", "archon:alert:1"} <= set(before)

    convert(source, tmp_path / "converted.xlsx")
    after = read_custom_properties(str(tmp_path / "converted.xlsx"))
    assert {k: after.get(k) for k in before if k != "archon:template"} == {
        k: v for k, v in before.items() if k != "archon:template"}
    got = read_event(tmp_path / "converted.xlsx").event
    assert got.codes == ev.codes and sorted(got.checked_in) == [3, 8] and got.reporting_off
    assert [(r.round, r.table, r.player) for r in got.player_reports] == [(2, 2, 2)]
