"""Players CSV files read with CSV's quoting rules over the whole file:
doubled quotes, quoted commas and semicolons, and what does not parse (a
quote never closed, a binary file) refused naming the line, exit status 2.

Expected values are read off the file texts by hand.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.exits import ExitStatus
from archon.formats.players_csv import PlayersCSVError, parse_players_csv, read_players_csv


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_doubled_quotes_are_one_quote():
    rows = parse_players_csv('First Name,Last Name,VEKN,City\n"O""Brien",Pat,3000001,Dublin\n')
    assert [(r.first_name, r.last_name, r.vekn, r.city) for r in rows] == [('O"Brien', "Pat", "3000001", "Dublin")]


def test_a_field_with_doubled_quotes_and_a_comma_keeps_the_columns():
    text = ('First Name,Last Name,VEKN,City\n'
            '"Anna ""Nan"", Jr",Kowalski,3000002,"Lyon, France"\n'
            'Bruno,Da Silva,3000003,Porto\n')
    rows = parse_players_csv(text)
    assert [(r.first_name, r.last_name, r.vekn, r.city, r.line) for r in rows] == [
        ('Anna "Nan", Jr', "Kowalski", "3000002", "Lyon, France", 2),
        ("Bruno", "Da Silva", "3000003", "Porto", 3),
    ]


def test_semicolons_with_quoted_semicolons_and_commas():
    text = 'Name;VEKN;City\n"Kowalski, Anna";3000004;"Paris; 75"\n"Smith; Bo";3000005;Rome\n'
    rows = parse_players_csv(text)
    assert [(r.first_name, r.last_name, r.vekn, r.city) for r in rows] == [
        ("Anna", "Kowalski", "3000004", "Paris; 75"),
        ("Smith;", "Bo", "3000005", "Rome"),
    ]


def test_a_header_with_a_comma_inside_quotes_does_not_fool_the_delimiter():
    text = '"Name, full";VEKN\nAnna Kowalski;3000006\n'
    with pytest.raises(PlayersCSVError, match="line 1: no name columns"):
        parse_players_csv(text)  # the one name column is 'Name, full': not a name header
    rows = parse_players_csv('Name;"VEKN, if any"\nAnna Kowalski;3000006\n')
    assert [(r.first_name, r.last_name) for r in rows] == [("Anna", "Kowalski")]


def test_an_unterminated_quote_is_refused_naming_its_line():
    text = ('First Name,Last Name,City,VEKN\n'
            'Anna,Kowalski,Lyon,3000007\n'
            '"unterminated,Last,Town,3000001\n'
            'Bruno,Da Silva,Porto,3000003\n')
    with pytest.raises(PlayersCSVError, match=r"line 3: .*quote"):
        parse_players_csv(text, "late.csv")


def test_a_quote_closed_lines_later_is_refused_naming_where_it_opened():
    text = ('First Name,Last Name,City,VEKN\n'
            '"Anna,Kowalski,Lyon,3000007\n'
            'Bruno",Da Silva,Porto,3000003\n')
    with pytest.raises(PlayersCSVError, match=r"late.csv, line 2: a quoted field runs on to line 3"):
        parse_players_csv(text, "late.csv")


def test_register_from_an_unterminated_quote_exits_2_naming_the_line(tmp_path):
    event = tmp_path / "event.xlsx"
    assert run("new", event).exit_code == 0
    bad = tmp_path / "players.csv"
    bad.write_text('First Name,Last Name,City,VEKN\n"unterminated,Last,Town,3000001\n', encoding="utf-8")
    before = event.read_bytes()
    r = run("register", event, "--from", bad)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert "Traceback" not in r.output
    assert r.output.startswith("Error: players.csv, line 2:")
    assert len(r.output.strip().splitlines()) == 1
    assert event.read_bytes() == before


@pytest.mark.parametrize("data", [
    bytes(range(256)) * 4,
    b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00" + b"\x00\xff" * 200,  # an .xlsx given as CSV
    b"Name,VEKN\nAnna Kowalski,3000008\nBruno\x00\x00,3000009\n",
])
def test_a_binary_file_is_refused_without_traceback(tmp_path, data):
    bad = tmp_path / "players.csv"
    bad.write_bytes(data)
    with pytest.raises(PlayersCSVError, match=r"players.csv, line \d+: binary data"):
        read_players_csv(bad)
    event = tmp_path / "event.xlsx"
    r = run("new", event, "--players", bad)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert "Traceback" not in r.output and "binary data" in r.output
    assert not event.exists()


def test_the_nul_line_is_named(tmp_path):
    with pytest.raises(PlayersCSVError, match="line 3: binary data"):
        parse_players_csv("Name,VEKN\nAnna Kowalski,3000008\nBruno\x00,3000009\n")


@pytest.mark.parametrize("text", [",,,\n", '""\n', ";;\n;;\n"])
def test_a_list_of_separators_only_is_refused_as_empty(text):
    with pytest.raises(PlayersCSVError, match="is empty"):
        parse_players_csv(text)


def test_a_separators_only_players_csv_is_refused_by_register_without_a_bug(tmp_path):
    from click.testing import CliRunner

    from archon.cli import main
    from archon.exits import ExitStatus

    csv = tmp_path / "players.csv"
    csv.write_text(",,,\n")
    r = CliRunner().invoke(main, ["new", str(tmp_path / "cup.xlsx"), "--name", "Cup", "--players", str(csv)])
    assert r.exit_code == ExitStatus.UNREADABLE and "is empty" in r.output, r.output
    assert not (tmp_path / "cup.xlsx").exists()


def test_a_header_below_blank_lines_is_named_at_its_own_line():
    with pytest.raises(PlayersCSVError, match="line 3: no name columns"):
        parse_players_csv(",,\n\nVEKN,City\n3000001,Lyon\n")


def test_a_players_list_saved_by_excel_on_windows_reads_its_letters_from_0x80_to_0x9f(tmp_path):
    # Excel's "CSV" on Windows is Windows-1252: Š Ž Œ š ž œ are bytes 0x8A 0x8E
    # 0x8C 0x9A 0x9E 0x9C, control characters if read as Latin-1.
    text = ("First Name;Last Name;VEKN;City\r\n"
            "Šime;Žganec;3000011;Zagreb\r\n"
            "Œdipe;Sœur;3000012;Besançon\r\n"
            "Saša;Požar;3000013;Koper\r\n")
    data = text.encode("cp1252")
    assert {b for b in data if 0x80 <= b <= 0x9F} == {0x8A, 0x8E, 0x8C, 0x9C, 0x9A, 0x9E}
    players = tmp_path / "players.csv"
    players.write_bytes(data)
    rows = read_players_csv(players)
    assert [(r.first_name, r.last_name, r.city) for r in rows] == [
        ("Šime", "Žganec", "Zagreb"), ("Œdipe", "Sœur", "Besançon"), ("Saša", "Požar", "Koper")]
    event = tmp_path / "event.xlsx"
    assert run("new", event).exit_code == 0
    r = run("register", event, "--from", players)
    assert r.exit_code == 0, r.output
    from archon.formats.workbook import read_event

    assert [p.name for p in read_event(event).event.players] == ["Šime Žganec", "Œdipe Sœur", "Saša Požar"]


def test_a_byte_windows_1252_leaves_undefined_is_still_refused_as_a_control_character(tmp_path):
    players = tmp_path / "players.csv"
    players.write_bytes(b"Name,VEKN\nAnna\x81 Kowalski,3000008\n")  # 0x81: no letter in Windows-1252
    event = tmp_path / "event.xlsx"
    assert run("new", event).exit_code == 0
    r = run("register", event, "--from", players)
    assert r.exit_code == ExitStatus.UNREADABLE and "control character" in r.output, r.output
