"""The event console in a real browser: the system's headless Chromium
(Debian package ``chromium``) driven by Playwright, never a downloaded browser.

* A whole 17-player 3R+F event on a copy of the official Archon, from the
  organizer's page only: 16 players registered, round 1 seated and played,
  a late arrival (#17), round 2, a drop, round 3 with a result no game gives
  (refused as it is typed, then accepted as a judge's decision), the toss for
  the tie at the cut, the final seated and played. LibreOffice then
  recalculates the workbook: The Archon's own formulas show the standings
  ``archon standings`` prints.
* The workbook replaced behind the server's back (as a spreadsheet save
  does): both pages show it, without a reload.
* A spreadsheet's lock file beside the workbook: the page turns its writes
  off and says why; a write is refused and the file is unchanged.

Results (chosen so the cut is tied; no number below comes from archon): round
1 table 1 ends 4 0 0 0 (seat 1 sweeps), every other table of the event ends
with 1/2 VP each (time out, no ousts) except round 3 table 1, 0 1 1 1.5,
which no game gives. Above the crowd on GW 0, 1.5 VP, TP 108 (3 x 36) are
at most 4 players (the sweeper and round 3 table 1's three scorers), so the
fifth place is a tie of at least 6 players, which the toss breaks.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.web.words import CONSOLE
from archon.words import message_of
from conftest import official_file, soffice_path
from test_console_api import console_words, refusal, twin_copy
from test_words import COMMAND_TEXT

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TOKEN = "browser-test-token-42"
PLAYERS = [
    ("Anna Kowalski", "3000101"), ("Bruno Ferreira", "3000102"), ("Chloé Martin", "3000103"),
    ("Dmitri Volkov", "3000104"), ("Elena Rossi", "3000105"), ("Farid Haddad", "3000106"),
    ("Greta Lindqvist", "3000107"), ("Hugo Lefebvre", "3000108"), ("Ines Navarro", "3000109"),
    ("Jakub Novak", "3000110"), ("Kaito Tanaka", "3000111"), ("Lena Schmidt", "3000112"),
    ("Marco Bianchi", "3000113"), ("Nadia Petrova", "3000114"), ("Oscar Jensen", "3000115"),
    ("Paula Gómez", "3000116"),
]
LATE = ("Wanda Zielinska", "3000117")
DROPPED = 3  # Chloé Martin withdraws after round 2


def _playwright():
    if not CHROMIUM.is_file():
        pytest.skip("Chromium not installed: apt-get install chromium")
    return pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")


def Server(path: Path):
    """The console on 127.0.0.1, a free port, in a thread; stops by itself."""
    from archon.web import console_app
    from archon.web.server import running

    return running(console_app(path, token=TOKEN))


@pytest.fixture(scope="module")
def browser():
    sync = _playwright()
    with sync.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


#: A phone's screen, in CSS pixels.
PHONE = {"width": 390, "height": 844}


def organizer_page(browser, base, viewport=None):
    """The organizer's page, on a laptop's screen unless ``viewport`` says otherwise."""
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/organizer?token={TOKEN}")
    page.wait_for_selector("#registration")
    return page


def submit(page, form: str) -> str:
    """Send a form of the organizer's page; the lines it answered, once the page shows the new state."""
    quiet = "() => !document.body.dataset.busy && !document.body.dataset.refreshing"
    page.wait_for_function(quiet)  # a live update in flight would replace the button being clicked
    page.click(f"{form} button")
    page.wait_for_function(quiet)
    return page.text_content("#log p")


def type_vps(page, form: str, vps) -> None:
    for seat, vp in enumerate(vps, start=1):
        page.fill(f"#{form}-vp{seat}", str(vp))


def record(page, round_: int, table: int, vps) -> str:
    form = f"r{round_}t{table}"
    type_vps(page, form, vps)
    page.wait_for_function(f"() => document.querySelector('#{form}').dataset.status === 'complete'")
    return submit(page, f"#{form}")


def _roster_finds(page, typed: str, shown: str, hidden: str) -> None:
    """The organizer's roster, searched for ``typed``, shows ``shown`` and not ``hidden``."""
    page.fill("#roster-search", typed)
    assert page.is_visible(f"#roster td.name:text-is('{shown}')")
    assert not page.is_visible(f"#roster td.name:text-is('{hidden}')")


def tables_of(base_path: Path, round_: int) -> list[list[int]]:
    data = api.standings(base_path)
    rnd = next(r for r in data["rounds"] if r["round"] == round_)
    return [[s["player"] for s in t["seats"]] for t in rnd["tables"]]


def play_round(page, path: Path, round_: int, special=None) -> None:
    assert page.input_value("#seat-round") == str(round_)  # the page offers the next round
    page.fill("#seat-round", str(round_))
    page.fill("#seat-seed", str(100 + round_))
    assert f"round {round_} seated" in submit(page, "#seat")
    assert "score: R1 " in page.text_content("#log p")  # the plan's score on the nine criteria
    page.evaluate(f"() => document.querySelector('#round-{round_}').open = true")
    for k, table in enumerate(tables_of(path, round_), start=1):
        if special and k in special:
            special[k](page, f"r{round_}t{k}")
            continue
        vps = [4, 0, 0, 0] if (round_, k) == (1, 1) else [0.5] * len(table)
        line = record(page, round_, k, vps)
        assert line.startswith(f"round {round_}, table {k}: seat 1 #{table[0]} "), line


def impossible_then_override(page, form: str) -> None:
    type_vps(page, form, [0, 1, 1, 1.5])
    # refused as it is typed: the verdict says why and the button is off
    page.wait_for_function(f"() => document.querySelector('#{form}').dataset.status === 'invalid'")
    verdict = page.text_content(f"#{form} .verdict")
    assert verdict.startswith("invalid: ") and "no order of ousts" in verdict
    assert page.is_disabled(f"#{form} button")
    page.fill(f"#{form}-override", "seat 4 ejected: a judge's decision")
    assert page.is_enabled(f"#{form} button") and page.text_content(f"#{form} button") == "Record as judge's decision"
    assert "round 3, table 1" in submit(page, f"#{form}")


def test_a_whole_event_from_the_organizers_page(browser, tmp_path):
    path = tmp_path / "cup.xlsx"
    api.new(path, name="Browser Cup", date="2026-12-05", city="Lyon", level="Standard Constructed",
            template=official_file("xlsx"))
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.on("dialog", lambda d: d.accept())  # the drop and the toss ask first (test_console_a11y_browser)
        for k, (name, vekn) in enumerate(PLAYERS, start=1):
            page.fill("#reg-name", name)
            page.fill("#reg-vekn", vekn)
            assert submit(page, "#register").startswith(f"registered #{k} {name}")
        play_round(page, path, 1)

        page.fill("#reg-name", LATE[0])
        page.fill("#reg-vekn", LATE[1])
        line = submit(page, "#register")
        assert line.startswith(f"registered #17 {LATE[0]}") and "round 2" in line, line
        play_round(page, path, 2)
        assert len(sum(tables_of(path, 2), [])) == 17

        page.click(f"#roster tr:has(td.name:text-is('{PLAYERS[DROPPED - 1][0]}')) button:text-is('Drop (WD)')")
        page.wait_for_function("() => !document.body.dataset.busy")
        assert PLAYERS[DROPPED - 1][0] in page.text_content("#log p")
        play_round(page, path, 3, special={1: impossible_then_override})
        assert DROPPED not in sum(tables_of(path, 3), [])

        # the tie at the cut, then the toss
        assert "tie:" in page.text_content("#finals")
        assert "coin" in submit(page, "#toss") or "toss" in page.text_content("#log p")
        page.wait_for_selector("#final-seating")
        data = api.standings(path)
        finalists = sorted((p for p in data["players"] if p["finalist"]), key=lambda p: p["seed"])
        assert len(finalists) == 5
        for seat, p in enumerate(finalists, start=1):
            page.fill(f"#final-seat{seat}", str(p["number"]))
        submit(page, "#final-seating")
        type_vps(page, "final", [2, 0, 1, 0, 2])
        page.wait_for_function("() => document.querySelector('#final').dataset.status === 'complete'")
        assert "winner" in submit(page, "#final")
        # seed 1 and seed 5 tie on 2 VP: the better seed, seed 1, wins
        winner = finalists[0]
        players = browser.new_page(viewport={"width": 390, "height": 800})
        players.goto(base + "/")
        assert f"{winner['first_name']} {winner['last_name']}" in players.text_content("#winner")
        players.close()
        page.close()

    printed = json.loads(CliRunner().invoke(main, ["standings", str(path), "--json"]).output)
    assert printed["final"]["winner"] == winner["number"]
    _the_archons_formulas_agree(path, printed, tmp_path)


def _the_archons_formulas_agree(path: Path, printed: dict, tmp_path: Path) -> None:
    """LibreOffice recalculates the workbook: The Archon's formulas show what archon printed."""
    if not soffice_path():
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    from oracle import archon_numbers, recalc

    [recalculated] = recalc([path], tmp_path / "recalculated")
    shown = archon_numbers(recalculated)["players"]
    assert sorted(shown) == list(range(1, 18))
    for p in printed["players"]:
        s, n = shown[p["number"]], p["number"]
        assert (s["gw"], s["vp"], s["tp"]) == (p["gw"], p["vp"], p["tp"]), f"#{n}"
        assert (None if s["rank"] == "DQ" else s["rank"]) == p["rank"], f"#{n}"
        assert s["final_rank"] in (p["final_rank"], "DQ"), f"#{n}"
        assert s["rating_points"] == pytest.approx(p["rating_points"]), f"#{n}"


@pytest.fixture
def small(tmp_path):
    """The Winter Cup of test_event_e2e after round 1, in archon's template."""
    from archon.formats.workbook import new_event
    from test_eventday import winter_cup

    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(1))
    return path


def test_a_save_behind_the_servers_back_shows_on_both_pages(browser, small):
    with Server(small) as base:
        org = organizer_page(browser, base)
        players = browser.new_page(viewport={"width": 390, "height": 800})
        players.goto(base + "/")
        for p in (org, players):
            p.evaluate("() => { window.stayed = true; }")  # gone if the page reloads
        assert "Zoe Behindback" not in players.text_content("#standings")
        api.register(small, "Zoe Behindback", vekn="3999999")  # written and renamed into place, like a save
        org.wait_for_selector("#roster td.name:text-is('Zoe Behindback')")
        players.wait_for_selector("#standings td.name:has-text('Zoe Behindback')")
        # a sync client (Google Drive, Dropbox) rewrites the file in place rather than replacing it
        side = small.parent / "side" / small.name
        side.parent.mkdir()
        shutil.copyfile(small, side)
        api.register(side, "Yuri Inplace")
        with open(small, "r+b") as f:
            f.truncate(0)
            f.write(side.read_bytes())
        org.wait_for_selector("#roster td.name:text-is('Yuri Inplace')")
        players.wait_for_selector("#standings td.name:has-text('Yuri Inplace')")
        for p in (org, players):
            assert p.evaluate("() => window.stayed") is True
        # and the players' page finds her by name
        players.fill("#find", "behindback")
        assert players.is_visible("#seats li:has-text('Zoe Behindback')")
        assert not players.is_visible("#seats li:has-text('Anna Kowalski')")
        # the organizer's list is searchable
        _roster_finds(org, "kowal", "Anna Kowalski", "Zoe Behindback")
        # a finished table is not replaced without saying so
        org.evaluate("() => document.querySelector('#round-1').open = true")
        vp1 = org.input_value("#r1t1-vp1")
        org.fill("#r1t1-vp1", vp1)  # typed again: the verdict is re-checked
        org.wait_for_function("() => document.querySelector('#r1t1').dataset.status === 'complete'")
        assert org.is_disabled("#r1t1 button")
        assert org.get_attribute("#r1t1 button", "title") == "this table has a result: tick 'replace' to change it"
        org.check("#r1t1-replace")
        assert org.is_enabled("#r1t1 button")
        org.close()
        players.close()


def test_a_lock_file_turns_the_writes_off_and_nothing_is_written(browser, small):
    with Server(small) as base:
        org = organizer_page(browser, base)
        org.evaluate("() => document.querySelector('#round-1').open = true")
        lock = small.parent / f"~${small.name}"  # Excel's
        lock.write_bytes(b"organizer")
        before = small.read_bytes()
        org.wait_for_selector("#locked")
        assert f"close {small.name} in Excel to enter results here" in org.text_content("#locked")
        assert org.is_disabled("#register button") and org.is_disabled("#r1t1 button")
        assert "close cup.xlsx in Excel" in org.get_attribute("#register button", "title")
        # a write sent anyway (the page's own session) is refused
        status = org.evaluate("""() => fetch('/api/register', {method: 'POST', credentials: 'same-origin',
            headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'Not Written'})})
            .then(r => r.status)""")
        assert status == 423 and small.read_bytes() == before
        # reads keep working
        assert "Anna Kowalski" in org.text_content("#standings")
        lock.unlink()
        org.wait_for_selector("#locked", state="detached")
        assert org.is_enabled("#register button")
        org.close()


QUIET = "() => !document.body.dataset.busy && !document.body.dataset.refreshing"

# How many lines each name of a list is laid out on: a name broken inside a
# word takes more lines than it has words.
NAME_LINES = """sel => Array.from(document.querySelectorAll(sel)).map(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
    return [td.textContent.trim(), tops.size];
})"""


def test_the_organizers_page_works_on_a_phone(browser, small):
    with Server(small) as base:
        org = organizer_page(browser, base, PHONE)
        org.on("dialog", lambda d: d.accept())  # the DQ and its undo ask first (test_console_a11y_browser)
        players = browser.new_page(viewport={"width": 390, "height": 844})
        players.goto(base + "/")
        for p in (org, players):  # nothing wider than the phone: no sideways scrolling
            assert p.evaluate("() => document.documentElement.scrollWidth") <= 390
        # a player finds their table and seat (test_event_e2e: #7 sits at round 1, table 2, seat 2)
        players.fill("#find", "lindq")
        assert players.text_content("#seats li:visible").split() == "Greta Lindqvist #7 Round 1: table 2, seat 2".split()
        # typed without its accent, as on most phones' keyboards
        players.fill("#find", "gomez")
        assert players.text_content("#seats li:visible").split()[:3] == ["Paula", "Gómez", "#16"]
        players.fill("#find", "Gomez, Paula")  # last name first, as the command line takes it too
        assert players.text_content("#seats li:visible").split()[:3] == ["Paula", "Gómez", "#16"]
        _roster_finds(org, "chloe", "Chloé Martin", "Anna Kowalski")
        _roster_finds(org, "Martin, Chloé", "Chloé Martin", "Anna Kowalski")
        org.fill("#roster-search", "")
        # every name in the roster whole (no 'Kowal-ski' over two lines), every button on screen
        for name, lines in org.evaluate(NAME_LINES, "#roster td.name"):
            assert lines <= len(name.split()), f"{name!r} is broken over {lines} lines"
        for box in org.eval_on_selector_all("#roster button", "bs => bs.map(b => b.getBoundingClientRect().right)"):
            assert box <= 390
        # VPs typed with a decimal comma, as in much of Europe: the verdict reads them as the record does
        # (test_event_e2e: round 1, table 3 ended 2.5 0 0 0.5)
        org.evaluate("() => document.querySelector('#round-1').open = true")
        type_vps(org, "r1t3", ["2,5", "0", "0", "0,5"])
        org.wait_for_function("() => document.querySelector('#r1t3 .verdict').textContent.startsWith('legal')")
        # a seat left blank: the rules would read it as 0, the page asks for it (GET /api/score's
        # verdict) before anything is sent
        type_vps(org, "r1t3", ["4", "", "", ""])
        org.wait_for_function("() => document.querySelector('#r1t3').dataset.status === 'pending'")
        assert org.text_content("#r1t3 .verdict") == "pending: no VP typed for seat 2, 3, 4: type 0 for a player who scored none"
        org.check("#r1t3-replace")
        assert org.is_disabled("#r1t3 button")
        # a DQ from the roster, then its undo, with what happened said at the top
        row = "#roster tr:has(td.name:text-is('Greta Lindqvist'))"
        org.click(f"{row} button:text-is('DQ')")
        org.wait_for_function(QUIET)
        assert org.text_content("#log p").startswith("#7 Greta Lindqvist is out (DQ")
        assert "out (DQ)" in org.text_content(row)
        # the answer takes its own place under the row, a strip, the row's buttons still usable
        assert org.locator("#log p").bounding_box()["height"] <= 0.35 * 844
        assert org.is_visible("#player-7 + tr #log p")  # #7 Greta Lindqvist's row, then the answer's
        org.click(f"{row} button:text-is('Undo out (DQ)')")
        org.wait_for_function(QUIET)
        assert org.text_content("#log p").startswith("#7 Greta Lindqvist plays again")
        assert org.is_visible(f"{row} button:text-is('DQ')")
        org.close()
        players.close()


def test_a_write_from_a_page_behind_a_spreadsheet_save_is_refused_and_the_page_catches_up(browser, small):
    with Server(small) as base:
        org = browser.new_page(viewport={"width": 1280, "height": 900})
        org.set_default_timeout(60_000)
        org.route("**/api/events", lambda route: route.abort())  # the page does not hear of the save
        org.goto(f"{base}/organizer?token={TOKEN}")
        org.wait_for_selector("#registration")
        api.register(small, "Saved Inspreadsheet")  # the organizer saved in the spreadsheet meanwhile
        saved = small.read_bytes()
        assert not org.is_visible("#roster td.name:text-is('Saved Inspreadsheet')")
        org.fill("#reg-name", "Typed Onthepage")
        assert "changed since this page read it" in submit(org, "#register")
        assert org.get_attribute("#log p", "class") == "error"
        assert small.read_bytes() == saved  # nothing overwritten
        org.wait_for_selector("#roster td.name:text-is('Saved Inspreadsheet')")  # the page shows the new state
        org.fill("#reg-name", "Typed Onthepage")
        assert submit(org, "#register").startswith("registered #25 Typed Onthepage")
        org.close()


def test_round_1_is_seated_again_after_round_2_once_the_organizer_confirms_and_undo_puts_it_back(browser, tmp_path):
    from archon.formats.workbook import new_event
    from test_eventday import winter_cup

    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(0))  # 22 players registered
    api.seat(path, 1, seed=1)
    api.seat(path, 2, seed=2)  # seated early, nothing played: round 1 must be seated again
    round_2 = tables_of(path, 2)
    before = path.read_bytes()
    # the twin's words for it, as the console says them
    twin = twin_copy(path, tmp_path)
    refused = console_words(CONSOLE.render(message_of(refusal(api.seat, twin, 1, seed=9))))
    cleared = [console_words(CONSOLE.field(line)) for line in api.seat(twin, 1, seed=9, force=True).lines]
    question = "Write this seating? (Undo the last change puts the previous one back.)"
    asked = []
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.on("dialog", lambda d: (asked.append(d.message), d.dismiss() if len(asked) == 1 else d.accept()))
        page.fill("#seat-round", "1")
        page.fill("#seat-seed", "9")
        # the first time the organizer says no: nothing written, the refusal said
        assert submit(page, "#seat") == refused
        # asked: the refusal's words, what the new seating would be (a dry run), the question
        assert len(asked) == 1 and asked[0].startswith(f"{refused}\n\n") and asked[0].endswith(question)
        assert "\n".join(cleared) in console_words(asked[0])
        assert path.read_bytes() == before
        # then yes
        page.fill("#seat-round", "1")
        page.fill("#seat-seed", "9")
        said = submit(page, "#seat")
        assert len(asked) == 2 and said.startswith("round 1 seated: 22 players at 5 tables")
        assert said.startswith("\n".join(cleared)) and "the seating of round 2 (no result yet) is cleared" in said
        assert [r["round"] for r in api.standings(path)["rounds"] if r["tables"]] == [1]
        # and undo puts round 2 back
        assert submit(page, "#undo").startswith("restored cup.xlsx as it was before \"organizer: seating of round 1\"")
        assert tables_of(path, 2) == round_2 and path.read_bytes() == before
        page.close()


def test_seating_a_seated_round_again_and_undo_after_a_spreadsheet_save_ask_in_the_consoles_words(
        browser, tmp_path):
    """Round 1 seated, nothing played: seating it again is refused, then done
    once the organizer confirms; after a save in a spreadsheet, undo asks
    before it loses that save. Each question names the page's own controls,
    never a command line."""
    from archon.formats.workbook import new_event
    from test_console_words import _saved_in_a_spreadsheet
    from test_eventday import winter_cup

    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(0))  # 22 players registered
    api.seat(path, 1, seed=1)
    before = path.read_bytes()
    asked = []
    with Server(path) as base:
        page = organizer_page(browser, base)
        page.on("dialog", lambda d: (asked.append(d.message), d.dismiss() if len(asked) == 1 else d.accept()))
        page.fill("#seat-round", "1")
        said = submit(page, "#seat")  # the organizer says no: nothing written, the refusal on the page
        assert page.get_attribute("#log p", "class") == "error" and path.read_bytes() == before
        assert len(asked) == 1 and asked[0].startswith(f"{said}\n\n")
        for text in (said, asked[0]):
            assert '"Seat the round" for round 1, then OK when the page asks' in text
            assert not COMMAND_TEXT.search(text) and "--force" not in text
        page.fill("#seat-round", "1")
        page.fill("#seat-seed", "9")
        assert submit(page, "#seat").startswith("round 1 seated: 22 players at 5 tables") and len(asked) == 2
        # saved in a spreadsheet meanwhile: once the page shows it, undo asks before it loses that save
        seen = page.get_attribute("#live", "data-version")
        _saved_in_a_spreadsheet(path)
        page.wait_for_function(f"() => document.querySelector('#live').dataset.version !== '{seen}'")
        said = submit(page, "#undo")
        assert len(asked) == 3, asked
        assert '"Undo the last change", then OK when the page asks' in console_words(asked[2])
        assert "archon undo" not in asked[2] and "--force" not in asked[2]
        assert asked[2].endswith("OK: restore it anyway (the changes made since are lost; the version it replaces "
                                 "is kept as a backup).")
        assert said.startswith("restored cup.xlsx as it was before \"organizer: seating of round ")
        assert path.read_bytes() == before
        page.close()


def tied_after_round_1(tmp_path: Path) -> Path:
    """8 players, round 1 of 3 played: each table's seat 1 (#1, #5) wins with 2 VP
    (GW 1, VP 2, TP 60): the two tie for places 1 and 2."""
    from archon.rules.model import Event, Player, Round, Table
    from archon.formats.workbook import new_event

    path = tmp_path / "early.xlsx"
    event = Event(name="Early", level="Standard Constructed", preliminary_rounds=3,
                  players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, 9)])
    event.rounds.append(Round(1, [Table([1, 2, 3, 4], [2, 1, 1, 0]), Table([5, 6, 7, 8], [2, 1, 1, 0])]))
    new_event(path, event)
    return path


def test_the_finals_buttons_are_off_with_the_reason_until_the_api_would_take_them(browser, tmp_path):
    from archon.formats.workbook import new_event
    from test_eventday import winter_cup

    early = tied_after_round_1(tmp_path)
    with Server(early) as base:
        page = organizer_page(browser, base)
        assert page.is_visible("#toss button") and page.is_disabled("#toss button")
        assert page.text_content("#toss .why") == "once every table has its result"
        # rules 3.1.6: no final only below 8 players, whenever it is asked
        assert page.is_disabled("#no-final button")
        assert page.text_content("#no-final .why") == ("8 players attended: rules 3.1.6 allow a tournament without "
                                                       "a final only with fewer than 8 players")
        # the API refuses both, as the page says
        refused = page.evaluate("""() => Promise.all(['/api/toss', '/api/finals'].map((url, k) => fetch(url,
            {method: 'POST', credentials: 'same-origin', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify(k ? {none: true} : {})}).then(r => r.json())))""")
        assert refused[0]["error"].endswith(": toss once every table has its result")
        assert refused[1]["error"].startswith("8 players attended")
        page.close()
    # the Winter Cup's 3 rounds played, a tie at the cut (test_event_e2e): the toss is on, and does it
    done = tmp_path / "cup.xlsx"
    new_event(done, winter_cup(3))
    with Server(done) as base:
        page = organizer_page(browser, base)
        assert page.is_enabled("#toss button") and page.locator("#toss .why").count() == 0
        page.on("dialog", lambda d: d.accept())  # the toss asks first (test_console_a11y_browser)
        assert submit(page, "#toss").startswith("draw seed ")
        page.wait_for_selector("#final-seating")
        assert page.is_enabled("#final-seating button") and page.locator("#final-seating .why").count() == 0
        page.close()


def _finals_printed(path: Path) -> list[str]:
    """What 'archon finals' prints for ``path``, line by line."""
    return CliRunner().invoke(main, ["finals", str(path)]).output.splitlines()


def test_the_finalists_read_as_seeds_and_the_seat_choice_as_an_order_in_the_command_lines_words(browser, tmp_path):
    from archon.formats.workbook import new_event
    from test_eventday import tossed, winter_cup

    early = tied_after_round_1(tmp_path)
    rows = "t => Array.from(t.querySelectorAll('tr')).slice(1).map(r => Array.from(r.cells).map(c => c.textContent))"
    with Server(early) as base:
        page = organizer_page(browser, base)
        assert page.text_content("#finalists caption") == "Current leaders (the preliminary rounds are not over)"
        # no numbered list that could read as an order: the seed of each, '-' while a toss must decide it
        assert page.eval_on_selector("#finalists", rows) == [["-", "1", "First1 Last1", "1", "2", "60"],
                                                               ["-", "5", "First5 Last5", "1", "2", "60"]]
        assert page.locator("#finals ol").count() == 0
        ties = [line.split(": once the preliminary rounds are over, run")[0]
                for line in _finals_printed(early) if line.startswith("tie: ")]
        assert ties[0].startswith("tie: players #1 First1 Last1, #5 First5 Last5 are tied for places 1 to 2")
        assert page.locator("#finals p.tie").all_text_contents() == ties
        page.close()
    done = tmp_path / "cup.xlsx"
    new_event(done, tossed(winter_cup(3), winner=15))
    with Server(done) as base:
        page = organizer_page(browser, base)
        assert page.text_content("#finalists caption") == "Finalists"
        # test_event_e2e: seeds 1 to 4 are #1, #2, #4, #6; #15 won the toss for seed 5
        assert [r[:2] for r in page.eval_on_selector("#finalists", rows)] == [
            ["1", "1"], ["2", "2"], ["3", "4"], ["4", "6"], ["5", "15"]]
        # the seat choice, the lowest qualifier first (rules 3.1.3), as 'archon finals' says it
        printed = _finals_printed(done)
        assert page.text_content("#seat-choice") in printed
        shown = page.locator("#choosing li").all_text_contents()
        assert shown == ["seed 5: #15 Oscar Jensen", "seed 4: #6 Farid Haddad", "seed 3: #4 Dmitri Volkov",
                         "seed 2: #2 Bruno Ferreira", "seed 1: #1 Anna Kowalski"]
        assert [f"  {k}. {line}" for k, line in enumerate(shown, start=1)] == [
            line for line in printed if line.startswith("  ") and ". seed " in line]
        page.close()


# Whether the middle of an element is the element itself, seen where the page is scrolled (nothing over it).
ON_TOP = """sel => { const el = document.querySelector(sel), b = el.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= innerHeight && document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === el; }"""


def test_a_refusal_on_a_phone_covers_nothing_the_organizer_must_type_next(browser, small, tmp_path):
    with Server(small) as base:
        org = organizer_page(browser, base, PHONE)
        org.evaluate("() => document.querySelector('#round-1').open = true")
        # round 1, table 3 ended 2.5 0 0 0.5 (test_event_e2e); retyped 3 0 0 1, which no game gives, and sent
        # before its verdict came back (a quick tap): the server refuses it and says a judge may accept it
        org.check("#r1t3-replace")
        type_vps(org, "r1t3", [3, 0, 0, 1])
        # the organizer's thumb is on this table: its override field near the top of the screen
        org.evaluate("() => scrollBy(0, document.querySelector('#r1t3-override').getBoundingClientRect().top - 60)")
        assert org.evaluate(ON_TOP, "#r1t3-override")
        org.evaluate("() => { document.activeElement.blur(); document.querySelector('#r1t3').requestSubmit(); }")
        org.wait_for_function(QUIET)
        said = org.text_content("#log p")
        assert org.get_attribute("#log p", "class") == "error"
        # the twin's refusal, in the console's words: a judge's reason accepts it
        exc = refusal(api.result, twin_copy(small, tmp_path), [3, 0, 0, 1], round=1, table=3, replace=True)
        assert said == console_words(CONSOLE.render(message_of(exc))) and said.startswith("round 1, table 3: ")
        # the answer is on the page, the override field still uncovered where it was: typed into at once
        assert org.is_visible("#r1t3 + #log p") and org.evaluate(ON_TOP, "#r1t3-override")  # the answer under its form
        org.click("#r1t3-override", timeout=5_000)
        org.keyboard.type("seat 4 ejected: a judge's decision")
        org.wait_for_function("() => document.querySelector('#r1t3 button').textContent === \"Record as judge's decision\"")
        assert submit(org, "#r1t3").startswith("round 1, table 3: ")
        assert org.get_attribute("#log p", "class") is None
        org.close()
