"""Players lists in CSV: columns found by their header, in any order and case.

Recognised headers (case, spaces, dots and underscores ignored):

* first name: ``first name``, ``first``, ``firstname``, ``given name``, ``prénom``;
* last name: ``last name``, ``last``, ``surname``, ``family name``, ``nom``;
* a single name column instead: ``name``, ``player``, ``player name``
  (split at the last space: "Anna Maria Kowalski" -> "Anna Maria", "Kowalski");
* VEKN number: ``vekn``, ``vekn number``, ``vekn id``, ``v:ekn num``, ``vekn #``;
* city: ``city``, ``town``, ``ville``, ``ciudad``; country is kept as the city
  when there is no city column (the Discord bot's export has a country).

The delimiter (comma, semicolon, tab) is the one the header line uses; the
whole file is then read with the csv module's quoting rules (``"O""Brien"``
is ``O"Brien``, a quoted field keeps its commas). A quote never closed or a
binary file is refused naming the line. A UTF-8 byte-order mark is ignored;
a file that is not UTF-8 is read as Windows-1252 (Excel's "CSV" on Windows).
The text is read in Unicode's composed form (NFC: "e" and a combining accent
is "é"); a name holding a control character, or a character that cannot be
seen or turns the text around (:mod:`archon.rules.celltext`), is refused
naming the line (:func:`archon.eventday.typed_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from archon.eventday.errors import WrongInput
from archon.eventday.players import typed_text
from archon.rules.celltext import nfc
from archon.words.errors import WordedError
from archon.words.message import Message, say
from archon.formats.csvrecords import CsvTextError, csv_records, guess_delimiter
from archon.exits import ExitStatus

__all__ = ["PlayerRow", "read_players_csv", "parse_players_csv", "PlayersCSVError", "split_name", "split_said",
           "split_lines", "decode_players_csv"]


class PlayersCSVError(WordedError, ValueError):
    """A players list archon cannot read; the message names the file and line."""

    exit_status = ExitStatus.UNREADABLE


@dataclass
class PlayerRow:
    first_name: str
    last_name: str
    vekn: Optional[str] = None
    city: Optional[str] = None
    line: int = 0
    #: How a single name column's name of three or more words was split (:func:`split_said`), else None.
    said: Optional[Message] = None


def _norm(header: str) -> str:
    return re.sub(r"[\s._:#\-]+", "", header.strip().lower())


_FIRST = {"firstname", "first", "givenname", "prenom", "prénom", "nombre"}
_LAST = {"lastname", "last", "surname", "familyname", "nom", "apellido", "apellidos"}
_NAME = {"name", "player", "playername", "fullname", "nomcomplet"}
_VEKN = {"vekn", "veknnumber", "veknid", "veknnum", "vekn#", "veknno", "vekid", "id"}
_CITY = {"city", "town", "ville", "ciudad", "città", "citta", "stadt"}
_COUNTRY = {"country", "pays", "país", "pais", "land"}


def split_name(full: str) -> tuple[str, str]:
    """"Anna Maria Kowalski" -> ("Anna Maria", "Kowalski"); "Kowalski, Anna Maria" (last name
    first, as registration lists often have it) -> the same; one word -> (word, "")."""
    if full.count(",") == 1:
        last, first = (" ".join(x.split()) for x in full.split(","))
        if first and last:
            return first, last
    parts = full.split()
    if len(parts) <= 1:
        return (parts[0] if parts else "", "")
    return " ".join(parts[:-1]), parts[-1]


def split_said(full: str) -> Optional[Message]:
    """How :func:`split_name` split a name of three or more words typed
    without a comma, and how to type a last name of several words; None for
    a name whose split leaves no doubt ("Anna Kowalski", "de la Cruz, Carl")."""
    if "," in full or len(full.split()) < 3:
        return None
    first, last = split_name(full)
    words = full.split()
    other = f"{' '.join(words[1:])}, {words[0]}"
    return say("players_csv.split", name=" ".join(words), first=first, last=last, rest=" ".join(words[1:]),
               other=other)


def split_lines(rows: list[PlayerRow], source: str, shown: int = 3) -> list[Message]:
    """What registering ``rows`` says of the names of three or more words a
    single name column split on the last space: the first ``shown``, then
    how many more."""
    said = [say("players_csv.split_at", source=source, line=r.line, said=r.said) for r in rows if r.said]
    more = len(said) - shown
    return said[:shown] + ([say("players_csv.more_split", more=more, source=source)] if more > 0 else [])


def _vekn(value: str) -> Optional[str]:
    v = value.strip()
    if not v:
        return None
    if re.fullmatch(r"\d+\.0+", v):
        v = v.split(".")[0]
    return v


def _delimiter(header_line: str) -> str:
    """The delimiter the header line uses most (outside quotes): ``,``, ``;`` or tab."""
    return guess_delimiter(re.sub(r'"[^"]*"', "", header_line))


def _rows(text: str, source: str) -> list[tuple[int, list[str]]]:
    """``(line, cells)`` for each record of the whole file (:func:`archon.formats.csvrecords.csv_records`):
    a quote never closed, a quoted field running over lines, or binary data is
    refused naming the line."""
    delimiter = _delimiter(next((line for line in text.splitlines() if line.strip()), ""))
    try:
        return csv_records(text, source, delimiter)
    except CsvTextError as exc:
        binary = exc.message.id == "csv.binary"
        raise PlayersCSVError(say("players_csv.binary", error=exc.message) if binary else exc.message) from None


def _shown(cells: list[str], limit: int = 80) -> str:
    text = repr(cells)
    return text if len(text) <= limit else text[: limit - 5] + "...]"


def _name_cell(text: str, field: Message, source: str, line: int) -> str:
    """A name cell as registering keeps it (:func:`archon.eventday.typed_text`),
    refused naming ``source``'s ``line`` before its spaces are joined (a line
    separator, U+2028, is refused, not read as a space)."""
    try:
        return typed_text(text, field, say("where.line", source=source, line=line), name=True)
    except WrongInput as exc:
        raise PlayersCSVError(exc.message) from None


def parse_players_csv(text: str, source: str = "players list") -> list[PlayerRow]:
    """Read players from CSV text (see the module docstring for the headers)."""
    empty = say("players_csv.empty", source=source)
    text = nfc(text.lstrip("\ufeff"))
    if not text.strip():
        raise PlayersCSVError(empty)
    numbered = _rows(text, source)
    while numbered and not any(c.strip() for c in numbered[0][1]):
        numbered.pop(0)
    if not numbered:  # only separators and quotes: ',,,' or '""'
        raise PlayersCSVError(empty)
    header_line, header_cells = numbered[0]
    header = [_norm(h) for h in header_cells]

    def find(names: set[str]) -> Optional[int]:
        for i, h in enumerate(header):
            if h in names:
                return i
        return None

    first, last, name = find(_FIRST), find(_LAST), find(_NAME)
    vekn, city, country = find(_VEKN), find(_CITY), find(_COUNTRY)
    if (first is None or last is None) and name is None:
        raise PlayersCSVError(say("players_csv.no_name_columns", source=source, line=header_line,
                                  header=_shown(header_cells)))
    players: list[PlayerRow] = []
    for n, row in numbered[1:]:
        if not any(c.strip() for c in row):
            continue

        def cell(i: Optional[int]) -> str:
            return row[i].strip() if i is not None and i < len(row) else ""

        said = None
        if first is not None and last is not None:
            fn = _name_cell(cell(first), say("field.first_name"), source, n)
            ln = _name_cell(cell(last), say("field.last_name"), source, n)
        else:
            full = _name_cell(cell(name), say("field.player_name"), source, n)
            fn, ln = split_name(full)
            said = split_said(full)
        if not fn and not ln:
            raise PlayersCSVError(say("players_csv.no_name", source=source, line=n))
        players.append(
            PlayerRow(
                first_name=fn,
                last_name=ln,
                vekn=_vekn(cell(vekn)),
                city=(cell(city) or cell(country) or None),
                line=n,
                said=said,
            )
        )
    return players


def read_players_csv(path) -> list[PlayerRow]:
    """Read a players CSV file (UTF-8, else Windows-1252: :func:`decode_players_csv`)."""
    from pathlib import Path

    from archon.formats.special_files import special_kind

    p = Path(path)
    kind = special_kind(p)
    if kind is not None:
        raise PlayersCSVError(say("players_csv.special", file=p.name, kind=kind))
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise PlayersCSVError(say("players_csv.cannot_read", file=str(p), error=exc.strerror or str(exc))) from None
    return parse_players_csv(decode_players_csv(raw), p.name)


def decode_players_csv(raw: bytes) -> str:
    """A players list's text: UTF-8, else Windows-1252, which Excel on Windows
    saves "CSV" in (bytes 0x80-0x9F are letters there: Š Ž Œ š ž œ Ÿ, and
    € ‘ ’ “ ” –), else Latin-1 for the five bytes Windows-1252 leaves
    undefined (read as control characters, which registering refuses)."""
    for encoding in ("utf-8", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")
