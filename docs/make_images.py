"""Make the README's pictures with archon's own commands.

    python docs/make_images.py

writes

* ``docs/images/posting-sheet.png``: round 1's seat list as it prints
  (``archon.reports.write_posting_sheet`` -> LibreOffice -> PDF ->
  ``pdftoppm``);
* ``docs/images/html-report.png``: the HTML report in headless Chromium
  (``archon.reports.write_html_report``);
* ``docs/images/players-390.png`` and ``docs/images/players-1920.png``: the
  event console's players' page (``archon serve``) on a phone (390 px wide)
  and a projector (1920 x 1080), a player's name typed in "Find your name";
  headless Chromium driven by Playwright;
* ``docs/images/players-390-es.png`` and ``docs/images/players-390-pl.png``:
  the same phone asking for Spanish, then Polish (``Accept-Language``): the
  page in the phone's language.

``python docs/make_images.py --only players`` makes the players' pages alone.

The event is the sample workbook in ``samples/`` when there is one
(``samples/*.xlsx``, read with ``archon.formats.workbook.load_event``); otherwise it
is made here, with a fixed seed, from ``samples/players.csv``: 3 rounds of
legal results and a final, so the pictures are the same on every run.

Needs LibreOffice (``soffice``), poppler-utils (``pdftoppm``), the
system's Chromium (Debian package ``chromium``) and Playwright's Python
package (the test extra; it drives that Chromium, it downloads nothing).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from archon.rules.model import Event, Final, Player, Round, Table  # noqa: E402
from archon.reports import write_html_report, write_posting_sheet  # noqa: E402
from archon.rules.scoring import legal_results  # noqa: E402
from archon.seating import table_sizes  # noqa: E402
from archon.formats.serialize import standings_to_dict  # noqa: E402
from archon.rules.standings import compute  # noqa: E402

IMAGES = REPO / "docs" / "images"
SEED = 2025
MAX_BYTES = 300_000
#: The players' page is also shown in these languages (a phone asking for each).
PAGE_LANGUAGES = ("es", "pl")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--hide-scrollbars"]


def sample_workbook() -> Path | None:
    found = sorted((REPO / "samples").glob("*.xlsx"))
    return found[0] if found else None


def sample_players() -> list[Player]:
    path = REPO / "samples" / "players.csv"
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    return [
        Player(i, r["First Name"].strip(), r["Last Name"].strip(), city=r.get("City") or None,
               vekn=(r.get("VEKN Number") or "").strip() or None)
        for i, r in enumerate(rows, start=1)
    ]


def made_up_event() -> Event:
    """The sample players, three rounds of legal results and a final (fixed seed)."""
    rng = random.Random(SEED)
    ev = Event(
        name="Sample Constructed Tournament",
        date=dt.date(2025, 6, 14),
        city="Lisboa",
        level="Standard Constructed",
        preliminary_rounds=3,
        players=sample_players(),
    )
    numbers = [p.number for p in ev.players]
    for r in (1, 2, 3):
        order = list(numbers)
        rng.shuffle(order)
        rnd, k = Round(r), 0
        for size in table_sizes(len(order)):
            rnd.tables.append(Table(order[k : k + size], list(rng.choice(sorted(legal_results(size))))))
            k += size
        ev.rounds.append(rnd)
    finalists = compute(ev).finalists
    if len(finalists) == 5:
        ev.final = Final(finalists, [0, 1, 3, 0, 1])
    return ev


def the_event() -> Event:
    book = sample_workbook()
    if book is not None:
        from archon.formats.workbook import load_event

        print(f"event: {book.relative_to(REPO)}")
        return load_event(book)
    print("event: made up from samples/players.csv (seed %d)" % SEED)
    return made_up_event()


def need(tool: str, package: str) -> str:
    path = shutil.which(tool)
    if not path:
        sys.exit(f"{tool} not found: install {package}")
    return path


def posting_sheet_png(data: dict, work: Path) -> Path:
    soffice = shutil.which("soffice") or need("libreoffice", "libreoffice-calc")
    pdftoppm = need("pdftoppm", "poppler-utils")
    xlsx = work / "posting-sheet.xlsx"
    write_posting_sheet(data, 1, xlsx)
    print("printing the seat list with LibreOffice...")
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{work / 'lo-profile'}", "--headless",
         "--convert-to", "pdf", "--outdir", str(work), str(xlsx)],
        check=True, capture_output=True, timeout=240,
    )
    out = IMAGES / "posting-sheet.png"
    # Page 1 at 80 dpi, cut below the last row of the list.
    subprocess.run(
        [pdftoppm, "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", "-gray",
         "-x", "0", "-y", "0", "-W", "661", "-H", "820", str(work / "posting-sheet.pdf"), str(out.with_suffix(""))],
        check=True,
    )
    return out


def html_report_png(data: dict, work: Path) -> Path:
    chromium = need("chromium", "chromium (the Debian package)")
    page = work / "report.html"
    write_html_report(data, page)
    out = IMAGES / "html-report.png"
    print("rendering the HTML report with Chromium...")
    subprocess.run(
        [chromium, *CHROMIUM_ARGS, f"--user-data-dir={work / 'chromium-profile'}", f"--screenshot={out}",
         "--window-size=1100,1250", page.as_uri()],
        check=True, capture_output=True, timeout=120,
    )
    return out


def players_page_pngs(event: Event, work: Path) -> list[Path]:
    """The players' page of ``archon serve`` at 390 px and 1920 px, the event
    shown mid-day: round 3 seated, its results not in yet, no final."""
    import copy

    from playwright.sync_api import sync_playwright

    from archon.web import console_app
    from archon.web.server import running
    from archon.formats.workbook import new_event

    event = copy.deepcopy(event)
    event.final = Final()
    last = max(event.rounds, key=lambda r: r.number)
    for t in last.tables:
        t.vps = [None] * len(t.players)
    book = work / "event.xlsx"
    new_event(book, event)
    someone = event.players[6]
    made = []
    print("rendering the players' page with Chromium...")
    with running(console_app(book, watch=False)) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=need("chromium", "chromium (the Debian package)"),
                                     args=CHROMIUM_ARGS)
        shots = [(390, 844, "en"), (1920, 1080, "en"), *((390, 844, lang) for lang in PAGE_LANGUAGES)]
        for width, height, lang in shots:
            context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            page = context.new_page()
            page.goto(base + "/")
            page.fill("#find", someone.last_name)
            out = IMAGES / (f"players-{width}.png" if lang == "en" else f"players-{width}-{lang}.png")
            page.screenshot(path=str(out))
            made.append(out)
            context.close()
        browser.close()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the README's pictures with archon's own commands.")
    parser.add_argument("--only", choices=("players",), help="make only the players' pages")
    args = parser.parse_args(argv)
    IMAGES.mkdir(parents=True, exist_ok=True)
    event = the_event()
    data = standings_to_dict(compute(event))
    with tempfile.TemporaryDirectory(prefix="archon-images-") as tmp:
        work = Path(tmp)
        made = [] if args.only else [posting_sheet_png(data, work), html_report_png(data, work)]
        made += players_page_pngs(event, work)
    for path in made:
        size = path.stat().st_size
        print(f"wrote {path.relative_to(REPO)} ({size // 1000} KB)")
        if size > MAX_BYTES:
            print(f"warning: {path.name} is over {MAX_BYTES // 1000} KB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
