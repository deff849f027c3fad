"""The results report (``archon report --html``) and the console's pages
(``archon serve``) open with one head, written once (``_page.html``): the same
character set, viewport, generator and style; the console adds only its own
stylesheet and scripts (the shared words, then the console's)."""

from __future__ import annotations

import datetime
import re
import warnings
from pathlib import Path

from archon import __version__, api
from archon.web import console_app
from archon.formats.workbook import new_event
from test_eventday import winter_cup

with warnings.catch_warnings():  # as test_console_api imports it
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ARCHON = Path(__file__).resolve().parents[2] / "archon"
CONSOLE_ONLY = ('<link rel="stylesheet" href="/static/console.css">\n'
                '<script src="/static/words.js" defer></script>\n'
                '<script src="/static/console.js" defer></script>\n')


def head(page: str) -> str:
    return re.search(r"<head>\n(.*)</head>", page, re.S).group(1)


def test_the_report_and_the_console_pages_share_one_head(tmp_path):
    path = tmp_path / "cup.xlsx"
    event = winter_cup(1)
    event.date = datetime.date(2026, 12, 5)
    new_event(path, event)
    api.report(path, html=tmp_path / "cup.html")
    report = (tmp_path / "cup.html").read_text(encoding="utf-8")
    with TestClient(console_app(path, token="t" * 20, watch=False), base_url="http://127.0.0.1") as client:
        players = client.get("/").text
        organizer = client.get("/organizer?token=" + "t" * 20).text
    title = re.compile(r"<title>.*</title>\n")
    assert head(report).startswith('<meta charset="utf-8">\n<meta name="viewport" '
                                   f'content="width=device-width, initial-scale=1">\n'
                                   f'<meta name="generator" content="archon {__version__}">\n<title>')
    assert "<title>Winter Cup — results</title>" in report
    assert f"Made with archon {__version__};" in report
    for page in (players, organizer):
        assert CONSOLE_ONLY in head(page)
        assert title.sub("", head(page)).replace(CONSOLE_ONLY, "") == title.sub("", head(report))
    assert '<body class="players" data-fragment="/fragment/players">\n<main>' in players
    assert '<body class="organizer" data-fragment="/fragment/organizer">\n<main>' in organizer
    assert "<body>\n<main>" in report
    # written once: neither page template carries a head of its own
    for template in ("reports/templates/report.html", "web/templates/base.html"):
        assert "<head>" not in (ARCHON / template).read_text(encoding="utf-8"), template
