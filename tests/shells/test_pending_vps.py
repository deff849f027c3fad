"""A table seated but not played yet has no VPs: the console's pages and the
HTML report leave each seat's VP (and GW) blank instead of showing 0, while
``archon standings --json`` keeps to its contract (issue 3: a seat's "vp" is
a float, a blank VP counting 0; the table's "status" says "pending")."""

from __future__ import annotations

import json
import re
import warnings

from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.web import console_app
from archon.formats.workbook import new_event
from test_eventday import winter_cup

with warnings.catch_warnings():  # as test_console_api imports it
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_a_table_not_played_yet_shows_no_vp(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(1))  # round 1 played (test_event_e2e)
    api.seat(path, round=2, seed=5)  # round 2 seated, no VP typed
    data = json.loads(CliRunner().invoke(main, ["standings", str(path), "--json"]).output)
    round1, round2 = data["rounds"][0], data["rounds"][1]
    assert all(isinstance(s["vp"], float) for t in round1["tables"] for s in t["seats"])
    table = round2["tables"][0]
    assert table["status"] == "pending" and [s["vp"] for s in table["seats"]] == [0.0] * 5
    assert set(table["seats"][0]) == {"seat", "player", "vp", "gw", "tp"}

    seats = [s["player"] for s in table["seats"]]
    with TestClient(console_app(path, token="t" * 20, watch=False), base_url="http://127.0.0.1") as client:
        players = client.get("/").text
        organizer = client.get("/organizer?token=" + "t" * 20).text
    for n in seats:  # the players' page: VP and GW blank, TP blank
        assert re.search(rf'<tr data-player="{n}"><td class="n">\d</td><td>[^<]+</td>'
                         r'<td class="n"></td><td class="n"></td><td class="n"></td></tr>', players), n
    form = organizer[organizer.index('id="r2t1"'):]
    form = form[:form.index("</form>")]
    assert form.count('name="vps"') == 5 and form.count('value=""') == 5 and 'value="0"' not in form
    api.report(path, html=tmp_path / "cup.html")
    report = (tmp_path / "cup.html").read_text(encoding="utf-8")
    assert f'<tr data-player="{seats[0]}"><td class="n">1</td>' in report
    row = report[report.index(f'<tr data-player="{seats[0]}"><td class="n">1</td>'):]
    assert row[:row.index("</tr>")].endswith('<td class="n"></td><td class="n"></td><td class="n"></td>')
