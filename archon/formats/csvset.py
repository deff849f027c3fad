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

``Report.csv``, with this header line, one row per player in standings order::

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

from __future__ import annotations

import csv
import io
import itertools
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from archon.rules.celltext import CONTROL_CHARACTER, dropped, without_control_characters
from archon.formats.csvcells import csv_row, text_from_csv
from archon.formats.csvrecords import CsvTextError, csv_records, guess_delimiter
from archon.rules.typed import LARGEST_EXACT_WHOLE, is_whole_number_text
from archon.exits import ExitStatus
from archon.formats.outfiles import OutputError, write_files
from archon.rules.editions import TABLE_SIZES, get_edition
from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.rules.scoring import VPError, is_legal
from archon.rules.standings import Standings, compute, final_game_win

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

METHUSELAHS_FILE = "Methuselahs.csv"
FINALS_FILE = "Finals.csv"
OVERRIDE_FILE = "Override.csv"
REPORT_FILE = "Report.csv"
#: Report.csv's header line, exactly as the bot writes it.
REPORT_HEADER = (
    "Player Num", "V:EKN Num", "Name", "Games Played", "Games Won", "Total VPs", "Finals Position", "Rank",
)
#: Column names used in messages (those files have no header line).
METHUSELAHS_COLUMNS = ("player number", "first name", "last name", "country", "VEKN number", "rounds played", "DQ flag")
ROUND_COLUMNS = ("player number", "first name", "last name", "table", "VP")
FINALS_COLUMNS = ("player number", "first name", "last name", "table", "seed", "VP")
OVERRIDE_COLUMNS = ("round", "table", "reason")
#: Rank written for a player flagged out (the bot's and The Archon's word).
OUT_RANK = "DQ"

ENCODING = "utf-8"
DELIMITER = ","
LINE_END = "\r\n"

DROPPED = "dropped"
DIFFERS = "differs"
CHANGED = "changed"
INFO = "info"


def round_file(number: int) -> str:
    """``Round-2.csv`` for round 2."""
    return f"Round-{number}.csv"


class CsvSetError(ValueError):
    """A CSV set archon cannot read; the message names the file and line and
    says what was expected."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class CsvNote:
    """Something about a CSV set worth telling: ``file``, ``line`` (or None),
    what (``message``), and ``kind``: :data:`DROPPED`, :data:`DIFFERS` or
    :data:`INFO`."""

    file: str
    line: Optional[int]
    message: str
    kind: str = INFO

    @property
    def where(self) -> str:
        return f"{self.file}, line {self.line}" if self.line else self.file

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class CsvSetRead:
    """What :func:`load_csv_set` read: the ``event``, the ``notes``, the CSV
    ``files`` used (names as found) and the ``source`` folder or zip."""

    event: Event
    notes: list[CsvNote]
    files: list[str]
    source: Path

    @property
    def dropped(self) -> list[CsvNote]:
        return [n for n in self.notes if n.kind == DROPPED]

    @property
    def differences(self) -> list[CsvNote]:
        return [n for n in self.notes if n.kind == DIFFERS]


@dataclass
class CsvSetWritten:
    """What :func:`write_csv_set` did: the ``files`` written (in order), what
    the CSV set cannot hold (``not_held``, sentences), and ``stale`` files of
    the set left in the folder by an earlier export that this event does not
    have (a later read would take them in: delete them)."""

    folder: Path
    files: list[Path]
    not_held: list[str] = field(default_factory=list)
    stale: list[Path] = field(default_factory=list)


# ---------------------------------------------------------------------------
# Writing


def _vp_text(v: Any) -> "float | int | str":
    """A VP as the bot writes it: ``0`` for none, else a float (``3.0``,
    ``0.5``); blank stays blank."""
    if v is None:
        return ""
    return 0 if float(v) == 0 else float(v)


def _int_text(v: Any) -> "int | str":
    return "" if v is None else int(v)


def _standings(source: Any, edition: Any) -> Standings:
    if isinstance(source, Standings):
        return source if edition is None else compute(source.event, edition)
    if isinstance(source, Event):
        return compute(source, edition)
    if isinstance(source, dict):
        from archon.formats.serialize import event_from_dict

        return compute(event_from_dict(source), edition)
    raise TypeError(f"write_csv_set takes Standings, an Event or the standings contract, not {type(source).__name__}")


def _render(rows: list[list[Any]], header: Optional[tuple[str, ...]] = None) -> str:
    """The file's text: numbers as numbers, text a spreadsheet would run as a
    formula neutralised (:func:`archon.formats.csvcells.csv_cell`)."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=DELIMITER, lineterminator=LINE_END)
    if header:
        w.writerow(header)
    w.writerows(csv_row(r) for r in rows)
    return buf.getvalue()


def csv_set_texts(source: Any, *, edition: Any = None) -> tuple[dict[str, str], list[str]]:
    """The CSV set of an event as ``({file name: text}, not_held)``, in file order.

    ``source``: :class:`~archon.rules.standings.Standings`, an
    :class:`~archon.rules.model.Event` (computed under ``edition``, default its
    own) or the ``standings --json`` contract. Nothing is written.
    """
    st = _standings(source, edition)
    ev = st.event
    by_number = ev.players_by_number()
    by_st = st.by_number()

    def names(n: int) -> tuple[str, str]:
        p = by_number.get(n)
        return (p.first_name, p.last_name) if p else ("", "")

    texts: dict[str, str] = {}

    rows = []
    for p in sorted(ev.players, key=lambda p: p.number):
        s = by_st.get(p.number)
        rows.append([
            p.number, p.first_name, p.last_name, p.city or "", p.vekn or "",
            _int_text(s.rounds_played if s else 0), p.out or "",
        ])
    texts[METHUSELAHS_FILE] = _render(rows)

    for rnd in sorted(ev.rounds, key=lambda r: r.number):
        if not rnd.tables:
            continue
        rows = []
        for k, table in enumerate(rnd.tables, start=1):
            for n, vp in zip(table.players, table.vps):
                rows.append([n, *names(n), k, _vp_text(vp)])
            if table.size < max(TABLE_SIZES):
                rows.append([""] * len(ROUND_COLUMNS))  # The Archon's empty 5th row
        texts[round_file(rnd.number)] = _render(rows)

    if ev.has_final and ev.final.seated:
        seeds = st.final.seeds if st.final is not None else [None] * len(ev.final.seating)
        rows = []
        for n, seed, vp in zip(ev.final.seating, seeds, ev.final.vps):
            rows.append([n, *names(n), 1, _int_text(seed), _vp_text(vp)])
        texts[FINALS_FILE] = _render(rows)

    if ev.overrides:
        texts[OVERRIDE_FILE] = _render([
            [FINAL if str(o.round).upper() == FINAL else int(o.round), int(o.table), o.reason or ""]
            for o in ev.overrides
        ])

    winner = st.final.winner if st.final is not None else None
    rows = []
    for s in st.players:
        p = s.player
        won_final = final_game_win(st.final, p.number) if winner is not None else 0
        if p.is_out:
            rank: Any = OUT_RANK
        else:
            rank = _int_text(s.final_rank if s.final_rank is not None else s.rank)
        rows.append([
            p.number, p.vekn or "", p.name, _int_text(s.rounds_played), _int_text(s.gw + won_final),
            _vp_text(s.vp + (s.final_vp or 0.0)), _int_text(s.seed) if s.finalist else "", rank,
        ])
    texts[REPORT_FILE] = _render(rows, REPORT_HEADER)
    return texts, _not_held(ev, st)


def _not_held(ev: Event, st: Standings) -> list[str]:
    out: list[str] = []
    details = [
        ("name", ev.name), ("date", ev.date), ("city", ev.city), ("organizer", ev.organizer),
        ("level", ev.level), ("deck format", ev.deck_format),
    ]
    given = [what for what, value in details if value]
    if given:
        out.append(f"the event's {', '.join(given)} (Tournament Info) are not in the CSV set")
    seated = max((r.number for r in ev.rounds if r.tables), default=0)
    if seated != ev.preliminary_rounds:
        out.append(
            f"the event format {ev.format} is not in the CSV set: it is read back from the Round files "
            f"({seated} round{'s' if seated != 1 else ''})"
        )
    if st.edition.name != get_edition(None).name:
        out.append(f"the rule edition {st.edition.name!r} is not in the CSV set: give it again when reading it back")
    coins = [p for p in sorted(ev.players, key=lambda p: p.number) if p.coin]
    if coins:
        listed = ", ".join(f"#{p.number} {p.coin}" for p in coins)
        out.append(
            f"coin rankings ({listed}) are not in the CSV set: reading it back infers them from "
            f"Finals.csv's seeds and Report.csv's ranks"
        )
    if ev.warnings:
        out.append(
            f"the judges' warnings ({len(ev.warnings)}) are not in the CSV set: they stay in the workbook "
            f"('archon warnings FILE')"
        )
    if not ev.has_final:
        out.append("the event was closed without a final: the CSV set cannot say so")
    return out


def write_csv_set(source: Any, folder: Union[str, Path], *, edition: Any = None) -> CsvSetWritten:
    """Write the CSV set of an event into ``folder`` (created if missing).

    ``source``: :class:`~archon.rules.standings.Standings` (what ``archon report
    --csv`` has), an :class:`~archon.rules.model.Event` or the ``standings --json``
    contract; ``edition`` recomputes under another rule edition. Writes
    ``Methuselahs.csv``, ``Round-N.csv`` for every seated round,
    ``Finals.csv`` once the final is seated and ``Report.csv``; each file
    replaces an older one of the same name only once all are complete
    (:func:`archon.formats.outfiles.write_files`: the whole set or nothing). Files
    of an earlier export the event does not have are left alone and listed
    in ``stale``. (``archon report --csv`` first asks
    :func:`archon.reports.check_target`, which refuses a folder holding a
    set already unless ``--force``.) Raises :class:`CsvSetError` (exit
    status 3) when the folder cannot be written; no file of the set is
    written then.
    """
    texts, not_held = csv_set_texts(source, edition=edition)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise CsvSetError(f"{target} is a file: give a folder for the CSV set")
    try:
        written = write_files(target, {name: text.encode(ENCODING) for name, text in texts.items()})
    except OutputError as exc:
        err = CsvSetError(f"{exc}: no file of the CSV set was written")
        err.exit_status = ExitStatus.NOT_WRITTEN
        raise err from None
    stale = [p for p in set_files_in(target) if p.name not in texts]
    return CsvSetWritten(target, written, not_held, stale)


def set_files_in(folder: Union[str, Path]) -> list[Path]:
    """The files of a CSV set in ``folder`` (``Methuselahs.csv``, ``Round 1.csv``...), by name."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and _set_member(_file_key(p.name)))


# ---------------------------------------------------------------------------
# Reading: files


def _file_key(name: str) -> str:
    """``Round 1.csv``, ``round_1.CSV``, ``Round-1.csv`` -> ``round1.csv``."""
    return re.sub(r"[\s_\-]+", "", unicodedata.normalize("NFC", name).lower())


_ROUND_KEY = re.compile(r"^round(\d+)\.csv$")


def _set_member(key: str) -> bool:
    return key in (
        _file_key(METHUSELAHS_FILE), _file_key(FINALS_FILE), _file_key(OVERRIDE_FILE), _file_key(REPORT_FILE)
    ) or bool(
        _ROUND_KEY.match(key)
    )


def _collect(source: Path) -> tuple[dict[str, tuple[str, bytes]], list[CsvNote], Path]:
    """``({key: (name as found, bytes)}, notes, source)`` for a folder, a zip, or one file of a set."""
    notes: list[CsvNote] = []
    found: dict[str, tuple[str, bytes]] = {}
    what = (
        f"expected a folder or a .zip holding {METHUSELAHS_FILE}, {round_file(1)}..., "
        f"{FINALS_FILE} and {REPORT_FILE}"
    )
    if not source.exists():
        raise CsvSetError(f"{source} does not exist: {what}")
    if source.is_file() and source.suffix.lower() == ".csv":
        source = source.parent
    if source.is_dir():
        entries = []
        for p in sorted(source.iterdir()):
            if p.is_file():
                try:
                    entries.append((p.name, p.read_bytes()))
                except OSError as exc:
                    raise CsvSetError(f"cannot read {p}: {exc.strerror or exc}") from None
        label = source.name
    elif zipfile.is_zipfile(source):
        try:
            with zipfile.ZipFile(source) as zf:
                infos = [i for i in zf.infolist() if not i.is_dir()]
                infos = [i for i in infos if not i.filename.startswith("__MACOSX/")]
                folders = {_zip_folder(i.filename) for i in infos if i.filename.lower().endswith(".csv")}
                if len(folders) > 1:
                    raise CsvSetError(
                        f"{source.name} holds CSV files in several folders ({', '.join(sorted(f or '/' for f in folders))}): "
                        f"put one CSV set in a zip"
                    )
                entries = [(i.filename.rsplit("/", 1)[-1], zf.read(i)) for i in infos]
        except (zipfile.BadZipFile, OSError) as exc:
            raise CsvSetError(f"{source.name} is a damaged zip file ({exc}): {what}") from None
        label = source.name
    else:
        raise CsvSetError(f"{source.name} is not a CSV set: {what}")
    for name, data in entries:
        if name.startswith(".") or not name:
            continue
        key = _file_key(name)
        if _set_member(key):
            if key in found:
                raise CsvSetError(
                    f"{label} holds both {found[key][0]} and {name}: keep one of them"
                )
            found[key] = (name, data)
        elif name.lower().endswith(".csv"):
            notes.append(CsvNote(name, None, "this CSV file is not part of the Archon CSV set: it is not read", DROPPED))
    if not found:
        raise CsvSetError(f"{source.name} holds none of the CSV set's files: {what}")
    return found, notes, source


def _zip_folder(name: str) -> str:
    return name.rsplit("/", 1)[0] if "/" in name else ""


def _decode(name: str, data: bytes, notes: list[CsvNote]) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        notes.append(CsvNote(name, None, "not UTF-8 text: read as Windows-1252 (Western European)", INFO))
        return data.decode("cp1252", errors="replace")


@dataclass
class _Row:
    line: int
    cells: list[str]

    def get(self, i: int) -> str:
        return self.cells[i] if i < len(self.cells) else ""

    @property
    def blank(self) -> bool:
        return not any(self.cells)


def _clean(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split())


def _rows(name: str, text: str) -> tuple[list[_Row], str]:
    """The file's rows, read whole (:func:`archon.formats.csvrecords.csv_records`): a
    quote never closed is refused naming its line, not read as one long field
    that swallows the rest of the file."""
    d = guess_delimiter(text)
    try:
        records = csv_records(text, name, d)
    except CsvTextError as exc:
        raise CsvSetError(str(exc)) from None
    return [_Row(line, [_clean(text_from_csv(c)) for c in cells]) for line, cells in records], d


def _number(text: str, decimal_comma: bool) -> Optional[float]:
    t = text.replace(" ", "")
    if not t:
        return None
    t = t.replace("½", ".5") if t != "½" else "0.5"
    if decimal_comma or ("," in t and "." not in t):
        t = t.replace(",", ".")
    try:
        x = float(t)
    except ValueError:
        return None
    return x if x == x and abs(x) != float("inf") else None


def _is_header(row: _Row, decimal_comma: bool) -> bool:
    first = row.get(0)
    return bool(first) and _number(first, decimal_comma) is None and any(
        any(ch.isalpha() for ch in c) for c in row.cells
    )




class _File:
    """One CSV file of the set, as rows, with helpers that name the line."""

    def __init__(self, name: str, text: str, notes: list[CsvNote], columns: tuple[str, ...]) -> None:
        self.name = name
        self.notes = notes
        self.columns = columns
        rows, d = _rows(name, text)
        for row in rows:
            self._drop_control_characters(row)
        self.decimal_comma = d == ";"
        self.header: Optional[_Row] = None
        first = next((r for r in rows if not r.blank), None)
        if first is not None and _is_header(first, self.decimal_comma):
            self.header = first
        self.rows = [r for r in rows if not r.blank and r is not self.header]

    def _drop_control_characters(self, row: _Row) -> None:
        """Each cell of ``row`` without its control characters, each said
        (:data:`CHANGED`): a workbook would store them as ``_x0001_``."""
        for i, cell in enumerate(row.cells):
            if not CONTROL_CHARACTER.search(cell):
                continue
            what = self.columns[i] if i < len(self.columns) else f"column {i + 1}"
            number = row.get(0)
            if self.columns[0].casefold() in ("player number", "player num") and number.isdigit():
                what = f"player #{number}'s {what}"
            self.notes.append(CsvNote(self.name, row.line, dropped(what, cell), CHANGED))
            row.cells[i] = without_control_characters(cell)

    def error(self, row: _Row, message: str) -> CsvSetError:
        return CsvSetError(f"{self.name}, line {row.line}: {message}")

    def whole(self, row: _Row, i: int, what: str, required: bool = True) -> Optional[int]:
        text = row.get(i)
        x = _number(text, self.decimal_comma)
        if x is None and not text and not required:
            return None
        if x is None or x < 1 or not float(x).is_integer() or x > LARGEST_EXACT_WHOLE:
            shown = repr(text) if text else "nothing"
            raise self.error(row, f"column {i + 1} ({what}) holds {shown}: expected a whole number from 1")
        return int(x)

    def count(self, row: _Row, i: int, what: str) -> Optional[int]:
        """A whole number from 0, or None when blank."""
        text = row.get(i)
        if not text:
            return None
        x = _number(text, self.decimal_comma)
        if x is None or x < 0 or not float(x).is_integer() or x > LARGEST_EXACT_WHOLE:
            raise self.error(row, f"column {i + 1} ({what}) holds {text!r}: expected a whole number")
        return int(x)

    def vp(self, row: _Row, i: int) -> Optional[float]:
        text = row.get(i)
        if not text:
            return None
        x = _number(text, self.decimal_comma)
        if x is None:
            raise self.error(
                row, f"column {i + 1} (VP) holds {text!r}: expected a number of VPs such as 2 or 1.5, or nothing"
            )
        return x

    def extras(self, row: _Row) -> None:
        """Report cells beyond the file's columns: the event has no place for them."""
        for i in range(len(self.columns), len(row.cells)):
            if row.cells[i]:
                self.notes.append(CsvNote(
                    self.name, row.line,
                    f"column {i + 1} holds {row.cells[i]!r}, beyond the {len(self.columns)} columns of "
                    f"this file ({', '.join(self.columns)}): The Archon has no place for it",
                    DROPPED,
                ))


def _split_full_name(name: str) -> tuple[str, str]:
    """As the bot splits a name: at the first space."""
    parts = name.split(" ", 1)
    return (parts[0], parts[1] if len(parts) > 1 else "")


def _vekn(text: str) -> Optional[str]:
    t = text.strip()
    if not t:
        return None
    if re.fullmatch(r"\d+[.,]0+", t):
        t = re.split(r"[.,]", t)[0]
    return t


# ---------------------------------------------------------------------------
# Reading: the event


_REPORT_KEYS = {
    "playernum": "number", "player": "number", "playernumber": "number", "number": "number", "num": "number",
    "veknnum": "vekn", "vekn": "vekn", "veknnumber": "vekn", "veknid": "vekn",
    "name": "name", "playername": "name",
    "gamesplayed": "played", "gameswon": "won", "totalvps": "vp", "totalvp": "vp",
    "finalsposition": "seed", "finalposition": "seed", "seed": "seed",
    "rank": "rank", "finalrank": "rank",
}
_REPORT_FIELDS = ("number", "vekn", "name", "played", "won", "vp", "seed", "rank")


def _norm_header(h: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", h.lower())


@dataclass
class _ReportRow:
    line: int
    number: int
    values: dict[str, str]


def load_csv_set(source: Union[str, Path], *, edition: Any = None) -> CsvSetRead:
    """Read a CSV set (a folder, a ``.zip``, or one of its files) into an event.

    Returns a :class:`CsvSetRead` (event, notes, files). ``edition`` is the
    rule edition the event ran under (the CSV set does not say; default
    current): it decides the standings the files' computed values are
    compared with. Raises :class:`CsvSetError` naming the file and line for
    what cannot be read (a player number that is not a number, a table of 6,
    the same table on lines far apart, a missing file...).
    """
    src = Path(source)
    found, notes, src = _collect(src)
    ed = get_edition(edition)
    texts = {key: (name, _decode(name, data, notes)) for key, (name, data) in found.items()}
    files = sorted(name for name, _ in texts.values())

    event = Event(edition=ed.name)
    claimed_rounds: dict[int, tuple[str, int, int]] = {}  # player -> (file, line, rounds played)
    mk = _file_key(METHUSELAHS_FILE)
    if mk in texts:
        _read_methuselahs(_File(*texts[mk], notes, METHUSELAHS_COLUMNS), event, claimed_rounds)

    round_keys = sorted(
        ((int(m.group(1)), key) for key in texts if (m := _ROUND_KEY.match(key))), key=lambda x: x[0]
    )
    round_names: dict[int, str] = {}
    for number, key in round_keys:
        f = _File(*texts[key], notes, ROUND_COLUMNS)
        if number < 1:
            raise CsvSetError(f"{f.name}: round {number}: expected Round-1.csv, Round-2.csv...")
        rnd = _read_round(f, number, notes)
        if rnd is not None:
            event.rounds.append(rnd)
            round_names[number] = f.name

    seeds_given: dict[int, tuple[int, int]] = {}  # player -> (line, seed)
    fk = _file_key(FINALS_FILE)
    finals_name = texts[fk][0] if fk in texts else FINALS_FILE
    if fk in texts:
        _read_finals(_File(*texts[fk], notes, FINALS_COLUMNS), event, seeds_given, ed)
    ok = _file_key(OVERRIDE_FILE)
    if ok in texts:
        _read_overrides(_File(*texts[ok], notes, OVERRIDE_COLUMNS), event)

    report: list[_ReportRow] = []
    rk = _file_key(REPORT_FILE)
    report_name = texts[rk][0] if rk in texts else REPORT_FILE
    if rk in texts:
        report = _read_report(_File(*texts[rk], notes, REPORT_HEADER), notes)

    # Players known only from the Report or the rounds
    _complete_players(event, report, report_name, round_names, notes, mk in texts)
    if not claimed_rounds:
        for r in report:
            played = r.values.get("played", "")
            if is_whole_number_text(played):
                claimed_rounds[r.number] = (report_name, r.line, int(played))

    if report and not event.rounds:
        played = [r for r in report if (_number(r.values.get("played", ""), False) or 0) > 0]
        if played:
            notes.append(CsvNote(
                report_name, None,
                f"the Report holds results ({len(played)} players with games played, their VPs and ranks) "
                f"but the set has no {round_file(1)}...: The Archon computes results from the rounds, "
                f"so these have no place in it",
                DROPPED,
            ))
    seated = max((r.number for r in event.rounds), default=0)
    event.preliminary_rounds = seated if seated in (2, 3) else 3
    if event.rounds:
        notes.append(CsvNote(
            "CSV set", None,
            f"the CSV set does not say the event's format: read as {event.format} from the Round files; "
            f"name, date, city and level are not in it either",
            INFO,
        ))

    if ok not in texts:
        _infer_overrides(event, claimed_rounds, notes)
    _name_checks(event, report, report_name, notes)
    _infer_coins(event, seeds_given, report, finals_name, report_name, notes)
    _compare(event, claimed_rounds, seeds_given, finals_name, report, report_name, notes)
    return CsvSetRead(event, notes, files, src)


def read_csv_set(source: Union[str, Path], *, edition: Any = None) -> Event:
    """Just the :class:`~archon.rules.model.Event` of :func:`load_csv_set`."""
    return load_csv_set(source, edition=edition).event


def _read_methuselahs(f: _File, event: Event, claimed: dict[int, tuple[str, int, int]]) -> None:
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, "a header line: skipped", INFO))
    lines: dict[int, int] = {}
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, "this line has player details but no player number in column 1: "
                               "expected the player's number")
        n = f.whole(row, 0, "player number")
        assert n is not None
        if n in lines:
            raise f.error(row, f"player number {n} is already on line {lines[n]}: give every player a different number")
        lines[n] = row.line
        f.extras(row)
        rounds = f.count(row, 5, "rounds played")
        if rounds is not None:
            claimed[n] = (f.name, row.line, rounds)
        event.players.append(Player(
            number=n,
            first_name=row.get(1),
            last_name=row.get(2),
            city=row.get(3) or None,
            vekn=_vekn(row.get(4)),
            out=row.get(6) or None,
        ))


def _read_round(f: _File, number: int, notes: list[CsvNote]) -> Optional[Round]:
    if f.header is not None:
        notes.append(CsvNote(f.name, f.header.line, "a header line: skipped", INFO))
    tables: list[tuple[int, list[_Row], list[int], list[Optional[float]]]] = []
    seen: dict[int, int] = {}
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, "this line has no player number in column 1: expected a player number, "
                               "or an empty line after a table of 4")
        n = f.whole(row, 0, "player number")
        t = f.whole(row, 3, "table")
        assert n is not None and t is not None
        f.extras(row)
        vp = f.vp(row, 4)
        if tables and tables[-1][0] == t:
            tables[-1][1].append(row)
            tables[-1][2].append(n)
            tables[-1][3].append(vp)
            continue
        if t in seen:
            raise f.error(
                row, f"table {t} again, after other tables (it started on line {seen[t]}): "
                     f"a table's players must be on consecutive lines"
            )
        seen[t] = row.line
        tables.append((t, [row], [n], [vp]))
    if not tables:
        notes.append(CsvNote(f.name, None, f"no seat in the file: round {number} is left out", INFO))
        return None
    rnd = Round(number)
    for k, (t, rows, players, vps) in enumerate(tables, start=1):
        if len(players) > max(TABLE_SIZES):
            raise CsvSetError(
                f"{f.name}, lines {rows[0].line}-{rows[-1].line}: table {t} has {len(players)} players: "
                f"a table has {' or '.join(map(str, TABLE_SIZES))}"
            )
        rnd.tables.append(Table(players, vps))
    numbers = [t for t, *_ in tables]
    if numbers != list(range(1, len(numbers) + 1)):
        notes.append(CsvNote(
            f.name, None,
            f"tables are numbered {', '.join(str(t) for t in numbers)}: The Archon numbers a round's tables "
            f"by their rows, so they become 1 to {len(numbers)}",
            DROPPED,
        ))
    return rnd


def _read_finals(f: _File, event: Event, seeds: dict[int, tuple[int, int]], ed: Any) -> None:
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, "a header line: skipped", INFO))
    seating: list[int] = []
    vps: list[Optional[float]] = []
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, "this line has no player number in column 1: expected a finalist's number")
        n = f.whole(row, 0, "player number")
        assert n is not None
        if n in seating:
            raise f.error(row, f"player {n} is seated twice at the final")
        f.extras(row)
        table = f.whole(row, 3, "table", required=False)
        if table not in (None, 1):
            f.notes.append(CsvNote(f.name, row.line, f"table {table}: the final is table 1", DIFFERS))
        seed = f.whole(row, 4, "seed", required=False)
        if seed is not None:
            seeds[n] = (row.line, seed)
        seating.append(n)
        vps.append(f.vp(row, 5))
    in_seed_order = len(seeds) == len(seating) > 1 and all(
        seeds[a][1] < seeds[b][1] for a, b in zip(seating, seating[1:])
    )
    if in_seed_order:
        seating, vps = _seat_by_seed(f, seating, vps, ed)
    event.final = Final(seating, vps)


def _seat_by_seed(f: _File, by_seed: list[int], vps: list[Optional[float]], ed: Any
                  ) -> tuple[list[int], list[Optional[float]]]:
    """Finalists listed by seed (the bot's order): the seat order is not in the
    file. Seed order if the final's VPs are possible so, else the first order
    (by seed) in which they are; seed order when none is (check says why)."""
    rows = list(zip(by_seed, vps))
    chosen = rows
    if len(rows) in TABLE_SIZES and all(v is not None for v in vps):
        chosen = next((list(order) for order in itertools.permutations(rows)
                       if _possible([v for _, v in order], ed)), rows)
    seating = [n for n, _ in chosen]
    how = "in seed order" if chosen == rows else (
        f"as {', '.join('#' + str(n) for n in seating)} (seat 1 first), the first order in which "
        f"the final's VPs are possible"
    )
    f.notes.append(CsvNote(
        f.name, None,
        f"the finalists are listed by seed, as the Discord bot writes them: the file does not say where they "
        f"sat, so they are seated {how}",
        INFO,
    ))
    return seating, [v for _, v in chosen]


def _possible(vps: list[Any], ed: Any) -> bool:
    try:
        return is_legal(vps, ed)
    except VPError:
        return False


def _read_overrides(f: _File, event: Event) -> None:
    """Override.csv: round (or F), table, reason: The Archon's Override sheet."""
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, "a header line: skipped", INFO))
    for row in f.rows:
        f.extras(row)
        key = row.get(0).strip().upper()
        if key == FINAL:
            rnd: Union[int, str] = FINAL
        else:
            whole = f.whole(row, 0, "round")
            assert whole is not None
            rnd = whole
        table = f.whole(row, 1, "table", required=rnd != FINAL) or 1
        if event.override_for(rnd, table) is not None:
            raise f.error(row, f"round {rnd}, table {table} is overridden twice: keep one line for it")
        event.overrides.append(Override(rnd, table, row.get(2)))


def _read_report(f: _File, notes: list[CsvNote]) -> list[_ReportRow]:
    if f.header is not None:
        index: dict[str, int] = {}
        for i, h in enumerate(f.header.cells):
            key = _REPORT_KEYS.get(_norm_header(h))
            if key is None or key in index:
                if h:
                    notes.append(CsvNote(
                        f.name, f.header.line,
                        f"column {i + 1} ({h!r}) is not a column of the Report ({', '.join(REPORT_HEADER)}): "
                        f"its values are not read",
                        DROPPED,
                    ))
                continue
            index[key] = i
        if "number" not in index:
            raise CsvSetError(
                f"{f.name}, line {f.header.line}: no 'Player Num' column in the header: expected "
                f"{','.join(REPORT_HEADER)}"
            )
        check_extras = False
    else:
        notes.append(CsvNote(
            f.name, None, f"no header line: columns read in the bot's order ({', '.join(REPORT_HEADER)})", INFO
        ))
        index = {k: i for i, k in enumerate(_REPORT_FIELDS)}
        check_extras = True
    out = []
    seen: dict[int, int] = {}
    for row in f.rows:
        n = f.whole(row, index["number"], "player number")
        assert n is not None
        if n in seen:
            raise f.error(row, f"player number {n} is already on line {seen[n]}")
        seen[n] = row.line
        if check_extras:
            f.extras(row)
        out.append(_ReportRow(row.line, n, {k: row.get(i) for k, i in index.items()}))
    return out


def _complete_players(event: Event, report: list[_ReportRow], report_name: str, round_names: dict[int, str],
                      notes: list[CsvNote], had_methuselahs: bool) -> None:
    known = {p.number for p in event.players}
    for r in report:
        if r.number in known:
            continue
        first, last = _split_full_name(r.values.get("name", ""))
        rank = r.values.get("rank", "")
        event.players.append(Player(
            r.number, first, last, vekn=_vekn(r.values.get("vekn", "")),
            out=OUT_RANK if rank.upper() == OUT_RANK else None,
        ))
        known.add(r.number)
        if had_methuselahs:
            notes.append(CsvNote(
                report_name, r.line, f"player #{r.number} is not in {METHUSELAHS_FILE}: registered from the Report",
                INFO,
            ))
    if report and not had_methuselahs:
        notes.append(CsvNote(report_name, None, f"no {METHUSELAHS_FILE}: players registered from the Report", INFO))
    names_in_rounds: dict[int, tuple[str, str, str]] = {}
    for rnd in event.rounds:
        for t in rnd.tables:
            for n in t.players:
                names_in_rounds.setdefault(n, (round_names.get(rnd.number, round_file(rnd.number)), "", ""))
    missing = sorted(n for n in names_in_rounds if n not in known)
    if missing and (had_methuselahs or report):
        listed = ", ".join(f"#{n} ({names_in_rounds[n][0]})" for n in missing)
        notes.append(CsvNote(
            "CSV set", None, f"players seated but not registered: {listed}; 'archon check' lists their seats",
            INFO,
        ))
    elif missing:
        event.players.extend(Player(n) for n in missing)
        notes.append(CsvNote(
            "CSV set", None,
            f"no {METHUSELAHS_FILE} or {REPORT_FILE}: players registered by number from the Round files, "
            f"without names",
            INFO,
        ))
    event.players.sort(key=lambda p: p.number)


def _infer_overrides(event: Event, claimed: dict[int, tuple[str, int, int]], notes: list[CsvNote]) -> None:
    """A table whose VPs do not add up, counted as played for all its players: a judge accepted it."""
    if not claimed or not event.rounds:
        return
    st = compute(event)
    counted = {s.number: s.rounds_played for s in st.players}
    for rnd_st in st.rounds:
        for t in rnd_st.tables:
            if t.result is None or t.result.scored or not t.players:
                continue
            if all(p in claimed and p in counted and claimed[p][2] > counted[p] for p in t.players):
                event.overrides.append(Override(rnd_st.number, t.number, ""))
                for p in t.players:
                    counted[p] += 1
                notes.append(CsvNote(
                    claimed[t.players[0]][0], None,
                    f"round {rnd_st.number}, table {t.number}: its VPs do not add up but the players are counted "
                    f"as having played it: recorded as a judge's override (reason unknown)",
                    INFO,
                ))


def _name_checks(event: Event, report: list[_ReportRow], report_name: str, notes: list[CsvNote]) -> None:
    by_number = event.players_by_number()
    for r in report:
        p = by_number.get(r.number)
        name = r.values.get("name")
        if p is None or name is None:
            continue
        if _clean(name) != _clean(p.name):
            notes.append(CsvNote(
                report_name, r.line, f"#{r.number} is named {name!r} here and {p.name!r} in {METHUSELAHS_FILE}",
                DIFFERS,
            ))
        vekn = _vekn(r.values.get("vekn", "") or "")
        if "vekn" in r.values and vekn != p.vekn:
            notes.append(CsvNote(
                report_name, r.line,
                f"#{r.number}'s VEKN number is {vekn or 'blank'} here and {p.vekn or 'blank'} in {METHUSELAHS_FILE}",
                DIFFERS,
            ))


def _infer_coins(event: Event, seeds: dict[int, tuple[int, int]], report: list[_ReportRow],
                 finals_name: str, report_name: str, notes: list[CsvNote]) -> None:
    """Order the ties the rounds leave open as the files order them (coin rankings)."""
    st = compute(event)
    if not st.ties:
        return
    ranks: dict[int, float] = {}
    for r in report:
        x = _number(r.values.get("rank", ""), False)
        if x is not None:
            ranks[r.number] = x
    by_number = event.players_by_number()
    for tie in st.ties:
        tied = list(tie.players)
        if any(by_number[n].coin for n in tied if n in by_number):
            continue
        inf = float("inf")
        key = {n: (seeds[n][1] if n in seeds else inf, ranks.get(n, inf)) for n in tied}
        if len(set(key.values())) < 2:
            continue  # the files do not order them either
        order = sorted(tied, key=lambda n: (key[n], n))
        for coin, n in enumerate(order, start=1):
            by_number[n].coin = coin
        source = finals_name if any(n in seeds for n in tied) else report_name
        notes.append(CsvNote(
            source, None,
            f"players {', '.join('#' + str(n) for n in tied)} tie on the rounds for places {tie.first} to "
            f"{tie.last}: coin ranking {', '.join(f'#{n} {c}' for c, n in enumerate(order, start=1))} "
            f"inferred from the seeds and ranks in the files",
            INFO,
        ))


def _report_expected(st: Standings) -> dict[int, dict[str, str]]:
    texts, _ = csv_set_texts(st)
    out: dict[int, dict[str, str]] = {}
    rows = list(csv.reader(io.StringIO(texts[REPORT_FILE], newline="")))
    for cells in rows[1:]:
        out[int(cells[0])] = dict(zip(_REPORT_FIELDS, cells))
    return out


def _same(a: str, b: str) -> bool:
    if a.strip().upper() == b.strip().upper():
        return True
    x, y = _number(a, False), _number(b, False)
    if x is None and y is None:
        return False
    if x is None or y is None:
        return False
    return abs(x - y) < 1e-9


_REPORT_LABELS = dict(zip(_REPORT_FIELDS, REPORT_HEADER))


def _compare(event: Event, claimed: dict[int, tuple[str, int, int]], seeds: dict[int, tuple[int, int]],
             finals_name: str, report: list[_ReportRow], report_name: str, notes: list[CsvNote]) -> None:
    """Computed values in the files that are not what archon computes from the rounds."""
    st = compute(event)
    by_st = st.by_number()
    for n, (name, line, rounds) in sorted(claimed.items(), key=lambda x: (x[1][0], x[1][1])):
        s = by_st.get(n)
        if s is not None and name != report_name and s.rounds_played != rounds:
            notes.append(CsvNote(
                name, line, f"#{n} played {rounds} rounds according to the file; the rounds give {s.rounds_played}",
                DIFFERS,
            ))
    for n, (line, seed) in sorted(seeds.items(), key=lambda x: x[1][0]):
        s = by_st.get(n)
        if s is None:
            continue
        if s.seed != seed:
            computed = f"seed {s.seed}" if s.seed else ("no seed (a tie is open)" if s.finalist else "not a finalist")
            notes.append(CsvNote(
                finals_name, line, f"#{n} has seed {seed} in the file; the rounds give {computed}", DIFFERS,
            ))
    if not report or not event.rounds:
        return  # with no rounds, the Report's results are listed as dropped
    expected = _report_expected(st)
    for r in report:
        exp = expected.get(r.number)
        if exp is None:
            continue
        for key, value in r.values.items():
            if key in ("number", "name", "vekn"):
                continue
            if not _same(value, exp[key]):
                notes.append(CsvNote(
                    report_name, r.line,
                    f"#{r.number}'s {_REPORT_LABELS[key]} is {value or 'blank'} in the file; archon computes "
                    f"{exp[key] or 'blank'}",
                    DIFFERS,
                ))
