"""The printed outputs in the reader's language (issue 21): the seat list
(``archon seat --print``), the report workbook and the HTML report
(``archon report --xlsx/--html``) take ``--lang``, and the console's download
links the page's language.

What a person sees is checked where a person sees it: the workbooks are
opened by LibreOffice (headless) and exported as the values it displays, so a
VP of 6.5 must read "6,5" in Italian while its cell still holds a number.
"""

from __future__ import annotations

import csv
import datetime
import re
import shutil
import subprocess
import uuid
import warnings
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from archon import api
from archon.api.seating import seat
from archon.cli import main
from archon.formats.workbook import new_event
from archon.rules.model import JudgeWarning
from archon.words.choose import UnknownLanguage
from archon.web import console_app
from conftest import soffice_path
from test_console_api import AUTH, LOCAL, TOKEN
from test_eventday import winter_cup

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SEVEN = ("fr", "es", "it", "pt", "de", "pl", "cs")

#: Every label of the English report workbook and seat list a person reads
#: (sheet titles, headers, the event's details, charts, statuses): none may
#: be left in another language's.
ENGLISH_LABELS = {
    "Event", "Standings", "Round 1", "Round 2", "Round 3", "Final", "Warnings", "Charts", "Seating R1",
    "Seating R2", "Seating R3", "Rank", "Prelim. rank", "Player", "City", "GW", "VP", "TP", "Seed", "Final VP",
    "Rating points", "Status", "Table", "Seat", "Table status", "Note", "Place", "Round", "Reason", "Date",
    "Level", "Format", "Deck format", "Players", "Winner", "Rule edition", "Archon version", "complete",
    "overridden", "playing", "out (WD)", "sits out", "Seats", "VPs scored per round",
    "VP scored at the table", "Top 10 players: GW and VP", "Winter Cup \u2014 Round 1",
    "Winter Cup \u2014 Standings", "Page &P of &N", "Winter Cup report",
}
#: The English labels another language spells the same way (its own word).
SAME_WORD = {
    "fr": {"Table", "Place", "Date", "Format"},  # French's table, seat (place) and date
    "es": {"Final"}, "pt": {"Final"},
    "de": {"TP", "Format"}, "pl": {"Format"}, "it": set(), "cs": set(),
}
#: The report's headers as each language's players read them (from its glossary and rules).
SEAT_LIST_HEADERS = {"es": ["Jugador", "Mesa", "Asiento"], "pl": ["Gracz", "Stół", "Miejsce"]}


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def cup(tmp_path: Path, stage: int = 3) -> Path:
    """The Winter Cup after ``stage`` rounds (#23 registers after round 1 and
    sits out of it; #22 withdraws after round 2), dated 5 December 2026, with
    a judge's warning."""
    event = winter_cup(stage)
    event.date = datetime.date(2026, 12, 5)
    event.warnings.append(JudgeWarning(3, "slow play", 1))
    path = tmp_path / "cup.xlsx"
    new_event(path, event)
    return path


def displayed(files: list[Path], out: Path) -> dict[str, list[list[str]]]:
    """Every sheet of ``files`` as LibreOffice displays it (its CSV export of
    the values as shown, one file a sheet): ``{"<stem>-<sheet>": rows}``."""
    binary = soffice_path()
    if not binary:
        pytest.skip("LibreOffice (soffice) not found")
    profile = out.parent / f"lo-profile-{uuid.uuid4().hex}"
    # CSV filter: comma, quote, UTF-8, from line 1, ..., values as shown, every sheet
    csv_filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1"
    proc = subprocess.run(
        [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
         "--convert-to", csv_filter, "--outdir", str(out), *map(str, files)],
        capture_output=True, text=True, timeout=600,
    )
    shutil.rmtree(profile, ignore_errors=True)
    sheets = {p.stem: list(csv.reader(p.open(encoding="utf-8"))) for p in sorted(out.glob("*.csv"))}
    assert sheets, f"LibreOffice exported nothing: {proc.stderr[-2000:]}"
    return sheets


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """A Spanish seat list and an Italian report workbook made on the
    command line, and the English ones, as LibreOffice shows them."""
    tmp = tmp_path_factory.mktemp("printed")
    path = cup(tmp)
    made = {
        "es_seats": ("--lang", "es", "seat", path, "--round", 1, "--show", "--print", tmp / "es_seats.xlsx"),
        "en_seats": ("seat", path, "--round", 1, "--show", "--print", tmp / "en_seats.xlsx"),
        # the judges' copy: its Warnings sheet too
        "it_report": ("report", path, "--lang", "it", "--xlsx", tmp / "it_report.xlsx", "--judges-notes"),
    }
    for args in made.values():
        r = cli(*args)
        assert r.exit_code == 0, r.output
    sheets = displayed([tmp / f"{name}.xlsx" for name in made], tmp / "csv")
    return tmp, path, sheets


def test_a_spanish_seat_list_shows_spanish_headers_in_libreoffice(shown):
    _, _, sheets = shown
    [name] = [n for n in sheets if n.startswith("es_seats-")]
    rows = sheets[name]
    assert name == "es_seats-Asientos ronda 1"
    assert rows[0][0] == "Winter Cup \u2014 Ronda 1"
    assert rows[1] == SEAT_LIST_HEADERS["es"]
    said = {cell for row in rows for cell in row}
    assert not said & {"Player", "Table", "Seat", "sits out", "Winter Cup \u2014 Round 1"}
    # the player who registered after round 1 finds their name, in Spanish
    assert ["Zielinska, Wanda", "no juega", ""] in rows
    english = sheets["en_seats-Seating R1"]
    assert english[1] == ["Player", "Table", "Seat"] and ["Zielinska, Wanda", "sits out", ""] in english
    # the same players at the same tables and seats
    assert [r[1:] for r in rows[2:] if r[1] != "no juega"] == [r[1:] for r in english[2:] if r[1] != "sits out"]


def test_an_italian_report_workbook_shows_italian_titles_and_decimal_commas(shown):
    tmp, path, sheets = shown
    titles = {n.split("-", 1)[1] for n in sheets if n.startswith("it_report-")}
    assert {"Torneo", "Classifica", "Turno 1", "Turno 3", "Finale", "Ammonizioni", "Grafici",
            "Posti turno 1"} <= titles
    assert not titles & ENGLISH_LABELS
    standings = sheets["it_report-Classifica"]
    assert standings[0][:4] == ["Pos.", "Pos. prelim.", "#", "Giocatore"]
    assert standings[0][6:9] == ["VT", "PV", "PT"]
    # every player's VPs as archon computed them, shown the Italian way
    contract = api.standings(path)
    halves = [p for p in contract["players"] if p["vp"] != int(p["vp"])]
    assert halves, "the Winter Cup has a player with half a VP"
    rows = {r[3]: r for r in standings[1:]}
    for p in contract["players"]:
        name = f"{p['first_name']} {p['last_name']}"
        assert rows[name][7] == f"{p['vp']:.1f}".replace(".", ","), name
    # still numbers in their cells, for a spreadsheet to sum
    ws = openpyxl.load_workbook(tmp / "it_report.xlsx")["Classifica"]
    vps = [ws.cell(row, 8).value for row in range(2, ws.max_row + 1)]
    assert all(isinstance(v, (int, float)) for v in vps)
    event = {r[0]: r[1] for r in sheets["it_report-Torneo"] if r and r[0]}
    assert event["Data"] == "5 dicembre 2026"
    assert event["Vincitore"] == "non ancora deciso"
    rounds = sheets["it_report-Turno 1"]
    assert rounds[0][:4] == ["Tavolo", "Posto", "#", "Giocatore"] and rounds[0][7] == "Stato del tavolo"
    assert any(r[7] == "completo" for r in rounds[1:])
    assert ["", "", "23", "Wanda Zielinska", "", "", "", "non gioca", ""] in rounds
    assert sheets["it_report-Ammonizioni"][0] == ["#", "Giocatore", "Turno", "Motivo"]
    assert sheets["it_report-Grafici"][0][0] == "PV ottenuti per turno (posti dei tavoli conclusi)"
    assert "0,5" in [r[0] for r in sheets["it_report-Grafici"]]


def _texts_of(path: Path) -> set[str]:
    """Every text a reader of the workbook ``path`` meets: its sheets' titles,
    its cells' text, its charts' titles and labels, its pages' headers and
    footers, its title."""
    wb = openpyxl.load_workbook(path)
    texts = set(wb.sheetnames) | {wb.properties.title or ""}
    for ws in wb.worksheets:
        texts |= {c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            xml = z.read(name).decode("utf-8")
            if name.startswith("xl/charts/"):
                texts |= set(re.findall(r"<a:t>([^<]*)</a:t>", xml))
            if name.startswith("xl/worksheets/"):
                for part in re.findall(r"<(?:oddHeader|oddFooter)>([^<]*)<", xml):
                    texts |= set(re.split(r"&[LCR]|&\"[^\"]*\"|&\d+", part.replace("&amp;", "&")))
    return {t.strip() for t in texts if t and t.strip()}


@pytest.mark.parametrize("lang", SEVEN)
def test_no_english_label_is_left_in_the_report_workbook(tmp_path, lang):
    path = cup(tmp_path)
    english, translated = tmp_path / "en.xlsx", tmp_path / f"{lang}.xlsx"
    api.report(path, xlsx=english, judges_notes=True)  # the judges' copy: its Warnings sheet too
    api.report(path, xlsx=translated, lang=lang, judges_notes=True)
    # the list of English labels is what the English workbook shows
    assert ENGLISH_LABELS - _texts_of(english) == set()
    left = (ENGLISH_LABELS - SAME_WORD[lang]) & _texts_of(translated)
    assert left == set(), f"{lang}: English left in the report workbook: {sorted(left)}"
    # and the same numbers in the same cells: the standings but for the players' status
    en_ws, ws = openpyxl.load_workbook(english).worksheets[1], openpyxl.load_workbook(translated).worksheets[1]
    assert [[c.value for c in row[:-1]] for row in ws.iter_rows(min_row=2)] == \
           [[c.value for c in row[:-1]] for row in en_ws.iter_rows(min_row=2)]


def test_the_french_html_report_says_its_language_and_writes_decimal_commas(tmp_path):
    path = cup(tmp_path)
    out = tmp_path / "rapport.html"
    r = cli("report", path, "--html", out, "--lang", "fr", "--judges-notes")  # with the judges' warnings
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in page
    assert "<title>Winter Cup \u2014 résultats</title>" in page
    for heading in ("Finale", "Classement", "Rondes", "Avertissements des juges"):
        assert f"<h2>{heading}</h2>" in page
    assert "<summary>Ronde 1</summary>" in page and "5 décembre 2026" in page
    assert "<li><b>Date :</b> 5 décembre 2026</li>" in page and "<li><b>Ville :</b> Lyon</li>" in page
    contract = api.standings(path)
    half = next(p for p in contract["players"] if p["vp"] != int(p["vp"]))
    assert f'<td class="n">{half["vp"]:g}</td>'.replace(".", ",") in page
    assert ">Standings<" not in page and "Winner:" not in page and "Made with" not in page
    # a French report is an earlier HTML report: replaced with --force, and only so
    again = cli("report", path, "--html", out, "--lang", "fr")
    assert again.exit_code != 0 and "rapport.html" in again.output
    assert cli("report", path, "--html", out, "--lang", "fr", "--force").exit_code == 0
    english = cli("report", path, "--html", tmp_path / "en.html")
    assert english.exit_code == 0 and '<html lang="en">' in (tmp_path / "en.html").read_text(encoding="utf-8")


def test_a_language_archon_does_not_speak_writes_no_report(tmp_path):
    path = cup(tmp_path)
    with pytest.raises(UnknownLanguage):
        api.report(path, xlsx=tmp_path / "r.xlsx", html=tmp_path / "r.html", lang="tlh")
    with pytest.raises(UnknownLanguage):
        seat(path, 1, show=True, print_to=tmp_path / "seats.xlsx", lang="tlh")
    assert not (tmp_path / "r.xlsx").exists() and not (tmp_path / "r.html").exists()
    assert not (tmp_path / "seats.xlsx").exists()


def test_the_consoles_downloads_are_in_the_pages_language(tmp_path):
    path = cup(tmp_path, stage=1)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as client:
        auth = AUTH
        r = client.get("/download/report.xlsx?lang=pl", headers=auth)
        assert r.status_code == 200
        (tmp_path / "pl.xlsx").write_bytes(r.content)
        seats = client.get("/download/round-1.xlsx?lang=pl")
        assert seats.status_code == 200
        (tmp_path / "pl-seats.xlsx").write_bytes(seats.content)
        page = client.get("/download/report.html?lang=pl", headers=auth)
        english = client.get("/download/report.xlsx", headers={**auth, "Accept-Language": "en"})
    book = openpyxl.load_workbook(tmp_path / "pl.xlsx")
    assert {"Turniej", "Klasyfikacja", "Runda 1", "Finał", "Wykresy", "Miejsca runda 1"} <= set(book.sheetnames)
    assert [c.value for c in book["Klasyfikacja"][1]][:4] == ["Pozycja", "Pozycja wst.", "#", "Gracz"]
    seat_list = openpyxl.load_workbook(tmp_path / "pl-seats.xlsx")
    assert seat_list.sheetnames == ["Miejsca runda 1"]
    assert [c.value for c in seat_list.active[2]] == SEAT_LIST_HEADERS["pl"]
    assert page.status_code == 200 and '<html lang="pl">' in page.text and "5 grudnia 2026" in page.text
    (tmp_path / "en.xlsx").write_bytes(english.content)
    assert "Standings" in openpyxl.load_workbook(tmp_path / "en.xlsx").sheetnames
