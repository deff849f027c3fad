"""The judges' controls of the organizer's page in a real browser (the
system's headless Chromium, as test_console_browser): a no-show unregistered
from their row, a warning recorded and listed, the head judge set in the
event's details; each checked in the workbook through the Python twins."""

from __future__ import annotations

from archon import api
from test_console_browser import Server, browser, organizer_page, small, submit  # noqa: F401


def test_unregister_warn_and_the_event_details_from_the_organizers_page(browser, small):
    with Server(small) as base:
        page = organizer_page(browser, base)
        page.fill("#reg-name", "Nora Noshow")
        assert "registered #24 Nora Noshow" in submit(page, "#register")
        assert page.is_visible("#player-24 .unregister button") and not page.is_visible("#player-1 .unregister")
        assert submit(page, "#player-24 .unregister").startswith("unregistered #24 Nora Noshow")
        assert page.query_selector("#player-24") is None
        assert "Nora Noshow" not in {f"{p['first_name']} {p['last_name']}" for p in api.standings(small)["players"]}

        page.fill("#warn-player", "Kowalski")
        page.fill("#warn-reason", "slow play")
        page.fill("#warn-round", "1")
        assert "slow play" in submit(page, "#warn")
        assert page.text_content("#warnings").strip() == "#1 Anna Kowalski, round 1: slow play"
        assert api.warnings(small) == [{"player": 1, "name": "Anna Kowalski", "round": 1, "reason": "slow play",
                                        "level": "warning", "category": None, "table": None, "judge": None}]

        page.click("#event-details summary")
        page.fill("#info-head_judge", "Bruno Da Silva")
        page.fill("#info-city", "")
        assert submit(page, "#info").startswith("city: blank (was Lyon)")
        details = api.details_of(api.info(small).event)
        assert (details["head_judge"], details["city"], details["warnings"]) == ("Bruno Da Silva", None, 1)
