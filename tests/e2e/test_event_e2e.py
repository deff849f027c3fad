"""A whole event driven from the command line, from 'archon new' to 'archon report'.

Winter Cup, 3R+F, 23 players, on a copy of the official The Archon v1.5l and
on archon's built-in template. What happens:

* 22 players registered from a CSV; round 1 (tables of 5, 5, 4, 4, 4);
* Wanda Zielinska (#23) arrives after round 1: a late arrival, she plays
  rounds 2 and 3 (rules 3.3.1);
* Victor Dubois (#22) withdraws after round 2 (archon drop: flag WD);
* round 3, table 5 ends 0 1 1 1.5, which no game gives: refused, then
  recorded as a judge's decision (--override);
* #11 and #15 end tied for 5th (GW 1, VP 2.5, TP 114): 'archon toss' draws
  who reaches the final;
* the final ends 2 0 1 0 2: #6 (seed 4) and #2 (seed 2) tie on 2 VP, the
  better seed, #2, wins.

Seatings are written with the Python API (``seat_round`` below: the
workbook layer's ``write_event``), not by a seating command: ``archon seat``
was not in the tree when this test was written. Every result is typed with
'archon result'.

Every expected number below is worked out by hand from the results, with
the rules (3.7: GW, VP, TP 60/48/36/24/12, a 4-player table skipping 36,
ties sharing the average; Appendix A: rating points); none is copied from
archon's output. The official workbook the test produces is then
recalculated by LibreOffice (one soffice call): The Archon's own formulas
must show the standings and rating points archon prints.
"""

from __future__ import annotations

import csv
import json
import math
import re
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.rules.model import Round, Table
from archon.formats.workbook import read_event, write_event
from conftest import official_file, recalculated, soffice_path

PLAYERS = [
    ("Anna", "Kowalski"), ("Bruno", "Ferreira"), ("Chloé", "Martin"), ("Dmitri", "Volkov"),
    ("Elena", "Rossi"), ("Farid", "Haddad"), ("Greta", "Lindqvist"), ("Hugo", "Lefebvre"),
    ("Ines", "Navarro"), ("Jakub", "Novak"), ("Kaito", "Tanaka"), ("Lena", "Schmidt"),
    ("Marco", "Bianchi"), ("Nadia", "Petrova"), ("Oscar", "Jensen"), ("Paula", "Gómez"),
    ("Quentin", "Moreau"), ("Rosa", "Almeida"), ("Sven", "Berg"), ("Tomás", "Silva"),
    ("Ulla", "Nieminen"), ("Victor", "Dubois"),
]
LATE = ("Wanda", "Zielinska")
NAMES = {i: f"{f} {l}" for i, (f, l) in enumerate(PLAYERS + [LATE], start=1)}


def vekn_of(n: int) -> str:
    return str(3000100 + n)


# Round k: tables in seat order, and the VPs typed for each table.
ROUNDS = {
    1: [
        ([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]),       # #1 sweeps: 60 TP; the others 0 VP share 48..12: 30
        ([6, 7, 8, 9, 10], [3, 0, 0, 0, 2]),      # #6 60, #10 48, three 0s share 36/24/12: 24
        ([11, 12, 13, 14], [2.5, 0, 0, 0.5]),     # 4 players: #11 60, #14 48, two 0s share 24/12: 18
        ([15, 16, 17, 18], [2.5, 0, 0, 0.5]),     # #15 60, #18 48, #16 #17 18
        ([19, 20, 21, 22], [1.5, 0, 0.5, 0.5]),   # no GW (1.5 < 2): #19 60, #21 #22 share 48/24: 36, #20 12
    ],
    2: [
        ([1, 6, 11, 15, 19], [3, 0, 0, 0, 2]),    # #1 GW 60, #19 48, #6 #11 #15 24
        ([2, 7, 12, 16, 20], [5, 0, 0, 0, 0]),    # #2 GW 60, others 30
        ([3, 8, 13, 17, 23], [1.5, 0, 0.5, 0.5, 0.5]),  # #3 60 (no GW), #13 #17 #23 share 48/36/24: 36, #8 12
        ([4, 9, 14, 21], [4, 0, 0, 0]),           # #4 GW 60, three 0s share 48/24/12: 28
        ([5, 10, 18, 22], [2.5, 0, 0, 0.5]),      # #5 GW 60, #22 48, #10 #18 18
    ],
    3: [
        ([1, 11, 15, 8, 20], [5, 0, 0, 0, 0]),    # #1 GW 60; #11 #15 #8 #20 30
        ([2, 9, 13, 17, 21], [3, 0, 0, 0, 2]),    # #2 GW 60, #21 48, #9 #13 #17 24
        ([4, 10, 14, 18], [2.5, 0, 0, 0.5]),      # #4 GW 60, #18 48, #10 #14 18
        ([6, 3, 19, 23], [2.5, 0, 0, 0.5]),       # #6 GW 60, #23 48, #3 #19 18
        ([5, 7, 12, 16], [0, 1, 1, 1.5]),         # overridden: #16 60, #7 #12 share 48/24: 36, #5 12
    ],
}
OVERRIDDEN = (3, 5)
OVERRIDE_REASON = "Elena Rossi ejected mid-game; VPs as the judge awarded them"

# Preliminary totals worked out from the tables above: (GW, VP, TP).
PRELIM = {
    1: (3, 13, 180),   # 5+3+5 VP; 60+60+60
    2: (2, 8, 150),    # 0+5+3; 30+60+60
    3: (0, 1.5, 108),  # 0+1.5+0; 30+60+18
    4: (2, 6.5, 150),  # 0+4+2.5; 30+60+60
    5: (1, 2.5, 102),  # 0+2.5+0; 30+60+12
    6: (2, 5.5, 144),  # 3+0+2.5; 60+24+60
    7: (0, 1, 90),     # 0+0+1; 24+30+36
    8: (0, 0, 66),     # 24+12+30
    9: (0, 0, 76),     # 24+28+24
    10: (0, 2, 84),    # 2+0+0; 48+18+18
    11: (1, 2.5, 114),  # 2.5+0+0; 60+24+30
    12: (0, 1, 84),    # 0+0+1; 18+30+36
    13: (0, 0.5, 78),  # 18+36+24
    14: (0, 0.5, 94),  # 48+28+18
    15: (1, 2.5, 114),  # 2.5+0+0; 60+24+30 — tied with #11
    16: (0, 1.5, 108),  # 0+0+1.5; 18+30+60
    17: (0, 0.5, 78),  # 18+36+24
    18: (0, 1, 114),   # 0.5+0+0.5; 48+18+48
    19: (0, 3.5, 126),  # 1.5+2+0; 60+48+18
    20: (0, 0, 72),    # 12+30+30
    21: (0, 2.5, 112),  # 0.5+0+2; 36+28+48
    22: (0, 1, 84),    # 0.5+0.5 in rounds 1-2; 36+48; withdrew
    23: (0, 1, 84),    # rounds 2-3 only: 0.5+0.5; 36+48
}
# Preliminary ranks: GW, then VP, then TP; equal players share a rank.
# 1 #1 (3 GW); 2 #2, 3 #4, 4 #6 (2 GW, by VP); 5-6 #11 #15 (1 GW, 2.5 VP, 114:
# the toss); 7 #5 (1 GW, 2.5, 102); then 0 GW by VP, TP: 8 #19, 9 #21, 10 #10,
# 11 #3 #16 (1.5, 108), 13 #18 (1, 114), 14 #7 (1, 90), 15 #12 #23 (1, 84),
# 17 #14 (0.5, 94), 18 #13 #17 (0.5, 78), 20 #9, 21 #20, 22 #8; #22 is out.
RANK_BEFORE_TOSS = {1: 1, 2: 2, 4: 3, 6: 4, 11: 5, 15: 5, 5: 7, 19: 8, 21: 9, 10: 10, 3: 11, 16: 11,
                    18: 13, 7: 14, 12: 15, 23: 15, 14: 17, 13: 18, 17: 18, 9: 20, 20: 21, 8: 22}
TIED = (11, 15)
DROPPED = 22

FINAL_VPS = [2, 0, 1, 0, 2]  # seats: #6, toss winner, #1, #4, #2 -> winner #2 (seed 2 beats seed 4)
WINNER = 2
URL = "https://www.vekn.net/event-calendar/event/12345"


def coefficient() -> float:
    """Appendix A: log15(N^2) - 1 (+ 0 for a Standard Constructed), N = 23 entered."""
    return math.log(23 * 23) / math.log(15) - 1


def rating(number: int, toss_winner: int) -> float:
    """5 + 4 x (VP + final VP) + 8 x (GW + 1 for the winner) + bonus (90c winner, 30c finalist)."""
    gw, vp, _ = PRELIM[number]
    final = final_seats(toss_winner)
    if number in final:
        vp += FINAL_VPS[final.index(number)]
        bonus = (90 if number == WINNER else 30) * coefficient()
        gw += 1 if number == WINNER else 0
    else:
        bonus = 0
    return 5 + 4 * vp + 8 * gw + bonus


def final_seats(toss_winner: int) -> list[int]:
    return [6, toss_winner, 1, 4, 2]


def expected_places(toss_winner: int) -> dict[int, int]:
    """Final ranks: the winner 1, other finalists 2, everyone else their preliminary rank."""
    loser = TIED[0] if toss_winner == TIED[1] else TIED[1]
    places = dict(RANK_BEFORE_TOSS)
    places[loser] = 6
    for n in final_seats(toss_winner):
        places[n] = 1 if n == WINNER else 2
    return places


def run(*args, ok=True):
    r = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert r.exit_code == 0, f"archon {' '.join(map(str, args))}\n{r.output}"
    assert "Traceback" not in r.output
    return r


def seat_round(path: Path, k: int, tables: list[list[int]]) -> None:
    """Seat round k with the Python API (rounds after k keep whatever the workbook shows)."""
    event = read_event(path).event
    event.rounds = [r for r in event.rounds if r.number < k] + [Round(k, [Table(list(t)) for t in tables])]
    write_event(path, event)


def play_event(tmp_path: Path, official: bool) -> tuple[Path, int, dict]:
    """Drive the whole event; return the workbook, the toss winner and outputs to check."""
    path = tmp_path / "winter-cup.xlsx"
    players_csv = tmp_path / "players.csv"
    with open(players_csv, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["VEKN #", "Last name", "First name", "City"])  # any order, any case
        for n, (first, last) in enumerate(PLAYERS, start=1):
            w.writerow([vekn_of(n), last, first, "Lyon"])
    outputs: dict = {}
    template = ["--template", official_file("xlsx")] if official else []
    run("new", path, "--name", "Winter Cup", "--date", "2026-12-05", "--city", "Lyon",
        "--level", "Standard Constructed", "--format", "3R+F", *template)
    out = run("register", path, "--from", players_csv).output
    assert out.count("registered #") == 22 and "registered #22 Victor Dubois (Lyon), VEKN 3000122" in out

    for k in (1, 2, 3):
        if k == 2:
            out = run("register", path, " ".join(LATE), "--vekn", vekn_of(23), "--city", "Kraków").output
            assert "registered #23 Wanda Zielinska" in out and "joins from round 2" in out
        if k == 3:
            out = run("drop", path, "Dubois").output
            assert "#22 Victor Dubois is out (WD" in out
        seat_round(path, k, [t for t, _ in ROUNDS[k]])
        for t, (_, vps) in enumerate(ROUNDS[k], start=1):
            args = ["result", path, "--round", k, "--table", t, *vps]
            if (k, t) == OVERRIDDEN:
                refused = run(*args, ok=False)
                assert refused.exit_code == 1 and "cannot score" in refused.output, refused.output
                out = run(*args, "--override", OVERRIDE_REASON).output
                assert "accepted by a judge" in out
            else:
                run(*args)

    # The cut: a tie between #11 and #15, which the final cannot wait for.
    shown = run("finals", path, ok=False)  # status 1: the final cannot be seated until the toss
    out = shown.output
    assert shown.exit_code == 1 and "Kaito Tanaka" in out and "Oscar Jensen" in out and "archon toss" in out
    refused = run("finals", path, "--seating", "6,11,1,4,2", ok=False)
    assert refused.exit_code == 1 and "archon toss" in refused.output  # a refused change (archon.exits)
    dry = [run("toss", path, "--seed", 2026, "--dry-run").output for _ in range(2)]
    assert dry[0] == dry[1] and "dry run: nothing written" in dry[0]
    out = run("toss", path, "--seed", 2026).output
    m = re.search(r"(#\d+) [^—\n]* won the toss", out)
    assert m, out
    toss_winner = int(m.group(1)[1:])
    assert toss_winner in TIED and f"{m.group(1)} {NAMES[toss_winner]} reaches the final" in out
    head, *preview, write_it = dry[0].splitlines()
    *done, _, repeat_it = out.splitlines()  # the line before the last says what was written
    assert head.startswith("dry run: nothing written") and preview == done, "the draw differs from the dry run"
    assert write_it == repeat_it.replace("to repeat", "to write") == f"to write this draw: archon toss {path} --seed 2026"

    out = run("finals", path).output
    # Rules 3.1.3: the lowest qualifier places first: seeds 5, 4, 3, 2, 1.
    order = re.findall(r"^\s+\d\. seed (\d): #(\d+)", out, re.M)
    assert order == [("5", str(toss_winner)), ("4", "6"), ("3", "4"), ("2", "2"), ("1", "1")], out
    run("finals", path, "--seating", ",".join(map(str, final_seats(toss_winner))))
    out = run("result", path, "--final", *FINAL_VPS).output
    assert f"winner: #{WINNER} {NAMES[WINNER]}" in out

    outputs["report"] = run("report", path).output
    outputs["archondata"] = run("report", path, "--archondata").output.strip()
    outputs["twd"] = run("report", path, "--twd", "--url", URL, "--country", "France").output.strip()
    outputs["standings"] = json.loads(run("standings", path, "--json").output)
    csv_dir = tmp_path / "csv"
    run("report", path, "--csv", csv_dir)
    outputs["csv"] = csv_dir
    return path, toss_winner, outputs


def parse_report(text: str) -> dict[int, tuple]:
    """Rows of 'archon report': number -> (VEKN, name, played, won, VPs, rank or None)."""
    rows = {}
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or not tokens[0].isdigit():
            continue
        tail = []
        while tokens and re.fullmatch(r"[\d.]+|WD|DQ", tokens[-1]) and len(tail) < 4:
            tail.insert(0, tokens.pop())
        if len(tail) == 3:
            tail.append(None)
        played, won, vps, rank = tail
        rows[int(tokens[0])] = (tokens[1], " ".join(tokens[2:]), int(played), int(won), float(vps),
                                None if rank is None else (rank if not rank.isdigit() else int(rank)))
    return rows


def expected_report(toss_winner: int) -> dict[int, tuple]:
    places = expected_places(toss_winner)
    final = final_seats(toss_winner)
    out = {}
    for n in range(1, 24):
        gw, vp, _ = PRELIM[n]
        played = 2 if n in (22, 23) else 3      # #22 left after round 2, #23 came for round 2
        played += 1 if n in final else 0
        won = gw + (1 if n == WINNER else 0)    # the sheet adds the final's win
        total = vp + (FINAL_VPS[final.index(n)] if n in final else 0)
        if n == DROPPED:
            rank = "WD"
        else:
            rank = places[n] if places[n] <= 5 else None
        out[n] = (vekn_of(n), NAMES[n], played, won, total, rank)
    return out


def report_order(toss_winner: int) -> list[int]:
    """The VEKN Report's order: final rank (or rank), then player number; #22 last."""
    places = expected_places(toss_winner)
    return sorted(places, key=lambda n: (places[n], n)) + [DROPPED]


def check_outputs(toss_winner: int, outputs: dict) -> None:
    loser = TIED[0] if toss_winner == TIED[1] else TIED[1]
    places = expected_places(toss_winner)

    # archon standings --json
    by = {p["number"]: p for p in outputs["standings"]["players"]}
    for n, (gw, vp, tp) in PRELIM.items():
        p = by[n]
        assert (p["gw"], p["vp"], p["tp"]) == (gw, vp, tp), f"#{n}"
        assert p["rating_points"] == pytest.approx(rating(n, toss_winner)), f"#{n} rating points"
        if n == DROPPED:
            assert p["dq"] and p["rank"] is None
        else:
            assert p["final_rank"] == places[n], f"#{n} final rank"
    assert by[toss_winner]["seed"] == 5 and by[loser]["rank"] == 6 and not by[loser]["finalist"]
    assert [by[n]["seed"] for n in (1, 2, 4, 6)] == [1, 2, 3, 4]
    assert by[toss_winner]["coin"] == 1 and by[loser]["coin"] == 2

    # archon report: the VEKN report, in the sheet's order
    rows = parse_report(outputs["report"])
    assert rows == expected_report(toss_winner)
    assert list(rows) == report_order(toss_winner)

    # archon report --archondata: 4 rounds (3R+F), then one record per player
    head, body = outputs["archondata"].split("¤")
    assert head == "4"
    fields = body.split("§")
    assert fields[-1] == "" and len(fields) == 23 * 11 + 1
    records = [fields[i * 11:(i + 1) * 11] for i in range(23)]
    order = report_order(toss_winner)
    assert [int(r[4]) - 3000100 for r in records] == order
    final = final_seats(toss_winner)
    for r, n in zip(records, order):
        gw, vp, tp = PRELIM[n]
        first, last = (PLAYERS + [LATE])[n - 1]
        rank = "WD" if n == DROPPED else str(places[n])
        final_vp = FINAL_VPS[final.index(n)] if n in final else 0
        coin = {toss_winner: 1, loser: 2}.get(n, 0)
        city = "Kraków" if n == 23 else "Lyon"
        assert r == [rank, first, last, city, vekn_of(n), str(gw), f"{vp:g}", f"{final_vp:g}", f"{tp:g}",
                     str(coin), str(math.floor(rating(n, toss_winner) + 0.5))], f"#{n}"

    # archon report --twd
    gw, vp, _ = PRELIM[WINNER]
    assert outputs["twd"] == "\n".join([
        "Winter Cup", "Lyon, France", "December 5th 2026", "3R+F", "23 players", "Bruno Ferreira", URL,
        "", f"-- {gw}GW{vp:g} + {FINAL_VPS[final.index(WINNER)]}vp in final",
    ])

    # archon report --csv: the Archon-compatible set, Report.csv as the VEKN report
    folder = outputs["csv"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "Finals.csv", "Methuselahs.csv", "Override.csv", "Report.csv", "Round-1.csv", "Round-2.csv",
        "Round-3.csv"]
    # the judge's override, with its reason, as The Archon's Override sheet holds it
    assert (folder / "Override.csv").read_bytes().decode("utf-8") == (
        f"{OVERRIDDEN[0]},{OVERRIDDEN[1]},{OVERRIDE_REASON}\r\n")
    with open(folder / "Report.csv", encoding="utf-8", newline="") as f:
        report = list(csv.DictReader(f))
    expected = expected_report(toss_winner)
    # by rank (the flagged player last), players of the same rank as the Discord
    # bot orders them: its totals first (GW, then VP), not their numbers
    numbers = [int(r["Player Num"]) for r in report]
    assert sorted(numbers) == sorted(order)
    rank_of = {n: (n == DROPPED, places.get(n, 0)) for n in numbers}
    assert [rank_of[n] for n in numbers] == sorted(rank_of[n] for n in numbers)
    assert all(expected[a][3:5] >= expected[b][3:5] for a, b in zip(numbers, numbers[1:]) if rank_of[a] == rank_of[b])
    for r in report:
        n = int(r["Player Num"])
        _, name, played, won, total, _ = expected[n]
        assert (r["Name"], int(r["Games Played"]), int(r["Games Won"]), float(r["Total VPs"])) == (
            name, played, won, total)


@pytest.fixture(scope="module")
def official_event(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("official")
    return play_event(tmp, official=True)


def test_event_on_the_official_archon(official_event):
    _, toss_winner, outputs = official_event
    check_outputs(toss_winner, outputs)


def test_event_on_the_builtin_template(tmp_path):
    _, toss_winner, outputs = play_event(tmp_path, official=False)
    check_outputs(toss_winner, outputs)


def test_the_archons_formulas_show_what_archon_prints(official_event, tmp_path):
    """The official workbook, recalculated by LibreOffice: standings, rating points, VEKN Report."""
    binary = soffice_path()
    if not binary:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    path, toss_winner, outputs = official_event
    converted = recalculated(binary, path, tmp_path)
    wb = openpyxl.load_workbook(converted, data_only=True, read_only=True)

    printed = {p["number"]: p for p in outputs["standings"]["players"]}
    seen = set()
    for row in wb["Methuselahs"].iter_rows(min_row=7, max_row=40, max_col=28, values_only=True):
        if not isinstance(row[0], (int, float)):
            continue
        n = int(row[0])
        seen.add(n)
        p = printed[n]
        gw, vp, tp, rank, final_rank, points = row[7], row[8], row[9], row[13], row[20], row[27]
        assert (gw, vp, tp) == (p["gw"], p["vp"], p["tp"]), f"Methuselahs #{n}: H, I, J"
        assert points == pytest.approx(p["rating_points"]), f"Methuselahs #{n}: AB rating points"
        if p["dq"]:
            assert rank == "DQ"
        else:
            assert rank == p["rank"] and final_rank == p["final_rank"], f"Methuselahs #{n}: N, U"
    assert seen == set(range(1, 24))

    # The VEKN Report sheet, row by row, against 'archon report' (the sheet
    # lists the players it ranks: #22, flagged out, is not in it).
    rows = parse_report(outputs["report"])
    sheet = []
    for row in wb["VEKN Report"].iter_rows(min_row=7, max_row=40, max_col=7, values_only=True):
        if not isinstance(row[0], (int, float)):
            continue
        sheet.append(row)
    assert [int(r[0]) for r in sheet] == [n for n in rows if n != DROPPED]
    for r in sheet:
        vekn, name, played, won, total, rank = rows[int(r[0])]
        assert (str(int(r[1])), r[2], r[3], r[4], r[5]) == (vekn, name, played, won, total), f"VEKN Report #{r[0]}"
        shown = r[6] if r[6] not in ("", None) else None
        assert shown == rank, f"VEKN Report #{r[0]}: rank"
    wb.close()
