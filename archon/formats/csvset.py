"""The "Archon-compatible" CSV set: read it into an event, write one from it.

The archon Discord tournament bot (``lionel-panhaleux/archon-bot``, its
``/download-reports`` command, ``commands.py``) exports an event as CSV files
whose columns are those of The Archon's input sheets, so an organizer can
paste them in at row 7. archon reads and writes the same files:

``Methuselahs.csv`` (no header line), one row per player, by player number::

    number, first name, last name, country, VEKN number, rounds played, DQ flag

  (The Archon's Methuselahs A:G. The bot leaves the country blank; archon
  writes the player's city there, The Archon's column D. Rounds played counts
  the final. The DQ flag is the player's code: ``DQ``, ``WD``...; blank for a
  player still in.)

``Round-N.csv`` (no header line), one row per seat, tables in order, seats in
seat order (seat 1 first; each seat's prey is the next row)::

    number, first name, last name, table, VP

  and after every table of fewer than 5 players a row of empty cells
  (``,,,,``: the empty 5th row of that table in The Archon). A VP never
  entered is an empty cell.

``Finals.csv`` (no header line), one row per finalist::

    number, first name, last name, table (1), seed, VP

  The bot does not record where finalists sit: it lists them by seed (seeds
  1, 2, 3... down the file). archon writes them in seat order (seat 1
  first), which The Archon's Final Round A14:A18 holds. Reading tells the two
  apart by the seed column: rows whose seeds go up from the first line are
  the bot's seed order, and the seat order is unknown; archon then seats the
  finalists in seed order if the final's VPs are possible so, else in the
  first order (by seed) in which they are, and says so in the notes. Any
  other order of seeds is seat order and is kept as it is.

``Override.csv`` (no header line; archon's own, the bot has no overrides),
one row per judge's override, as The Archon's Override sheet holds them::

    round (1, 2, 3 or F), table, reason

  (The Archon's Override A, B and D: its column C is a formula.)

``Report.csv``, with this header line, one row per player by rank, players of
the same rank in the bot's order (their totals, final included: GW, VP, then
TP; then seed; then VEKN number, the larger first:
:func:`~archon.formats.csvset_write.report_order`)::

    Player Num,V:EKN Num,Name,Games Played,Games Won,Total VPs,Finals Position,Rank

  Games Played counts the final; Games Won and Total VPs include the final
  (the winner's Game Win, the final VPs); Finals Position is the finalist's
  seed (blank for other players, as the bot writes it); Rank is the final
  rank (the final's winner 1st, every other finalist 2nd under the current
  rules), else the preliminary rank, or ``DQ`` for a player flagged out.

Exact text, as the bot's Python ``csv`` writer produces it: UTF-8 without a
byte-order mark, comma-separated, lines ending CR LF, a field quoted only
when it holds a comma, quote or line break. Whole numbers (player and table
numbers, seeds, rounds, games, ranks) are written as integers; VPs as the
bot's test events show them: no VP is ``0``, any other as a decimal number
with a point (``3.0``, ``0.5``).

Reading is lenient where real files differ: a header line on any file is
skipped, ``;`` or tab separators and decimal commas (``2,5``) are accepted,
UTF-8 with or without a byte-order mark (else Windows-1252), the older bot
name ``Round 1.csv``, a truly blank line instead of ``,,,,``, a folder or a
``.zip`` (files at its root or in one folder). What the CSV set holds
beyond the event model, or that disagrees with what archon computes, is
listed in :attr:`CsvSetRead.notes`:

* ``dropped``: a value the event cannot hold (an extra column, an unknown
  CSV file, a table number that The Archon's rows would renumber);
* ``differs``: a computed value in the files (rounds played, seeds, the
  Report) that is not what archon computes from the rounds;
* ``changed``: a text read otherwise than the file holds it (a control
  character dropped: :mod:`archon.rules.celltext`);
* ``info``: how something was read (a header skipped, an inferred override).

The CSV set does not hold the event's details (name, date, city, level...),
its rule edition or the coin rankings. The judges' overrides are in
``Override.csv`` when archon wrote the set; for a set without it (the
bot's), reading infers them: a table whose VPs do not add up but whose
players the files count as having played it was accepted by a judge. A tie
the rounds leave open is ordered as Finals.csv's seeds and Report.csv's
ranks order it (coin rankings). Writing lists what it could not put in the
files in :attr:`CsvSetWritten.not_held`.
"""

from archon.formats.csvset_read import load_csv_set, read_csv_set
from archon.formats.csvset_types import (
    CHANGED, DIFFERS, DROPPED, FINALS_FILE, INFO, METHUSELAHS_FILE, OVERRIDE_FILE, REPORT_FILE, REPORT_HEADER,
    CsvNote, CsvSetError, CsvSetRead, CsvSetWritten, round_file,
)
from archon.formats.csvset_write import csv_set_texts, set_files_in, write_csv_set

__all__ = [
    "METHUSELAHS_FILE",
    "FINALS_FILE",
    "OVERRIDE_FILE",
    "REPORT_FILE",
    "REPORT_HEADER",
    "round_file",
    "CsvSetError",
    "CsvNote",
    "CsvSetRead",
    "CsvSetWritten",
    "DROPPED",
    "DIFFERS",
    "CHANGED",
    "INFO",
    "write_csv_set",
    "set_files_in",
    "csv_set_texts",
    "read_csv_set",
    "load_csv_set",
]

