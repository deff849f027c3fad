"""The players' page names a flagged-out player's state once, in words a
player knows (a new organizer's trial run read "flagged out: out (N)")."""

from __future__ import annotations

import html
import re
import warnings

from archon.formats.workbook import new_event
from archon.web import console_app
from test_console_api import LOCAL, TOKEN
from test_eventday import winter_cup

with warnings.catch_warnings():  # as test_console_api
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def where_shown(page: str, number: int) -> str:
    """What the players' page says beside player ``number``'s name."""
    found = re.search(rf"<span>#{number}</span> <em[^>]*>([^<]*)</em>", page)
    assert found, f"player {number} is not on the page"
    return html.unescape(found.group(1))


def test_a_flagged_out_player_reads_why_in_a_players_words(tmp_path):
    ev = winter_cup(0)
    for number, flag in ((1, "WD"), (2, "N"), (3, "DQ"), (4, "CD"), (5, "left early")):
        ev.player(number).out = flag
    path = tmp_path / "cup.xlsx"
    new_event(path, ev)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        english, french = c.get("/?lang=en").text, c.get("/?lang=fr").text
    assert [where_shown(english, n) for n in range(1, 7)] == [
        "withdrew from the event", "did not show up", "disqualified", "disqualified", "no longer playing",
        "not seated yet"]
    assert where_shown(french, 1) == "s'est retiré du tournoi" and where_shown(french, 2) == "ne s'est pas présenté"
    seats = english[english.index('id="seats"'):english.index("</ul>", english.index('id="seats"'))]
    assert "flagged out" not in seats and "out (" not in seats
