"""The console's seat edits in a real browser (the system's Chromium, as in
test_console_browser): a swap and a move of a round seated without results,
each shown first with the new score and its change per criterion, written
only once the organizer says OK."""

from __future__ import annotations

from archon.formats.workbook import new_event, read_event
from test_console_browser import Server, browser, organizer_page, submit  # noqa: F401 - browser: the fixture
from test_seat_edits import LATIN, event_of


def tables(path, round_: int) -> list[list[int]]:
    return [list(t.players) for t in read_event(path).event.round(round_).tables]


def test_a_swap_and_a_move_with_the_new_score_shown(browser, tmp_path):  # noqa: F811 - the fixture
    path = tmp_path / "edit.xlsx"
    # LATIN, and #17 (late for round 1) at table 1 of round 2: a move from it keeps 4 players
    event = event_of(17, [LATIN[0], [[*LATIN[1][0], 17], *LATIN[1][1:]]])
    new_event(path, event)
    asked = []
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.on("dialog", lambda d: (asked.append(d.message), d.dismiss() if len(asked) == 2 else d.accept()))
        page.evaluate("() => document.querySelector('#round-2').open = true")
        page.fill("#swap-r2-a", "5")
        page.fill("#swap-r2-b", "Bob")
        said = submit(page, "#swap-r2")
        # asked first: the dry run's lines, the new score and its change (worked out in test_seat_edits)
        assert len(asked) == 1 and asked[0].startswith("dry run: nothing written")
        assert "#5 Ed Wood (table 1, seat 2) and #2 Bob Ross (table 2, seat 1) swap their seats" in asked[0]
        assert "score after the edit (rounds up to 2): R1 2, R2 2" in asked[0]
        assert "change: R1 +2, R2 +2, R4 +2" in asked[0]
        assert asked[0].endswith("Write this seating? (Undo the last change puts the previous one back.)")
        assert not said.startswith("dry run") and "swap their seats" in said
        assert tables(path, 2)[:2] == [[1, 2, 9, 13, 17], [5, 6, 10, 14]]

        # a move: the organizer says no first (nothing written), then yes
        before = path.read_bytes()
        page.evaluate("() => document.querySelector('#round-2').open = true")
        page.fill("#move-r2-player", "Quinn")
        page.fill("#move-r2-table", "3")
        said = submit(page, "#move-r2")
        assert len(asked) == 2 and "#17 Quinn Ray moves from table 1 to table 3, seat 5" in asked[1]
        assert "score after the edit (rounds up to 2)" in asked[1]
        assert said.startswith("dry run: nothing written") and path.read_bytes() == before
        assert page.input_value("#move-r2-player") == "Quinn"  # what was typed stays, to send again
        said = submit(page, "#move-r2")
        assert len(asked) == 3 and "moves from table 1 to table 3, seat 5" in said
        assert tables(path, 2)[2] == [3, 7, 11, 15, 17]
        page.close()
