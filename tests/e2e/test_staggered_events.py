"""6, 7 and 11 players, 2R+F and 3R+F, from registration to the final, with
archon's commands on a copy of the official Archon.

No round seats 6, 7 or 11 players at tables of 4 and 5: The Archon's chart
(and archon) seat them in 3 rounds of which each player plays 2 (rules
3.1.2: some sit out each round, every player plays the same number of
games), in a 2R+F event too, which stays 2R+F (Tournament Info B11 stays 3):
The Archon's own 2R+F chart seats 6, 7 or 11 players over Round 1, 2 and 3
("Players (2 rounds each)") and its formulas count every Round sheet.
"""

from __future__ import annotations

import re

import openpyxl
import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.formats.workbook import load_event
from conftest import official_file, recalculated, soffice_path


def run(*args, ok=True):
    res = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert res.exit_code == 0, res.output
    return res


def play(tmp_path, players: int, event_format: str):
    """The whole event, seat 1 sweeping every table; the workbook, each player's
    (GW, VP) by that rule (GW: times in seat 1, VP: those tables' sizes) and the
    finalists in seat order (seat 1 wins the final)."""
    csv = tmp_path / "players.csv"
    csv.write_text("name,vekn\n" + "".join(f"Player{i} Test,{3000000 + i}\n" for i in range(1, players + 1)))
    path = tmp_path / "event.xlsx"
    run("new", path, "--format", event_format, "--players", csv, "--template", official_file())
    for k in (1, 2, 3):
        out = run("seat", path, "--round", k, "--seed", k).output
        assert "sitting out this round" in out
        if k == 1 and event_format == "2R+F":
            assert "3 rounds where each player plays 2" in out and "the event stays 2R+F" in out
            assert "3R+F" not in out
        assert load_event(path).format == event_format  # as declared, never rewritten
        assert openpyxl.load_workbook(path, read_only=True)["Tournament Info"]["B11"].value == (
            3 if event_format == "2R+F" else 4)
        tables = next(r for r in load_event(path).rounds if r.number == k).tables
        for t, table in enumerate(tables, start=1):
            # seat 1 ousts everyone: all the VPs of the table
            run("result", path, "--round", k, "--table", t, table.size, *[0] * (table.size - 1))
    event = load_event(path)
    games = {p.number: 0 for p in event.players}
    for rnd in event.rounds:
        for table in rnd.tables:
            for p in table.players:
                games[p] += 1
    assert set(games.values()) == {2}, games  # everyone played 2 games of the 3 rounds
    expected = {n: (0, 0.0) for n in games}
    for rnd in event.rounds:
        for table in rnd.tables:
            gw, vp = expected[table.players[0]]
            expected[table.players[0]] = (gw + 1, vp + table.size)
    shown = run("finals", path, ok=False)  # status 1 while a tie at the cut waits for the toss (archon.exits)
    out = shown.output
    assert shown.exit_code == (1 if "must decide the last" in out else 0), out
    if "archon toss" in out:
        run("toss", path, "--seed", 1)
        out = run("finals", path).output
    seeds = re.findall(r"^\s+\d\. seed (\d): #(\d+)", out, re.M)
    assert len(seeds) == 5, out
    finalists = [int(n) for _, n in seeds]
    run("finals", path, "--seating", ",".join(map(str, finalists)))
    out = run("result", path, "--final", 5, 0, 0, 0, 0).output
    assert f"winner: #{finalists[0]}" in out
    return path, expected, finalists


@pytest.mark.parametrize("players, event_format", [
    (11, "2R+F"), (7, "2R+F"), (6, "2R+F"), (11, "3R+F"), (7, "3R+F"), (6, "3R+F"),
])
def test_staggered_event_from_registration_to_the_final(tmp_path, players, event_format):
    path, _, _ = play(tmp_path, players, event_format)
    report = run("report", path).output
    for n in range(1, players + 1):
        assert f"Player{n} Test" in report
    assert run("check", path).exit_code == 0


def test_the_archons_formulas_count_the_third_round_of_a_2rf_event(tmp_path):
    """11 players, 2R+F: the workbook recalculated by LibreOffice shows, in The
    Archon's own formulas, every player's 2 games (3 for finalists), GW and VP."""
    binary = soffice_path()
    if not binary:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    path, expected, finalists = play(tmp_path, 11, "2R+F")
    wb = openpyxl.load_workbook(recalculated(binary, path, tmp_path), data_only=True, read_only=True)
    seen = {}
    for row in wb["Methuselahs"].iter_rows(min_row=7, max_row=20, max_col=21, values_only=True):
        if isinstance(row[0], (int, float)):
            seen[int(row[0])] = (row[5], (row[7], row[8]), row[20])  # F games, H GW, I VP, U final rank
    wb.close()
    assert set(seen) == set(range(1, 12))
    for n, (played, score, final_rank) in seen.items():
        assert played == 2 + (n in finalists), f"Methuselahs F{n + 6}: games played, the final included"
        assert score == expected[n], f"Methuselahs H{n + 6}, I{n + 6}: #{n}'s GW and VP"
        if n in finalists:
            assert final_rank == (1 if n == finalists[0] else 2), f"Methuselahs U{n + 6}: #{n}'s final rank"


def test_the_console_offers_the_third_round_when_a_drop_leaves_seven_in_a_2rf_event(tmp_path):
    """8 registered for a 2R+F event, one drops before round 1: the 7 present
    play 3 rounds (each 2), so the console's seat form goes up to round 3 (it
    counted the 8 registered and stopped at round 2)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from archon.web import console_app

    csv = tmp_path / "players.csv"
    csv.write_text("name,vekn\n" + "".join(f"Player{i} Test,{3000000 + i}\n" for i in range(1, 9)))
    path = tmp_path / "event.xlsx"
    run("new", path, "--format", "2R+F", "--players", csv, "--template", official_file())
    run("drop", path, 8)
    with TestClient(console_app(path, token="t" * 20, watch=False), base_url="http://127.0.0.1") as client:
        page = client.get("/organizer?token=" + "t" * 20).text
    form = re.search(r'<input name="round" id="seat-round"[^>]*>', page)
    assert form and 'max="3"' in form.group(0), form


def test_a_drop_before_round_1_of_an_official_2rf_archon_leaves_seven_who_play_3_rounds(tmp_path):
    """The official Archon's chart seats rounds 1 and 2 of 8 players in
    advance; #8 drops before anything is played. Round 1 is seated anew for
    the 7 present (3 rounds, each plays 2), not refused as '7 players cannot
    all play 1 round'."""
    csv = tmp_path / "players.csv"
    csv.write_text("name,vekn\n" + "".join(f"Player{i} Test,{3000000 + i}\n" for i in range(1, 9)))
    path = tmp_path / "event.xlsx"
    run("new", path, "--format", "2R+F", "--players", csv, "--template", official_file())
    run("drop", path, 8)
    out = run("seat", path, "--round", 1, "--seed", 1).output
    assert "3 rounds where each player plays 2" in out and "sitting out this round" in out
    seated = next(r for r in load_event(path).rounds if r.number == 1).tables
    assert 8 not in {n for t in seated for n in t.players}
