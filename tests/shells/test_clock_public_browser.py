"""The players' page and ``/screen`` show only the clock of the round under
way (a new organizer's trial run, issue 25): once the next round is seated
without a clock started, or once the final has its result, an old round's
clock no longer counts down in front of the room. The organizer's page
keeps it (its controls start the next one). Chromium driven by Playwright,
as test_clock_browser."""

from __future__ import annotations

from archon.formats.workbook import load_event, new_event
from archon.rules.model import Final
from test_clock_browser import run, seated, seconds_shown  # noqa: F401
from test_console_browser import Server, browser, organizer_page  # noqa: F401
from test_eventday import tossed, winter_cup


def public_pages(browser, base):  # noqa: F811
    """The players' page (a phone) and the projector view, open."""
    pages = [browser.new_page(viewport={"width": 390, "height": 844}), browser.new_page()]
    for page, where in zip(pages, ("/", "/screen")):
        page.set_default_timeout(60_000)
        page.goto(base + where)
    return pages


def test_an_old_rounds_clock_leaves_the_public_pages_once_the_next_round_is_seated(browser, seated):  # noqa: F811
    run("clock", seated, "start")
    with Server(seated) as base:
        room = public_pages(browser, base)
        for page in room:
            assert 7190 <= seconds_shown(page) <= 7200
            assert page.text_content("#clock .clock-round") == "Round 1"
        for k in range(1, len(load_event(seated).round(1).tables) + 1):
            run("result", seated, "--round", 1, "--table", k, 5, 0, 0, 0, 0)
        run("seat", seated, "--round", 2, "--seed", 2)
        for page in room:  # heard through the event stream: round 1's clock is gone, no reload
            page.wait_for_selector("#clock", state="hidden")
        org = organizer_page(browser, base)
        org.wait_for_selector("#clock-start", state="visible")
        assert org.is_visible("#clock") and org.get_attribute("#clock", "data-round") == "1"
        run("clock", seated, "start")  # round 2's clock: on the public pages again
        for page in room:
            page.wait_for_function("() => document.querySelector('#clock').dataset.round === '2'")
            assert page.is_visible("#clock") and page.text_content("#clock .clock-round") == "Round 2"


def test_the_finals_clock_leaves_the_public_pages_once_the_final_has_its_result(browser, tmp_path):  # noqa: F811
    ev = tossed(winter_cup(3), winner=15)
    ev.final = Final([6, 15, 1, 4, 2])
    path = tmp_path / "cup.xlsx"
    new_event(path, ev)
    run("clock", path, "start", "--round", "F")
    with Server(path) as base:
        room = public_pages(browser, base)
        for page in room:
            assert 7190 <= seconds_shown(page) <= 7200
        run("result", path, "--final", 2, 0, 1, 0, 2)
        for page in room:
            page.wait_for_selector("#clock", state="hidden")
