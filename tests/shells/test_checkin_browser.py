"""Check-in in a real browser (issue 25's "done when"): the system's
headless Chromium, every page at a phone's size. 15 players are registered;
12 check in from their own phones (the players' page, the event's check-in
code from the organizer's screen) and each gets their personal code, the
one the organizer's page shows beside them and nowhere else; a second
claim of a player is refused and shown to the organizer; 2 are checked in
by the organizer; one never comes. Seating round 1 from the console names
the absent player, then seats the 14 others, the absent dropped as a no-show."""

from __future__ import annotations

import datetime

from archon.formats.workbook import new_event, read_event
from archon.rules.model import Event, Player
from conftest import official_file
from test_console_browser import PHONE, TOKEN, Server, browser, submit  # noqa: F401 - browser: the fixture

NAMES = ["Anna Kowalski", "Bruno Ferreira", "Chloé Martin", "Dmitri Volkov", "Elena Rossi", "Farid Haddad",
         "Greta Lindqvist", "Hugo Lefebvre", "Ines Navarro", "Jakub Novak", "Kaito Tanaka", "Lena Schmidt",
         "Marco Bianchi", "Nadia Petrova", "Oscar Jensen"]
BY_PHONE = NAMES[:12]
BY_ORGANIZER = [13, 14]  # Marco Bianchi, Nadia Petrova
ABSENT = 15  # Oscar Jensen never comes


def _event() -> Event:
    ev = Event(name="Phone Cup", date=datetime.date(2026, 12, 5), city="Lyon", preliminary_rounds=3)
    ev.players = [Player(k, *name.split(" ", 1), vekn=str(3000200 + k)) for k, name in enumerate(NAMES, start=1)]
    return ev


def test_fifteen_registered_twelve_by_phone_two_by_the_organizer_one_absent(browser, tmp_path):
    path = tmp_path / "phone-cup.xlsx"
    new_event(path, _event(), template=official_file("xlsx"))
    with Server(path) as base:
        org = browser.new_page(viewport=PHONE)
        org.set_default_timeout(60_000)
        org.goto(f"{base}/organizer?token={TOKEN}")
        org.wait_for_selector("#checkin")
        submit(org, "#checkin-codes")  # opening check-in makes the codes
        org.wait_for_selector("#checkin-code")
        event_code = org.text_content("#checkin-code").strip()
        shown = {k: org.text_content(f"#checkin-{k} code").strip() for k in range(1, 16)}
        assert len(set(shown.values())) == 15 and event_code not in shown.values()
        assert org.get_attribute("#checkin-qr", "src").startswith("/checkin/qr.svg")

        phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        for k, name in enumerate(BY_PHONE, start=1):
            phone = phones.new_page()
            phone.set_default_timeout(60_000)
            phone.goto(f"{base}/?checkin={event_code}")  # the QR code's address
            assert phone.input_value("#checkin-typed") == event_code
            phone.fill("#checkin-name", name.lower() if k % 2 else name)
            phone.click("#checkin-send")
            phone.wait_for_selector("#personal-code")
            assert phone.text_content("#personal-code").strip() == shown[k]
            assert name in phone.text_content("#phone-checkin-answer")
            page_text = phone.content()
            assert not any(code in page_text for n, code in shown.items() if n != k)  # no one else's code
            box = phone.evaluate("() => document.querySelector('#personal-code').getBoundingClientRect().right")
            assert box <= PHONE["width"]  # the code fits the phone's screen
            phone.close()

        # someone claims Anna Kowalski again from another phone: refused, and the organizer sees it
        thief = phones.new_page()
        thief.goto(f"{base}/")
        thief.fill("#checkin-name", "Anna Kowalski")
        thief.fill("#checkin-typed", event_code)
        thief.click("#checkin-send")
        thief.wait_for_selector("#phone-checkin-answer p.error")
        assert "Anna Kowalski has checked in from a phone already" in thief.text_content("#phone-checkin-answer")
        assert shown[1] not in thief.content()
        org.wait_for_selector("#checkin-alerts p")
        assert "Anna Kowalski (#1)" in org.text_content("#checkin-alerts")

        for k in BY_ORGANIZER:
            assert f"#{k} {NAMES[k - 1]} checked in" in submit(org, f"#checkin-{k} form")
        org.wait_for_function("() => document.querySelector('#checkin-count').textContent.includes('14 of 15')")
        assert "from a phone" in org.text_content("#checkin-3") and "by the organizer" in org.text_content("#checkin-13")

        refused = submit(org, "#seat")  # the round's own button: round 1
        assert "#15 Oscar Jensen" in refused and "not checked in" in refused
        assert "Seat round 1, dropping them as no-shows" in refused
        assert 1 not in read_event(path).typed_rounds  # nothing seated: The Archon's chart only proposes
        assert "Oscar Jensen" in org.text_content("#checkin-absent")
        done = submit(org, "#seat-absent-drop")
        assert "dropped as no-shows (N): #15 Oscar Jensen" in done
        assert "round 1 seated: 14 players" in done
        phones.close()
        org.close()
    ev = read_event(path).event
    seated = sorted(ev.round(1).players())
    assert seated == list(range(1, 15)) and ev.player(ABSENT).out == "N"
    assert {n: c.by for n, c in ev.checked_in.items()} == {**{k: "phone" for k in range(1, 13)},
                                                         13: "organizer", 14: "organizer"}
