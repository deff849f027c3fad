"""The Archon-compatible CSV set (archon.formats.csvset): the exact files archon writes,
reading the Discord bot's own exports, lenient reading, errors that name the
line, and round trips.

The expected file texts below are written by hand from the format (the bot's
``/download-reports`` export: see the module documentation of
:mod:`archon.formats.csvset`) and from standings worked out by hand in the comments,
never printed by the code under test.
"""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import pytest

from archon.words.render import PLAIN
from archon.formats.csvset import DIFFERS, DROPPED, CsvSetError, load_csv_set, read_csv_set, write_csv_set
from archon.cli import main
from archon.rules.model import Event, Final, Override, Player, Round, Table
from click.testing import CliRunner
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute
from conftest import without_folders

# ---------------------------------------------------------------------------
# The sample event shared with test_convert.py: 20 players, 3R+F with a final,
# a player who withdrew after round 2, a judge's override, blank VPs, a tie for
# the last place in the final decided by a coin toss, accented names.

FIRST = ["Anna", "Bruno", "Chloé", "Dmitri", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jonas",
         "Kasia", "Luca", "Maja", "Nils", "Olga", "Pavel", "Quentin", "Rosa", "Sven", "Tereza"]
LAST = ["Kowalski", "Da Silva", "Müller", "Ivanov", "Lindqvist", "Haddad", "Novak", "Lefèvre", "García",
        "Berg", "Nowak", "Rossi", "Horvat", "Olsen", "Petrova", "Dvořák", "Martin", "Ferreira", "Sandberg",
        "Svobodová"]
SAMPLE_ROUNDS = [
    [([9, 4, 7, 6, 16], [2.0, 1.5, None, None, 0.5]),
     ([17, 3, 13, 1, 2], [1.5, None, None, 2.0, 1.0]),
     ([14, 11, 20, 10, 15], [None, 2.0, 0.5, 0.5, 0.5]),
     ([12, 5, 18, 19, 8], [0.5, None, 3.0, None, 1.0])],
    [([14, 15, 2, 7, 4], [0.0, 1.5, 0.0, 1.0, 1.5]),
     ([6, 9, 8, 11, 12], [1.0, 1.0, 0.0, 0.0, 3.0]),
     ([20, 19, 10, 18, 16], [1.0, 0.0, 0.0, 0.0, 0.0]),  # #20 ejected mid-game: a judge's override
     ([3, 1, 13, 17, 5], [0.0, 0.0, 2.0, 0.5, 2.0])],
    [([2, 1, 6, 4, 8], [1.0, 0.0, 1.0, 2.5, 0.0]),
     ([3, 12, 10, 18, 14], [0.0, 0.0, 1.0, 2.5, 0.5]),
     ([19, 15, 13, 17, 11], [0.5, 1.5, 0.0, 2.0, 0.0]),
     ([9, 7, 16, 5], [1.0, 2.5, 0.0, 0.0])],
]


def sample_event() -> Event:
    players = [
        Player(i + 1, FIRST[i], LAST[i], city="Lyon" if i % 3 == 0 else None, vekn=str(1000001 + 7 * i))
        for i in range(20)
    ]
    players[19].out = "WD"
    # #7 and #12 tie on GW, VP and TP for 5th place: #12 won the toss
    players[11].coin = 1
    players[6].coin = 2
    ev = Event(
        name="Sample Cup", date=dt.date(2024, 3, 9), city="Lyon", organizer="Org",
        level="Standard Constructed", preliminary_rounds=3, players=players, deck_format="Constructed",
    )
    for r, tables in enumerate(SAMPLE_ROUNDS, start=1):
        ev.rounds.append(Round(r, [Table(list(p), list(v)) for p, v in tables]))
    ev.overrides.append(Override(2, 3, "player ejected"))
    # seat order 9, 12, 18, 4, 17; #12 (seed 5) and #4 (seed 2) tie on 2 VP: #4 wins on seed
    ev.final = Final([9, 12, 18, 4, 17], [0.0, 2.0, 1.0, 2.0, 0.0])
    return ev


def player_standings(data: dict) -> list[dict]:
    """The players' part of the standings contract: what every form must agree on."""
    return data["players"]


def test_sample_event_is_what_the_tests_rely_on():
    untossed = sample_event()
    for p in untossed.players:
        p.coin = None
    ties = compute(untossed).ties
    assert [(t.players, t.at_cut) for t in ties] == [((7, 12), True)]
    st = compute(sample_event())
    assert st.finalists == [18, 4, 9, 17, 12]
    assert st.final.winner == 4
    assert [t.status for t in st.rounds[1].tables][2] == "overridden"


# ---------------------------------------------------------------------------
# A small event whose files are written out by hand.
#
# 9 players; #9 withdrew after round 1. Tournament Points: 5-player table
# 60/48/36/24/12, 4-player table 60/48/24/12, tied players share the average.
#
# Round 1, table 1 (#1 #2 #3 #4 #5): 3 0 1 1 0 -> #1 60 TP + GW; #3 #4 share
#   ranks 2-3: (48+36)/2 = 42; #2 #5 share 4-5: (24+12)/2 = 18.
# Round 1, table 2 (#6 #7 #8 #9): 4 0 0 0 -> #6 60 + GW; #7 #8 #9 share 2-4:
#   (48+24+12)/3 = 28.
# Round 2, table 1 (#2 #4 #6 #8): 0 2 1 1 -> #4 60 + GW; #6 #8 (48+24)/2 = 36; #2 12.
# Round 2, table 2 (#1 #3 #5 #7): 1 0 2 1 -> #5 60 + GW; #1 #7 36; #3 12.
# Totals (GW, VP, TP): #1 1, 4, 96 | #2 0, 0, 30 | #3 0, 1, 54 | #4 1, 3, 102 |
#   #5 1, 2, 78 | #6 1, 5, 96 | #7 0, 1, 64 | #8 0, 1, 64 | #9 out.
# Ranking by GW, VP, TP: #6, #1, #4, #5; #7 and #8 tie for 5th: #8 won the
#   toss (coin 1) -> seed 5, #7 6th; #3 7th; #2 8th.
# Final, seat order #4 #8 #1 #6 #5: 1 0 2 2 0 -> #1 (seed 2) and #6 (seed 1) tie
#   on 2 VP: #6 wins on the better seed; every other finalist is 2nd.
# Games played (final included): finalists 3, #2 #3 #7 2, #9 1.
# Games won (+1 for the final's winner): #6 2, #1 #4 #5 1, others 0.
# Total VPs (final included): #6 7, #1 6, #4 4, #5 2, #8 1, #7 1, #3 1, #2 0, #9 0.

SMALL_NAMES = {1: ("Anna", "One"), 2: ("Bea", "Two"), 3: ("Cid", "Three"), 4: ("Dan", "Four"),
               5: ("Eve", "Five"), 6: ("Finn", "Six"), 7: ("Gus", "Seven"), 8: ("Hal", "Eight"),
               9: ("Ivy", "Nine")}


def small_event() -> Event:
    players = [Player(n, *SMALL_NAMES[n], vekn=f"100000{n}") for n in range(1, 10)]
    players[0].city = "Lyon"
    players[8].out = "WD"
    players[7].coin = 1
    players[6].coin = 2
    ev = Event(name="Small", players=players, preliminary_rounds=2)
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4, 5], [3, 0, 1, 1, 0]), Table([6, 7, 8, 9], [4, 0, 0, 0])]))
    ev.rounds.append(Round(2, [Table([2, 4, 6, 8], [0, 2, 1, 1]), Table([1, 3, 5, 7], [1, 0, 2, 1])]))
    ev.final = Final([4, 8, 1, 6, 5], [1, 0, 2, 2, 0])
    return ev


def crlf(*lines: str) -> bytes:
    return "".join(line + "\r\n" for line in lines).encode("utf-8")


SMALL_FILES = {
    "Methuselahs.csv": crlf(
        "1,Anna,One,Lyon,1000001,3,",
        "2,Bea,Two,,1000002,2,",
        "3,Cid,Three,,1000003,2,",
        "4,Dan,Four,,1000004,3,",
        "5,Eve,Five,,1000005,3,",
        "6,Finn,Six,,1000006,3,",
        "7,Gus,Seven,,1000007,2,",
        "8,Hal,Eight,,1000008,3,",
        "9,Ivy,Nine,,1000009,1,WD",
    ),
    "Round-1.csv": crlf(
        "1,Anna,One,1,3.0", "2,Bea,Two,1,0", "3,Cid,Three,1,1.0", "4,Dan,Four,1,1.0", "5,Eve,Five,1,0",
        "6,Finn,Six,2,4.0", "7,Gus,Seven,2,0", "8,Hal,Eight,2,0", "9,Ivy,Nine,2,0", ",,,,",
    ),
    "Round-2.csv": crlf(
        "2,Bea,Two,1,0", "4,Dan,Four,1,2.0", "6,Finn,Six,1,1.0", "8,Hal,Eight,1,1.0", ",,,,",
        "1,Anna,One,2,1.0", "3,Cid,Three,2,0", "5,Eve,Five,2,2.0", "7,Gus,Seven,2,1.0", ",,,,",
    ),
    # seat order, with each finalist's seed
    "Finals.csv": crlf(
        "4,Dan,Four,1,3,1.0", "8,Hal,Eight,1,5,0", "1,Anna,One,1,2,2.0", "6,Finn,Six,1,1,2.0",
        "5,Eve,Five,1,4,0",
    ),
    "Report.csv": crlf(
        "Player Num,V:EKN Num,Name,Games Played,Games Won,Total VPs,Finals Position,Rank",
        "6,1000006,Finn Six,3,2,7.0,1,1",
        "1,1000001,Anna One,3,1,6.0,2,2",
        "4,1000004,Dan Four,3,1,4.0,3,2",
        "5,1000005,Eve Five,3,1,2.0,4,2",
        "8,1000008,Hal Eight,3,0,1.0,5,2",
        "7,1000007,Gus Seven,2,0,1.0,,6",
        "3,1000003,Cid Three,2,0,1.0,,7",
        "2,1000002,Bea Two,2,0,0,,8",
        "9,1000009,Ivy Nine,1,0,0,,DQ",
    ),
}


def test_written_files_are_exactly_the_bot_format(tmp_path):
    written = write_csv_set(small_event(), tmp_path / "export")
    assert [p.name for p in written.files] == list(SMALL_FILES)
    for name, expected in SMALL_FILES.items():
        assert (tmp_path / "export" / name).read_bytes() == expected, name
    # the set cannot hold the coin toss or the event's name: said, not hidden
    assert any("coin rankings (#7 2, #8 1)" in s for s in map(PLAIN.render, written.not_held))
    assert any("name" in s and "Tournament Info" in s for s in map(PLAIN.render, written.not_held))


def test_reading_the_written_files_gives_the_event_back(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    for name, data in SMALL_FILES.items():
        (folder / name).write_bytes(data)
    read = load_csv_set(folder)
    ev = read.event
    assert [(p.number, p.first_name, p.last_name, p.vekn, p.out) for p in ev.players][8] == (
        9, "Ivy", "Nine", "1000009", "WD")
    assert ev.player(1).city == "Lyon"
    assert ev.preliminary_rounds == 2
    assert ev.round(1).tables[1].players == [6, 7, 8, 9]
    assert ev.final.seating == [4, 8, 1, 6, 5]
    # the toss for 5th place comes back from the seeds: #8 won it
    assert (ev.player(8).coin, ev.player(7).coin) == (1, 2)
    assert not read.dropped and not read.differences
    assert player_standings(standings_to_dict(compute(ev))) == player_standings(
        standings_to_dict(compute(small_event())))


# What the Discord bot itself exports for the same event: no city, "DQ" for a
# player who dropped, finalists listed by seed (it does not record the final's
# seating).
BOT_FILES = {
    "Methuselahs.csv": crlf(
        "1,Anna,One,,1000001,3,", "2,Bea,Two,,1000002,2,", "3,Cid,Three,,1000003,2,",
        "4,Dan,Four,,1000004,3,", "5,Eve,Five,,1000005,3,", "6,Finn,Six,,1000006,3,",
        "7,Gus,Seven,,1000007,2,", "8,Hal,Eight,,1000008,3,", "9,Ivy,Nine,,1000009,1,DQ",
    ),
    "Round-1.csv": SMALL_FILES["Round-1.csv"],
    "Round-2.csv": SMALL_FILES["Round-2.csv"],
    "Finals.csv": crlf(
        "6,Finn,Six,1,1,2.0", "1,Anna,One,1,2,2.0", "4,Dan,Four,1,3,1.0", "5,Eve,Five,1,4,0",
        "8,Hal,Eight,1,5,0",
    ),
    "Report.csv": SMALL_FILES["Report.csv"],
}


def test_a_bot_export_reads_with_the_same_standings(tmp_path):
    archive = tmp_path / "reports.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name, data in BOT_FILES.items():
            zf.writestr(name, data)
    read = load_csv_set(archive)
    ev = read.event
    assert ev.player(9).out == "DQ" and ev.player(1).city is None
    # seat order unknown: the rows' order (by seed) is taken as seat order
    assert ev.final.seating == [6, 1, 4, 5, 8]
    st = compute(ev)
    by = st.by_number()
    assert st.final.winner == 6
    assert [by[n].final_rank for n in (6, 1, 4, 5, 8, 7, 3, 2)] == [1, 2, 2, 2, 2, 6, 7, 8]
    assert by[8].seed == 5 and not by[7].finalist
    assert not read.differences


def test_an_override_the_set_cannot_hold_is_inferred_back(tmp_path):
    # Round 2, table 2: #3 is ejected; only #5 ousted someone before time:
    # VPs 1 0 2 0 do not add up to 4, a judge accepted the table.
    ev = small_event()
    ev.round(2).tables[1].vps = [1, 0, 2, 0]
    for p in ev.players:
        p.coin = None  # #7 now has 0 VP in round 2: no tie with #8 any more
    ev.overrides.append(Override(2, 2, "player ejected"))
    write_csv_set(ev, tmp_path / "set")
    assert (tmp_path / "set" / "Override.csv").read_bytes() == crlf("2,2,player ejected")
    (tmp_path / "set" / "Override.csv").unlink()  # as the bot writes the set: no Override.csv
    read = load_csv_set(tmp_path / "set")
    assert [(o.round, o.table) for o in read.event.overrides] == [(2, 2)]
    assert any("round 2, table 2" in n.message and "override" in n.message for n in read.notes)
    assert player_standings(standings_to_dict(compute(read.event))) == player_standings(
        standings_to_dict(compute(ev)))


def test_lenient_reading_semicolons_decimal_commas_bom_headers_old_names(tmp_path):
    folder = tmp_path / "excel-resaved"
    folder.mkdir()
    # Excel in a French locale re-saves with ';' and decimal commas, a BOM, and
    # someone added a header line; the old bot called the rounds "Round 1.csv";
    # the 4-player table is followed by a truly blank line.
    (folder / "Methuselahs.csv").write_bytes(
        "\ufeffNum;First;Last;Country;VEKN;Rounds;DQ\n".encode("utf-8")
        + SMALL_FILES["Methuselahs.csv"].replace(b",", b";").replace(b"\r\n", b"\n")
    )
    (folder / "Round 1.csv").write_bytes(
        SMALL_FILES["Round-1.csv"].replace(b",", b";").replace(b".", b",").replace(b";;;;", b"")
    )
    (folder / "round-2.CSV").write_bytes(SMALL_FILES["Round-2.csv"])
    (folder / "Finals.csv").write_bytes(SMALL_FILES["Finals.csv"])
    (folder / "Report.csv").write_bytes(SMALL_FILES["Report.csv"])
    read = load_csv_set(folder)
    assert player_standings(standings_to_dict(compute(read.event))) == player_standings(
        standings_to_dict(compute(small_event())))
    assert any(n.line == 1 and "header" in n.message for n in read.notes)


def test_a_zip_with_the_set_in_a_folder(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name, data in SMALL_FILES.items():
            zf.writestr(f"Winter Cup/{name}", data)
        zf.writestr("__MACOSX/Winter Cup/._Report.csv", b"junk")
    assert read_csv_set(archive).final.seating == [4, 8, 1, 6, 5]


def write_set(folder: Path, files: dict[str, bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return folder


@pytest.mark.parametrize(
    "name, bad, expected",
    [
        ("Round-2.csv", lambda b: b.replace(b"4,Dan,Four,1,2.0", b"4,Dan,Four,1,two"),
         "Round-2.csv, line 2: column 5 (VP) holds 'two': expected a number of VPs"),
        ("Methuselahs.csv", lambda b: b.replace(b"3,Cid", b"x3,Cid"),
         "Methuselahs.csv, line 3: column 1 (player number) holds 'x3': expected a whole number"),
        ("Methuselahs.csv", lambda b: b.replace(b"4,Dan", b"2,Dan"),
         "Methuselahs.csv, line 4: player number 2 is already on line 2"),
        ("Round-1.csv", lambda b: b.replace(b",2,", b",1,"),
         "Round-1.csv, lines 1-9: table 1 has 9 players: a table has 4 or 5"),
        ("Round-2.csv", lambda b: b.replace(b"7,Gus,Seven,2,1.0", b"7,Gus,Seven,1,1.0"),
         "Round-2.csv, line 9: table 1 again, after other tables (it started on line 1)"),
        ("Round-1.csv", lambda b: b.replace(b"6,Finn,Six,2,4.0", b"6,Finn,Six,,4.0"),
         "Round-1.csv, line 6: column 4 (table) holds nothing: expected a whole number"),
        ("Finals.csv", lambda b: b.replace(b"8,Hal", b"4,Hal"),
         "Finals.csv, line 2: player 4 is seated twice at the final"),
        ("Methuselahs.csv", lambda b: b.replace(b"1,Anna", b"1" + b"0" * 30 + b",Anna"),
         "Methuselahs.csv, line 1: column 1 (player number) holds '1" + "0" * 30 + "': expected a whole number"),
    ],
)
def test_errors_name_the_file_and_line_and_what_was_expected(tmp_path, name, bad, expected):
    assert expected in refusal_of_small_set_with(tmp_path / "set", name, bad)


def refusal_of_small_set_with(folder: Path, name: str, bad) -> str:
    """What reading the small set refuses once ``bad`` changed its file ``name``."""
    files = dict(SMALL_FILES)
    files[name] = bad(files[name])
    with pytest.raises(CsvSetError) as exc:
        load_csv_set(write_set(folder, files))
    return str(exc.value)


@pytest.mark.parametrize("name, bad, expected", [
    # the quote swallowed the rest of the file into one field: round 1 was read
    # as one header line and left out, and the event converted without it (exit 0)
    ("Round-1.csv", lambda b: b'"' + b,
     "Round-1.csv, line 1: not readable as CSV (unexpected end of data): check the quotes"),
    # a quote opened on line 3 and closed on line 5: Cid, Dan and Eve were one player
    ("Methuselahs.csv", lambda b: b.replace(b"3,Cid,", b'3,"Cid,').replace(b"5,Eve,", b'5,Eve",'),
     "Methuselahs.csv, line 3: a quoted field runs on to line 5"),
    ("Round-2.csv", lambda b: b.replace(b"5,Eve,Five,2,2.0", b"5,Eve\x00,Five,2,2.0"),
     "Round-2.csv, line 8: binary data"),
])
def test_a_csv_file_that_does_not_parse_is_refused_not_read_in_part(tmp_path, name, bad, expected):
    assert expected in refusal_of_small_set_with(tmp_path / "set", name, bad)
    r = CliRunner().invoke(main, ["convert", str(tmp_path / "set"), str(tmp_path / "event.xlsx")])
    assert r.exit_code == 2 and f"Error: {expected}" in r.output, r.output
    assert not (tmp_path / "event.xlsx").exists()


def test_unreadable_sources_say_what_a_csv_set_is(tmp_path):
    with pytest.raises(CsvSetError, match="does not exist: expected a folder or a .zip holding Methuselahs.csv"):
        load_csv_set(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CsvSetError, match="holds none of the CSV set's files"):
        load_csv_set(tmp_path / "empty")
    both = write_set(tmp_path / "both", {"Round-1.csv": SMALL_FILES["Round-1.csv"],
                                         "Round 1.csv": SMALL_FILES["Round-1.csv"]})
    with pytest.raises(CsvSetError, match="holds both"):
        load_csv_set(both)


def test_values_without_a_place_are_listed_as_dropped(tmp_path):
    files = dict(SMALL_FILES)
    files["Methuselahs.csv"] = files["Methuselahs.csv"].replace(b"1,Anna,One,Lyon,1000001,3,",
                                                                  b"1,Anna,One,Lyon,1000001,3,,sponsor")
    files["Decks.csv"] = b"1,Tremere stealth bleed\r\n"
    read = load_csv_set(write_set(tmp_path / "set", files))
    dropped = [str(n) for n in read.dropped]
    assert any(s.startswith("Methuselahs.csv, line 1: column 8 holds 'sponsor'") for s in dropped)
    assert any(s.startswith("Decks.csv: this CSV file is not part of the Archon CSV set") for s in dropped)


def test_a_report_without_rounds_lists_its_results_as_dropped(tmp_path):
    # the bot exports only Report.csv for an event that does not require VEKN numbers
    read = load_csv_set(write_set(tmp_path / "set", {"Report.csv": SMALL_FILES["Report.csv"]}))
    assert [(p.number, p.first_name, p.last_name, p.out) for p in read.event.players][-1] == (9, "Ivy", "Nine", "DQ")
    assert [str(n) for n in read.dropped] == [
        "Report.csv: the Report holds results (9 players with games played, their VPs and ranks) but the set "
        "has no Round-1.csv...: The Archon computes results from the rounds, so these have no place in it"
    ]


def test_computed_values_that_disagree_are_listed(tmp_path):
    files = dict(SMALL_FILES)
    files["Report.csv"] = files["Report.csv"].replace(b"6,1000006,Finn Six,3,2,7.0,1,1",
                                                      b"6,1000006,Finn Six,3,2,9.0,1,1")
    read = load_csv_set(write_set(tmp_path / "set", files))
    assert [str(n) for n in read.differences] == [
        "Report.csv, line 2: #6's Total VPs is 9.0 in the file; archon computes 7.0"
    ]
    assert read.differences[0].kind == DIFFERS and not [n for n in read.notes if n.kind == DROPPED]


def test_write_read_write_gives_the_same_files(tmp_path):
    first = write_csv_set(sample_event(), tmp_path / "a")
    again = write_csv_set(read_csv_set(tmp_path / "a"), tmp_path / "b")
    assert [p.name for p in first.files] == [p.name for p in again.files]
    for a, b in zip(first.files, again.files):
        assert a.read_bytes() == b.read_bytes(), a.name
    # a 4-player table is followed by the empty 5th row
    assert (tmp_path / "a" / "Round-3.csv").read_bytes().endswith(b"\r\n,,,,\r\n")


def test_an_export_over_an_older_one_lists_its_stale_files(tmp_path):
    write_csv_set(sample_event(), tmp_path / "out")
    ev = sample_event()
    ev.rounds = ev.rounds[:2]
    ev.final = Final()
    written = write_csv_set(ev, tmp_path / "out")
    assert [p.name for p in written.stale] == ["Finals.csv", "Round-3.csv"]
    assert (tmp_path / "out" / "Round-3.csv").exists()  # left alone, not deleted


def test_exported_files_can_be_read_by_others_like_any_new_file(tmp_path):
    import os

    mask = os.umask(0o022)
    try:
        done = write_csv_set(sample_event(), tmp_path / "set")
        (done.files[0]).chmod(0o640)  # a file replaced keeps its mode
        write_csv_set(sample_event(), tmp_path / "set")
    finally:
        os.umask(mask)
    modes = {p.name: p.stat().st_mode & 0o777 for p in done.files}
    assert modes.pop(done.files[0].name) == 0o640
    assert set(modes.values()) == {0o644}  # not private to the user who exported them


# The Discord bot's own published test event (archon-bot, tests/test_bot.py,
# "archon close"): six players, two rounds, Bob and Frank disqualified, a
# final of four. Numbers here are the bot's report numbers (1 Emili ... 6 Bob).
def bot_test_event() -> Event:
    names = {1: "Emili", 2: "Alice", 3: "Charles", 4: "Doug", 5: "Frank", 6: "Bob"}
    vekns = {1: "TEMP_5", 2: "1234567", 3: "3456789", 4: "4567890", 5: "7890123", 6: "2345678"}
    ev = Event(players=[Player(n, names[n], "", vekn=vekns[n]) for n in names], preliminary_rounds=2)
    ev.player(5).out = ev.player(6).out = "DQ"
    ev.rounds.append(Round(1, [Table([4, 6, 2, 3, 1], [0, 0, 4, 1, 0])]))
    ev.rounds.append(Round(2, [Table([2, 1, 3, 4, 5], [0, 5, 0, 0, 0])]))
    ev.final = Final([1, 2, 4, 3], [3, 0, 1, 0])  # a seat order in which 3 0 0 1 by seed is possible
    return ev


# The bot's Report.csv and Finals.csv for it, byte for byte as its test asserts
# them, but for one thing: the bot of that test (0.17) exported while the
# final was still in play, so the final's TP were not in its totals (its
# standings after the final still show Charles 78 TP, Doug 54 TP). The bot
# of today (2.x) exports only once the final is finished and adds the
# final's TP (4 finalists: 12, 24, 48, 60; Alice and Charles share 18):
# Doug 54 + 48 = 102 TP comes before Charles 78 + 18 = 96, both 0 GW 1 VP.
BOT_TEST_REPORT = crlf(
    "Player Num,V:EKN Num,Name,Games Played,Games Won,Total VPs,Finals Position,Rank",
    "1,TEMP_5,Emili,3,2,8.0,1,1",
    "2,1234567,Alice,3,1,4.0,2,2",
    "4,4567890,Doug,3,0,1.0,4,2",
    "3,3456789,Charles,3,0,1.0,3,2",
    "5,7890123,Frank,1,0,0,,DQ",
    "6,2345678,Bob,1,0,0,,DQ",
)
BOT_TEST_FINALS = crlf("1,Emili,,1,1,3.0", "2,Alice,,1,2,0", "3,Charles,,1,3,0", "4,Doug,,1,4,1.0")


def test_report_csv_is_the_bots_text_byte_for_byte(tmp_path):
    written = write_csv_set(bot_test_event(), tmp_path / "set")
    assert (tmp_path / "set" / "Report.csv").read_bytes() == BOT_TEST_REPORT
    # the rounds as the bot writes them: a VP never scored is 0, not 0.0
    assert (tmp_path / "set" / "Round-1.csv").read_bytes() == crlf(
        "4,Doug,,1,0", "6,Bob,,1,0", "2,Alice,,1,4.0", "3,Charles,,1,1.0", "1,Emili,,1,0")
    assert "Override.csv" not in [p.name for p in written.files]
    assert not any("warnings" in s for s in map(PLAIN.render, written.not_held))


def test_the_judges_warnings_are_said_not_to_be_in_the_set(tmp_path):
    from archon.rules.model import JudgeWarning

    ev = bot_test_event()
    ev.warnings.append(JudgeWarning(2, "slow play", 1))
    written = write_csv_set(ev, tmp_path / "set")
    assert any("the judges' warnings (1) are not in the CSV set" in s for s in map(PLAIN.render, written.not_held))


def bot_test_set(folder: Path, *, temporary_vekn: bool = True) -> Path:
    ev = bot_test_event()
    if not temporary_vekn:
        ev.player(1).vekn = "5000005"  # the bot's TEMP_5 is no VEKN number: check would say so
    written = write_csv_set(ev, folder)
    (folder / "Finals.csv").write_bytes(BOT_TEST_FINALS)  # the bot lists the final by seed
    return written.folder


def test_the_bots_finals_by_seed_are_seated_where_the_result_is_possible(tmp_path):
    from archon.rules.validation import check_event

    read = load_csv_set(bot_test_set(tmp_path / "set"))
    ev = read.event
    # 3 0 0 1 is impossible in seed order (Doug's only prey is Emili): the bot
    # does not know the seat order, archon seats them where the result is possible
    assert ev.final.seating == [1, 2, 4, 3] and ev.final.vps == [3, 0, 1, 0]
    assert any("listed by seed" in n.message for n in read.notes)
    st = compute(ev)
    assert st.final.winner == 1 and st.final.result.legal
    assert not [p for p in check_event(ev, st) if p.severity == "error" and p.where.field != "vekn"]


def test_finals_in_seat_order_keep_their_seats(tmp_path):
    # archon's own Finals.csv (seeds not in order down the file) is seat order, kept as it is
    folder = tmp_path / "set"
    write_csv_set(small_event(), folder)
    assert load_csv_set(folder).event.final.seating == [4, 8, 1, 6, 5]


def test_the_bots_final_converts_and_checks_clean_through_the_cli(tmp_path):
    from archon import api

    folder = bot_test_set(tmp_path / "set", temporary_vekn=False)
    out = tmp_path / "event.xlsx"
    r = CliRunner().invoke(main, ["convert", str(folder), str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["check", str(out)])
    said = without_folders(r.output, out)
    assert " 0 errors" in said and "impossible" not in said, r.output  # a blank level is a warning
    assert not [p for p in api.check(out) if p.severity == "error"]
    assert api.standings(out)["final"]["winner"] == 1


def impossible_override_event() -> Event:
    ev = small_event()
    # Round 1, table 2: 0 0 1 3 adds up to 4 (so the table counts as played
    # either way) but no game gives it: #9 (seat 4) can only get 3 VP by ousting
    # #6, #7 and #8 in turn, and #8 then never ousts anyone. A judge accepted it.
    ev.round(1).tables[1].vps = [0, 0, 1, 3]
    ev.overrides.append(Override(1, 2, "player 9 ejected, Finn's last oust voided"))
    return ev


def test_an_impossible_override_that_adds_up_is_kept_by_the_set(tmp_path):
    from archon import api
    from archon.rules.validation import check_event

    ev = impossible_override_event()
    st = compute(ev)
    table = st.rounds[0].tables[1].result
    assert table.status == "overridden" and table.scored
    written = write_csv_set(ev, tmp_path / "set")
    assert (tmp_path / "set" / "Override.csv").read_bytes() == crlf(
        "1,2,\"player 9 ejected, Finn's last oust voided\"")
    assert not any("override" in s for s in map(PLAIN.render, written.not_held))
    read = load_csv_set(tmp_path / "set")
    assert [(o.round, o.table, o.reason) for o in read.event.overrides] == [
        (1, 2, "player 9 ejected, Finn's last oust voided")]
    assert not [p for p in check_event(read.event, compute(read.event)) if p.severity == "error"]
    # through the command line: report --csv, convert, check
    from archon.formats.workbook import write_event

    book = tmp_path / "event.xlsx"
    assert CliRunner().invoke(main, ["new", str(book)]).exit_code == 0
    write_event(book, ev)
    assert CliRunner().invoke(main, ["report", str(book), "--csv", str(tmp_path / "out")]).exit_code == 0
    back = tmp_path / "back.xlsx"
    r = CliRunner().invoke(main, ["convert", str(tmp_path / "out"), str(back)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["check", str(back)])
    said = without_folders(r.output, back)  # the test's folder is test_an_impossible_...
    assert " 0 errors" in said and "impossible" not in said, r.output
    assert not [p for p in api.check(back) if p.severity == "error"]


# Players of the same rank in Report.csv, as the bot orders them (archon-bot,
# Tournament.standings, sorted in reverse on: not dropped, the winner, the
# totals with the final's GW, VP and TP, minus the seed (-inf for a
# non-finalist), the VEKN number as text): the finalists of rank 2 by their
# totals, then seed (#6 and #1 tie on 1 GW, 4 VP, 78+42 TP: seed 1 first;
# #7 has 3 VP, #3 2 VP); #4 and #9 share rank 6 on every total: VEKN
# 1000007 before 1000005. Numbers give another order: 1, 6 / 3, 7 / 4, 9.
def test_report_csv_lists_players_of_the_same_rank_in_the_bots_order(tmp_path):
    vekn = {1: "1000001", 2: "1000009", 3: "1000004", 4: "1000005", 5: "1000002", 6: "1000010", 7: "1000003",
            8: "1000008", 9: "1000007", 10: "1000006"}
    ev = Event(players=[Player(n, f"P{n}", "X", vekn=vekn[n]) for n in range(1, 11)], preliminary_rounds=2)
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4, 5], [3, 1, 1, 0, 0]), Table([6, 7, 8, 9, 10], [3, 1, 1, 0, 0])]))
    ev.rounds.append(Round(2, [Table([1, 6, 2, 7, 3], [0, 0, 2, 2, 1]), Table([8, 4, 9, 5, 10], [0, 2, 2, 1, 0])]))
    for n, coin in ((6, 1), (1, 2), (2, 1), (7, 2)):  # the tosses for seeds 1-2 and 3-4
        ev.player(n).coin = coin
    ev.final = Final([6, 1, 7, 2, 3], [1, 1, 0, 3, 0])
    write_csv_set(ev, tmp_path / "set")
    assert (tmp_path / "set" / "Report.csv").read_bytes() == crlf(
        "Player Num,V:EKN Num,Name,Games Played,Games Won,Total VPs,Finals Position,Rank",
        "2,1000009,P2 X,3,1,6.0,3,1",
        "6,1000010,P6 X,3,1,4.0,1,2",
        "1,1000001,P1 X,3,1,4.0,2,2",
        "7,1000003,P7 X,3,0,3.0,4,2",
        "3,1000004,P3 X,3,0,2.0,5,2",
        "9,1000007,P9 X,2,0,2.0,,6",
        "4,1000005,P4 X,2,0,2.0,,6",
        "8,1000008,P8 X,2,0,1.0,,8",
        "5,1000002,P5 X,2,0,1.0,,9",
        "10,1000006,P10 X,2,0,0,,10",
    )
    # read back, the same event: the order says nothing the rounds do not
    read = load_csv_set(tmp_path / "set")
    assert not read.differences
    assert [s.number for s in compute(read.event).players][:5] == [2, 1, 3, 6, 7]
