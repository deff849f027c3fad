"""archon's built-in template: built from the layout, committed, values only."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import openpyxl
import pytest

from archon.formats import layout as L
from archon.formats.workbook.template import build_bytes, main
from archon.formats.workbook.writer import detect_kind, read_edition
from conftest import REPO, official_file

NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
COMMITTED = REPO / L.ARCHON_MARKS.builtin_template_file
REBUILD = "rebuild it with: python -m archon.formats.workbook.template"


@pytest.fixture(scope="module")
def template() -> Path:
    if not COMMITTED.is_file():
        pytest.fail(f"{COMMITTED} is missing; {REBUILD}")
    return COMMITTED


def parts(data: bytes) -> list[tuple[str, bytes]]:
    import io

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return [(i.filename, z.read(i)) for i in z.infolist()]


def test_committed_template_is_a_fresh_build(template):
    fresh = build_bytes()
    assert build_bytes() == fresh, "two builds differ: the build is not deterministic"
    committed = parts(template.read_bytes())
    built = parts(fresh)
    assert [n for n, _ in committed] == [n for n, _ in built], f"parts differ; {REBUILD}"
    for (name, a), (_, b) in zip(committed, built):
        assert a == b, f"{name} differs from a fresh build; {REBUILD}"


def test_same_sheets_in_the_same_order_as_the_official_workbook(template):
    names = openpyxl.load_workbook(template, read_only=True).sheetnames
    official = openpyxl.load_workbook(official_file("xlsx"), read_only=True).sheetnames
    assert names == official == list(L.SHEETS)


def test_marked_as_archons_with_the_rule_edition_and_no_formulas(template):
    assert detect_kind(template) == "builtin"
    assert read_edition(template) == "current"
    with zipfile.ZipFile(template) as z:
        for name in z.namelist():
            if name.startswith("xl/worksheets/"):
                assert not re.search(rb"<f[ >]", z.read(name)), f"{name} has a formula"
    a1 = openpyxl.load_workbook(template, read_only=True)[L.VERSION_CELL[0]][L.VERSION_CELL[1]].value
    assert a1.startswith("The Archon (v1.5l)")


def test_the_reader_accepts_it_as_an_empty_archon_workbook(template):
    reader = pytest.importorskip("archon.formats.workbook.reader")
    result = reader.read_event(template)
    assert result.version == "1.5l"
    assert result.problems == []
    assert result.event.players == [] and result.event.rounds == []


def _sheet_xml(template: Path, sheet: str) -> ET.Element:
    with zipfile.ZipFile(template) as z:
        wb = ET.fromstring(z.read("xl/workbook.xml"))
        rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
        rid = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
        target = {r.get("Id"): r.get("Target") for r in rels}
        for s in wb.iter(f"{NS}sheet"):
            if s.get("name") == sheet:
                return ET.fromstring(z.read("xl/" + target[s.get(rid)].lstrip("/").removeprefix("xl/")))
    raise KeyError(sheet)


def test_every_input_and_result_cell_is_there_with_its_format(template):
    """Values archon writes land in prepared, formatted cells (dates as dates, shaded inputs)."""
    m, r, sd, v, f, o, info = L.METHUSELAHS, L.ROUND, L.STANDINGS, L.VEKN_REPORT, L.FINAL, L.OVERRIDE, L.INFO
    expected = {
        info.sheet: [info.name, info.date, info.report_due, info.organizer, info.city, info.deck_format,
                     info.level, info.players, info.rounds_with_final, info.matches],
        m.sheet: [f"{c}{row}" for row in (m.first_row, m.last_row) for c in
                  (*m.inputs, m.rounds_played, m.gw, m.vp, m.tp, m.rank_before_coin, m.status, m.rank,
                   m.final_rank, m.rating_points)] + [m.count],
        sd.sheet: [f"{c}{row}" for row in (sd.first_row, sd.last_row) for c in
                   (sd.rank, sd.position, sd.number, sd.name, sd.gw, sd.vp, sd.final_vp, sd.tp)],
        v.sheet: [f"{c}{row}" for row in (v.first_row, v.last_row) for c in
                  (v.number, v.vekn, v.name, v.games_played, v.games_won, v.total_vp, v.rank)],
        f.sheet: [f"{c}{row}" for row in (f.finalists_first_row, f.finalists_last_row)
                  for c in (f.finalist, f.first_name, f.last_name, f.seed)]
                 + [f"{c}{row}" for row in (f.first_row, f.last_row)
                    for c in (f.player, f.first_name, f.last_name, f.vp, f.gw, f.tp, f.final_rank)],
        o.sheet: [f"{c}{row}" for row in (o.first_row, o.last_row) for c in (o.round, o.table, o.reason)],
    }
    for sheet in L.ROUND_SHEETS.values():
        expected[sheet] = [f"{c}{row}" for row in (r.first_row, r.last_row) for c in
                           (r.player, r.vp, r.first_name, r.last_name, r.table, r.vp_number, r.gw, r.tp, r.table_rank)]
    for sheet, refs in expected.items():
        styled = {c.get("r"): c.get("s") for c in _sheet_xml(template, sheet).iter(f"{NS}c")}
        missing = [ref for ref in refs if not styled.get(ref)]
        assert not missing, f"{sheet}: no formatted cell at {missing}"
    wb = openpyxl.load_workbook(template)
    assert "d" in wb[info.sheet][info.date].number_format.lower()
    assert wb[m.sheet][f"{m.number}{m.first_row}"].fill.fgColor.rgb != wb[m.sheet][f"{m.gw}{m.first_row}"].fill.fgColor.rgb


def test_looks_like_an_archon_to_an_organizer(template):
    """Frozen header rows with the official sheets' labels, column widths, drop-down lists."""
    wb = openpyxl.load_workbook(template)
    official = openpyxl.load_workbook(official_file("xlsx"), read_only=True)
    for sheet, first_row in ((L.METHUSELAHS.sheet, L.METHUSELAHS.first_row), (L.STANDINGS.sheet, L.STANDINGS.first_row),
                             (L.ROUND_SHEETS[1], L.ROUND.first_row), (L.VEKN_REPORT.sheet, L.VEKN_REPORT.first_row)):
        ws = wb[sheet]
        assert ws.freeze_panes is not None and ws.freeze_panes.endswith(str(first_row)), sheet
        assert ws.column_dimensions["B"].width and ws.column_dimensions["B"].width > 8, sheet
    m = wb[L.METHUSELAHS.sheet]
    header = L.METHUSELAHS.first_row - 1
    labels = {m[f"{c}{header}"].value for c in (L.METHUSELAHS.first_name, L.METHUSELAHS.last_name, L.METHUSELAHS.city)}
    off = official[L.METHUSELAHS.sheet]
    assert labels == {off[f"{c}{header}"].value for c in (L.METHUSELAHS.first_name, L.METHUSELAHS.last_name, L.METHUSELAHS.city)}
    info = wb[L.INFO.sheet]
    assert info[f"{L.INFO.label_col}{L.INFO.name[1:]}"].value == official[L.INFO.sheet][f"A{L.INFO.name[1:]}"].value
    lists = {str(dv.sqref): dv.formula1 for dv in info.data_validations.dataValidation}
    assert "Grand Prix" in lists[L.INFO.level]
    assert "Constructed" in lists[L.INFO.deck_format]


def test_the_rebuild_command_answers_help_and_writes_no_file_named_like_an_option(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0 and "OUT.xlsx" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    assert main(["out.xlsx"]) == 0 and (tmp_path / "out.xlsx").read_bytes() == build_bytes()


def test_an_installed_archon_never_writes_the_template_into_its_install(tmp_path):
    """archon installed (a copy of the package in a site-packages, no source
    tree around it): without OUT the rebuild refuses, saying to give a file,
    and writes nothing there; with OUT it writes that file. A new event is
    still made from a fresh build of the template."""
    import os
    import shutil
    import subprocess
    import sys

    site = tmp_path / "site-packages"
    shutil.copytree(REPO / "archon", site / "archon", ignore=shutil.ignore_patterns("__pycache__"))
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}

    def run(*args):
        return subprocess.run([sys.executable, *args], cwd=work, env=env, capture_output=True, text=True, timeout=300)

    before = sorted(p.relative_to(site) for p in site.rglob("*"))
    r = run("-m", "archon.formats.workbook.template")
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "give the file to write" in r.stderr and "python -m archon.formats.workbook.template archon.xlsx" in r.stderr
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before
    r = run("-m", "archon.formats.workbook.template", "archon.xlsx")
    assert r.returncode == 0, r.stderr
    assert (work / "archon.xlsx").read_bytes() == build_bytes()
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before
    r = run("-m", "archon.cli", "new", "cup.xlsx", "--name", "Cup")
    assert r.returncode == 0, r.stderr
    assert detect_kind(work / "cup.xlsx") == "builtin"
