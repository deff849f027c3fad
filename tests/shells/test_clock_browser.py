"""The round's clock and the projector view in a real browser (issue 25),
Debian's Chromium driven by Playwright (as test_console_browser).

* The clock keeps its time across a restart of the server: another server
  on the same file shows the same time left (give or take the seconds the
  restart took), and a paused clock exactly the same.
* A judge's extra time for table 2 shows on the phone that looked up a
  table-2 player, and not on a table-1 player's.
* ``/screen`` shows the clock, the round's seating by name in alphabetical
  order (name, table, seat) and the standings.
"""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.formats.workbook import load_event
from conftest import REPO
from test_console_browser import PHONE, Server, browser, organizer_page, submit  # noqa: F401


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture
def seated(tmp_path, official_xlsx):
    """An official workbook: the sample's 25 players, round 1 seated (5 tables of 5)."""
    path = tmp_path / "cup.xlsx"
    run("new", path, "--name", "Clock Cup", "--template", official_xlsx, "--players", REPO / "samples" / "players.csv")
    run("seat", path, "--round", 1, "--seed", 1)
    return path


def seconds_shown(page) -> int:
    """The time the page's clock shows, in seconds ("1:59:58", "4:05")."""
    page.wait_for_selector("#clock:not([hidden]) .clock-time")
    page.wait_for_function("() => document.querySelector('#clock .clock-time').textContent !== ''")
    parts = [int(x) for x in page.text_content("#clock .clock-time").split(":")]
    return sum(p * 60 ** k for k, p in enumerate(reversed(parts)))


def phone(browser, base, typed: str):  # noqa: F811
    """The players' page on a phone, with ``typed`` in "Find your name"."""
    page = browser.new_page(viewport=PHONE)
    page.set_default_timeout(60_000)
    page.goto(base + "/")
    page.fill("#find", typed)
    return page


def test_the_clock_survives_a_restart_of_the_server(browser, seated):  # noqa: F811
    with Server(seated) as base:
        org = organizer_page(browser, base)
        org.fill("#clock-minutes", "90")
        assert "the clock started" in submit(org, "#clock-start")
        room = browser.new_page()
        room.goto(base + "/")
        before = seconds_shown(room)
        assert 90 * 60 - 10 <= before <= 90 * 60
        stopped = time.monotonic()
    with Server(seated) as base:  # another server on the same file
        room = browser.new_page()
        room.goto(base + "/")
        after = seconds_shown(room)
        gone = time.monotonic() - stopped
        assert before - gone - 3 <= after <= before + 1  # counted on while no server ran
        org = organizer_page(browser, base)
        org.wait_for_selector("#clock[data-state='running']", state="attached")  # the figures fetched after load
        assert org.is_visible("#clock-pause button") and not org.is_visible("#clock-start button")
        assert "paused" in submit(org, "#clock-pause")
        room.reload()
        paused = seconds_shown(room)
        assert room.text_content("#clock .clock-state") != ""
        time.sleep(2)
        assert seconds_shown(room) == paused  # a paused clock stands
    with Server(seated) as base:
        room = browser.new_page()
        room.goto(base + "/")
        assert seconds_shown(room) == paused  # exactly, after a restart
        org = organizer_page(browser, base)
        org.wait_for_selector("#clock[data-state='paused']", state="attached")
        assert org.is_visible("#clock-resume button") and not org.is_visible("#clock-pause button")


def test_a_table_extra_time_shows_on_that_tables_phones_only(browser, seated):  # noqa: F811
    tables = load_event(seated).round(1).tables
    by_number = {p.number: p for p in load_event(seated).players}
    at_two, at_one = by_number[tables[1].players[0]], by_number[tables[0].players[0]]
    with Server(seated) as base:
        org = organizer_page(browser, base)
        submit(org, "#clock-start")
        two, one = phone(browser, base, at_two.last_name), phone(browser, base, at_one.last_name)
        for p in (two, one):  # the round's clock on every phone, no extra time yet
            seconds_shown(p)
            assert not p.is_visible("#clock .clock-table")
        org.fill("#clock-table-number", "2")
        org.fill("#clock-table-minutes", "10")
        assert "table 2" in submit(org, "#clock-table")
        # the phones hear of it (the page's event stream): table 2's phone shows its extra time
        two.wait_for_selector("#clock .clock-table:not([hidden])")
        said = two.text_content("#clock .clock-table")
        assert "Table 2" in said and "10" in said
        extra = [int(x) for x in said.split(": ", 1)[1].split(" ")[0].split(":")]
        assert sum(p * 60 ** k for k, p in enumerate(reversed(extra))) - seconds_shown(two) in range(598, 602)
        one.wait_for_timeout(1500)  # heard by now too: still the round's clock alone
        one.wait_for_function("() => document.querySelector('#live').dataset.key === "
                              f"{two.eval_on_selector('#live', 'e => JSON.stringify(e.dataset.key)')}")
        assert not one.is_visible("#clock .clock-table")
        # a phone that looks up nobody (or names at two tables) shows no table's time
        two.fill("#find", "")
        assert not two.is_visible("#clock .clock-table")


def test_the_projector_view_shows_the_clock_the_seating_by_name_and_the_standings(browser, seated):  # noqa: F811
    event = load_event(seated)
    seats = {}
    for k, t in enumerate(event.round(1).tables, start=1):
        for s, n in enumerate(t.players, start=1):
            p = event.player(n)
            seats[f"{p.first_name} {p.last_name}"] = f"{k} · {s}"
    with Server(seated) as base:
        screen = browser.new_page(viewport={"width": 1920, "height": 1080})
        screen.set_default_timeout(60_000)
        screen.goto(base + "/screen")
        assert screen.is_hidden("#clock")  # no clock started yet
        org = organizer_page(browser, base)
        submit(org, "#clock-start")
        assert 7190 <= seconds_shown(screen) <= 7200  # heard through the event stream, no reload
        names = screen.eval_on_selector_all("#screen-seating li .who", "els => els.map(e => e.textContent)")
        places = screen.eval_on_selector_all("#screen-seating li .at", "els => els.map(e => e.textContent)")
        assert len(names) == 25 and names == sorted(seats, key=str.lower)
        assert dict(zip(names, places)) == seats
        assert screen.is_visible("#screen-standings")
        ranked = screen.eval_on_selector_all("#screen-standings li .who", "els => els.map(e => e.textContent)")
        assert sorted(ranked) == sorted(seats)
        assert screen.is_visible("#screen-standings li:first-child")
        assert not screen.is_visible("#screen-standings li:nth-child(13)")  # 12 a page: the rest in turn
        assert screen.query_selector("form") is None and screen.query_selector("button") is None  # no control


def test_the_next_rounds_clock_is_offered_once_that_round_is_under_way(browser, seated):  # noqa: F811
    with Server(seated) as base:
        org = organizer_page(browser, base)
        submit(org, "#clock-start")
        org.wait_for_selector("#clock-start", state="hidden")  # round 1's clock runs: no second start
        tables = len(load_event(seated).round(1).tables)
        for k in range(1, tables + 1):  # round 1 played (one player sweeps each table), round 2 seated
            run("result", seated, "--round", 1, "--table", k, 5, 0, 0, 0, 0)
        run("seat", seated, "--round", 2, "--seed", 2)
        org.wait_for_selector("#clock-start", state="visible")  # heard through the event stream
        assert "Round 2" in submit(org, "#clock-start")
        org.wait_for_function("() => document.querySelector('#clock').dataset.round === '2'")
        assert 7190 <= seconds_shown(org) <= 7200
        org.wait_for_selector("#clock-start", state="hidden")


def test_in_the_final_the_projector_shows_a_finalists_long_name_in_full(browser, tmp_path):  # noqa: F811
    """The final at 1280x720, its clock running: the standings take the
    width the final's five seats leave, and a finalist's name of 24
    characters is on one line, whole, in the standings and at the table."""
    from archon import api
    from archon.formats.workbook import new_event
    from test_eventday import tossed, winter_cup

    event = tossed(winter_cup(3))
    event.player(1).first_name, event.player(1).last_name = "Maximiliana", "Oberhollenze"  # 24 characters
    event.name = "Sample Constructed Tournament"  # a title whose words are wider than the final's column
    path = tmp_path / "cup.xlsx"
    new_event(path, event)
    api.seat_final(path, [15, 6, 4, 2, 1])
    api.clock(path, "start", 120)
    whole = """e => { const r = document.createRange(); r.selectNodeContents(e); const box = e.getBoundingClientRect();
                     return [e.textContent, e.scrollWidth <= e.clientWidth, r.getClientRects().length,
                             box.right <= innerWidth && box.bottom <= innerHeight]; }"""
    with Server(path) as base:
        screen = browser.new_page(viewport={"width": 1280, "height": 720})
        screen.set_default_timeout(60_000)
        screen.goto(base + "/screen")
        screen.wait_for_selector("#clock:not([hidden]) .clock-time")
        assert screen.text_content("#screen-seating h2").startswith("Final")
        first = screen.eval_on_selector("#screen-standings li:first-child .who", whole)
        assert first == ["Maximiliana Oberhollenze", True, 1, True]  # not cut, one line, on the screen
        at_table = screen.eval_on_selector_all("#screen-seating li .who", f"els => els.map({whole})")
        assert len(at_table) == 5 and all(shown and seen for _, shown, _, seen in at_table)
        assert "Maximiliana Oberhollenze" in [name for name, *_ in at_table]
        # the event's title stays in its column, not over the standings
        assert screen.eval_on_selector("h1", "e => e.scrollWidth <= e.clientWidth")
        screen.close()
