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


# The rest of the formats' words, and those of the rules, the seating and the
# archives: each an id and fields, reading as the sentence printed before.


def test_a_players_list_says_how_it_split_a_long_name_in_messages(tmp_path):
    from archon.formats.players_csv import PlayersCSVError, parse_players_csv, split_lines, split_said

    said = split_said("Carl de la Cruz")
    assert said.id == "players_csv.split" and said.fields["last"] == "Cruz"
    rows = parse_players_csv("Name\n" + "".join(f"Ann Marie Doe{n}\n" for n in range(5)), "players.csv")
    lines = split_lines(rows, "players.csv")
    assert [m.id for m in lines] == ["players_csv.split_at"] * 3 + ["players_csv.more_split"]
    assert CLI.render(lines[0]) == ('players.csv, line 2: "Ann Marie Doe0" is read as first name "Ann Marie", last '
                                    'name "Doe0" (the last word), as vekn.net receives it; for last name "Marie Doe0" '
                                    'type it last name first: "Marie Doe0, Ann"')
    assert CLI.render(lines[-1]) == ('and 2 more names of three or more words split on the last space: type them '
                                     '"Last, First" in players.csv if they are not')
    with pytest.raises(PlayersCSVError) as err:
        parse_players_csv("Name,VEKN\nBruno\x00,3000009\n", "players.csv")
    assert message_of(err.value).id == "players_csv.binary"
    assert str(err.value) == ("players.csv, line 2: binary data, not a CSV text file: save the players list as CSV "
                              "(comma or semicolon separated text)")


def test_an_archive_says_what_it_read_and_converted_in_messages(tmp_path):
    from archon.across.archive import convert_folder, read_archive

    folder = tmp_path / "events"
    folder.mkdir()
    write_csv_set(_event(), folder / "2026-03-14 Cup")
    (folder / "notes.txt").write_text("x")
    (folder / "broken.json").write_text("{oops")
    read = read_archive([folder], processes=1)
    lines = read.lines()
    assert [m.id for m in lines] == ["archive.failed", "archive.skipped", "archive.summary"]
    assert CLI.render(lines[1]) == f"skipped {folder / 'notes.txt'}: not an event file (.txt)"
    assert CLI.render(lines[-1]) == "1 event read, 1 file could not be read, 0 duplicates counted once, 1 other file skipped"
    done = convert_folder(folder, tmp_path / "new")
    rendered = [CLI.render(m) for m in done.lines()]
    assert rendered[0] == f"converted {folder / '2026-03-14 Cup'} -> {tmp_path / 'new' / '2026-03-14 Cup.xlsx'}"
    assert rendered[1].startswith(f"could not convert {folder / 'broken.json'}: broken.json, line 1, column 2")
    assert rendered[-1] == "1 event converted, 1 file could not be, 0 duplicates converted once, 1 other file skipped"


def test_a_conversion_says_its_steps_in_messages(tmp_path):
    write_csv_set(_event(), tmp_path / "set")
    steps = []
    convert(tmp_path / "set", tmp_path / "new.xlsx", progress=steps.append)
    assert [m.id for m in steps] == ["convert.progress.reading", "convert.progress.writing", "convert.progress.checking"]
    assert [CLI.render(m) for m in steps] == ["reading set...", "writing new.xlsx...", "checking new.xlsx..."]
    with pytest.raises(ConvertError) as err:
        convert(tmp_path / "set", tmp_path / "new.ods")
    assert str(err.value) == "new.ods: archon writes Excel workbooks: give an output name ending in .xlsx"


def test_the_rules_and_the_seating_refuse_in_messages():
    from archon.rules.scoring import VPError, score_table
    from archon.seating.tables import SeatingError, staggered_round_sizes, table_sizes

    with pytest.raises(VPError) as err:
        score_table([1, 1, 1, 7], "current")
    assert message_of(err.value).id == "vp.out_of_range"
    assert str(err.value) == "seat 4: 7 VP is outside 0 to 4 (a 4-player table)"
    with pytest.raises(VPError) as err:
        score_table([1, 1, 1], "current")
    assert str(err.value) == "a table has 4 or 5 players, not 3"
    with pytest.raises(SeatingError) as err:
        table_sizes(7)
    assert message_of(err.value).id == "seating.staggered_needed"
    assert str(err.value) == ("7 players cannot sit at tables of 4 and 5: use a staggered plan, where some players "
                              "sit out each round")
    with pytest.raises(SeatingError) as err:
        staggered_round_sizes(7, 2, 2)
    assert str(err.value) == "7 players cannot all play 2 rounds of 2 rounds at tables of 4 and 5; 3 rounds where each player plays 2 would work"


def test_rating_and_league_name_their_options_as_options():
    from archon.across.outcome import AcrossError, league, rating

    with pytest.raises(AcrossError) as err:
        rating([], as_of="14/03/2026")
    said = message_of(err.value)
    assert said.id == "across.not_a_date" and said.fields["option"] == option("as_of")
    assert CLI.render(said) == "--as-of '14/03/2026': expected a date, YYYY-MM-DD"
    with pytest.raises(AcrossError) as err:
        league([])
    assert CLI.render(message_of(err.value)) == "--best N: how many results count (or give a league file, league.toml)"


def test_the_vekn_outputs_refuse_a_player_without_a_vekn_number_in_a_message():
    ev = _event()
    ev.has_final = False
    ev.preliminary_rounds = 1
    ev.player(3).vekn = ev.player(5).vekn = None
    for tie in compute(ev).ties:  # tossed
        for coin, n in enumerate(tie.players, start=1):
            ev.player(n).coin = coin
    with pytest.raises(VeknReportError) as err:
        archondata(compute(ev))
    assert message_of(err.value).id == "vekn.no_vekn"
    assert str(err.value) == ("2 players have no VEKN number (#5 F5 L5, #3 F3 L3): vekn.net refuses the report; type "
                              "their numbers in Methuselahs!E (column E of their rows)")
