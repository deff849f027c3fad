"""The judge's records: archon warn / archon warnings (issue 12).

Warnings live in the workbook's custom document properties: they must come
back after LibreOffice saves the workbook, leave The Archon's own cells and
formulas alone, travel through 'archon convert' and show in the reports.
"""

from __future__ import annotations

import re
import zipfile

import openpyxl

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.eventday import EventDayError
from conftest import REPO
from test_convert import soffice_convert
from test_eventday import said

PLAYERS_CSV = REPO / "samples" / "players.csv"


#: What a plain warning (``warn``) lists besides its player, round and reason: the Judges' Guide's level.
A_WARNING = {"level": "warning", "category": None, "table": None, "judge": None}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def event_book(tmp_path, official_xlsx):
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--name", "Winter Cup", "--template", official_xlsx, "--players", PLAYERS_CSV)
    assert r.exit_code == 0, r.output
    return path


def under_way(path):
    """Rounds 1 and 2 seated (archon seat) and a final table typed: a warning
    may go with round 2 or the final (archon refuses one in a round not seated)."""
    from archon.rules.model import Final
    from archon.formats.workbook import load_event, write_event

    for k in (1, 2):
        r = run("seat", path, "--round", k, "--seed", 1)
        assert r.exit_code == 0, r.output
    ev = load_event(path)
    ev.final = Final([1, 2, 3, 4, 5])
    write_event(path, ev)
    return path


def sheet_parts(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {n: zf.read(n) for n in zf.namelist() if n.startswith("xl/worksheets/")}


def test_warnings_are_recorded_listed_and_survive_a_libreoffice_save(tmp_path, official_xlsx, soffice):
    path = under_way(event_book(tmp_path, official_xlsx))
    cells_before = sheet_parts(path)
    r = run("warn", path, "3", "slow play", "--round", "2")
    assert r.exit_code == 0, r.output
    assert "warning to #3 Chloé Marchand in round 2: slow play" in r.output
    rep = api.warn(path, "Kowalski", "marked sleeves, again | twice", round="F")
    assert "#1 Anna Kowalski has 1 warning in this event" in said(rep.lines)
    run("warn", path, "3", "unsporting conduct")
    expected = [
        {"player": 3, "name": "Chloé Marchand", "round": 2, "reason": "slow play", **A_WARNING},
        {"player": 1, "name": "Anna Kowalski", "round": "F", "reason": "marked sleeves, again | twice", **A_WARNING},
        {"player": 3, "name": "Chloé Marchand", "round": None, "reason": "unsporting conduct", **A_WARNING},
    ]
    assert api.warnings(path) == expected
    listed = [
        "#3 Chloé Marchand, round 2: slow play",
        "#1 Anna Kowalski, the final: marked sleeves, again | twice",
        "#3 Chloé Marchand: unsporting conduct",
    ]
    assert run("warnings", path).output.splitlines() == listed
    assert run("warn", path, "--list").output.splitlines() == listed
    # The warnings are document properties; of The Archon's sheets only Tournament Info changes:
    # its warnings count (B14), in step with the warnings recorded
    after = sheet_parts(path)
    assert len([n for n in after if after[n] != cells_before.get(n)]) == 1
    assert openpyxl.load_workbook(path)["Tournament Info"]["B14"].value == 3
    assert not [p for p in api.check(path) if "warning" in p.message.lower()]

    # saved by LibreOffice (as an organizer who opens it and saves does), read back
    saved = soffice_convert([path], "xlsx", tmp_path / "saved")["cup"]
    assert api.warnings(saved) == expected
    # or saved in LibreOffice's own format, then converted back
    ods = soffice_convert([path], "ods", tmp_path / "ods")["cup"]
    back = tmp_path / "from-ods.xlsx"
    assert run("convert", ods, back).exit_code == 0
    assert api.warnings(back) == expected
    # and carried over by convert
    out = tmp_path / "converted.xlsx"
    r = run("convert", saved, out)
    assert r.exit_code == 0, r.output
    assert api.warnings(out) == expected

    # shown in the judges' copy of the reports
    html, xlsx = tmp_path / "r.html", tmp_path / "r.xlsx"
    assert run("report", out, "--html", html, "--xlsx", xlsx, "--judges-notes").exit_code == 0
    page = html.read_text(encoding="utf-8")
    section = re.search(r'<section id="warnings">(.*?)</section>', page, re.S).group(1)
    assert "#3 Chloé Marchand, round 2: slow play" in section and "marked sleeves, again | twice" in section
    from openpyxl import load_workbook

    ws = load_workbook(xlsx)["Warnings"]
    assert [[c.value for c in row] for row in ws.iter_rows(min_row=1, max_row=4)] == [
        ["#", "Player", "Round", "Reason"],
        [3, "Chloé Marchand", 2, "slow play"],
        [1, "Anna Kowalski", "final", "marked sleeves, again | twice"],
        [3, "Chloé Marchand", None, "unsporting conduct"],
    ]


def test_warn_refuses_what_does_not_fit_and_writes_nothing(tmp_path, official_xlsx):
    path = event_book(tmp_path, official_xlsx)
    before = path.read_bytes()
    for args, status, said in (  # archon.exits: what names nothing in the event, or cannot be a reason, is 2
        (["Zyx", "slow play"], 2, "no player's name contains 'Zyx'"),
        (["3", "slow play", "--round", "4"], 2, "rounds 1 to 3 and the final"),
        (["3", "   "], 2, "give the reason"),
        (["3", "x" * 201], 2, "keep it to 200"),
        (["3"], 2, "give the player and the reason"),
        (["3", "slow play", "--list"], 2, "--list takes no player"),
    ):
        r = run("warn", path, *args)
        assert r.exit_code == status and said in r.output and "Traceback" not in r.output, (args, r.output)
    assert path.read_bytes() == before
    with pytest.raises(EventDayError, match="rounds 1 to 3"):
        api.warn(path, 3, "slow play", round=5)
    dry = api.warn(path, 3, "slow play", dry_run=True)
    assert dry.changed and path.read_bytes() == before
    assert run("warnings", path).output.strip() == "no warnings recorded"


def _sha(path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_same_warning_twice_is_recorded_once(tmp_path, official_xlsx):
    """Trial finding 7: 'archon warn' run twice recorded the warning twice,
    and the reports showed it twice."""
    path = under_way(event_book(tmp_path, official_xlsx))
    assert run("warn", path, "3", "slow play", "--round", "2").exit_code == 0
    before = _sha(path)
    for args in (["3", "slow play", "--round", "2"], ["Marchand", "  Slow   PLAY ", "--round", "2"]):
        r = run("warn", path, *args)
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        assert r.output.strip() == (
            f"Error: #3 Chloé Marchand already has this warning in round 2 (slow play): nothing recorded; "
            f"'archon warnings {path}' lists them; a second warning for the same reason needs a reason of its "
            f"own (e.g. \"slow play, again\")"), r.output
        assert _sha(path) == before
    assert run("warnings", path).output.splitlines() == ["#3 Chloé Marchand, round 2: slow play"]
    # another round, another reason or another player is another warning
    assert run("warn", path, "3", "slow play", "--round", "1").exit_code == 0
    assert run("warn", path, "3", "slow play, again", "--round", "2").exit_code == 0
    assert run("warn", path, "4", "slow play", "--round", "2").exit_code == 0
    assert len(api.warnings(path)) == 4


def test_a_warning_in_a_round_not_seated_yet_or_a_final_not_seated_is_refused(tmp_path, official_xlsx):
    """Trial finding 7: '--round 3' was accepted during round 1, '--round F' with no final seated."""
    path = event_book(tmp_path, official_xlsx)  # nothing typed: The Archon's chart seats round 1
    before = _sha(path)
    for key, what, rounds in (("2", "round 2 is not seated yet", "round 1"),
                              ("F", "the final is not seated yet", "round 1")):
        r = run("warn", path, "3", "slow play", "--round", key)
        assert r.exit_code == 1 and r.output.strip() == (
            f"Error: {what}: this event has {rounds} seated so far; give one of those with --round, "
            f"or leave out --round"), r.output
        assert _sha(path) == before
    with pytest.raises(EventDayError, match="round 3 is not seated yet: this event has round 1 seated so far"):
        api.warn(path, 3, "slow play", round=3)
    assert run("warn", path, "3", "slow play", "--round", "1").exit_code == 0  # round 1, from the chart
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    assert run("seat", path, "--round", 2, "--seed", 1).exit_code == 0
    r = run("warn", path, "3", "slow play", "--round", "3")
    assert r.exit_code == 1 and "round 3 is not seated yet: this event has rounds 1 and 2 seated so far" in r.output
    assert run("warn", path, "3", "slow play", "--round", "2").exit_code == 0
