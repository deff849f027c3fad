"""What an organizer gets from ``archon report`` (and ``rating``/``league``
outputs) when something is off: a workbook read only in part, a round that
does not exist, an output name that is not a report's, players sitting out.

Every workbook here is written by archon (``test_eventday.book``) and then
changed the way a person or another program would change it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from archon.cli import main
from test_eventday import book, winter_cup


#: What a plain warning (``warn``) lists besides its player, round and reason: the Judges' Guide's level.
A_WARNING = {"level": "warning", "category": None, "table": None, "judge": None}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def with_sheet_renamed(path: Path, old: str, new: str) -> Path:
    """``path`` with the tab ``old`` renamed ``new`` (as a spreadsheet saves a
    renamed tab: only xl/workbook.xml changes)."""
    src = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/workbook.xml":
                assert f'name="{old}"'.encode() in data
                data = data.replace(f'name="{old}"'.encode(), f'name="{new}"'.encode())
            z.writestr(item, data)
    path.write_bytes(out.getvalue())
    return path


def organizers_workbook(path: Path) -> Path:
    """A workbook of the organizer's own (a budget), made by another program."""
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Venue"
    wb.save(path)
    return path


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------------------
# A workbook archon could read only in part (trial finding 4)


def test_a_report_of_a_workbook_with_a_round_sheet_renamed_is_refused_and_writes_nothing(tmp_path):
    path = with_sheet_renamed(book(tmp_path, winter_cup(3)), "Round 2", "Runde 2")
    before = files_in(tmp_path)
    for outputs in ([], ["--html", tmp_path / "r.html"], ["--xlsx", tmp_path / "r.xlsx"],
                    ["--csv", tmp_path / "csv"], ["--round", "1", "--xlsx", tmp_path / "r1.xlsx"],
                    ["--html", tmp_path / "r.html", "--dry-run"], ["--twd"], ["--archondata", "--force"]):
        r = run("report", path, *outputs)
        assert r.exit_code == 1, (outputs, r.output)  # as 'archon standings' on the same file
        assert "cup.xlsx could not be read whole" in r.output, outputs
        assert "Round 2!A1: the sheet 'Round 2' is missing" in r.output, outputs
        assert f"'archon check {path}'" in r.output and "nothing was written" in r.output, outputs
        assert "VEKN report" not in r.output and "Traceback" not in r.output, outputs
        assert files_in(tmp_path) == before, outputs
    assert run("standings", path).exit_code == 1


def test_a_report_of_a_workbook_with_a_formula_and_no_saved_value_is_refused(tmp_path):
    path = book(tmp_path, winter_cup(3))
    wb = openpyxl.load_workbook(path)
    wb["Methuselahs"]["B7"] = '=UPPER("Anna")'  # written by a program: no value saved with it
    wb.save(path)
    before = files_in(tmp_path)
    for outputs in ([], ["--csv", tmp_path / "csv"], ["--xlsx", tmp_path / "r.xlsx"]):
        r = run("report", path, *outputs)
        assert r.exit_code == 1, (outputs, r.output)
        assert "Methuselahs!B7: a formula with no saved value" in r.output, outputs
        assert files_in(tmp_path) == before, outputs


# ---------------------------------------------------------------------------
# Trial finding 14


def test_the_vekn_report_of_an_event_with_no_name_is_titled_once(tmp_path):
    event = winter_cup(3)
    event.name = ""
    r = run("report", book(tmp_path, event))
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "VEKN report (incomplete: the final has no result yet)"
    named = run("report", book(tmp_path, winter_cup(3), "named.xlsx"))
    assert named.output.splitlines()[0] == "Winter Cup — VEKN report (incomplete: the final has no result yet)"


def test_a_round_the_event_does_not_have_is_wrong_usage(tmp_path):
    path = book(tmp_path, winter_cup(2))  # 3R+F, rounds 1 and 2 seated
    out = tmp_path / "r5.xlsx"
    r = run("report", path, "--round", "5", "--xlsx", out)
    assert r.exit_code == 2, r.output  # archon.exits: no such round
    assert "there is no round 5: the event has 3 preliminary rounds (--round 1 to 3" in r.output
    assert not out.exists()
    r = run("report", path, "--round", "3", "--xlsx", out)  # a round of the event, not seated yet
    assert r.exit_code == 1 and "round 3 has no seating (rounds seated: 1, 2)" in r.output
    assert not out.exists()


# ---------------------------------------------------------------------------
# No output ever replaces a file that is not an earlier output of its kind (trial finding 3)


def test_an_html_report_needs_an_html_name_and_never_replaces_the_players_list(tmp_path):
    path = book(tmp_path, winter_cup(3))
    players = tmp_path / "p11.csv"
    players.write_bytes(b"first name,last name,VEKN\r\nAnna,Kowalski,3000101\r\n")
    before = files_in(tmp_path)
    for force in ([], ["--force"]):
        r = run("report", path, "--html", players, *force)
        assert r.exit_code == 3, r.output
        assert "p11.csv: the HTML report is a .html file: give a name ending in .html" in r.output
        assert files_in(tmp_path) == before
    for option in ("--xlsx", "--html"):  # the suffix is checked whether or not the file exists
        r = run("report", path, option, tmp_path / "report.txt")
        assert r.exit_code == 3 and "give a name ending in" in r.output, r.output
        assert files_in(tmp_path) == before


def test_no_report_goes_into_the_workbooks_backups_folder_and_undo_still_works(tmp_path):
    path = book(tmp_path, winter_cup(1))
    r = run("register", path, "Zoe Adler")  # a backup and the undo journal
    assert r.exit_code == 0, r.output
    backups = tmp_path / "cup-backups"
    assert (backups / "journal.jsonl").is_file()
    before = files_in(tmp_path)
    for outputs in (["--html", backups / "journal.jsonl"], ["--html", backups / "report.html"],
                    ["--xlsx", backups / "report.xlsx", "--force"], ["--csv", backups],
                    ["--csv", backups / "csv"]):
        r = run("report", path, *outputs)
        assert r.exit_code == 3, (outputs, r.output)
        assert "Traceback" not in r.output, outputs
        assert files_in(tmp_path) == before, outputs
    r = run("report", path, "--html", backups / "report.html")
    assert "cup-backups, the folder where archon keeps a workbook's backups and its undo journal: " \
           "write the HTML report elsewhere" in r.output
    r = run("undo", path)
    assert r.exit_code == 0 and "register" in r.output, r.output


def test_an_existing_report_is_replaced_only_with_force_and_only_by_its_own_kind(tmp_path):
    path = book(tmp_path, winter_cup(3))
    html, xlsx, seats, csv = (tmp_path / "r.html", tmp_path / "r.xlsx", tmp_path / "r1.xlsx", tmp_path / "csv")
    first = run("report", path, "--html", html, "--xlsx", xlsx, "--csv", csv)
    assert first.exit_code == 0, first.output
    assert run("report", path, "--round", "1", "--xlsx", seats).exit_code == 0
    before = files_in(tmp_path)
    for outputs, said in (
        (["--html", html], f"{html} exists (an earlier HTML report): give another name, or --force to replace it"),
        (["--xlsx", xlsx], f"{xlsx} exists (an earlier report workbook): give another name, or --force"),
        (["--round", "1", "--xlsx", seats], f"{seats} exists (an earlier round seat list): give another name"),
        (["--csv", csv], f"{csv} holds an earlier CSV set (Methuselahs.csv, Override.csv, Report.csv, ...): "
                         "give another folder, or --force to replace its files"),
        (["--xlsx", seats, "--force"], f"{seats} exists and is not a report workbook archon wrote: "
                                       "it is never written over; give another name"),
        (["--round", "2", "--xlsx", xlsx, "--force"], "is not a round seat list archon wrote"),
        (["--html", tmp_path / "new.html", "--xlsx", xlsx], "exists (an earlier report workbook)"),
    ):
        r = run("report", path, *outputs)
        assert r.exit_code == 3, (outputs, r.output)
        assert said in r.output, (outputs, r.output)
        assert files_in(tmp_path) == before, outputs  # nothing written, not even the new page
    r = run("report", path, "--html", html, "--xlsx", xlsx, "--csv", csv, "--round", "2", "--xlsx", seats,
            "--force")
    assert r.exit_code == 0 and f"wrote {seats} (round 2 seat list)" in r.output, r.output
    assert openpyxl.load_workbook(seats).sheetnames == ["Seating R2"]


def test_a_file_of_the_organizers_own_is_never_replaced_even_with_force(tmp_path):
    path = book(tmp_path, winter_cup(3))
    page = tmp_path / "index.html"
    page.write_bytes(b"<!DOCTYPE html><html><body>Our club's page</body></html>")
    budget = organizers_workbook(tmp_path / "budget.xlsx")
    before = files_in(tmp_path)
    for outputs in (["--html", page], ["--xlsx", budget], ["--round", "1", "--xlsx", budget]):
        r = run("report", path, *outputs, "--force")
        assert r.exit_code == 3, (outputs, r.output)
        assert "is never written over; give another name" in r.output, outputs
        assert files_in(tmp_path) == before, outputs


def test_rating_and_league_workbooks_never_replace_another_file(tmp_path):
    from test_rating_files import as_json

    folder = as_json(tmp_path / "events")
    budget = organizers_workbook(tmp_path / "budget.xlsx")
    before = budget.read_bytes()
    rating = ["rating", folder, "--as-of", "2026-06-30", "--xlsx"]
    league = ["league", folder, "--best", "2", "--xlsx"]
    for command in (rating, league):
        r = run(*command, budget, "--force")
        assert r.exit_code == 3 and "budget.xlsx exists and is not a" in r.output, r.output
        assert budget.read_bytes() == before
    ranking, standings = tmp_path / "ranking.xlsx", tmp_path / "league.xlsx"
    assert run(*rating, ranking).exit_code == 0 and run(*league, standings).exit_code == 0
    made = {p: p.read_bytes() for p in (ranking, standings)}
    r = run(*rating, ranking)
    assert r.exit_code == 3 and "exists (an earlier rating workbook): give another name, or --force" in r.output
    r = run(*league, ranking, "--force")  # a rating workbook is not a league's
    assert r.exit_code == 3 and "is not a league workbook archon wrote" in r.output
    assert {p: p.read_bytes() for p in made} == made
    assert run(*rating, ranking, "--force").exit_code == 0
    assert run(*league, standings, "--force").exit_code == 0


# ---------------------------------------------------------------------------
# Seat lists name the players who sit out (trial finding 6)

ELEVEN = ["Ada Byron", "Bo Chen", "Cy Dunn", "Di Egan", "Ed Fox", "Fay Gill", "Gus Hale", "Hal Ives",
          "Ivy Jones", "Jo Kent", "Kim Lowe"]


def eleven_players():
    """11 players, 3 rounds (rules 3.1.2: two sit out each round); round 1
    seated: #8 Hal Ives and #9 Ivy Jones sit out; #12 withdrew before it."""
    from archon.rules.model import Event, Player, Round, Table

    ev = Event(name="Small Cup", city="Brest", preliminary_rounds=3)
    for n, name in enumerate(ELEVEN + ["Lu Moss"], start=1):
        ev.players.append(Player(n, *name.split(), vekn=str(3000800 + n)))
    ev.player(12).out = "WD"
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4, 5], [None] * 5), Table([6, 7, 10, 11], [None] * 4)]))
    return ev


def test_a_round_seat_list_names_the_players_who_sit_out_in_every_format(tmp_path):
    path = book(tmp_path, eleven_players())
    seats, report, page = tmp_path / "r1.xlsx", tmp_path / "report.xlsx", tmp_path / "report.html"
    assert run("report", path, "--round", "1", "--xlsx", seats).exit_code == 0
    r = run("report", path, "--xlsx", report, "--html", page)
    assert r.exit_code == 0, r.output
    # Alphabetically, by last name: every one of the 11 finds their name.
    expected = [("Byron, Ada", 1, 1), ("Chen, Bo", 1, 2), ("Dunn, Cy", 1, 3), ("Egan, Di", 1, 4),
                ("Fox, Ed", 1, 5), ("Gill, Fay", 2, 1), ("Hale, Gus", 2, 2), ("Ives, Hal", "sits out", None),
                ("Jones, Ivy", "sits out", None), ("Kent, Jo", 2, 3), ("Lowe, Kim", 2, 4)]
    for sheet in (openpyxl.load_workbook(seats)["Seating R1"], openpyxl.load_workbook(report)["Seating R1"]):
        rows = [row[:3] for row in sheet.iter_rows(min_row=3, values_only=True)]
        assert rows == expected
    results = openpyxl.load_workbook(report)["Round 1"]
    out = [(row[2], row[3], row[7]) for row in results.iter_rows(min_row=2, values_only=True) if row[0] is None]
    assert out == [(8, "Hal Ives", "sits out"), (9, "Ivy Jones", "sits out")]
    assert '<p class="note sits-out">Sits out: Hal Ives, Ivy Jones</p>' in page.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# rating says what --as-of leaves out (trial finding 12)


def test_rating_says_the_events_dated_after_as_of_are_left_out_and_how_to_count_them(tmp_path):
    from test_rating_files import as_workbooks

    folder = as_workbooks(tmp_path / "events")  # 2026-01-10, 2026-02-14, 2026-03-21
    r = run("rating", folder, "--as-of", "2025-12-31")
    assert r.exit_code == 0, r.output
    assert "Ranking on 2025-12-31, constructed (rating points, best 8 events in 18 months): 0 players" in r.stdout
    assert ("note: all 3 events read are dated after 2025-12-31 (--as-of; the default is today), so this "
            "ranking leaves them out: give --as-of 2026-03-21 (the latest event's date) to count them") in r.stderr
    r = run("rating", folder, "--as-of", "2026-03-01", "--csv")
    assert r.exit_code == 0 and "note" not in r.stdout  # the CSV stays a CSV
    assert ("note: 1 event of the 3 read is dated after 2026-03-01 (--as-of; the default is today), so this "
            "ranking leaves it out: give --as-of 2026-03-21") in r.stderr
    r = run("rating", folder, "--as-of", "2026-03-21")
    assert r.exit_code == 0 and "note:" not in r.output and "10 players" in r.stdout


# ---------------------------------------------------------------------------
# The judges' warnings survive standings --json and convert (README audit)


def test_warnings_are_in_standings_json_and_convert_keeps_them(tmp_path):
    from archon.rules.model import JudgeWarning

    event = winter_cup(3)
    event.warnings = [JudgeWarning(3, "slow play", 1), JudgeWarning(7, "marked cards", None)]
    path = book(tmp_path, event)
    r = run("standings", path, "--json")
    assert r.exit_code == 0, r.output
    import json

    data = json.loads(r.stdout)
    assert data["warnings"] == [
        {"player": 3, "name": "Chloé Martin", "round": 1, "reason": "slow play", **A_WARNING},
        {"player": 7, "name": "Greta Lindqvist", "round": None, "reason": "marked cards", **A_WARNING},
    ]
    source = tmp_path / "standings.json"
    source.write_text(r.stdout, encoding="utf-8")
    out = tmp_path / "converted.xlsx"
    r = run("convert", source, out)
    assert r.exit_code == 0, r.output
    r = run("warnings", out)
    assert r.exit_code == 0, r.output
    assert "#3 Chloé Martin, round 1: slow play" in r.output
    assert "#7 Greta Lindqvist: marked cards" in r.output


def test_convert_checks_the_warnings_of_a_standings_json_as_warn_does_and_writes_nothing(tmp_path):
    """Review 5: {"player": 99, "round": 7, "reason": 300 characters} converted
    with exit 0 and 'archon check' found nothing. The Winter Cup after round
    2: 23 players, rounds 1 and 2 seated, a 3R+F event."""
    import json

    from archon.rules.model import JudgeWarning

    event = winter_cup(2)
    event.warnings = [JudgeWarning(3, "slow play", 1)]
    r = run("standings", book(tmp_path, event), "--json")
    assert r.exit_code == 0, r.output
    good = json.loads(r.stdout)
    out = tmp_path / "converted.xlsx"
    for bad, said in (
        ({"player": 99, "round": 7, "reason": "y" * 300},
         "warnings[1]: no player has the number 99 (the players are numbered 1 to 23): give the number of the "
         "player warned, or remove the warning"),
        ({"player": 7, "round": 7, "reason": "slow play"},
         "warnings[1] (to player 7): round 7: this 3R+F event has rounds 1 to 3 and the final (F)"),
        ({"player": 7, "round": 1, "reason": "y" * 201},
         "warnings[1] (to player 7): the reason has 201 characters: keep it to 200"),
        ({"player": 7, "round": None, "reason": " "},
         "warnings[1] (to player 7): give the reason of the warning"),
        ({"player": 7, "round": 3, "reason": "slow play"},
         "warnings[1] (to player 7): round 3 is not seated yet: this event has rounds 1 and 2 seated so far; "
         "give one of those, or none"),
        ({"player": 3, "round": 1, "reason": "Slow  play"},
         "warnings[1] (to player 3): #3 Chloé Martin already has this warning in round 1 (slow play): nothing "
         "recorded; a second warning for the same reason needs a reason of its own (e.g. \"slow play, again\")"),
    ):
        source = tmp_path / "standings.json"
        source.write_text(json.dumps({**good, "warnings": good["warnings"] + [bad]}), encoding="utf-8")
        r = run("convert", source, out)
        assert r.exit_code == 2 and "Traceback" not in r.output, (bad, r.output)  # archon.exits: unreadable input
        assert f"standings.json: {said}" in r.output, (bad, r.output)
        assert not out.exists(), bad
    source.write_text(json.dumps({**good, "warnings": good["warnings"] + [
        {"player": 7, "round": 2, "reason": "marked cards"}]}), encoding="utf-8")
    assert run("convert", source, out).exit_code == 0
    assert run("warnings", out).output.splitlines() == [
        "#3 Chloé Martin, round 1: slow play", "#7 Greta Lindqvist, round 2: marked cards"]


def test_seat_print_reprints_its_own_seat_list_but_never_writes_over_another_file(tmp_path):
    path = book(tmp_path, winter_cup(1))
    budget = organizers_workbook(tmp_path / "budget.xlsx")
    before = files_in(tmp_path)
    r = run("seat", path, "--round", "2", "--print", budget)
    assert r.exit_code == 3 and "budget.xlsx exists and is not a round seat list archon wrote" in r.output, r.output
    assert files_in(tmp_path) == before  # nothing seated, nothing written
    seats = tmp_path / "r2.xlsx"
    assert run("seat", path, "--round", "2", "--print", seats).exit_code == 0
    printed = openpyxl.load_workbook(seats)["Seating R2"]
    r = run("seat", path, "--round", "2", "--show", "--print", seats)
    assert r.exit_code == 0, r.output
    again = openpyxl.load_workbook(seats)["Seating R2"]
    assert [row for row in again.iter_rows(values_only=True)] == [row for row in printed.iter_rows(values_only=True)]
