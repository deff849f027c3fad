"""Players report their table from their phones (issue 25), in a real
browser at a phone's size (390 x 844): Debian's Chromium driven by
Playwright, as test_console_browser.

The Winter Cup after round 1 with round 2 seated (test_player_reports):
round 2, table 2 seats #2 Bruno Ferreira ... #16 Paula Gómez; table 4 #4
Dmitri Volkov, #9 Ines Navarro, #14, #21. In round 1 #1 Anna Kowalski swept
table 1 (5 VP, a game win).
"""

from __future__ import annotations

from archon.formats.workbook import new_event, read_event
from test_console_browser import PHONE, Server, browser, organizer_page  # noqa: F401 - the browser fixture
from test_player_reports import SWEEP, code, round_2_seated

__all__ = ["browser"]


def phone(browser, base, name: str):
    """The players' page on a phone, the player found by ``name``."""
    page = browser.new_page(viewport=PHONE)
    page.set_default_timeout(60_000)
    page.goto(base + "/")
    page.fill("#find", name)
    page.wait_for_selector("#own:not([hidden])")
    return page


def send(page, who: int, vps) -> str:
    """Report the table shown with player ``who``'s code; the state the answer says."""
    page.wait_for_selector("#report:not([hidden])")
    for seat, vp in enumerate(vps, start=1):
        page.fill(f"#report-vp{seat}", str(vp))
    page.fill("#report-code", code(who))
    page.click("#report-send")
    page.wait_for_selector("#report-answer[data-state]")
    return page.get_attribute("#report-answer", "data-state")


def test_two_phones_record_a_table_a_conflict_is_held_and_a_player_sees_their_results(browser, tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, round_2_seated())
    with Server(path) as base:
        org = organizer_page(browser, base, viewport=PHONE)
        bruno, paula = phone(browser, base, "Ferreira"), phone(browser, base, "Gómez")
        assert "round 2, table 2" in bruno.text_content("#report-title")
        assert bruno.text_content("label[for=report-vp5]").startswith("Seat 5:")
        assert send(bruno, 2, SWEEP) == "pending"
        assert "Waiting for another player" in bruno.text_content("#report-answer")
        assert send(paula, 16, SWEEP) == "recorded"
        org.wait_for_function("() => document.querySelector('#r2t2').dataset.finished === '1'")
        assert org.input_value("#r2t2-vp1") == "5"
        assert read_event(path).event.round(2).tables[1].vps == [5, 0, 0, 0, 0]
        # table 4: two players disagree; the organizer's page shows it held, both reports
        dmitri, ines = phone(browser, base, "Volkov"), phone(browser, base, "Navarro")
        assert send(dmitri, 4, [4, 0, 0, 0]) == "pending"
        assert send(ines, 9, [0, 4, 0, 0]) == "conflict"
        org.wait_for_selector("#pr-r2t4[data-state=conflict]")
        held = org.text_content("#pr-r2t4")
        assert "Dmitri Volkov: 4, 0, 0, 0 VP" in held and "Ines Navarro: 0, 4, 0, 0 VP" in held
        assert org.get_attribute("#r2t4", "data-finished") == "0"
        # a wrong code is refused, said on the phone
        ines.fill("#report-code", "WRONGWRONG")
        ines.click("#report-send")
        ines.wait_for_selector("#report-answer[data-state=refused]")
        assert "personal code" in ines.text_content("#report-answer")
        # the players' page: Anna's own round 1 and standing, round 1 among the earlier rounds
        anna = phone(browser, base, "Kowalski")
        row = [td.text_content() for td in anna.query_selector_all("#own-rounds tbody tr[data-round='1'] td")]
        assert row[:3] == ["1", "1", "1"] and row[4:6] == ["5", "1"]  # round, table, seat; VP, GW
        assert "Bruno Ferreira" in row[3]
        # 1 GW, 5 VP, 60 TP; Bruno's sweep of round 2 (1 GW, 5 VP, 30 + 60 TP) puts him ahead
        assert anna.text_content("#own-standing") == "Rank 2 · GW 1 · VP 5 · TP 60"
        assert anna.is_visible("#earlier-r1")
        for page in (org, bruno, paula, dmitri, ines, anna):
            page.close()


def test_the_form_follows_the_switch_and_finalists_report_the_final(browser, tmp_path):
    """Reporting switched off: no form on the phones (it comes back when
    switched on); the final: two finalists report it from their phones and
    it is recorded."""
    from archon import api
    from test_player_reports import FINAL_VPS, final_seated

    path = tmp_path / "final.xlsx"
    new_event(path, final_seated())
    with Server(path) as base:
        anna = phone(browser, base, "Kowalski")  # #1, seat 3 of the final
        anna.wait_for_selector("#report:not([hidden])")
        assert anna.text_content("#report-title") == "Report the result of the final"
        assert anna.text_content("label[for=report-vp2]").startswith("Seat 2:")
        api.reporting(path, False)
        anna.wait_for_selector("#report", state="hidden")
        fresh = phone(browser, base, "Volkov")  # a page loaded while it is off: no form either
        fresh.wait_for_timeout(300)
        assert not fresh.is_visible("#report")
        api.reporting(path, True)
        assert send(anna, 1, FINAL_VPS) == "pending"
        assert send(fresh, 4, FINAL_VPS) == "recorded"
        assert read_event(path).event.final.vps == FINAL_VPS
        fresh.wait_for_selector("#report", state="hidden")  # the final has its result: nothing to report
        for page in (anna, fresh):
            page.close()
