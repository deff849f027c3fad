"""The formats' words are data: a conversion's lines, the CSV set's notes, the
VEKN outputs' and the reports' refusals are messages (an id and fields), and
the command line reads them as it did before they were (sentences typed by
hand, as the organizer read them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from archon.cli.words import CliRenderer
from archon.exits import ExitStatus
from archon.formats.convert import ConversionResult, ConversionStopped, ConvertError, Finding, SourceRead, convert
from archon.formats.csvset import CsvNote, CsvSetError, load_csv_set, write_csv_set
from archon.formats.vekn import VeknReportError, archondata
from archon.reports import ReportError
from archon.rules.model import Event, JudgeWarning, Player, Round, Table
from archon.rules.standings import compute
from archon.words import WordedError, act, message_of, option, say
from archon.words.render import PLAIN

CLI = CliRenderer("cup.xlsx")


def _event() -> Event:
    players = [Player(n, f"F{n}", f"L{n}", vekn=f"100000{n}") for n in range(1, 9)]
    return Event(name="Cup", level="Standard Constructed", players=players,
                 rounds=[Round(1, [Table([1, 2, 3, 4], [1, 1, 1, 1]), Table([5, 6, 7, 8], [2, 1, 1, 0])])])


def test_the_errors_are_worded_errors_keeping_their_exit_status():
    for cls in (ConvertError, CsvSetError, VeknReportError, ReportError):
        assert issubclass(cls, WordedError) and issubclass(cls, ValueError)
    assert CsvSetError("x").exit_status == ExitStatus.UNREADABLE
    assert ConversionStopped.exit_status == ExitStatus.PROBLEMS


def test_the_warnings_left_in_the_workbook_name_the_command_that_lists_them(tmp_path):
    ev = _event()
    ev.warnings.append(JudgeWarning(2, "slow play", 1))
    written = write_csv_set(ev, tmp_path / "set")
    said = next(m for m in written.not_held if m.id == "csvset.not_held.warnings")
    assert said.fields["show"] == act("warnings")
    assert CLI.render(said) == ("the judges' warnings (1) are not in the CSV set: they stay in the workbook "
                                "('archon warnings cup.xlsx')")


def test_a_csv_note_keeps_its_id_and_reads_as_before(tmp_path):
    folder = tmp_path / "set"
    write_csv_set(_event(), folder)
    (folder / "Round-1.csv").write_bytes(b"Player,First,Last,Table,VP\r\n" + (folder / "Round-1.csv").read_bytes())
    read = load_csv_set(folder)
    header = next(n for n in read.notes if n.said.id == "csvset.header_skipped")
    assert str(header) == "Round-1.csv, line 1: a header line: skipped"
    assert CsvNote("a.csv", None, "plain").said == say("text", text="plain")


def test_a_csv_set_refusal_names_the_file_and_line(tmp_path):
    folder = tmp_path / "set"
    write_csv_set(_event(), folder)
    (folder / "Round-1.csv").write_text("1,F1,L1,1,1\r\nx,F2,L2,1,1\r\n")
    with pytest.raises(CsvSetError) as err:
        load_csv_set(folder)
    assert message_of(err.value).id == "csvset.at_line"
    assert message_of(err.value).fields["file"] == "Round-1.csv" and message_of(err.value).fields["line"] == 2
    assert str(err.value) == "Round-1.csv, line 2: column 1 (player number) holds 'x': expected a whole number from 1"


def test_the_vekn_outputs_refusal_names_the_result_to_record():
    ev = _event()
    ev.rounds.append(Round(2, [Table([1, 5, 2, 6], [1, 1, 1, 1]), Table([3, 7, 4, 8], [1, 1, 1, 1])]))
    ev.rounds.append(Round(3, [Table([1, 7, 4, 6], [1, 1, 1, 1]), Table([3, 5, 2, 8], [1, 1, 1, 1])]))
    with pytest.raises(VeknReportError) as err:
        archondata(compute(ev))
    said = message_of(err.value)
    assert said.id in ("vekn.final_pending", "vekn.ties")
    if said.id == "vekn.final_pending":
        assert CLI.render(said) == ("the event is not finished: the final has no result yet "
                                    "(archon result cup.xlsx --final ...)")
    else:
        assert CLI.render(said).endswith(": run 'archon toss cup.xlsx'")


def test_a_report_of_a_round_not_seated_says_to_seat_it():
    from archon.reports.data import find_round

    data = {"event": {"rounds_to_play": 3}, "rounds": [{"round": 1, "tables": [{"seats": []}]}]}
    with pytest.raises(ReportError) as err:
        find_round(data, 2)
    assert CLI.render(message_of(err.value)) == (
        "round 2 has no seating (rounds seated: 1); seat it first with 'archon seat cup.xlsx --round 2'")
    with pytest.raises(ReportError) as err:
        find_round(data, 5)
    assert CLI.render(message_of(err.value)) == (
        "there is no round 5: the event has 3 preliminary rounds (--round 1 to 3; the final is in the report workbook)")


def test_a_conversion_says_what_it_did_in_messages(tmp_path):
    from archon.formats.serialize import standings_to_dict
    import json

    source = tmp_path / "cup.json"
    source.write_text(json.dumps(standings_to_dict(compute(_event()))))
    result = convert(source, tmp_path / "new.xlsx")
    lines = result.lines()
    cli = CliRenderer()
    assert all(hasattr(line, "id") for line in lines)
    rendered = [cli.render(line) for line in lines]
    assert rendered[0].startswith("read cup.json: archon's standings JSON (Cup")
    assert rendered[1] == "  event: 8 players, 3R+F, rounds 1 seated"
    assert rendered[2] == "  rule edition: current (recorded in the input)"
    checked = next(line for line in lines if line.id in ("convert.checked", "convert.checked_clean"))
    assert checked.fields["check"] == act("check", file="new.xlsx")
    assert cli.render(checked).startswith("archon check new.xlsx: ")
    result.edition_from = "default"  # what an input that records no edition says
    assert cli.render(result.lines()[2]) == (
        "  rule edition: current (default; the input does not say, give --edition otherwise)")


def test_a_stopped_conversion_names_the_option_that_leaves_values_out(tmp_path):
    src = SourceRead(Path("old.xls"), "workbook", "The Archon v1.2", Event(),
                     unmapped=[Finding("Extra!A1", "x"), Finding("Extra!B1", "y")])
    stop = ConversionStopped(ConversionResult(src, Path("new.xlsx"), "current", "default"))
    assert message_of(stop).fields["force"] == option("force")
    assert CLI.render(message_of(stop)) == ("old.xls: 2 values have no place in the current Archon layout; nothing "
                                           "was written (convert with --force to leave them out)")
    assert "--force" not in str(stop) and "force" in str(stop)


def test_a_standings_json_that_is_not_json_names_the_command_that_writes_it(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    with pytest.raises(ConvertError) as err:
        convert(bad, tmp_path / "new.xlsx")
    said = message_of(err.value)
    assert said.id == "convert.json.invalid" and said.fields["standings"] == act("standings", json=True)
    assert CliRenderer().render(said) == ("bad.json, line 1, column 2: not valid JSON (Expecting property name "
                                          "enclosed in double quotes): expected the output of "
                                          "'archon standings FILE --json'")
    assert PLAIN.render(said).endswith("expected the output of 'standings(json=True)'")


def test_a_csv_set_is_replaced_only_with_force(tmp_path):
    from archon.reports.output import CSV_SET, check_target

    write_csv_set(_event(), tmp_path / "set")
    with pytest.raises(ReportError) as err:
        check_target(tmp_path / "set", CSV_SET)
    said = message_of(err.value)
    assert said.id == "report.earlier_csv_set" and said.fields["force"] == option("force")
    assert CLI.render(said) == (f"{tmp_path / 'set'} holds an earlier CSV set (Methuselahs.csv, Report.csv, "
                                "Round-1.csv): give another folder, or --force to replace its files")
