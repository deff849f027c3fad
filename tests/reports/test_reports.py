"""The report workbook and the posting sheets (``archon.reports``).

The numbers in the report must be the numbers of ``archon standings``
(``standings_to_dict``); the posting sheets must list every seated player
alphabetically with the right table and seat and print on whole A4 pages.
The printing checks convert the files with LibreOffice (one call for the
module) and read the PDF with poppler's ``pdftotext``/``pdfinfo``.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import shutil
import subprocess
import uuid
import zipfile
from pathlib import Path

import openpyxl
import pytest

from archon.words.render import PLAIN
from archon.rules.model import Event, Final, Override, Player, Round, Table
from archon.reports import ReportError, write_posting_sheet, write_xlsx_report
from archon.rules.scoring import legal_results
from archon.seating import table_sizes
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute

NAMES = [
    ("Élodie", "Lefèvre"), ("Åsa", "Ångström"), ("Søren", "Ørsted"), ("José", "Álvarez"),
    ("Zoë", "Zimmermann"), ("Łukasz", "Łąpiński"), ("Ana", "Abel"), ("Jürgen", "Müller"),
    ("Marc", "Muller"), ("Chloé", "Dubois"), ("Ignacio", "de la Peña"), ("Seán", "O'Brien"),
    ("Mika", "Häkkinen"), ("Noémie", "Çelik"), ("Bruno", "Castro"), ("Ingrid", "Eriksson"),
    ("Paulo", "Gonçalves"), ("Kai", "Nakamura"), ("Olga", "Ivanova"), ("Tomás", "Novák"),
    ("Hana", "Svobodová"), ("Yann", "Le Goff"), ("Beatriz", "Serrano"),
]

#: The 23 players as a person would sort them: last name, then first name,
#: accents ignored ('Ångström' with the A's, 'Ørsted' with the O's).
ALPHABETICAL = [
    "Abel, Ana", "Álvarez, José", "Ångström, Åsa", "Castro, Bruno", "Çelik, Noémie",
    "de la Peña, Ignacio", "Dubois, Chloé", "Eriksson, Ingrid", "Gonçalves, Paulo",
    "Häkkinen, Mika", "Ivanova, Olga", "Łąpiński, Łukasz", "Le Goff, Yann", "Lefèvre, Élodie",
    "Müller, Jürgen", "Muller, Marc", "Nakamura, Kai", "Novák, Tomás", "O'Brien, Seán",
    "Ørsted, Søren", "Serrano, Beatriz", "Svobodová, Hana", "Zimmermann, Zoë",
]

WITHDRAWN = 8  # Jürgen Müller withdraws after round 2.
OVERRIDDEN = (2, 3)  # round 2, table 3: a judge accepts VPs that do not add up.


def seat_round(rng: random.Random, number: int, players: list[int]) -> Round:
    order = list(players)
    rng.shuffle(order)
    rnd = Round(number)
    k = 0
    for size in table_sizes(len(order)):
        result = rng.choice(sorted(legal_results(size)))
        rnd.tables.append(Table(order[k : k + size], list(result)))
        k += size
    return rnd


def tournament() -> Event:
    """23 players, 3R+F: legal tables, one overridden table, a player who
    withdraws after round 2 (not seated in round 3), and a final."""
    rng = random.Random(7)
    ev = Event(
        name="Grand Prix Lisboa 2025",
        date=dt.date(2025, 3, 15),
        city="Lisboa",
        level="Grand Prix",
        deck_format="Constructed",
        preliminary_rounds=3,
        players=[Player(i + 1, f, l, vekn=str(3000000 + 37 * i)) for i, (f, l) in enumerate(NAMES)],
    )
    everyone = [p.number for p in ev.players]
    ev.rounds = [
        seat_round(rng, 1, everyone),
        seat_round(rng, 2, everyone),
        seat_round(rng, 3, [n for n in everyone if n != WITHDRAWN]),
    ]
    r, t = OVERRIDDEN
    ev.rounds[r - 1].tables[t - 1].vps = [2, 2, 0, 0, 1]  # 5 seats; no game gives this
    ev.overrides.append(Override(r, t, "seat 2 ousted two players with a card later ruled illegal"))
    ev.player(WITHDRAWN).out = "WD"
    ev.final = Final(compute(ev).finalists, [1, 0, 3, 0, 1])
    return ev


def event_in_progress() -> Event:
    """Round 2 under way: one table pending, one with impossible VPs; no final."""
    ev = Event(
        name="Thursday League",
        preliminary_rounds=2,
        players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, 10)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9], [2, 0, 1.5, 0])]),
            Round(2, [Table([6, 1, 9, 2, 7], [1, 0, None, None, None]), Table([3, 8, 4, 5], [3, 3, 0, 0])]),
        ],
    )
    return ev


@pytest.fixture(scope="module")
def event() -> Event:
    return tournament()


@pytest.fixture(scope="module")
def contract(event) -> dict:
    return standings_to_dict(compute(event), extras=True)  # what the reports are given


@pytest.fixture(scope="module")
def report(tmp_path_factory, event) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.xlsx"
    write_xlsx_report(standings_to_dict(compute(event), extras=True), path)
    return path


@pytest.fixture(scope="module")
def wb(report):
    return openpyxl.load_workbook(report)


def rows_by_header(ws, header_row: int = 1) -> list[dict]:
    headers = [c.value for c in ws[header_row]]
    out = []
    for row in ws.iter_rows(min_row=header_row + 1, values_only=True):
        if all(v is None for v in row):
            continue
        out.append(dict(zip(headers, row)))
    return out


def test_the_sample_event_has_what_the_report_must_show(contract):
    statuses = {t["status"] for r in contract["rounds"] for t in r["tables"]}
    assert "overridden" in statuses
    assert contract["final"]["winner"] is not None
    assert any(p["dq"] for p in contract["players"])


def test_report_has_every_sheet(wb):
    assert wb.sheetnames == [
        "Event", "Standings", "Round 1", "Round 2", "Round 3", "Final", "Charts",
        "Seating R1", "Seating R2", "Seating R3",
    ]


def test_event_sheet(wb, contract):
    ws = wb["Event"]
    info = {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value}
    assert info["Event"] == "Grand Prix Lisboa 2025"
    assert info["Date"] == dt.datetime(2025, 3, 15)
    assert info["City"] == "Lisboa"
    assert info["Level"] == "Grand Prix"
    assert info["Format"] == "3R+F"
    assert info["Deck format"] == "Constructed"
    assert info["Players"] == 23
    winner = next(p for p in contract["players"] if p["number"] == contract["final"]["winner"])
    assert info["Winner"] == f"{winner['first_name']} {winner['last_name']}"
    assert "2008" in info["Rule edition"]


def test_standings_numbers_are_the_standings_numbers(wb, contract):
    rows = rows_by_header(wb["Standings"])
    assert [r["#"] for r in rows] == [p["number"] for p in contract["players"]]
    for r, p in zip(rows, contract["players"]):
        who = p["number"]
        assert r["Player"] == f"{p['first_name']} {p['last_name']}", who
        assert r["VEKN"] == p["vekn"], who
        assert r["GW"] == p["gw"], who
        assert r["VP"] == p["vp"], who
        assert r["TP"] == p["tp"], who
        assert r["Final VP"] == p["final_vp"], who
        assert r["Seed"] == p["seed"], who
        assert r["Prelim. rank"] == p["rank"], who
        assert r["Rank"] == (p["final_rank"] if p["final_rank"] is not None else p["rank"]), who
        # The value is stored unrounded (to the 16 significant digits an xlsx
        # file holds, more than Excel's 15); the cell shows it to 2 decimals.
        assert r["Rating points"] == pytest.approx(p["rating_points"], rel=1e-15, abs=0), who
        if round(p["rating_points"], 2) != p["rating_points"]:
            assert r["Rating points"] != round(p["rating_points"], 2), who
    out = [r for r in rows if r["#"] == WITHDRAWN][0]
    assert out["Rank"] is None and out["Status"] == "out (WD)"


def test_standings_sheet_is_formatted_for_reading(wb, contract):
    ws = wb["Standings"]
    headers = [c.value for c in ws[1]]
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(len(headers))}{len(contract['players']) + 1}"
    rating = headers.index("Rating points") + 1
    assert ws.cell(2, rating).number_format == "0.00"
    # Winner first, bold on a highlight; other finalists highlighted; others plain.
    name = headers.index("Player") + 1
    fills = {}
    for row in range(2, ws.max_row + 1):
        number = ws.cell(row, headers.index("#") + 1).value
        fills[number] = (ws.cell(row, name).fill.fgColor.rgb, ws.cell(row, name).font.b)
    winner = contract["final"]["winner"]
    finalists = [p["number"] for p in contract["players"] if p["finalist"]]
    assert fills[winner][1] is True
    others = [n for n in finalists if n != winner]
    plain = [p["number"] for p in contract["players"] if not p["finalist"] and not p["dq"]]
    assert len({fills[n][0] for n in others}) == 1
    assert fills[winner][0] != fills[others[0]][0]
    assert all(fills[n][0] != fills[others[0]][0] for n in plain)
    assert all(not fills[n][1] for n in plain)


def test_round_sheets_show_every_table_in_seat_order(wb, contract):
    for rnd in contract["rounds"]:
        rows = rows_by_header(wb[f"Round {rnd['round']}"])
        expected = [(t, s) for t in rnd["tables"] for s in t["seats"]]
        assert len(rows) == len(expected)
        for r, (t, s) in zip(rows, expected):
            where = (rnd["round"], t["table"], s["seat"])
            assert (r["Table"], r["Seat"], r["#"]) == (t["table"], s["seat"], s["player"]), where
            assert (r["VP"], r["GW"], r["TP"]) == (s["vp"], s["gw"], s["tp"]), where
            assert r["Table status"] == t["status"], where
    r, t = OVERRIDDEN
    rows = [x for x in rows_by_header(wb[f"Round {r}"]) if x["Table"] == t]
    assert {x["Table status"] for x in rows} == {"overridden"}
    # the report to post says a judge accepted it, not why (the judges' copy does: test_judges_notes)
    assert rows[0]["Note"] == "accepted by a judge" and "ruled illegal" not in str(rows)


def test_unfinished_tables_say_why(tmp_path):
    path = tmp_path / "league.xlsx"
    write_xlsx_report(event_in_progress(), path)
    wb = openpyxl.load_workbook(path)
    rows = rows_by_header(wb["Round 2"])
    pending = [r for r in rows if r["Table"] == 1]
    invalid = [r for r in rows if r["Table"] == 2]
    assert {r["Table status"] for r in pending} == {"pending"}
    assert "VPs missing" in pending[0]["Note"]
    assert {r["Table status"] for r in invalid} == {"invalid"}
    assert "add up to 6" in invalid[0]["Note"]
    # Blank VPs count as 0; a table that is not scored has no TP yet.
    assert [r["VP"] for r in pending] == [1, 0, 0, 0, 0]
    assert all(r["TP"] is None for r in pending)
    info = {c.value: wb["Event"].cell(c.row, 2).value for c in wb["Event"]["A"] if c.value}
    assert info["Winner"] == "not decided yet"
    assert "not seated" in " ".join(str(c.value) for row in wb["Final"].iter_rows() for c in row if c.value)


def test_final_sheet_lists_the_finalists_with_seeds(wb, contract):
    ws = wb["Final"]
    rows = [r for r in rows_by_header(ws) if isinstance(r["Seat"], int)]
    assert [(r["Seat"], r["#"], r["Seed"], r["Final VP"]) for r in rows] == [
        (s["seat"], s["player"], s["seed"], s["vp"]) for s in contract["final"]["seats"]
    ]
    assert [r["Seed"] for r in rows] == [1, 2, 3, 4, 5]
    winner = next(p for p in contract["players"] if p["number"] == contract["final"]["winner"])
    texts = [c.value for row in ws.iter_rows() for c in row]
    assert "Winner" in texts and f"{winner['first_name']} {winner['last_name']}" in texts


def test_charts_are_native_charts_over_the_right_numbers(report, wb, contract):
    with zipfile.ZipFile(report) as z:
        charts = sorted(n for n in z.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", n))
        xml = [z.read(n).decode("utf-8") for n in charts]
    assert len(charts) == 2
    assert any("VPs scored per round" in x for x in xml)
    assert any("GW and VP" in x for x in xml)
    # The distribution the first chart draws: seats of finished tables per VP.
    ws = wb["Charts"]
    table = {}
    for row in ws.iter_rows(min_row=3, max_col=4, values_only=True):
        if row[0] is None:
            break
        table[row[0]] = row[1:]
    for j, rnd in enumerate(contract["rounds"]):
        seats = [s["vp"] for t in rnd["tables"] if t["status"] in ("complete", "overridden") for s in t["seats"]]
        for vp, counts in table.items():
            assert counts[j] == seats.count(vp), (rnd["round"], vp)
        assert sum(c[j] for c in table.values()) == len(seats)
    # The top players chart: the first ten eligible players, their GW and VP.
    start = next(c.row for c in ws["A"] if c.value == "Player")
    top = [p for p in contract["players"] if not p["dq"]][:10]
    for i, p in enumerate(top):
        assert ws.cell(start + 1 + i, 2).value == p["gw"]
        assert ws.cell(start + 1 + i, 3).value == p["vp"]


def posting_rows(ws) -> list[tuple]:
    return [r for r in ws.iter_rows(min_row=3, max_col=3, values_only=True) if r[0] is not None]


def test_seat_lists_are_alphabetical_with_each_players_table_and_seat(wb, event):
    for rnd in event.rounds:
        rows = posting_rows(wb[f"Seating R{rnd.number}"])
        seated = {p for t in rnd.tables for p in t.players}
        expected_names = [n for n in ALPHABETICAL if NAMES.index(tuple(reversed(n.split(", ")))) + 1 in seated]
        assert [r[0] for r in rows] == expected_names, rnd.number
        for name, table, seat in rows:
            last, first = name.split(", ")
            number = NAMES.index((first, last)) + 1
            assert rnd.tables[table - 1].players[seat - 1] == number, (rnd.number, name)
    assert len(posting_rows(wb["Seating R3"])) == 22  # the withdrawn player is not seated


def test_seat_lists_are_set_up_to_print_on_a4(wb):
    for name in ("Seating R1", "Seating R2", "Seating R3"):
        ws = wb[name]
        assert int(ws.page_setup.paperSize) == 9, name  # A4
        assert ws.sheet_properties.pageSetUpPr.fitToPage, name
        assert ws.page_setup.fitToWidth in (None, 1), name  # 1 page wide (1 is the default)
        assert ws.page_setup.fitToHeight in (None, 1), name  # up to 60 players: one page tall (1 is the default)
        assert ws.print_title_rows == "$1:$2", name  # title and header on every page
        assert ws["A3"].font.sz >= 14 and ws["B3"].font.sz >= 14, name


def test_posting_sheet_alone(tmp_path, event):
    path = tmp_path / "round2.xlsx"
    assert write_posting_sheet(standings_to_dict(compute(event)), 2, path) == path
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Seating R2"]
    assert [r[0] for r in posting_rows(wb["Seating R2"])] == ALPHABETICAL
    assert "Round 2" in wb["Seating R2"]["A1"].value


def test_posting_a_round_not_seated_says_so_and_writes_nothing(tmp_path, event):
    import copy

    two_rounds = copy.deepcopy(event)
    two_rounds.rounds.pop()
    two_rounds.final = Final()
    path = tmp_path / "round3.xlsx"
    with pytest.raises(ReportError, match="round 3 has no seating.*rounds seated: 1, 2"):
        write_posting_sheet(two_rounds, 3, path)
    with pytest.raises(ReportError, match="there is no round 4: the event has 3 preliminary rounds"):
        write_posting_sheet(event, 4, path)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_report_open_in_excel_is_not_overwritten(tmp_path, event):
    path = tmp_path / "report.xlsx"
    path.write_bytes(b"the old report")
    (tmp_path / "~$report.xlsx").write_bytes(b"lock")
    with pytest.raises(ReportError, match="open in Excel"):
        write_xlsx_report(event, path)
    assert path.read_bytes() == b"the old report"


def test_missing_folder_is_named(tmp_path, event):
    with pytest.raises(ReportError, match="does not exist"):
        write_xlsx_report(event, tmp_path / "nowhere" / "report.xlsx")


# ---------------------------------------------------------------------------
# Printing: LibreOffice -> PDF -> text (one LibreOffice call for the module)

FIRST = ["Ana", "Bruno", "Chloé", "Dário", "Élise", "Fábio", "Gül", "Håkon", "Iñigo", "Jana"]
LAST = ["Abreu", "Ørn", "Čapek", "Duarte", "Éluard", "Fähnrich", "Grünberg", "Hölzl", "Íñiguez",
        "Jović", "Kowalczyk", "Lindqvist"]


def big_round(count: int = 120) -> Event:
    """``count`` players (up to 120) in one round: 120 make a seat list several pages long."""
    names = [(l, f) for l in LAST for f in FIRST][:count]
    players = [Player(i + 1, f, l) for i, (l, f) in enumerate(names)]
    order = [p.number for p in players]
    random.Random(3).shuffle(order)
    tables, k = [], 0
    for size in table_sizes(count):
        tables.append(Table(order[k : k + size]))
        k += size
    return Event(name="Continental Championship 2025", players=players, rounds=[Round(1, tables)])


def pdf_pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True
    ).stdout.decode("utf-8")
    pages = text.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def page_size(pdf: Path) -> tuple[float, float]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, check=True, text=True).stdout
    m = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert m, info
    return float(m.group(1)), float(m.group(2))


def seat_line(name: str, table: int, seat: int) -> re.Pattern:
    """A player's name, table and seat on one printed line (in either of two columns)."""
    return re.compile(rf"(?:^|\s\s){re.escape(name)}\s+{table}\s+{seat}(?:\s|$)", re.M)


#: Seat lists printed besides the 23 and 120 players: 30 spilled onto a
#: second page; up to 60 fit one page; 61 start a second page.
SEAT_LIST_SIZES = (30, 60, 61)


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory, report, event):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    if not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        pytest.skip("pdftotext/pdfinfo not installed: apt-get install poppler-utils")
    d = tmp_path_factory.mktemp("print")
    shutil.copy(report, d / "report.xlsx")
    write_posting_sheet(event, 1, d / "round1.xlsx")
    write_posting_sheet(big_round(), 1, d / "big.xlsx")
    for count in SEAT_LIST_SIZES:
        write_posting_sheet(big_round(count), 1, d / f"seats{count}.xlsx")
    names = ["report", "round1", "big"] + [f"seats{count}" for count in SEAT_LIST_SIZES]
    profile = Path(f"/tmp/archon-lo-{uuid.uuid4().hex}")
    try:
        subprocess.run(
            [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
             "--outdir", str(d), *(str(d / f"{k}.xlsx") for k in names)],
            capture_output=True, timeout=400, check=True,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    out = {k: d / f"{k}.pdf" for k in names}
    for k, p in out.items():
        assert p.is_file(), f"LibreOffice did not print {k}"
    return out


def test_a_23_player_seat_list_prints_on_one_a4_page(pdfs, event):
    width, height = page_size(pdfs["round1"])
    assert (round(width), round(height)) == (595, 842)  # A4 portrait
    pages = pdf_pages(pdfs["round1"])
    assert len(pages) == 1
    text = pages[0]
    assert "Grand Prix Lisboa 2025" in text and "Round 1" in text
    assert re.search(r"Player\s+Table\s+Seat", text)
    rnd = event.rounds[0]
    for k, t in enumerate(rnd.tables, start=1):
        for i, number in enumerate(t.players, start=1):
            first, last = NAMES[number - 1]
            assert seat_line(f"{last}, {first}", k, i).search(text), f"{last}, {first}: table {k} seat {i}"


def test_a_long_seat_list_prints_on_whole_pages_with_the_header_on_each(pdfs):
    pages = pdf_pages(pdfs["big"])
    assert page_size(pdfs["big"])[0] < page_size(pdfs["big"])[1]  # portrait
    where = where_seated(big_round())
    per_page = []
    for n, text in enumerate(pages, start=1):
        assert "Round 1" in text and re.search(r"Player\s+Table\s+Seat", text), f"page {n} has no header"
        names = [name for name, (k, i) in where.items() if seat_line(name, k, i).search(text)]
        assert names, f"page {n} has no player: a column spilled onto its own page"
        per_page.append(len(names))
    assert sum(per_page) == 120  # every player once, with table and seat on the same line
    # Two columns of 30 rows of large type: 60 players a page, every page full
    # but the last, and no more pages than that.
    assert per_page == [60, 60]


def where_seated(ev: Event) -> dict[str, tuple[int, int]]:
    out = {}
    for k, t in enumerate(ev.rounds[0].tables, start=1):
        for i, number in enumerate(t.players, start=1):
            p = ev.player(number)
            out[f"{p.last_name}, {p.first_name}"] = (k, i)
    return out


@pytest.mark.parametrize("count", [30, 60])
def test_a_seat_list_of_up_to_60_players_prints_on_one_page(pdfs, count):
    pages = pdf_pages(pdfs[f"seats{count}"])
    assert len(pages) == 1, f"{count} players print on {len(pages)} pages"
    assert page_size(pdfs[f"seats{count}"]) == pytest.approx((595, 842), abs=1)  # A4 portrait
    text = pages[0]
    assert "Continental Championship 2025 \u2014 Round 1" in text
    for name, (k, i) in where_seated(big_round(count)).items():
        assert seat_line(name, k, i).search(text), f"{name}: table {k} seat {i}"


def test_61_players_flow_onto_a_second_page_with_the_header(pdfs):
    pages = pdf_pages(pdfs["seats61"])
    seats = where_seated(big_round(61))
    per_page = [sum(1 for name, (k, i) in seats.items() if seat_line(name, k, i).search(text)) for text in pages]
    assert per_page == [60, 1]
    assert all("Round 1" in text and re.search(r"Player\s+Table\s+Seat", text) for text in pages)


def test_the_report_workbooks_round_sheets_carry_a_title_on_the_page(pdfs, event):
    pages = pdf_pages(pdfs["report"])
    for rnd in event.rounds:
        titled = [p for p in pages if f"Grand Prix Lisboa 2025 \u2014 Round {rnd.number} results" in p]
        assert titled, f"round {rnd.number}'s results print with no title"
        # the title is at the top of the page, above the column headers
        first = next(line for line in titled[0].splitlines() if line.strip())
        assert f"Round {rnd.number} results" in first
    assert any(p.lstrip().startswith("Grand Prix Lisboa 2025 \u2014 Standings") for p in pages)


def test_the_report_prints_standings_and_seat_lists_whole(pdfs, contract, event):
    pages = pdf_pages(pdfs["report"])
    # Standings: each player's line carries the rating points, shown to 2 decimals.
    standings = next(p for p in pages if re.search(r"Prelim\.", p))
    for p in contract["players"]:
        line = next((l for l in standings.splitlines() if f"{p['first_name']} {p['last_name']}" in l), None)
        assert line is not None, p["number"]
        assert f"{p['rating_points']:.2f}" in line, (p["number"], line)
        # GW, VP (one decimal) and TP side by side, as 'archon standings' has them
        assert re.search(rf"\s{p['gw']}\s+{p['vp']:.1f}\s+{p['tp']:g}\s", line), (p["number"], line)
    # Seat lists: the pages titled with the round hold every seated player.
    for rnd in event.rounds:
        text = "\n".join(p for p in pages if f"\u2014 Round {rnd.number}" in p)
        assert text, f"round {rnd.number}'s seat list did not print"
        for k, t in enumerate(rnd.tables, start=1):
            for i, number in enumerate(t.players, start=1):
                first, last = NAMES[number - 1]
                assert seat_line(f"{last}, {first}", k, i).search(text), (rnd.number, last)


def test_libreoffice_draws_both_charts(pdfs):
    page = next(p for p in pdf_pages(pdfs["report"]) if "VPs scored per round" in p)
    # Each title twice: once over its data, once drawn by the chart itself.
    assert page.count("VPs scored per round") == 2
    assert page.count("Top 10 players: GW and VP") == 2


# ---------------------------------------------------------------------------
# archon report FILE (the event written into a copy of the official Archon)


@pytest.fixture
def event_workbook(official_xlsx, event) -> Path:
    writer = pytest.importorskip("archon.formats.workbook.writer", reason="the workbook writer (archon.formats.workbook.writer) is not there yet")
    writer.write_event(official_xlsx, event)
    return official_xlsx


def test_archon_report_writes_the_workbook_and_the_page(event_workbook, contract, tmp_path):
    from click.testing import CliRunner

    from archon.cli import main

    out_xlsx, out_html = tmp_path / "report.xlsx", tmp_path / "report.html"
    r = CliRunner().invoke(main, ["report", str(event_workbook), "--xlsx", str(out_xlsx), "--html", str(out_html)])
    assert r.exit_code == 0, r.output
    assert f"wrote {out_xlsx}" in r.output and f"wrote {out_html}" in r.output
    # Through the workbook and back: the same numbers as the event in memory.
    rows = rows_by_header(openpyxl.load_workbook(out_xlsx)["Standings"])
    assert [(r["#"], r["GW"], r["VP"], r["TP"], r["Final VP"]) for r in rows] == [
        (p["number"], p["gw"], p["vp"], p["tp"], p["final_vp"]) for p in contract["players"]
    ]
    assert "Grand Prix Lisboa 2025" in out_html.read_text(encoding="utf-8")


def test_archon_report_round_writes_only_that_seat_list(event_workbook, tmp_path):
    from click.testing import CliRunner

    from archon.api import report
    from archon.cli import main

    out = tmp_path / "round3.xlsx"
    r = CliRunner().invoke(main, ["report", str(event_workbook), "--round", "3", "--xlsx", str(out)])
    assert r.exit_code == 0, r.output
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Seating R3"]
    assert [row[0] for row in posting_rows(wb["Seating R3"])] == [n for n in ALPHABETICAL if n != "Müller, Jürgen"]

    missing = tmp_path / "round4.xlsx"
    r = CliRunner().invoke(main, ["report", str(event_workbook), "--round", "4", "--xlsx", str(missing)])
    assert r.exit_code == 2 and "there is no round 4" in r.output and "Traceback" not in r.output
    assert not missing.exists()
    # With no output option, 'archon report' prints the VEKN report (issue 5).
    r = CliRunner().invoke(main, ["report", str(event_workbook)])
    assert r.exit_code == 0 and "VEKN report" in r.output

    # The Python twin.
    result = report(event_workbook, html=tmp_path / "page.html")
    assert [(path, PLAIN.render(what)) for path, what in result.written] == [(tmp_path / "page.html", "HTML report")]
    assert result.problems == []


def test_a_report_is_never_written_over_the_event_workbook(event_workbook, tmp_path):
    from click.testing import CliRunner

    from archon.api import report
    from archon.cli import main
    before = event_workbook.read_bytes()
    for args, said in ((["--xlsx", event_workbook], "is an Archon event workbook: a report is never written over it"),
                       (["--html", event_workbook], "event.xlsx: the HTML report is a .html file"),
                       (["--round", "1", "--xlsx", event_workbook],
                        "is an Archon event workbook: a report is never written over it")):
        r = CliRunner().invoke(main, ["report", str(event_workbook), *map(str, args)])
        assert r.exit_code == 3, (args, r.output)
        assert said in r.output, args
        assert "Traceback" not in r.output
        assert event_workbook.read_bytes() == before, args
    # Nor over another event's workbook, whatever the command.
    other = tmp_path / "other-event.xlsx"
    other.write_bytes(before)
    with pytest.raises(ReportError, match="other-event.xlsx is an Archon event workbook"):
        write_xlsx_report(tournament(), other, force=True)
    assert other.read_bytes() == before
    # Every output is checked before any is written: no report workbook when the page cannot be written.
    with pytest.raises(ReportError, match="folder .*nowhere does not exist"):
        report(event_workbook, xlsx=tmp_path / "report.xlsx", html=tmp_path / "nowhere" / "page.html")
    assert not (tmp_path / "report.xlsx").exists()


def test_a_report_workbook_is_named_xlsx(tmp_path, event):
    with pytest.raises(ReportError, match=r"report.ods: the report workbook is a \.xlsx file: give a name ending in \.xlsx"):
        write_xlsx_report(event, tmp_path / "report.ods")
    with pytest.raises(ReportError, match=r"give a name ending in \.xlsx"):
        write_posting_sheet(event, 1, tmp_path / "round1.pdf")
    assert list(tmp_path.iterdir()) == []


def test_every_number_of_every_report_is_the_number_of_archon_standings_json(event_workbook, tmp_path):
    import json

    from click.testing import CliRunner

    from archon.cli import main

    r = CliRunner().invoke(main, ["standings", str(event_workbook), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    out_xlsx, out_html = tmp_path / "report.xlsx", tmp_path / "report.html"
    r = CliRunner().invoke(main, ["report", str(event_workbook), "--xlsx", str(out_xlsx), "--html", str(out_html)])
    assert r.exit_code == 0, r.output
    wb = openpyxl.load_workbook(out_xlsx)
    names = {p["number"]: f"{p['first_name']} {p['last_name']}" for p in data["players"]}

    rows = rows_by_header(wb["Standings"])
    assert [
        (x["Rank"], x["Prelim. rank"], x["#"], x["Player"], x["GW"], x["VP"], x["TP"], x["Seed"], x["Final VP"])
        for x in rows
    ] == [
        (p["final_rank"] if p["final_rank"] is not None else p["rank"], p["rank"], p["number"], names[p["number"]],
         p["gw"], p["vp"], p["tp"], p["seed"], p["final_vp"])
        for p in data["players"]
    ]
    assert [x["Rating points"] for x in rows] == pytest.approx([p["rating_points"] for p in data["players"]])
    for rnd in data["rounds"]:
        rows = rows_by_header(wb[f"Round {rnd['round']}"])
        assert [(x["Table"], x["Seat"], x["#"], x["VP"], x["GW"], x["TP"], x["Table status"]) for x in rows] == [
            (t["table"], s["seat"], s["player"], s["vp"], s["gw"], s["tp"], t["status"])
            for t in rnd["tables"] for s in t["seats"]
        ], rnd["round"]
    final = [x for x in rows_by_header(wb["Final"]) if isinstance(x["Seat"], int)]
    assert [(x["Seat"], x["Seed"], x["#"], x["Final VP"]) for x in final] == [
        (s["seat"], s["seed"], s["player"], s["vp"]) for s in data["final"]["seats"]
    ]
    event = {c.value: wb["Event"].cell(c.row, 2).value for c in wb["Event"]["A"] if c.value}
    assert event["Winner"] == names[data["final"]["winner"]]
    assert (event["Players"], event["Format"], event["Deck format"]) == (
        data["event"]["players"], data["event"]["format"], "Constructed")

    from test_html_report import section_rows

    page = out_html.read_text(encoding="utf-8")
    assert f"<li><b>Format:</b> {data['event']['format']}</li>" in page
    assert "<li><b>Deck format:</b> Constructed</li>" in page
    shown = section_rows(page, "standings")
    assert [(x["Player"].split(" \u00b7 ")[0], x["GW"], x["VP"], x["TP"], x["Rating"]) for x in shown] == [
        (names[p["number"]], str(p["gw"]), f"{p['vp']:g}", f"{p['tp']:g}", f"{p['rating_points']:.2f}")
        for p in data["players"]
    ]
    assert [(x["Player"], x["Seed"], x["Final VP"]) for x in section_rows(page, "final")] == [
        (names[s["player"]], str(s["seed"]), f"{s['vp']:g}") for s in data["final"]["seats"]
    ]


def test_seat_print_and_report_round_lay_30_players_out_for_one_page(tmp_path):
    """The commands write the layout the PDF tests above print: 30 players in
    two columns, fitted to one A4 page (30 used to spill 2 names onto a second)."""
    import csv

    from click.testing import CliRunner

    from archon import api
    from archon.cli import main

    players = tmp_path / "players.csv"
    with open(players, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["First Name", "Last Name", "VEKN Number"])
        for n, (last, first) in enumerate([(l, f) for l in LAST for f in FIRST][:30], start=1):
            w.writerow([first, last, str(3000000 + n)])
    path = tmp_path / "cup.xlsx"
    runner = CliRunner()
    assert runner.invoke(main, ["new", str(path), "--name", "Cup", "--players", str(players)]).exit_code == 0
    seats = tmp_path / "seats.xlsx"
    r = runner.invoke(main, ["seat", str(path), "--round", "1", "--seed", "1", "--print", str(seats)])
    assert r.exit_code == 0, r.output
    posted = tmp_path / "posted.xlsx"
    assert runner.invoke(main, ["report", str(path), "--round", "1", "--xlsx", str(posted)]).exit_code == 0
    twin = tmp_path / "twin.xlsx"
    api.report(path, round=1, xlsx=twin)
    for out in (seats, posted, twin):
        ws = openpyxl.load_workbook(out)["Seating R1"]
        assert ws.page_setup.paperSize == 9 and ws.page_setup.orientation == "portrait"
        assert ws.sheet_properties.pageSetUpPr.fitToPage  # one page wide and one tall (1 is the default)
        assert ws.page_setup.fitToWidth in (None, 1) and ws.page_setup.fitToHeight in (None, 1)
        left = [r for r in ws.iter_rows(min_row=3, min_col=1, max_col=3, values_only=True) if r[0]]
        right = [r for r in ws.iter_rows(min_row=3, min_col=5, max_col=7, values_only=True) if r[0]]
        assert (len(left), len(right)) == (15, 15)
        assert [r[0] for r in ws.iter_rows(min_row=2, max_row=2, values_only=True)][0] == "Player"
        assert ws.cell(2, 5).value == "Player" and ws.cell(2, 7).value == "Seat"
        # alphabetical (accents ignored) down the left, then down the right
        assert [r[0] for r in left + right] == [f"{last}, {first}" for last in ("Abreu", "Čapek", "Ørn")
                                                 for first in FIRST]
