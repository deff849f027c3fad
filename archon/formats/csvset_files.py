"""Reading a CSV set's files: finding them in a folder or a zip, their text,
their rows and cells (:class:`CsvFile` names the line of what it refuses)."""

from __future__ import annotations

import os
import re
import stat
import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from archon.formats.csvcells import text_from_csv
from archon.formats.csvrecords import CsvTextError, csv_records, guess_delimiter
from archon.formats.csvset_types import (
    DROPPED, CHANGED, FINALS_FILE, INFO, METHUSELAHS_FILE, REPORT_FILE, CsvNote, CsvSetError, file_key,
    is_set_member, round_file,
)
from archon.formats.special_files import special_kind
from archon.rules.celltext import (
    CONTROL_CHARACTER, character_named, dropped, nfc, refused_in_name, visible_name, without_control_characters,
)
from archon.words.message import Message, say
from archon.rules.typed import LARGEST_EXACT_WHOLE

#: What the CSV set's errors say is expected of the input.
def _expected() -> Message:
    return say("csvset.expected", methuselahs=METHUSELAHS_FILE, round=round_file(1), finals=FINALS_FILE,
               report=REPORT_FILE)


def collect_files(source: Path) -> tuple[dict[str, tuple[str, bytes]], list[CsvNote], Path]:
    """``({key: (name as found, bytes)}, notes, source)`` for a folder, a zip, or one file of a set.

    Only the set's own files are read, and only plain files: a named pipe,
    a device or a folder in their place, a symbolic link to nothing or to a
    file outside the set (never followed: no file outside the set is read,
    nor quoted) is refused naming the file (a round left out would change
    every rank)."""
    notes: list[CsvNote] = []
    found: dict[str, tuple[str, bytes]] = {}
    if not source.exists() and not source.is_symlink():
        raise CsvSetError(say("csvset.no_such_source", source=str(source), expected=_expected()))
    special = special_kind(source) if not source.is_dir() else None
    if special is not None:
        raise CsvSetError(say("csvset.source_special", source=source.name, kind=special, expected=_expected()))
    if source.is_file() and source.suffix.lower() == ".csv":
        source = source.parent
    if source.is_dir():
        entries = _folder_entries(source)
        label = source.name
    elif zipfile.is_zipfile(source):
        entries = _zip_entries(source)
        label = source.name
    else:
        raise CsvSetError(say("csvset.not_a_set", source=source.name, expected=_expected()))
    for name, data in entries:
        if name.startswith(".") or not name:
            continue
        key = file_key(name)
        if is_set_member(key):
            if key in found:
                raise CsvSetError(say("csvset.both_files", source=label, first=found[key][0], second=name))
            assert data is not None
            found[key] = (name, data)
        elif name.lower().endswith(".csv"):
            notes.append(CsvNote(name, None, say("csvset.not_in_set"), DROPPED))
    if not found:
        raise CsvSetError(say("csvset.no_set_file", source=source.name, expected=_expected()))
    return found, notes, source


def _folder_entries(source: Path) -> list[tuple[str, Optional[bytes]]]:
    """``(name, bytes)`` of the set's files in the folder ``source`` (bytes
    None for another .csv file, which is only noted, never read)."""
    root = Path(os.path.realpath(source))
    entries: list[tuple[str, Optional[bytes]]] = []
    try:
        paths = sorted(source.iterdir())
    except OSError as exc:
        raise CsvSetError(say("csvset.cannot_read", file=str(source), error=exc.strerror or str(exc))) from None
    for p in paths:
        if p.name.startswith("."):
            continue
        if not is_set_member(file_key(p.name)):
            if p.name.lower().endswith(".csv"):
                entries.append((p.name, None))
            continue
        entries.append((p.name, _member_bytes(p, root, source.name)))
    return entries


def _member_bytes(p: Path, root: Path, label: str) -> bytes:
    """The bytes of the set's file ``p``, a plain file of the set: a symbolic
    link is followed only to a file inside the set's folder ``root``."""
    try:
        mode = os.lstat(p).st_mode
        if stat.S_ISLNK(mode):
            target = os.readlink(p)
            real = Path(os.path.realpath(p))
            if real != root and root not in real.parents:
                raise CsvSetError(say("csvset.link_outside", file=p.name, source=label, target=target))
            if not real.exists():
                raise CsvSetError(say("csvset.link_dangling", file=p.name, source=label, target=target))
            mode = os.stat(p).st_mode
            p = real
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else (special_kind(p) or "not a regular file")
            raise CsvSetError(say("csvset.member_special", file=p.name, source=label, kind=kind))
        # never wait on what turned into a pipe since, never follow a link swapped in since
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise CsvSetError(say("csvset.member_special", file=p.name, source=label, kind="not a regular file"))
            return f.read()
    except OSError as exc:
        raise CsvSetError(say("csvset.cannot_read", file=str(p), error=exc.strerror or str(exc))) from None


def _zip_entries(source: Path) -> list[tuple[str, Optional[bytes]]]:
    """``(name, bytes)`` of the set's files in the zip ``source``; a symbolic
    link or a special file stored in the zip is refused, not read."""
    try:
        with zipfile.ZipFile(source) as zf:
            infos = [i for i in zf.infolist() if not i.is_dir()]
            infos = [i for i in infos if not i.filename.startswith("__MACOSX/")]
            folders = {_zip_folder(i.filename) for i in infos if i.filename.lower().endswith(".csv")}
            if len(folders) > 1:
                raise CsvSetError(say("csvset.zip_folders", source=source.name,
                                      folders=sorted(f or "/" for f in folders)))
            entries: list[tuple[str, Optional[bytes]]] = []
            for i in infos:
                name = i.filename.rsplit("/", 1)[-1]
                if not is_set_member(file_key(name)):
                    entries.append((name, None))
                    continue
                mode = i.external_attr >> 16
                if stat.S_ISLNK(mode):
                    raise CsvSetError(say("csvset.zip_link", file=name, source=source.name))
                if mode and stat.S_IFMT(mode) and not stat.S_ISREG(mode):
                    raise CsvSetError(say("csvset.zip_special", file=name, source=source.name))
                entries.append((name, zf.read(i)))
            return entries
    except (zipfile.BadZipFile, OSError) as exc:
        raise CsvSetError(say("csvset.damaged_zip", source=source.name, error=str(exc),
                              expected=_expected())) from None


def _zip_folder(name: str) -> str:
    return name.rsplit("/", 1)[0] if "/" in name else ""


def decode_file(name: str, data: bytes, notes: list[CsvNote]) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        notes.append(CsvNote(name, None, say("csvset.cp1252"), INFO))
        return data.decode("cp1252", errors="replace")


@dataclass
class CsvRow:
    line: int
    cells: list[str]

    def get(self, i: int) -> str:
        return self.cells[i] if i < len(self.cells) else ""

    @property
    def blank(self) -> bool:
        return not any(self.cells)


def clean_text(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split())


def _rows(name: str, text: str) -> tuple[list[CsvRow], str]:
    """The file's rows, read whole (:func:`archon.formats.csvrecords.csv_records`): a
    quote never closed is refused naming its line, not read as one long field
    that swallows the rest of the file."""
    d = guess_delimiter(text)
    try:
        records = csv_records(text, name, d)
    except CsvTextError as exc:
        raise CsvSetError(exc.message) from None
    return [CsvRow(line, [clean_text(text_from_csv(c)) for c in cells]) for line, cells in records], d


def csv_number(text: str, decimal_comma: bool) -> Optional[float]:
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


def _is_header(row: CsvRow, decimal_comma: bool) -> bool:
    first = row.get(0)
    return bool(first) and csv_number(first, decimal_comma) is None and any(
        any(ch.isalpha() for ch in c) for c in row.cells
    )




#: The columns of a CSV set that hold a player's name.
_NAME_COLUMNS = ("first name", "last name")


class CsvFile:
    """One CSV file of the set, as rows, with helpers that name the line."""

    def __init__(self, name: str, text: str, notes: list[CsvNote], columns: tuple[str, ...]) -> None:
        self.name = name
        self.notes = notes
        self.columns = columns
        rows, d = _rows(name, text)
        for row in rows:
            self._drop_control_characters(row)
            self._clean_names(row)
        self.decimal_comma = d == ";"
        self.header: Optional[CsvRow] = None
        first = next((r for r in rows if not r.blank), None)
        if first is not None and _is_header(first, self.decimal_comma):
            self.header = first
        self.rows = [r for r in rows if not r.blank and r is not self.header]

    def _drop_control_characters(self, row: CsvRow) -> None:
        """Each cell of ``row`` without its control characters, each said
        (:data:`CHANGED`): a workbook would store them as ``_x0001_``."""
        for i, cell in enumerate(row.cells):
            if not CONTROL_CHARACTER.search(cell):
                continue
            self.notes.append(CsvNote(self.name, row.line, dropped(self._what(row, i), cell), CHANGED))
            row.cells[i] = without_control_characters(cell)

    def _clean_names(self, row: CsvRow) -> None:
        """Each cell of ``row`` in NFC (:func:`archon.rules.celltext.nfc`), and
        each name without the characters that cannot be seen or turn the text
        around (:func:`archon.rules.celltext.refused_in_name`), each said
        (:data:`CHANGED`): an old file still converts, its names cleaned."""
        for i, cell in enumerate(row.cells):
            text = nfc(cell)
            found = refused_in_name(text) if i < len(self.columns) and self.columns[i] in _NAME_COLUMNS else []
            if found:
                text = visible_name(text)
                self.notes.append(CsvNote(self.name, row.line, say(
                    "convert.invisible_dropped", what=self._what(row, i), text=repr(cell), now=repr(text),
                    characters=[character_named(c) for c in found]), CHANGED))
            row.cells[i] = text

    def _what(self, row: CsvRow, i: int) -> str:
        """Cell ``i`` of ``row`` in words: ``player #3's first name``, ``reason``, ``column 9``."""
        what = self.columns[i] if i < len(self.columns) else f"column {i + 1}"
        number = row.get(0)
        if self.columns[0].casefold() in ("player number", "player num") and number.isdigit():
            what = f"player #{number}'s {what}"
        return what

    def error(self, row: CsvRow, message: "Message | str") -> CsvSetError:
        """The file, the line and what is wrong there."""
        return CsvSetError(say("csvset.at_line", file=self.name, line=row.line, problem=message))

    def whole(self, row: CsvRow, i: int, what: str, required: bool = True) -> Optional[int]:
        text = row.get(i)
        x = csv_number(text, self.decimal_comma)
        if x is None and not text and not required:
            return None
        if x is None or x < 1 or not float(x).is_integer() or x > LARGEST_EXACT_WHOLE:
            shown = repr(text) if text else say("csvset.nothing")
            raise self.error(row, say("csvset.not_a_whole_number", column=i + 1, what=what, value=shown))
        return int(x)

    def count(self, row: CsvRow, i: int, what: str) -> Optional[int]:
        """A whole number from 0, or None when blank."""
        text = row.get(i)
        if not text:
            return None
        x = csv_number(text, self.decimal_comma)
        if x is None or x < 0 or not float(x).is_integer() or x > LARGEST_EXACT_WHOLE:
            raise self.error(row, say("csvset.not_a_count", column=i + 1, what=what, value=repr(text)))
        return int(x)

    def vp(self, row: CsvRow, i: int) -> Optional[float]:
        text = row.get(i)
        if not text:
            return None
        x = csv_number(text, self.decimal_comma)
        if x is None:
            raise self.error(row, say("csvset.not_a_vp", column=i + 1, value=repr(text)))
        return x

    def extras(self, row: CsvRow) -> None:
        """Report cells beyond the file's columns: the event has no place for them."""
        for i in range(len(self.columns), len(row.cells)):
            if row.cells[i]:
                self.notes.append(CsvNote(
                    self.name, row.line,
                    say("csvset.extra_column", column=i + 1, value=repr(row.cells[i]), count=len(self.columns),
                        columns=list(self.columns)),
                    DROPPED,
                ))


def split_full_name(name: str) -> tuple[str, str]:
    """As the bot splits a name: at the first space."""
    parts = name.split(" ", 1)
    return (parts[0], parts[1] if len(parts) > 1 else "")


def vekn_text(text: str) -> Optional[str]:
    t = text.strip()
    if not t:
        return None
    if re.fullmatch(r"\d+[.,]0+", t):
        t = re.split(r"[.,]", t)[0]
    return t



REPORT_KEYS = {
    "playernum": "number", "player": "number", "playernumber": "number", "number": "number", "num": "number",
    "veknnum": "vekn", "vekn": "vekn", "veknnumber": "vekn", "veknid": "vekn",
    "name": "name", "playername": "name",
    "gamesplayed": "played", "gameswon": "won", "totalvps": "vp", "totalvp": "vp",
    "finalsposition": "seed", "finalposition": "seed", "seed": "seed",
    "rank": "rank", "finalrank": "rank",
}
REPORT_FIELDS = ("number", "vekn", "name", "played", "won", "vp", "seed", "rank")


def norm_header(h: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", h.lower())


@dataclass
class ReportRow:
    line: int
    number: int
    values: dict[str, str]

