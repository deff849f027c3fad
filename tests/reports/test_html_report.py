"""The HTML report page (``archon.reports.write_html_report``).

The page must stand alone (no network, no script), escape every name, carry
the same numbers as ``archon standings``, and read well on a projector and a
phone. The rendering checks use the system's headless Chromium (Debian
package ``chromium``; skipped when absent), two runs for the module.
"""

from __future__ import annotations

import datetime as dt
import html
import random
import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from archon.rules.model import Event, Final, Player, Round, Table
from archon.reports import render_html_report, write_html_report
from archon.rules.scoring import legal_results
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute

HOSTILE = ("<script>alert('x')</script>", "Smith & Sons")

NAMES = [
    ("Élodie", "Lefèvre"), ("Åsa", "Ångström"), ("Søren", "Ørsted"), ("José", "Álvarez"),
    ("Zoë", "Zimmermann"), ("Łukasz", "Łąpiński"), ("Ana", "Abel"), ("Jürgen", "Müller"),
    ("Chloé", "Dubois"), ("Ignacio", "de la Peña"), ("Seán", "O'Brien"), ("Mika", "Häkkinen"),
    ("Noémie", "Çelik"), HOSTILE,
]


def league() -> Event:
    """14 players (tables of 5, 5 and 4), 2R+F with a final; one name is HTML."""
    rng = random.Random(11)
    ev = Event(
        name="Coupe d'Été <Lyon> & co",
        date=dt.date(2025, 7, 5),
        city="Lyon",
        level="Standard Constructed",
        preliminary_rounds=2,
        players=[Player(i + 1, f, l, vekn=str(4000000 + 11 * i)) for i, (f, l) in enumerate(NAMES)],
    )
    for number in (1, 2):
        order = [p.number for p in ev.players]
        rng.shuffle(order)
        tables = []
        for start, size in ((0, 5), (5, 5), (10, 4)):
            tables.append(Table(order[start : start + size], list(rng.choice(sorted(legal_results(size))))))
        ev.rounds.append(Round(number, tables))
    ev.final = Final(compute(ev).finalists, [0, 1, 3, 0, 1])
    return ev


@pytest.fixture(scope="module")
def event() -> Event:
    return league()


@pytest.fixture(scope="module")
def contract(event) -> dict:
    return standings_to_dict(compute(event), extras=True)  # what the reports are given


@pytest.fixture(scope="module")
def page(contract) -> str:
    return render_html_report(contract)


def full_name(p: dict) -> str:
    return f"{p['first_name']} {p['last_name']}"


class Tables(HTMLParser):
    """Text of every table cell, per section id."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, list[list[str]]] = {}
        self.section = ""
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.head = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self.section = a.get("id", "")
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []
            self.head = tag == "th"

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.sections.setdefault(self.section, []).append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def section_rows(page: str, section: str) -> list[dict]:
    parser = Tables()
    parser.feed(page)
    rows = parser.sections[section]
    header, body = rows[0], rows[1:]
    return [dict(zip(header, r)) for r in body]


def test_the_page_stands_alone(page):
    low = page.lower()
    assert low.startswith("<!doctype html>")
    assert '<meta charset="utf-8">' in low
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in low
    assert "<style>" in low
    for needle in ("<script", "<link", "<img", "<iframe", "src=", "http://", "https://", "url(", "@import", "@font-face"):
        assert needle not in low, needle


def test_every_name_is_escaped(page):
    assert "<script>alert" not in page
    # An apostrophe may be written &#39; or &#x27; (Jinja2's autoescape writes &#39;).
    page = page.replace("&#39;", "&#x27;")
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; Smith &amp; Sons" in page
    assert "Coupe d&#x27;Été &lt;Lyon&gt; &amp; co" in page
    # The parsed page shows the names as typed.
    names = [r["Player"] for r in section_rows(page, "standings")]
    assert f"{HOSTILE[0]} {HOSTILE[1]}" in names


def test_standings_carry_the_standings_numbers(page, contract):
    rows = section_rows(page, "standings")
    assert len(rows) == len(contract["players"])

    def num(text):
        return float(text) if text else None

    for r, p in zip(rows, contract["players"]):
        who = p["number"]
        assert r["Player"].startswith(full_name(p)), who
        assert r["VEKN"] == p["vekn"], who
        assert int(r["GW"]) == p["gw"], who
        assert num(r["VP"]) == p["vp"], who
        assert num(r["TP"]) == p["tp"], who
        assert num(r["Final VP"]) == p["final_vp"], who
        assert r["Rating"] == f"{p['rating_points']:.2f}", who
        rank = p["final_rank"] if p["final_rank"] is not None else p["rank"]
        assert r["Rank"] == str(rank), who


def test_the_final_and_the_winner(page, contract):
    rows = section_rows(page, "final")
    by_number = {p["number"]: p for p in contract["players"]}
    seats = contract["final"]["seats"]
    assert [r["Player"] for r in rows] == [full_name(by_number[s["player"]]) for s in seats]
    assert [int(r["Seed"]) for r in rows] == [s["seed"] for s in seats]
    assert [float(r["Final VP"]) for r in rows] == [s["vp"] for s in seats]
    winner = by_number[contract["final"]["winner"]]
    assert re.search(r'id="winner">Winner: <span>' + re.escape(html.escape(full_name(winner))), page)


def test_write_html_report_writes_utf8(tmp_path, event, page):
    path = tmp_path / "report.html"
    assert write_html_report(event, path) == path
    assert path.read_text(encoding="utf-8") == page


# ---------------------------------------------------------------------------
# Rendering in headless Chromium

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars",
]

#: Added to a copy of the page (never to the report): records what the
#: browser laid out so the dumped DOM can be checked.
PROBE = """<script>
window.addEventListener("load", function () {
  var w = document.getElementById("frame");
  var d = w ? w.contentDocument : document;
  var win = w ? w.contentWindow : window;
  var b = document.body;
  var cell = d.querySelector("#standings td.name");
  var cs = win.getComputedStyle(cell);
  var bs = win.getComputedStyle(d.body);
  var scroll = d.querySelector("#standings .scroll");
  b.setAttribute("data-viewport", d.documentElement.clientWidth);
  b.setAttribute("data-page-width", d.documentElement.scrollWidth);
  b.setAttribute("data-standings-width", scroll.scrollWidth + " " + scroll.clientWidth);
  b.setAttribute("data-font-size", cs.fontSize);
  b.setAttribute("data-colors", bs.color + "|" + bs.backgroundColor);
  b.setAttribute("data-text", d.body.innerText);
});
</script>"""


class Probe(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        if tag == "body" and not self.attrs:
            self.attrs = {k: v or "" for k, v in attrs}


def chromium() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if not path:
        pytest.skip("Chromium not installed: apt-get install chromium (the Debian package)")
    return path


def render(browser: str, html_file: Path, png: Path, width: int, height: int) -> dict[str, str]:
    """Screenshot ``html_file`` and return the probe's readings."""
    with tempfile.TemporaryDirectory(prefix="archon-chromium-") as profile:
        out = subprocess.run(
            [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
             f"--window-size={width},{height}", "--dump-dom", html_file.as_uri()],
            capture_output=True, timeout=120,
        )
    assert png.is_file(), out.stderr.decode("utf-8", "replace")[-2000:]
    probe = Probe()
    probe.feed(out.stdout.decode("utf-8"))
    assert "data-text" in probe.attrs, "the page did not load"
    return probe.attrs


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, page):
    browser = chromium()
    d = tmp_path_factory.mktemp("chromium")
    desktop = d / "desktop.html"
    desktop.write_text(page.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    # Headless Chromium will not make a window narrower than 500 px: the
    # phone view is the page in a 390 px wide frame.
    phone = d / "phone.html"
    phone.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}'
        "iframe{border:0;width:390px;height:1800px}</style></head><body>"
        f'<iframe id="frame" srcdoc="{html.escape(page, quote=True)}"></iframe>{PROBE}</body></html>',
        encoding="utf-8",
    )
    return {
        "desktop": (render(browser, desktop, d / "desktop.png", 1280, 2000), d / "desktop.png"),
        "phone": (render(browser, phone, d / "phone.png", 500, 1800), d / "phone.png"),
    }


def png_info(path: Path) -> tuple[int, int, int]:
    """(width, height, distinct byte values in the pixel data)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])

    def lin(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_projector_view_shows_the_winner_and_every_player(rendered, contract):
    probe, png = rendered["desktop"]
    text = probe["data-text"]
    by_number = {p["number"]: p for p in contract["players"]}
    assert f"Winner: {full_name(by_number[contract['final']['winner']])}" in text
    for p in contract["players"]:
        assert full_name(p) in text, p["number"]
    # Large type, black on white, nothing wider than the screen.
    assert float(probe["data-font-size"].rstrip("px")) >= 20
    fg, bg = probe["data-colors"].split("|")
    assert contrast(fg, bg) >= 7  # WCAG AAA
    assert int(probe["data-page-width"]) <= int(probe["data-viewport"])
    width, height, distinct = png_info(png)
    assert (width, height) == (1280, 2000)
    assert png.stat().st_size > 20_000 and distinct > 30


def test_phone_view_fits_a_390_px_screen(rendered, contract):
    probe, png = rendered["phone"]
    assert int(probe["data-viewport"]) == 390
    # No sideways scrolling of the page, and the standings fit the screen.
    assert int(probe["data-page-width"]) <= 390
    inner, visible = (int(x) for x in probe["data-standings-width"].split())
    assert inner <= visible
    assert float(probe["data-font-size"].rstrip("px")) >= 14
    text = probe["data-text"]
    for p in contract["players"]:
        assert p["first_name"] in text and p["last_name"] in text, p["number"]
    width, height, distinct = png_info(png)
    assert (width, height) == (500, 1800)
    assert png.stat().st_size > 10_000 and distinct > 30
