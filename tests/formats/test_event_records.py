"""Check-ins and codes in the workbook (issue 25): custom document
properties that archon reads back as written, that an undone check-in or an
unregistered player empties, that LibreOffice keeps when it opens and saves
the official workbook, and that a property archon cannot read is named and
left out, never a crash."""

from __future__ import annotations

import datetime
import re
import zipfile

from archon import api
from archon.eventday import checkin, codes
from archon.formats.workbook import new_event, read_event, write_event
from archon.formats.workbook.event_records import event_properties, read_event_records
from archon.formats.workbook.read_info import PROPERTIES
from archon.rules.model import CheckIn, Event, Player
from conftest import official_file, recalculated

FIRST = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]


def club() -> Event:
    ev = Event(name="Club Night", date=datetime.date(2026, 12, 5), preliminary_rounds=2)
    ev.players = [Player(k, first, "Test") for k, first in enumerate(FIRST, start=1)]
    return ev


def checked(ev: Event) -> Event:
    ev = checkin.check_in_all(ev).event
    ev.checked_in[5] = CheckIn("2026-12-05T09:15:00Z", "phone")
    return checkin.undo_check_in(ev, 2).event


def test_the_official_workbook_keeps_check_ins_and_codes_through_libreoffice(tmp_path, soffice):
    path = tmp_path / "club.xlsx"
    ev = checked(club())
    new_event(path, ev, template=official_file("xlsx"))
    back = read_event(path).event
    assert back.checked_in == ev.checked_in and back.codes == ev.codes and back.checkin_code == ev.checkin_code
    saved = recalculated(soffice, path, tmp_path)  # opened and saved again by LibreOffice
    again = read_event(saved)
    assert again.event.checked_in == ev.checked_in and again.event.codes == ev.codes
    assert again.event.checkin_code == ev.checkin_code
    assert [p for p in again.problems if p.sheet == PROPERTIES] == []


def test_an_undone_check_in_and_an_unregistered_player_leave_nothing_behind(tmp_path):
    path = tmp_path / "club.xlsx"
    new_event(path, checked(club()))
    api.checkin(path, "Cleo", undo=True)
    api.unregister(path, "Hana")
    with zipfile.ZipFile(path) as z:
        xml = z.read("docProps/custom.xml").decode()
    assert re.search(r'name="archon:code:8"><vt:lpwstr>\s*</vt:lpwstr>', xml)  # Hana's code is gone
    assert re.search(r'name="archon:checkin:3"><vt:lpwstr>\s*</vt:lpwstr>', xml)  # Cleo's check-in too
    ev = read_event(path).event
    assert sorted(ev.checked_in) == [1, 4, 5, 6, 7] and sorted(ev.codes) == list(range(1, 8))


def test_properties_archon_cannot_read_are_named_and_left_out():
    ev = Event(players=[Player(1, "Ada", "Test"), Player(2, "Ben", "Test")])
    bad = read_event_records({"archon:checkin:1": "yesterday|phone", "archon:checkin:2": "2026-12-05T09:00:00Z|phone",
                              "archon:code:1": "abc", "archon:code:2": "K7M2QX9A",
                              "archon:checkin-code": "O0"}, ev)
    assert ev.checked_in == {2: CheckIn("2026-12-05T09:00:00Z", "phone")}
    assert ev.codes == {2: "K7M2QX9A"} and ev.checkin_code is None
    names = [name for name, _ in bad]
    assert names == ["archon:checkin:1", "archon:code:1", "archon:checkin-code"]
    assert all("abc" not in str(m.fields) for _, m in bad)  # a code is never quoted back


def test_written_properties_name_each_player_by_number():
    ev, _ = codes.with_codes(club())
    ev.checked_in[3] = CheckIn("2026-12-05T09:00:00Z", "organizer")
    props = event_properties(ev, {"archon:checkin:9": "2026-12-05T08:00:00Z|phone"})
    assert props["archon:checkin:3"] == "2026-12-05T09:00:00Z|organizer"
    assert props["archon:checkin:9"] == ""  # a player no longer there
    assert props["archon:code:8"] == ev.codes[8] and props["archon:checkin-code"] == ev.checkin_code
