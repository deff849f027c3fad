"""The event console's sanction form and ``POST /api/sanction`` (issue 22):
the same twin as ``archon sanction``, the token needed, the standings
served with the adjustment taken off."""

from __future__ import annotations

from archon.formats.workbook import read_event
from test_console_api import AUTH, client, console_words, cup, post  # noqa: F401 - fixtures

__all__ = ["client", "cup"]


def test_a_sanction_from_the_console_is_recorded_and_changes_the_standings(client, cup):
    table = read_event(cup).event.round(1).tables[0]
    player = next(p for p, v in zip(table.players, table.vps) if (v or 0) >= 1)
    before = {p["number"]: p for p in client.get("/api/standings", headers=AUTH).json()["players"]}
    assert post(client, "sanction", {"player": player, "reason": "x", "category": "slow_play"},
                headers={}).status_code == 401
    r = post(client, "sanction", {"player": str(player), "reason": "forgot the untap", "round": "1", "table": "1",
                                  "category": "failure_to_maintain_game_state", "judge": "Ada"})
    assert r.status_code == 200, r.text
    lines = [console_words(line) for line in r.json()["lines"]]
    assert lines[0].startswith(f"standings adjustment to #{player} ") and "forgot the untap" in lines[0]
    served = client.get("/api/standings", headers=AUTH).json()
    after = {p["number"]: p for p in served["players"]}
    assert after[player]["vp"] == before[player]["vp"] - 1  # the guide: 1 VP off the round's result
    assert [(w["player"], w["level"], w["judge"]) for w in served["warnings"]] == [
        (player, "standings_adjustment", "Ada")]


def test_the_organizers_page_has_the_sanction_form_and_a_bad_infraction_is_refused(client, cup):
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert 'data-action="/api/sanction"' in page
    assert '<option value="slow_play">slow play (tournament error), baseline: caution</option>' in page
    assert '<option value="disqualification">disqualification</option>' in page
    before = cup.read_bytes()
    r = post(client, "sanction", {"player": "1", "reason": "x", "category": "jaywalking"})
    assert r.status_code == 400 and "jaywalking" in r.json()["error"]
    assert cup.read_bytes() == before
