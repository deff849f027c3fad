"""The organizer's page in a real browser (headless Chromium, driven by
Playwright, as in test_console_browser): the two writes that draw (the toss's
fair draw, a round seated again) ask first, saying what they will change,
and OK writes the very draw or seating the question showed (issue 22).

* Cancel writes nothing: the workbook's bytes are unchanged.
* OK: the workbook read back holds what the question said (the coins drawn;
  the tables that change, the seating of the seed shown, its score).

The event: the Winter Cup of test_event_e2e (22 players; after round 3,
#11 Kaito Tanaka and #15 Oscar Jensen tie for the fifth place, the last in
the final; round 1 seated anew, nothing played, for the reseat).
"""

from __future__ import annotations

import re
from pathlib import Path

from archon import api
from test_console_a11y_browser import clicked_answering, winter_cup_after
from test_console_browser import Server, browser  # noqa: F401 - browser: a fixture

__all__ = ["browser"]


def coins_shown(asked: str) -> dict[int, int]:
    """The coin each tied player gets, as the question says it ("#15 Oscar Jensen coin 1")."""
    return {int(n): int(c) for n, c in re.findall(r"#(\d+) [^,#\n]*? coin (\d+)", asked)}


def test_the_drawn_toss_shows_the_tie_and_its_draw_and_ok_writes_that_draw(browser, tmp_path):
    path = winter_cup_after(tmp_path, 3)
    before = path.read_bytes()
    with Server(path) as base:
        page, asked = clicked_answering(browser, base, "#toss button", "dismiss")
        # which players tie, for which places, and the order drawn
        assert len(asked) == 1 and "places 5 to 6" in asked[0] and "won the toss" in asked[0]
        assert set(coins_shown(asked[0])) == {11, 15}
        assert path.read_bytes() == before  # Cancel: nothing written
        page.close()
        page, asked = clicked_answering(browser, base, "#toss button", "accept")
        page.wait_for_selector("#final-seating")
        page.close()
    shown = coins_shown(asked[0])
    assert sorted(shown.values()) == [1, 2]
    players = {p["number"]: p for p in api.standings(path)["players"]}
    assert {n: players[n]["coin"] for n in (11, 15)} == shown  # the draw shown is the draw written
    winner = min(shown, key=shown.get)
    loser = ({11, 15} - {winner}).pop()
    assert players[winner]["finalist"] and not players[loser]["finalist"]
    assert re.search(rf"#{winner} [^\n]*won the toss", asked[0])


def seats_of(path: Path, number: int) -> list[list[int]]:
    rounds = api.standings(path)["rounds"]
    tables = next(r for r in rounds if r["round"] == number)["tables"]
    return [[s["player"] for s in t["seats"]] for t in sorted(tables, key=lambda t: t["table"])]


def round_1_seated(tmp_path: Path) -> Path:
    """The Winter Cup, round 1 seated (22 players: 5 tables), nothing played."""
    path = winter_cup_after(tmp_path, 0)
    api.seat(path, 1, seed=1)
    return path


def test_a_reseat_shows_the_tables_it_changes_and_ok_writes_that_seating(browser, tmp_path):
    path = round_1_seated(tmp_path)
    before, old = path.read_bytes(), seats_of(path, 1)
    with Server(path) as base:
        # no seed typed: the dry run draws one
        page, asked = clicked_answering(browser, base, "#seat button", "dismiss", {"#seat-round": "1"})
        assert len(asked) == 1 and "round 1 is already seated" in asked[0]
        assert "of the 5 tables" in asked[0] and "score: R1" in asked[0]
        assert path.read_bytes() == before  # Cancel: nothing written
        assert "round 1 is already seated" in page.text_content("#log p")  # and the page says why
        page.close()
        page, asked = clicked_answering(browser, base, "#seat button", "accept", {"#seat-round": "1"})
        page.close()
    assert len(asked) == 1
    new = seats_of(path, 1)
    # the seed shown is the seating written: the same seed on the workbook as it was draws it
    seed = int(re.search(r"round 1 seated: .*, seed (\d+)", asked[0]).group(1))
    again = tmp_path / "again.xlsx"
    again.write_bytes(before)
    assert seats_of_seed(again, seed) == new
    # the tables it said change are those that changed
    changed = [n for n, t in enumerate(new, start=1) if n > len(old) or old[n - 1] != t]
    listed = re.search(r"the new seating changes (\d+) of the (\d+) tables: ([^\n]*)", asked[0])
    assert listed is not None, asked[0]
    assert (int(listed.group(1)), int(listed.group(2))) == (len(changed), len(new))
    assert [int(n) for n in re.findall(r"\d+", listed.group(3))] == changed
    # and the score shown is the written seating's
    score = next(line for line in asked[0].splitlines() if line.startswith("score: "))
    assert score == api.seat(path, 1, show=True).seating.score_line()


def seats_of_seed(path: Path, seed: int) -> list[list[int]]:
    api.seat(path, 1, seed=seed, force=True)
    return seats_of(path, 1)
