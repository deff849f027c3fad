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
from typing import Optional

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


def clicked_answering(browser, base, selector: str, answer: str, typed: Optional[dict[str, str]] = None):
    """The organizer's page opened anew, the fields ``typed`` filled in
    (selector -> text), ``selector`` clicked and every question it asks
    answered ``answer`` ("accept" or "dismiss"): the page (to look at, then
    close) and what it asked, in order."""
    page = organizer_page(browser, base)
    asked = answering(page, answer)
    page.wait_for_function(QUIET)
    for where, text in (typed or {}).items():
        page.fill(where, text)
    click_and_settle(page, selector)
    return page, asked


ROW_7 = "#roster tr:has(td.name:text-is('Greta Lindqvist'))"


def test_a_dq_asks_saying_who_cancel_writes_nothing_and_ok_writes(browser, tmp_path):
    path = winter_cup_after(tmp_path, 1)
    before = path.read_bytes()
    with Server(path) as base:
        page, asked = clicked_answering(browser, base, f"{ROW_7} button:text-is('DQ')", "dismiss")
        assert len(asked) == 1 and "Greta Lindqvist" in asked[0] and "DQ" in asked[0]
        assert path.read_bytes() == before  # Cancel: nothing written
        assert page.is_visible(f"{ROW_7} button:text-is('DQ')")
        page.close()
        page, asked = clicked_answering(browser, base, f"{ROW_7} button:text-is('DQ')", "accept")
        assert len(asked) == 1 and "Greta Lindqvist" in asked[0]
        assert path.read_bytes() != before
        status = next(p for p in api.standings(path)["players"] if p["number"] == 7)
        assert status["dq"] is True and page.is_visible(f"{ROW_7} button:text-is('Undo out (DQ)')")
        page.close()


def test_the_toss_asks_naming_the_tie_cancel_writes_nothing_and_ok_draws(browser, tmp_path):
    path = winter_cup_after(tmp_path, 3)
    before = path.read_bytes()
    with Server(path) as base:
        page, asked = clicked_answering(browser, base, "#toss button", "dismiss")
        assert len(asked) == 1 and "#11" in asked[0] and "#15" in asked[0]
        assert path.read_bytes() == before and page.is_visible("#toss button")
        page.close()
        page, asked = clicked_answering(browser, base, "#toss button", "accept")
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
        page, asked = clicked_answering(browser, base, "#undo button", "dismiss")
        # the dry run's words: which file, as it was before which change
        assert len(asked) == 1 and "cup.xlsx" in asked[0] and "restore" in asked[0]
        assert path.read_bytes() == dropped
        page.close()
        page, asked = clicked_answering(browser, base, "#undo button", "accept")
        assert len(asked) == 1
        assert path.read_bytes() == original
        page.close()


def round_2_seated(tmp_path: Path) -> Path:
    """The Winter Cup after round 1, round 2 seated (22 players: 5 tables), no result yet."""
    path = winter_cup_after(tmp_path, 1)
    api.seat(path, 2, seed=1)
    return path


FOCUSED = "() => document.activeElement && document.activeElement.id"


def test_keyboard_only_a_tables_result_then_the_next_table_is_a_few_tabs_away(browser, tmp_path):
    path = round_2_seated(tmp_path)
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.wait_for_function(QUIET)
        seats = page.locator("#r2t1 input.vp").count()
        page.focus("#r2t1-vp1")
        # a sweep at seat 1: a result every game can end with, typed and tabbed through
        for seat in range(1, seats + 1):
            page.keyboard.type(str(seats if seat == 1 else 0))
            if seat < seats:
                page.keyboard.press("Tab")
        page.wait_for_function("() => document.querySelector('#r2t1').dataset.status === 'complete'")
        # on to the Record button (past the judge's reason), and Enter: the button the page then replaces
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('#r2t1') && document.activeElement.tagName") \
            == "BUTTON"
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#r2t1').dataset.finished === '1'")
        page.wait_for_function(QUIET)
        table_1 = next(t for t in next(r for r in api.standings(path)["rounds"] if r["round"] == 2)["tables"]
                       if t["table"] == 1)
        assert [s["vp"] for s in table_1["seats"]] == [seats] + [0] * (seats - 1)
        presses = 0
        while page.evaluate(FOCUSED) != "r2t2-vp1" and presses < 5:
            page.keyboard.press("Tab")
            presses += 1
        assert page.evaluate(FOCUSED) == "r2t2-vp1", f"after {presses} Tab presses: {page.evaluate(FOCUSED)!r}"
        page.close()


def test_every_button_says_whose_or_which_table_and_the_verdict_is_a_live_region(browser, tmp_path):
    path = round_2_seated(tmp_path)
    players = api.standings(path)["players"]
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.wait_for_function(QUIET)
        tree = page.locator("#roster").aria_snapshot()
        drops = [line for line in tree.splitlines() if 'button "Drop (WD)' in line]
        assert len(drops) == len(players) == len(set(drops))  # 22 buttons, 22 names
        for p in players:  # each one found by the name a screen reader says
            name = f"{p['first_name']} {p['last_name']}"
            assert page.get_by_role("button", name=f"Drop (WD): {name}", exact=True).count() == 1
            assert page.get_by_role("button", name=f"DQ: {name}", exact=True).count() == 1
        records = page.locator("#round-2").aria_snapshot()
        for table in range(1, 6):
            assert f'button "Record: round 2, table {table}"' in records
        # the verdict beside a table's VPs is announced as it changes
        verdict = page.locator("#r2t1 .verdict")
        assert verdict.get_attribute("aria-live") == "polite"
        before = verdict.text_content()
        page.fill("#r2t1-vp1", "9")
        page.wait_for_function(f"() => document.querySelector('#r2t1 .verdict').textContent !== {before!r}")
        assert page.locator("#r2t1 .verdict").get_attribute("aria-live") == "polite"
        page.close()


def test_a_disabled_button_says_why_in_text_beside_it(browser, tmp_path):
    path = round_2_seated(tmp_path)
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.wait_for_function(QUIET)
        # round 2, no VP typed: Record is off, and the text beside it says why, read out with it
        assert page.is_disabled("#r2t1 button")
        why = page.locator("#r2t1 .why")
        assert why.is_visible() and "VP" in why.text_content()
        assert page.get_attribute("#r2t1 button", "aria-describedby") == "r2t1-why"
        # round 1 has its results: Record is off until 'replace' is ticked, and says so
        page.evaluate("() => document.querySelector('#round-1').open = true")
        assert page.is_disabled("#r1t1 button") and "replace" in page.text_content("#r1t1 .why")
        page.check("#r1t1-replace")
        assert page.is_enabled("#r1t1 button") and page.text_content("#r1t1 .why") == ""
        page.close()


def test_the_skip_link_comes_first_and_takes_the_keyboard_to_the_tables(browser, tmp_path):
    path = round_2_seated(tmp_path)
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.wait_for_function(QUIET)
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Skip to the tables"
        page.keyboard.press("Enter")
        assert page.evaluate("() => !!document.activeElement.closest('#seating')")
        # the landmarks a screen reader jumps between
        assert page.get_by_role("main").count() == 1
        assert page.get_by_role("navigation", name="Sections").count() == 1
        assert page.get_by_role("region", name="Seating and results").count() == 1
        page.close()
