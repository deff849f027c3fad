"""A whole event day typed with ``--lang de`` and with ``--lang pl``: what
archon says to the organizer holds no English word (issue 21).

The day: 'archon new' with a players CSV (12 players, 3R+F), round 1 seated
and scored, with one table refused as no game can end (0 1 1 1.5) and one
refused as not over yet (1 0 0 0, a pending result); round 2 seated while a
round 1 table still has no result (the warning says so); a judge's warning
in round 2 and in the final, and the list of warnings; a player dropped
(withdrew); round 3 seated (one sits out); the toss refused while a table
of round 3 is still playing, then drawn for a five-way tie at the cut; the
finals view, the final seated and scored; check, standings, undo, the VEKN
report and the report files.

Every line a person reads is cleaned of what stays as typed or as The
Archon names it (players' names, file names, the command lines archon tells
to type and their options, a reason typed, the workbook's English sheet
names, the rule edition's name), then searched for English words that no
German or Polish sentence holds. The ids, JSON keys and The Archon's own
sheets stay English; this test reads none of them.
"""

from __future__ import annotations

import csv
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon.api import eventday
from archon.cli import main
from archon.formats import layout

PLAYERS = [
    ("Anna", "Kowalski"), ("Bruno", "Ferreira"), ("Chloé", "Martin"), ("Dmitri", "Volkov"),
    ("Elena", "Rossi"), ("Farid", "Haddad"), ("Greta", "Lindqvist"), ("Hugo", "Lefebvre"),
    ("Ines", "Navarro"), ("Jakub", "Novak"), ("Kaito", "Tanaka"), ("Lena", "Schmidt"),
]
#: What the organizer types as it is (names, a city, reasons): never a word to translate.
TYPED = ["slow play", "marked cards", "Cup", "Lyon", "VP", "The Archon"] + [w for name in PLAYERS for w in name]

#: English words no German or Polish sentence holds (none of them is a German or Polish word:
#: "Finalist", "Name", "optimal" are, and are left out).
ENGLISH = {
    "the", "round", "rounds", "table", "tables", "player", "players", "seat", "seats", "seated", "seating",
    "wrote", "written", "write", "kept", "previous", "version", "restored", "would", "nothing", "pending",
    "invalid", "complete", "result", "results", "warning", "warnings", "withdrew", "disqualified", "leaders",
    "finalists", "winner", "choice", "places", "place", "toss", "coin", "seed", "share", "prey",
    "predator", "opponents", "same", "than", "once", "more", "cells", "workbook", "report", "problems",
    "errors", "notes", "note", "and", "with", "not", "yet", "has", "have", "is", "are", "of", "for",
    "from", "this", "that", "its", "their", "which", "who", "what", "one", "last",
    "first", "rules", "event", "builtin", "official", "standings", "registered", "created", "score",
    "proven", "repeat", "gap", "bound", "lower", "sits", "sit", "out", "rank", "played",
    "final", "dry", "run",
}

_SHEETS = sorted({*layout.SHEETS, *layout.ROUND_SHEETS.values()}, key=len, reverse=True)
# A command line archon tells to type: "archon" and its words, up to a quote or a bracket.
_COMMAND = re.compile(r"archon(?: +[^\s'\"()\[\]]+)+")
_OPTION = re.compile(r"--\w[\w-]*")
_FILE = re.compile(r"\S+\.(?:xlsx|html|csv)\b")
_WORD = re.compile(r"[^\W\d_]+")


def _read(line: str) -> str:
    """``line`` without what is not to be translated."""
    for sheet in _SHEETS:
        line = line.replace(sheet, " ")
    line = _COMMAND.sub(" ", line)
    line = _FILE.sub(" ", line)
    line = _OPTION.sub(" ", line)
    line = line.replace("'current'", " ")  # the rule edition's name, as --edition takes it
    for typed in sorted(TYPED, key=len, reverse=True):
        line = line.replace(typed, " ")
    return line


def english_words(line: str) -> list[str]:
    return [w for w in _WORD.findall(_read(line)) if w.lower() in ENGLISH]


def test_the_filter_finds_english_and_spares_what_is_typed():
    """The reading above finds English and spares the names, files and commands (a filter that
    found nothing would pass every language)."""
    assert english_words("cup.xlsx: wrote 64 cells (builtin workbook)") == ["wrote", "cells", "builtin", "workbook"]
    assert english_words("#3 Chloé Martin, Runde 2: slow play") == []
    assert english_words("zapisz go (archon result cup.xlsx --round 1 --table 3 VP VP ...)") == []
    assert english_words('przed "archon --lang pl result cup.xlsx --round 3 --table 1 2 2 1 0 0" (x)') == []
    assert english_words("Round 3!A10: reguła rozsadzenia R4") == []


class Day:
    """The event day in one language: each command typed and what it printed."""

    def __init__(self, lang: str, folder: Path) -> None:
        self.lang, self.folder, self.said = lang, folder, []
        self.runner = CliRunner()

    def __call__(self, line: str, exit_code: int = 0) -> str:
        res = self.runner.invoke(main, ["--lang", self.lang] + shlex.split(line), catch_exceptions=False)
        assert res.exit_code == exit_code, f"{line}: exit {res.exit_code}\n{res.output}"
        assert "Traceback" not in res.output
        self.said.append((line, res.output))
        return res.output


def _event_day(day: Day) -> None:
    with open("players.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["first name", "last name", "vekn", "city"])
        for i, (first, last) in enumerate(PLAYERS, start=1):
            w.writerow([first, last, str(3000100 + i), "Lyon"])
    day("new cup.xlsx --name Cup --date 2026-12-05 --city Lyon --players players.csv")
    day("seat cup.xlsx --round 1 --seed 1")
    day("result cup.xlsx --round 1 --table 1 .5 .5 .5 .5")  # time ran out: everyone ties
    day("result cup.xlsx --round 1 --table 2 0 1 1 1.5", exit_code=1)  # no game ends so: invalid
    day("result cup.xlsx --round 1 --table 2 1 0 0 0", exit_code=1)    # the game is not over: pending
    day("result cup.xlsx --round 1 --table 2 .5 .5 .5 .5")
    day("standings cup.xlsx")
    day("seat cup.xlsx --round 2 --seed 2")                            # round 1, table 3 has no result yet
    day("result cup.xlsx --round 1 --table 3 .5 .5 .5 .5")
    day("warn cup.xlsx 3 'slow play' --round 2")
    for table in (1, 2, 3):
        day(f"result cup.xlsx --round 2 --table {table} .5 .5 .5 .5")
    day("drop cup.xlsx 12")                                            # withdrew: 11 players, one sits out
    day("seat cup.xlsx --round 3 --seed 3")
    day("result cup.xlsx --round 3 --table 2 5 0 0 0 0")
    day("toss cup.xlsx", exit_code=1)                                  # round 3, table 1 is still playing
    day("finals cup.xlsx")
    day("result cup.xlsx --round 3 --table 1 .5 .5 .5 .5 .5")               # its five tie for places 2 to 6
    day("finals cup.xlsx", exit_code=1)                                # a tie at the cut: toss first
    day("toss cup.xlsx --seed 5")
    finalists = [f.number for f in eventday.finals("cup.xlsx").finalists]
    day("finals cup.xlsx --seating " + ",".join(map(str, finalists)))
    day("warn cup.xlsx 1 'marked cards' --round F")
    day("warn cup.xlsx --list")
    day("result cup.xlsx --final 2 0 1 0 2")
    day("finals cup.xlsx")
    day("check cup.xlsx")
    day("standings cup.xlsx")
    day("undo cup.xlsx --dry-run")
    day("undo cup.xlsx")
    day("result cup.xlsx --final 2 0 1 0 2")
    day("report cup.xlsx")
    day("report cup.xlsx --xlsx report.xlsx --html report.html")


@pytest.fixture(scope="module", params=["de", "pl"])
def day(request, tmp_path_factory) -> Day:
    folder = tmp_path_factory.mktemp(f"day-{request.param}")
    day = Day(request.param, folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        _event_day(day)
    return day


def test_an_event_day_says_no_english_word(day):
    """Every line of the day, cleaned of what stays as typed, holds no English word."""
    found = [f"{line}\n    {text!r}: {', '.join(words)}"
             for line, output in day.said for text in output.splitlines()
             for words in [english_words(text)] if words]
    assert not found, f"English in what archon says in {day.lang}:\n" + "\n".join(found)


def test_the_day_went_as_typed(day):
    """The day did what the test says it did (each step said something in the language)."""
    said = dict(day.said)
    assert said["toss cup.xlsx --seed 5"].strip() and said["report cup.xlsx"].strip()
    assert any("Lena Schmidt" in output for line, output in day.said if line == "drop cup.xlsx 12")
    assert (day.folder / "report.xlsx").is_file() and (day.folder / "report.html").is_file()
