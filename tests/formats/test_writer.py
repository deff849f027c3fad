"""Writing events into Archon workbooks: fidelity, what The Archon then shows, clearing.

The event is built with :mod:`archon.rules.model` directly: 12 players, 2 rounds of
three 4-player tables (one table overridden by a judge), a final, a player
who withdrew and two players ordered by coin ranking.

LibreOffice runs once for the module (three files in one ``soffice`` call),
with its *default* settings: the test checks what an organizer opening the
file would see, not what a forced recalculation gives.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import shutil
import subprocess
import uuid
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import openpyxl
import pytest

from archon.formats import layout as L
from archon.rules.model import Event, Final, Override, Player, Round, Table
from archon.rules.standings import compute
from archon.formats.workbook import writer
from archon.formats.workbook.writer import EventTooBigError, detect_kind, new_event, read_edition, write_event
from archon.formats.workbook.xlsxpatch import patch_package
from conftest import official_file, soffice_path

NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
NAMES = [
    ("Anna", "Alpha"), ("Bruno", "Beta"), ("Chloe", "Gamma"), ("Dario", "Delta"),
    ("Eva", "Epsilon"), ("Farid", "Zeta"), ("Greta", "Eta"), ("Hugo", "Theta"),
    ("Ines", "Iota"), ("Jon", "Kappa"), ("Kim", "Lambda"), ("Lea", "Mu"),
]


def small_event(edition: str = "current") -> Event:
    players = [
        Player(number=i + 1, first_name=f, last_name=l, city="Lyon" if i % 2 else "Paris", vekn=str(1000001 + i))
        for i, (f, l) in enumerate(NAMES)
    ]
    players[11].out = "WD"  # withdrew after round 2
    players[2].coin, players[7].coin = 2, 1  # #3 and #8 tie on GW, VP and TP
    r1 = Round(1, [
        Table([1, 2, 3, 4], [3, 1, 0, 0]),
        Table([5, 6, 7, 8], [2, 1, 1, 0]),
        Table([9, 10, 11, 12], [2.5, 0.5, 0, 0]),
    ])
    r2 = Round(2, [
        Table([2, 5, 9, 12], [0, 4, 0, 0]),
        Table([1, 6, 10, 3], [1, 1, 2, 0]),
        Table([4, 7, 8, 11], [1, 1, 0, 0]),  # does not add up: overridden below
    ])
    event = Event(
        name="Test Open & Friends", date=dt.date(2024, 5, 18), city="Paris", organizer="Orga Nizer",
        level="Standard Constructed", deck_format="Constructed", preliminary_rounds=2,
        players=players, rounds=[r1, r2], overrides=[Override(2, 3, "player 8 ejected")], edition=edition,
    )
    event.final = Final(seating=list(compute(event).finalists), vps=[2, 1, 1, 0, 1])
    return event


def owned_official_cells(event: Event) -> dict[str, set[str]]:
    """The input cells archon may write in an official workbook (from the issue)."""
    owned: dict[str, set[str]] = {}
    info = L.INFO
    owned[info.sheet] = {info.name, info.date, info.organizer, info.city, info.deck_format, info.level,
                         info.rounds_with_final}
    if event.organizer_vekn is not None:
        owned[info.sheet].add(info.organizer_vekn)
    m = L.METHUSELAHS
    owned[m.sheet] = {f"{c}{r}" for c in m.inputs for r in range(m.first_row, m.last_row + 1)}
    for sheet in L.ROUND_SHEETS.values():
        owned[sheet] = {f"{c}{r}" for c in (L.ROUND.player, L.ROUND.vp)
                        for r in range(L.ROUND.first_row, L.ROUND.last_row + 1)}
    f = L.FINAL
    owned[f.sheet] = {f"{c}{r}" for c in (f.player, f.vp) for r in range(f.first_row, f.last_row + 1)}
    o = L.OVERRIDE
    owned[o.sheet] = {f"{c}{r}" for c in (o.round, o.table, o.reason) for r in range(o.first_row, o.last_row + 1)}
    return owned


def sheet_parts(path: Path) -> dict[str, str]:
    """Sheet name -> zip member, read with ElementTree (independently of the writer)."""
    with zipfile.ZipFile(path) as z:
        wb = ET.fromstring(z.read("xl/workbook.xml"))
        rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): "xl/" + r.get("Target").lstrip("/").removeprefix("xl/") for r in rels}
    rid = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    return {s.get("name"): targets[s.get(rid)] for s in wb.iter(f"{NS}sheet")}


def cells(xml: bytes) -> dict[str, dict]:
    """Every <c> of a sheet: style, type, formula (text and attributes), value, inline text."""
    out = {}
    for c in ET.fromstring(xml).iter(f"{NS}c"):
        f = c.find(f"{NS}f")
        v = c.find(f"{NS}v")
        out[c.get("r")] = {
            "s": c.get("s"),
            "t": c.get("t"),
            "f": None if f is None else (f.text, tuple(sorted(f.attrib.items()))),
            "v": None if v is None else v.text,
            "is": "".join(t.text or "" for t in c.iter(f"{NS}t")) if c.get("t") == "inlineStr" else None,
        }
    return out


def outside_sheet_data(xml: bytes) -> tuple[bytes, bytes]:
    start = xml.index(b"<sheetData")
    end = xml.index(b"</sheetData>") + len(b"</sheetData>") if b"</sheetData>" in xml else xml.index(b"/>", start) + 2
    return xml[:start], xml[end:]


def sheet(path: Path, name: str, data_only: bool = False) -> dict[str, object]:
    """One sheet's cell values by address (openpyxl, read-only: only that sheet is parsed)."""
    wb = openpyxl.load_workbook(path, read_only=True, data_only=data_only)
    try:
        out = {}
        for row in wb[name].iter_rows():
            for c in row:
                if getattr(c, "value", None) is not None:
                    out[c.coordinate] = c.value
        return out
    finally:
        wb.close()


def rows(xml: bytes) -> dict[str, dict]:
    return {r.get("r"): dict(r.attrib) for r in ET.fromstring(xml).iter(f"{NS}row")}


# ---------------------------------------------------------------------------
# Fixtures: one official copy and one built-in workbook written for the module


@pytest.fixture(scope="module")
def event() -> Event:
    return small_event()


@pytest.fixture(scope="module")
def written(event, tmp_path_factory):
    folder = tmp_path_factory.mktemp("written")
    official = folder / "official.xlsx"
    shutil.copyfile(official_file("xlsx"), official)
    report = write_event(official, event)
    builtin = folder / "builtin.xlsx"
    new_report = new_event(builtin, event)
    edition = folder / "edition.xlsx"
    shutil.copyfile(official_file("xlsx"), edition)
    write_event(edition, small_event(edition="2004"))
    return {"official": official, "builtin": builtin, "edition": edition, "report": report,
            "new_report": new_report}


@pytest.fixture(scope="module")
def official_wb():
    return openpyxl.load_workbook(official_file("xlsx"))


@pytest.fixture(scope="module")
def written_wb(written):
    return openpyxl.load_workbook(written["official"])


@pytest.fixture(scope="module")
def converted(written, tmp_path_factory):
    """The three written files opened and saved by LibreOffice (default settings), in one call."""
    binary = soffice_path()
    if not binary:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    out = tmp_path_factory.mktemp("converted")
    profile = out.parent / f"lo-profile-{uuid.uuid4().hex}"
    files = [written["official"], written["builtin"], written["edition"]]
    proc = subprocess.run(
        [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
         "--convert-to", "xlsx", "--outdir", str(out), *map(str, files)],
        capture_output=True, text=True, timeout=600,
    )
    shutil.rmtree(profile, ignore_errors=True)
    result = {p.stem: out / p.name for p in files}
    missing = [str(p) for p in result.values() if not p.is_file()]
    assert not missing, f"LibreOffice could not open {missing}: {proc.stderr[-2000:]}"
    return result


# ---------------------------------------------------------------------------
# (a) Fidelity: an official workbook keeps everything archon does not own


def test_every_cell_archon_does_not_own_keeps_its_value_formula_and_style(written, event):
    original, result = official_file("xlsx"), written["official"]
    owned = owned_official_cells(event)
    parts = sheet_parts(original)
    assert sheet_parts(result) == parts
    with zipfile.ZipFile(original) as zo, zipfile.ZipFile(result) as zr:
        for sheet, part in parts.items():
            before_xml, after_xml = zo.read(part), zr.read(part)
            assert outside_sheet_data(after_xml) == outside_sheet_data(before_xml), (
                f"{sheet}: something outside the cells changed (merges, validations, protection, setup...)"
            )
            assert rows(after_xml) == rows(before_xml), f"{sheet}: row heights/styles changed"
            before, after = cells(before_xml), cells(after_xml)
            mine = owned.get(sheet, set())
            assert set(after) - set(before) <= mine, f"{sheet}: cells added outside archon's: {set(after) - set(before) - mine}"
            for ref, b in before.items():
                a = after.get(ref)
                assert a is not None, f"{sheet}!{ref} disappeared"
                assert a["s"] == b["s"], f"{sheet}!{ref}: style {b['s']} became {a['s']}"
                if ref in mine:
                    continue
                if b["f"] is not None:
                    # formula kept; its cached result is dropped so that it is recomputed
                    assert a["f"] == b["f"], f"{sheet}!{ref}: formula changed"
                    assert a["v"] is None
                else:
                    assert a == b, f"{sheet}!{ref}: {b} became {a}"


def test_inputs_are_written_where_the_archon_reads_them(written_wb, event):
    wb = written_wb
    info = wb[L.INFO.sheet]
    assert info[L.INFO.name].value == "Test Open & Friends"
    assert info[L.INFO.date].value == dt.datetime(2024, 5, 18)
    assert info[L.INFO.rounds_with_final].value == 3  # 2R+F
    assert info[L.INFO.level].value == "Standard Constructed"
    # the organizer's VEKN id placeholder formula is left alone when archon has none
    assert str(info[L.INFO.organizer_vekn].value).startswith("=IF(ISBLANK(B6)")
    m = wb[L.METHUSELAHS.sheet]
    row = L.METHUSELAHS.first_row + 11
    assert [m[f"{c}{row}"].value for c in L.METHUSELAHS.inputs] == [12, "Lea", "Mu", "Lyon", 1000012, "WD", None]
    assert m[f"{L.METHUSELAHS.number}{row + 1}"].value is None
    r2 = wb[L.ROUND_SHEETS[2]]
    table3 = list(L.round_table_rows(3))
    assert [r2[f"A{r}"].value for r in table3] == [4, 7, 8, 11, None]
    assert [r2[f"E{r}"].value for r in table3] == [1, 1, 0, 0, None]
    # the rows after the last table no longer pull a seating from the chart
    assert r2[f"A{table3[-1] + 1}"].value is None
    # Round 3 is not seated: its chart formulas stay
    assert str(wb[L.ROUND_SHEETS[3]]["A7"].value).startswith("=IF(")
    fr = wb[L.FINAL.sheet]
    assert [fr[f"A{r}"].value for r in range(L.FINAL.first_row, L.FINAL.last_row + 1)] == event.final.seating
    ov = wb[L.OVERRIDE.sheet]
    assert [ov[f"{c}{L.OVERRIDE.first_row}"].value for c in ("A", "B", "D")] == [2, 3, "player 8 ejected"]


def test_package_keeps_comments_drawings_printer_settings_and_properties(written):
    original, result = official_file("xlsx"), written["official"]
    with zipfile.ZipFile(original) as zo, zipfile.ZipFile(result) as zr:
        before, after = zo.namelist(), zr.namelist()
        assert [n for n in before if n != "xl/calcChain.xml"] == after  # same parts, same order
        sheets = set(sheet_parts(original).values())
        rewritten = sheets | {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml",
                              "docProps/custom.xml"}
        for name in after:
            if name not in rewritten:
                assert zr.read(name) == zo.read(name), f"{name} changed"
        assert any(n.startswith("xl/printerSettings/") for n in after)
        assert any(n.endswith(".vml") for n in after)
        # workbook.xml: only the calculation settings changed
        wb_before = zo.read("xl/workbook.xml").decode()
        wb_after = zr.read("xl/workbook.xml").decode()
        assert re.sub(r"<calcPr[^>]*/>", "", wb_after) == re.sub(r"<calcPr[^>]*/>", "", wb_before)
        assert 'fullCalcOnLoad="1"' in wb_after
        assert "calcChain" not in zr.read("[Content_Types].xml").decode()
        assert "calcChain" not in zr.read("xl/_rels/workbook.xml.rels").decode()
        custom = zr.read("docProps/custom.xml").decode()
        for prop in re.findall(r'name="([^"]+)"', zo.read("docProps/custom.xml").decode()):
            assert f'name="{prop}"' in custom
    assert read_edition(result) == "current"
    assert detect_kind(result) == "official"


def test_workbook_structure_survives_as_openpyxl_sees_it(official_wb, written_wb):
    before, after = official_wb, written_wb
    assert after.sheetnames == before.sheetnames == list(L.SHEETS)
    assert {n: d.attr_text for n, d in after.defined_names.items()} == {
        n: d.attr_text for n, d in before.defined_names.items()}
    for ws_b in before.worksheets:
        ws_a = after[ws_b.title]
        name = ws_b.title
        assert sorted(map(str, ws_a.merged_cells.ranges)) == sorted(map(str, ws_b.merged_cells.ranges)), name
        dv = lambda ws: sorted((str(d.sqref), d.type, d.formula1) for d in ws.data_validations.dataValidation)
        assert dv(ws_a) == dv(ws_b), name
        assert bool(ws_a.protection.sheet) == bool(ws_b.protection.sheet), name
        widths = lambda ws: {k: (v.width, v.hidden) for k, v in ws.column_dimensions.items()}
        assert widths(ws_a) == widths(ws_b), name
        assert ws_a.freeze_panes == ws_b.freeze_panes, name
        assert ws_a.page_setup.orientation == ws_b.page_setup.orientation, name
        comments = lambda ws: {c.coordinate: c.comment.text for row in ws.iter_rows() for c in row if c.comment}
        assert comments(ws_a) == comments(ws_b), name


# ---------------------------------------------------------------------------
# (b), (c) What LibreOffice shows


def _assert_methuselahs_agree(path: Path, event: Event, label: str) -> None:
    st = compute(event)
    by = st.by_number()
    m = L.METHUSELAHS
    ws = sheet(path, m.sheet, data_only=True)
    seen = 0
    for row in range(m.first_row, m.last_row + 1):
        n = ws.get(f"{m.number}{row}")
        if n is None:
            continue
        s = by[n]
        seen += 1
        got = {k: ws.get(f"{getattr(m, k)}{row}") for k in ("gw", "vp", "tp", "rating_points")}
        assert got["gw"] == s.gw, f"{label}: player {n} GW"
        assert got["vp"] == pytest.approx(s.vp), f"{label}: player {n} VP"
        assert got["tp"] == pytest.approx(s.tp), f"{label}: player {n} TP"
        assert got["rating_points"] == pytest.approx(s.rating_points, abs=1e-9), f"{label}: player {n} rating points"
        rank = ws.get(f"{m.rank}{row}")
        final_rank = ws.get(f"{m.final_rank}{row}")
        if s.player.is_out:
            assert isinstance(rank, str) and isinstance(final_rank, str), f"{label}: player {n} is out"
        else:
            assert rank == s.rank, f"{label}: player {n} rank"
            assert final_rank == s.final_rank, f"{label}: player {n} final rank"
    assert seen == len(event.players)
    # the Standings sheet lists players in archon's order
    sd = L.STANDINGS
    ws = sheet(path, sd.sheet, data_only=True)
    ranked = [s.number for s in st.players if not s.player.is_out]
    shown = [ws.get(f"{sd.number}{r}") for r in range(sd.first_row, sd.first_row + len(ranked))]
    assert shown == ranked, label


def test_the_archons_own_formulas_show_archons_numbers(converted, event):
    _assert_methuselahs_agree(converted["official"], event, "official workbook in LibreOffice")


def test_builtin_template_shows_archons_values_in_libreoffice(converted, event, written):
    assert written["new_report"].kind == "builtin"
    _assert_methuselahs_agree(converted["builtin"], event, "built-in template in LibreOffice")
    conv = converted["builtin"]
    st = compute(event)
    # round results: the overridden table is scored
    r2 = sheet(conv, L.ROUND_SHEETS[2], data_only=True)
    rows3 = list(L.round_table_rows(3))
    assert [r2.get(f"{L.ROUND.tp}{r}") for r in rows3[:4]] == [s.tp for s in st.rounds[1].tables[2].result.seats]
    # finalists by seed, and the final's winner
    fr = sheet(conv, L.FINAL.sheet, data_only=True)
    assert [fr.get(f"A{r}") for r in range(L.FINAL.finalists_first_row, L.FINAL.finalists_last_row + 1)] == st.finalists
    ranks = [fr.get(f"{L.FINAL.final_rank}{r}") for r in range(L.FINAL.first_row, L.FINAL.last_row + 1)]
    assert sorted(ranks) == [1, 2, 2, 2, 2]
    info = sheet(conv, L.INFO.sheet, data_only=True)
    assert info[L.INFO.report_due] == dt.datetime(2024, 5, 26)
    assert info[L.INFO.players] == 12
    with zipfile.ZipFile(written["builtin"]) as z:
        assert not any(b"<f>" in z.read(n) or b"<f " in z.read(n) for n in z.namelist() if n.endswith(".xml"))


def test_rule_edition_survives_a_libreoffice_save(converted):
    assert read_edition(converted["edition"]) == "2004"
    assert read_edition(converted["official"]) == "current"
    assert detect_kind(converted["builtin"]) == "builtin"


# ---------------------------------------------------------------------------
# Clearing, limits, kinds


def test_fewer_players_and_tables_clear_the_leftovers(tmp_path, event):
    path = tmp_path / "event.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    write_event(path, event)
    smaller = dataclasses.replace(
        event,
        players=[dataclasses.replace(p) for p in event.players[:8]],
        rounds=[Round(1, [Table([1, 2, 3, 4], [3, 1, 0, 0]), Table([5, 6, 7, 8], [2, 1, 1, 0])])],
        overrides=[],
        final=Final(),
    )
    write_event(path, smaller)
    m = sheet(path, L.METHUSELAHS.sheet)
    assert m[f"A{L.METHUSELAHS.first_row + 7}"] == 8
    for row in range(L.METHUSELAHS.first_row + 8, L.METHUSELAHS.first_row + 12):
        assert all(m.get(f"{c}{row}") is None for c in L.METHUSELAHS.inputs), row
    r1 = sheet(path, L.ROUND_SHEETS[1])
    assert all(r1.get(f"A{r}") is None and r1.get(f"E{r}") is None for r in L.round_table_rows(3))
    r2 = sheet(path, L.ROUND_SHEETS[2])
    # round 2 is gone: its seats and VPs are cleared
    assert all(r2.get(f"A{r}") is None and r2.get(f"E{r}") is None for r in range(7, 22))
    # round 3 was never seated: its chart formulas are still there
    r3 = sheet(path, L.ROUND_SHEETS[3])
    assert all(str(r3.get(f"A{r}")).startswith("=IF(") for r in (7, 22, 306))
    fr = sheet(path, L.FINAL.sheet)
    assert all(fr.get(f"A{r}") is None for r in range(14, 19))
    assert sheet(path, L.OVERRIDE.sheet).get("A6") is None
    # cleared cells keep the template's style
    original = cells(zipfile.ZipFile(official_file("xlsx")).read(sheet_parts(path)[L.METHUSELAHS.sheet]))
    now = cells(zipfile.ZipFile(path).read(sheet_parts(path)[L.METHUSELAHS.sheet]))
    assert now["B18"] == original["B18"]


def test_builtin_results_are_cleared_too(tmp_path, event):
    path = tmp_path / "event.xlsx"
    new_event(path, event)
    write_event(path, dataclasses.replace(event, players=event.players[:4], rounds=[], overrides=[], final=Final()))
    sd = sheet(path, L.STANDINGS.sheet)
    assert [sd.get(f"C{r}") for r in range(6, 11)] == [1, 2, 3, 4, None]
    assert sd.get("A10") is None and sd.get("H10") is None
    r1 = sheet(path, L.ROUND_SHEETS[1])
    assert all(r1.get(f"{c}7") is None for c in "ABCDEFGHI")
    assert sheet(path, L.VEKN_REPORT.sheet).get("A11") is None


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda e: e.players.extend(Player(number=100 + i) for i in range(289)), "301 players"),
        (lambda e: e.rounds[0].tables.extend(Table([1, 2, 3, 4]) for _ in range(58)), "61 tables"),
        (lambda e: e.overrides.extend(Override(1, 1) for _ in range(120)), "121 overrides"),
        (lambda e: e.rounds[0].tables[0].players.extend([5, 6]), "6 players"),
    ],
)
def test_an_event_too_big_is_refused_before_anything_is_written(tmp_path, change, words):
    path = tmp_path / "event.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    before = path.read_bytes()
    event = small_event()
    if "6 players" in words:
        event.rounds[0].tables[0] = Table([1, 2, 3, 4, 5, 6])
    else:
        change(event)
    with pytest.raises(EventTooBigError, match=words):
        write_event(path, event)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


def test_kind_is_detected_and_can_be_forced(tmp_path, event):
    path = tmp_path / "event.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    assert write_event(path, event).kind == "official"
    builtin = tmp_path / "b.xlsx"
    new_event(builtin)
    assert detect_kind(builtin) == "builtin"
    assert write_event(builtin, event).kind == "builtin"
    with pytest.raises(ValueError, match="kind"):
        write_event(path, event, kind="excel")


def test_new_event_from_an_official_template(tmp_path, event):
    path = tmp_path / "event.xlsx"
    report = new_event(path, event, template=official_file("xlsx"))
    assert report.kind == "official"
    assert sheet(path, L.METHUSELAHS.sheet)["B7"] == "Anna"
    with pytest.raises(writer.WriteError, match="already exists"):
        new_event(path, event)


def test_a_workbook_written_by_archon_reads_back_as_the_same_event(written, event):
    reader = pytest.importorskip("archon.formats.workbook.reader")
    for kind in ("official", "builtin"):
        back = reader.load_event(written[kind])
        assert back.players == event.players, kind
        assert back.rounds == event.rounds, kind
        assert back.final == event.final, kind
        assert back.overrides == event.overrides, kind
        assert (back.name, back.date, back.preliminary_rounds) == (event.name, event.date, 2), kind


def test_overwriting_the_head_of_a_shared_formula_keeps_the_other_cells_computing(tmp_path):
    # Methuselahs K7 heads the shared formula of K7:K38; overwrite it and K8 must keep its own copy.
    out = tmp_path / "out.xlsx"
    with open(out, "wb") as f:
        result = patch_package(official_file("xlsx"), f, {L.METHUSELAHS.sheet: {"K7": 5}})
    assert result.formulas_unshared >= 31
    ws = sheet(out, L.METHUSELAHS.sheet)
    assert ws["K7"] == 5
    assert ws["K8"] == '=IF(ISBLANK(A8),"",RANK(P8,$P$7:$P$306))'
    assert ws["K38"] == '=IF(ISBLANK(A38),"",RANK(P38,$P$7:$P$306))'


def test_cells_and_rows_that_do_not_exist_yet_are_inserted_in_order(tmp_path):
    out = tmp_path / "out.xlsx"
    edits = {L.NOTES.sheet: {"A5": "first note", "C3": 2.5, "A1": "title"}}
    with open(out, "wb") as f:
        patch_package(official_file("xlsx"), f, edits)
    xml = zipfile.ZipFile(out).read(sheet_parts(out)[L.NOTES.sheet])
    order = [c.get("r") for c in ET.fromstring(xml).iter(f"{NS}c")]
    from archon.formats.workbook.xlsxpatch import split_ref

    assert order == sorted(order, key=split_ref)
    ws = sheet(out, L.NOTES.sheet)
    assert (ws["A1"], ws["A3"], ws["C3"], ws["A5"]) == (
        "title", "Tournament Notes:", 2.5, "first note")


def test_update_recomputes_a_builtin_workbook_after_the_organizer_typed_in_it(tmp_path, event):
    from archon.api import update  # the twin of 'archon update': the writer has no update of its own

    path = tmp_path / "event.xlsx"
    new_event(path, event)
    assert update(path).changed is False  # nothing to do
    # the organizer corrects a VP in round 1 (player 2: 1 VP -> 0) and saves
    typed = tmp_path / "typed.xlsx"
    row = list(L.round_table_rows(1))[1]
    with open(typed, "wb") as f:
        patch_package(path, f, {L.ROUND_SHEETS[1]: {f"{L.ROUND.vp}{row}": 0}})
    typed.replace(path)
    m = L.METHUSELAHS
    vp_cell = f"{m.vp}{m.first_row + 1}"
    assert sheet(path, m.sheet)[vp_cell] == 1  # stale until archon recomputes
    report = update(path)
    assert report.changed and report.backup is not None
    assert sheet(path, m.sheet)[vp_cell] == 0


def test_builtin_vekn_report_sheet_holds_the_hand_worked_report(tmp_path):
    """The VEKN Report sheet of the built-in template (FORMAT.md: player number,
    VEKN number, name, games played, games won + 1 for the final's winner,
    total VP with the final's, rank for the top five only), in final-rank order."""
    from test_standings import nine_player_event, with_final

    path = tmp_path / "event.xlsx"
    new_event(path, with_final(nine_player_event()))
    ws = openpyxl.load_workbook(path, data_only=True)["VEKN Report"]
    rows = [r for r in ws.iter_rows(min_row=7, max_row=20, max_col=7, values_only=True) if r[0] is not None]
    # Final: seats 9, 1, 6, 3, 8 with 1.5, 0, 1.5, 0, 0.5 VP; player 6 (seed 2) beats 9 (seed 4).
    assert rows == [
        (6, None, "First6 Last6", 3, 2, 5, 1),  # 3.5 VP + 1.5 in the final
        (1, None, "First1 Last1", 3, 1, 5, 2),
        (3, None, "First3 Last3", 3, 0, 1.5, 2),
        (8, None, "First8 Last8", 3, 0, 2, 2),
        (9, None, "First9 Last9", 3, 0, 3, 2),
        (4, None, "First4 Last4", 2, 0, 0.5, None),
        (5, None, "First5 Last5", 2, 0, 0.5, None),
        (7, None, "First7 Last7", 2, 0, 0.5, None),
        (2, None, "First2 Last2", 2, 0, 0, None),
    ]
