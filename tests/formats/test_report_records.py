"""The players' reports of their table in a workbook's document properties
(issue 25): one property per table, blanked once the table's reports are
done with (a document property is set, never removed), and the switch."""

from __future__ import annotations

from archon.formats.workbook import new_event, read_event, write_event
from archon.formats.workbook.report_records import read_reporting_off, read_reports, report_properties
from archon.rules.model import PlayerReport
from test_player_reports import round_2_seated


def test_reports_and_the_switch_go_through_a_workbook_and_a_done_table_is_blanked(tmp_path):
    path = tmp_path / "cup.xlsx"
    ev = round_2_seated()
    ev.player_reports = [PlayerReport(2, 2, [5, 0, 0, 0, 0], 2, "2026-11-27T10:00:00Z"),
                         PlayerReport(2, 2, [0, 5, 0, 0, 0], 7, "2026-11-27T10:01:30Z"),
                         PlayerReport(2, 4, [0.5, 0.5, 0.5, 0.5], 9, "2026-11-27T10:02:00Z")]
    ev.reporting_off = True
    new_event(path, ev)
    read = read_event(path)
    assert read.event.player_reports == ev.player_reports and read.event.reporting_off is True
    assert not read.problems
    after = read.event
    after.player_reports = after.player_reports[2:]  # table 2 recorded: its reports are done with
    after.reporting_off = False
    write_event(path, after)
    again = read_event(path).event
    assert [(r.table, r.player) for r in again.player_reports] == [(4, 9)]
    assert again.reporting_off is False


def test_a_property_archon_cannot_read_is_said_not_guessed():
    reports, bad = read_reports({"archon:report:2:3": "7|2 0 1 1 1|2026-11-27T10:00:00Z;twelve|x|",
                                 "archon:report:1:1": ""})
    assert reports == [] and [name for name, _ in bad] == ["archon:report:2:3"]
    assert read_reporting_off({"archon:reporting": "OFF"}) is True
    assert read_reporting_off({}) is False
    # a table whose reports are done with is blanked; the switch written once it was off
    assert report_properties([], False, {"archon:report:1:1": "7|4 0 0 0|", "archon:reporting": "off"}) == {
        "archon:report:1:1": "", "archon:reporting": "on"}


def test_the_finals_reports_read_back_after_the_rounds_and_a_bad_round_is_said():
    props = {"archon:report:F:1": "4|0 3 0 2 0|2026-11-27T15:02:40Z",
             "archon:report:2:4": "9|1 1 1 1|2026-11-27T10:02:00Z",
             "archon:report:G:1": "4|0 3 0 2 0|2026-11-27T15:02:40Z",
             "archon:report:F:2": "4|0 3 0 2 0|2026-11-27T15:02:40Z"}
    found, bad = read_reports(props)
    assert [(r.round, r.table, r.player) for r in found] == [(2, 4, 9), ("F", 1, 4)]
    assert sorted(name for name, _ in bad) == ["archon:report:F:2", "archon:report:G:1"]
    assert report_properties(found, False)["archon:report:F:1"] == "4|0 3 0 2 0|2026-11-27T15:02:40Z"
