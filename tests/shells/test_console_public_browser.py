"""The players' page in a real browser (headless Chromium, as
``test_console_browser``): on a fresh official Archon, The Archon's chart
proposes a seating for every round; a player looking up their name gets no
table until the organizer seats round 1, then gets the table "Seat the round"
gave, without a reload."""

from __future__ import annotations

from click.testing import CliRunner

from archon import api
from archon.cli import main
from conftest import REPO, official_file
from test_console_browser import Server, browser, organizer_page, submit  # noqa: F401 - browser: a fixture


def test_find_your_name_gives_no_table_of_the_charts_proposal_until_the_round_is_seated(browser, tmp_path):  # noqa: F811
    path = tmp_path / "cup.xlsx"
    r = CliRunner().invoke(main, ["new", str(path), "--players", str(REPO / "samples" / "players.csv"),
                                  "--template", str(official_file())])
    assert r.exit_code == 0, r.output
    first = api.standings(path)["players"][0]
    name = f"{first['first_name']} {first['last_name']}"
    with Server(path) as base:
        players = browser.new_page(viewport={"width": 390, "height": 800})
        players.set_default_timeout(60_000)
        players.goto(base + "/")
        players.fill("#find", first["last_name"])
        found = f"#seats li:has-text('{name}')"
        assert players.is_visible(found)
        assert "not seated yet" in players.text_content(found)
        assert players.is_visible("#not-seated") and not players.is_visible("#round")
        org = organizer_page(browser, base)
        assert "chart proposal" in org.text_content("#round-1 summary")
        submit(org, "#seat")  # round 1, as the form offers
        players.wait_for_selector("#round")  # the live update, no reload
        assert players.text_content(found).split("#")[-1].split(" ", 1)[1].startswith("Round 1: table")
        assert not players.is_visible("#not-seated")
        org.close()
        players.close()
