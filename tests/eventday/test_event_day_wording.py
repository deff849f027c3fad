"""What the event-day commands tell the organizer to type, on the official
workbook: the workbook's own name (quoted as a shell needs it), player
names found however they are typed, VP mistakes said plainly."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.words.wording import shell_word
from conftest import official_file

BOOK = "my cup.xlsx"  # a name with a space: typed in double quotes
PLAYERS = ["Anna Kowalski", "Péter Horváth", "Quentin Dubois", "Chloé Martin", "Bruno Ferreira",
           "Elena Rossi", "Farid Haddad", "Greta Lindqvist", "Hugo Lefebvre", "Ines Navarro",
           "Jakub Novak", "Kaito Tanaka", "Lena Schmidt", "Marco Bianchi", "Nadia Petrova",
           "Oscar Jensen", "Paula Gómez", "Rosa Almeida", "Sven Berg", "Tomás Silva"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def blank(tmp_path, monkeypatch):
    """An official workbook with nobody registered yet, in the current folder."""
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(official_file(), tmp_path / BOOK)
    return BOOK


@pytest.fixture
def cup(blank, tmp_path):
    """The official workbook with 20 players registered."""
    csv = tmp_path / "players.csv"
    csv.write_text("First Name,Last Name\n" + "".join(n.replace(" ", ",", 1) + "\n" for n in PLAYERS),
                   encoding="utf-8")
    r = run("register", blank, "--from", csv)
    assert r.exit_code == 0, r.output
    return blank


def refused(r, status=1):
    assert r.exit_code == status, r.output
    assert "Traceback" not in r.output and "FILE" not in r.output
    return r.output


def test_register_advice_names_the_workbook_before_anyone_is_registered(blank):
    out = refused(run("drop", blank, 3), 2)
    assert """('archon register "my cup.xlsx" "First Last"' or --from players.csv)""" in out


@pytest.mark.parametrize("command", ["drop", "unregister"])
def test_a_player_number_too_high_names_the_workbook_in_the_command_to_list_them(cup, command):
    out = refused(run(command, cup, 24), 2)
    assert """players are numbered 1 to 20 ('archon standings "my cup.xlsx"' lists them)""" in out


def test_a_result_for_a_round_not_seated_says_how_to_seat_it(cup):
    assert run("seat", cup, "--round", 1).exit_code == 0  # typed over the chart, which seats every round
    out = refused(run("result", cup, "--round", 2, "--table", 1, 1, 0, 0, 0, 0))
    assert """seat it first (archon seat "my cup.xlsx" --round 2)""" in out


def test_a_final_result_before_the_final_is_seated_says_how_to_seat_it(cup):
    out = refused(run("result", cup, "--final", 1, 0, 0, 0, 0))
    assert """record its seating first (archon finals "my cup.xlsx" --seating ...)""" in out


def test_archondata_before_the_final_says_how_to_record_it(cup):
    out = refused(run("report", cup, "--archondata"))
    assert """the final has no result yet (archon result "my cup.xlsx" --final ...)""" in out


def test_a_plain_name_is_not_quoted(cup, tmp_path):
    shutil.copyfile(tmp_path / cup, tmp_path / "cup19.xlsx")
    out = refused(run("drop", "cup19.xlsx", 24), 2)
    assert "('archon standings cup19.xlsx' lists them)" in out


@pytest.mark.parametrize("name, quote", [
    (r"ev\cup.xlsx", '"'), (r"C:\Users\me\my cup.xlsx", '"'), ("my cup.xlsx", '"'),
    ("cup $1.xlsx", "'"), ("Léa's cup.xlsx", '"'), ("end\\", "'"),  # a last backslash would escape the quote
])
def test_a_name_in_a_command_to_type_reads_back_the_same_in_a_shell(name, quote):
    # the word archon prints is what bash hands the command: a backslash in a
    # Windows-style path stays in double quotes (cmd.exe has no single quotes)
    word = shell_word(name, windows=False)
    typed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, text=True).stdout
    assert typed == name and word.startswith(quote), word


def test_on_windows_a_name_is_always_in_double_quotes():
    assert shell_word(r"C:\Users\me\cup $1.xlsx", windows=True) == r'"C:\Users\me\cup $1.xlsx"'


#: What a dry run says first: the lines after it are a preview.
PREVIEW = "dry run: nothing written; this is what it would do:\n"


def test_a_name_is_found_without_its_accents_and_last_name_first(cup):
    r = run("drop", cup, "Horvath", "--dry-run")
    assert r.exit_code == 0 and r.output.startswith(PREVIEW + "#2 Péter Horváth is out (WD"), r.output
    r = run("warn", cup, "Dubois, Quentin", "slow play", "--dry-run")
    assert r.exit_code == 0 and r.output.startswith(PREVIEW + "warning to #3 Quentin Dubois: slow play"), r.output
    r = run("unregister", cup, "GOMEZ, paula", "--dry-run")
    assert r.exit_code == 0 and "#17 Paula Gómez" in r.output, r.output
    # the twin (behind the console's forms) finds them the same way
    assert api.drop(cup, "martin, chloe", dry_run=True).describe().startswith(PREVIEW + "#4 Chloé Martin is out")


def test_a_name_without_accents_that_fits_two_players_is_refused_listing_both(cup):
    assert run("register", cup, "Petra Horvath").exit_code == 0  # #21, no accent
    out = refused(run("drop", cup, "horvath", "--dry-run"), 2)
    assert "'horvath' fits 2 players: #2 Péter Horváth (Methuselahs!A8); #21 Petra Horvath (Methuselahs!A27)" in out
    # typed with its accents, the registered spelling decides
    r = run("drop", cup, "Horváth", "--dry-run")
    assert r.exit_code == 0 and r.output.startswith(PREVIEW + "#2 Péter Horváth is out"), r.output


def test_seat_prints_a_criterion_figure_with_the_same_decimals_on_both_lines(cup):
    # 20 players, four tables of 5: a round's starting transfers are 1, 2, 3, 4, 4 (seats 1-5),
    # mean 2.8, variance (1.8² + 0.8² + 0.2² + 1.2² + 1.2²) / 5 = 1.36, R8 = √1.36 = 1.16619...
    r = run("seat", cup, "--round", 1, "--dry-run")
    assert r.exit_code == 0, r.output
    score = next(line for line in r.output.splitlines() if line.startswith("score: "))
    criterion = next(line for line in r.output.splitlines() if line.startswith("  R8 "))
    assert "  R8 1.1662  " in score and criterion.split()[1] == "1.1662", r.output


@pytest.fixture
def cup22(cup):
    """22 players: The Archon's chart seats round 1 at tables of 5, 5, 4, 4, 4."""
    for name in ("Ulla Nieminen", "Victor Dubois"):
        assert run("register", cup, name).exit_code == 0
    return cup


def test_halves_that_add_up_to_too_much_say_why_the_table_cannot_hand_them_out(cup22):
    # rules 3.7: 1 VP per player ousted, 1/2 to a player in the game at the time limit (or withdrawn):
    # 2.5 and 0.5 are two players not ousted, so at most 2 ousted: 2 + 2 x 1/2 = 3 VPs, not 4
    out = refused(run("result", cup22, "--round", 1, "--table", 4, "2,5", 0, "1/2", 1))
    assert out.startswith("Error: round 1, table 4: invalid result: 2.5 + 0 + 0.5 + 1 add up to 4, "
                          "more than a game hands out: a half VP (as in 2.5 and 0.5) goes only to a player "
                          "who was not ousted"), out
    assert "at most 2 players were ousted (1 VP each) and this 4-player table hands out at most " \
           "2 + 2 × ½ = 3 VPs: check the VPs with the table" in out
    assert "rounded up" not in out


def test_three_halves_at_a_table_of_four_leave_one_player_ousted_in_good_english(cup22):
    # 2.5, 0.5 and 0.5: three players not ousted, so at most 1 ousted: 1 + 3 x 1/2 = 2.5 VPs, not 3.5
    out = refused(run("result", cup22, "--round", 1, "--table", 4, "2,5", "1/2", "1/2", 0))
    assert "with 3 half VPs at most 1 player was ousted (1 VP each) and this 4-player table hands out " \
           "at most 1 + 3 × ½ = 2.5 VPs" in out, out


def test_all_zeros_say_a_finished_game_hands_out_vps_or_stays_unrecorded(cup22):
    out = refused(run("result", cup22, "--round", 1, "--table", 1, 0, 0, 0, 0, 0))
    assert "pending result: no VP at all, but a finished 5-player game hands out 1 VP for each player " \
           "ousted, and ½ to each player still in the game at the time limit (1 to the last one left)" in out
    assert "a table still playing is recorded once its game is over (until then it stays pending)" in out
    assert "rounded up" not in out


def test_a_read_only_workbook_says_how_to_make_it_writable_quoted_for_the_shell(cup, tmp_path):
    (tmp_path / cup).chmod(0o444)
    try:
        out = refused(run("drop", cup, 3), 3)
    finally:
        (tmp_path / cup).chmod(0o644)
    assert 'make it writable (chmod u+w "my cup.xlsx"; in Windows' in out
