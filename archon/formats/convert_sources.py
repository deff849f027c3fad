"""What the input of a conversion is, and reading it (:func:`read_source`):
a workbook (:mod:`.convert_workbook`), a CSV set (here), a standings JSON
(:mod:`.convert_json`); the control characters dropped from its texts."""

from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path
from typing import Optional, Union

from archon.rules.celltext import (
    CONTROL_CHARACTER, character_named, dropped, nfc, refused_in_name, visible_name, without_control_characters,
)
from archon.words.message import say
from archon.rules.validation import NAME_FIELDS, EventText, event_texts
from archon.formats.convert_types import (
    CSV_SET, STANDINGS_JSON, WORKBOOK, ConvertError, Finding, SourceRead,
)
from archon.formats.convert_json import read_json
from archon.formats.convert_workbook import read_workbook

_WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods", ".xls")


def input_kind(path: Path) -> str:
    """:data:`WORKBOOK`, :data:`CSV_SET` or :data:`STANDINGS_JSON`, from the name and first bytes."""
    if path.is_dir():
        return CSV_SET
    suffix = path.suffix.lower()
    if suffix in _WORKBOOK_SUFFIXES:
        return WORKBOOK
    if suffix in (".zip", ".csv"):
        return CSV_SET
    if suffix == ".json":
        return STANDINGS_JSON
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError as exc:
        raise ConvertError(say("convert.cannot_open", file=path.name, error=exc.strerror or str(exc))) from None
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return STANDINGS_JSON
    if head.startswith(b"PK"):
        import zipfile

        try:
            with zipfile.ZipFile(path) as zf:
                names = set(zf.namelist())
        except (zipfile.BadZipFile, OSError):
            names = set()
        if "[Content_Types].xml" in names or "content.xml" in names:
            return WORKBOOK
        return CSV_SET
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return WORKBOOK
    raise ConvertError(say("convert.unknown_input", file=path.name))


def read_source(path: Union[str, Path], *, edition: Optional[str] = None, notes: bool = True) -> SourceRead:
    """Read any accepted input into a :class:`SourceRead`.

    ``edition`` is the rule edition to read it under (a CSV set's Report is
    compared with standings under it). ``notes=False`` skips what only a
    conversion reports about a standings JSON (fields the contract does not
    name, computed values that differ): reading a whole archive needs the
    event alone. Raises :class:`ConvertError` for an input that cannot be read.
    """
    p = Path(path)
    if not p.exists() and not p.is_symlink():
        raise ConvertError(say("convert.no_such_input", file=str(p), expected=say("convert.expected")))
    from archon.formats.special_files import special_kind

    special = special_kind(p)  # a FIFO or a device would be waited on forever
    if special is not None:
        raise ConvertError(say("convert.special_input", file=p.name, kind=special, expected=say("convert.expected")))
    kind = input_kind(p)
    if kind == WORKBOOK:
        return read_workbook(p)
    if kind == CSV_SET:
        return _read_csv_set(p, edition)
    return read_json(p, notes)



def _read_csv_set(p: Path, edition: Optional[str]) -> SourceRead:
    from archon.formats.csvset import CHANGED, DROPPED, CsvSetError, load_csv_set

    try:
        read = load_csv_set(p, edition=edition)
    except CsvSetError as exc:
        raise ConvertError(exc.message) from None
    what = say("convert.csv_set.zip") if read.source.is_file() else say("convert.csv_set.folder")
    src = SourceRead(p, CSV_SET, say("convert.csv_set", what=what, files=read.files), read.event)
    for n in read.notes:
        kept = {DROPPED: src.unmapped, CHANGED: src.warnings}.get(n.kind, src.notes)
        kept.append(Finding(n.where, n.said))
    _date_and_name_from_file_name(src)
    return src


_DATE_IN_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _date_and_name_from_file_name(src: SourceRead) -> None:
    """A CSV set holds neither the event's date nor its name: both are taken
    from its folder's or zip's name when that holds a date
    (``2026-03-14 Lyon Cup.zip``: Lyon Cup, on 2026-03-14), and said so."""
    ev, p = src.event, src.path
    stem = p.name[: -len(p.suffix)] if p.suffix.lower() == ".zip" else p.name
    m = _DATE_IN_NAME.search(stem)
    if ev.date is None and m:
        try:
            ev.date = _dt.date(int(m[1]), int(m[2]), int(m[3]))
            src.notes.append(Finding("", say("convert.date_from_name", date=ev.date.isoformat(), name=p.name)))
        except ValueError:
            pass
    # the rest of a name like '2026-03-14 Lyon Cup' names the event; a name
    # without a date ('bot-export') is the download's, not the event's
    name = " ".join(_DATE_IN_NAME.sub(" ", stem).replace("_", " ").split()).strip(" -") if m else ""
    if not ev.name and name:
        ev.name = name
        src.notes.append(Finding("", say("convert.name_from_name", event=name, name=p.name)))



def drop_control_characters(src: SourceRead) -> None:
    """Drop the control characters from every text of ``src``'s event and of
    its carried cells (:mod:`archon.rules.celltext`), each said in ``src.warnings``
    naming where it was read: a workbook would store them as ``_x0001_``.
    The event's texts are then in NFC, and its players' names without the
    characters that cannot be seen or turn the text around, each said
    (:func:`clean_name`)."""
    for t in event_texts(src.event):
        if CONTROL_CHARACTER.search(t.text):
            src.warnings.append(Finding(src.place(t.where), dropped(t.what, t.text)))
            setattr(t.holder, t.attribute, without_control_characters(t.text))
        clean_name(src, t)
    for sheet, cells in src.carried.items():
        for ref, value in cells.items():
            if isinstance(value, str) and CONTROL_CHARACTER.search(value):
                src.warnings.append(Finding(f"{src.path.name}: {sheet}!{ref}", dropped("the text", value)))
                cells[ref] = without_control_characters(value)


def clean_name(src: SourceRead, t: EventText) -> None:
    """``t`` in NFC (:func:`archon.rules.celltext.nfc`); a player's name
    also without the characters that cannot be seen or turn the text around
    (:func:`archon.rules.celltext.refused_in_name`), said in ``src.warnings``
    naming where it was read: an old file still converts, its names cleaned
    (one left blank is then a player without a name for ``check``)."""
    text = t.text
    cleaned = nfc(text)
    found = refused_in_name(cleaned) if t.where.kind == "player" and t.where.field in NAME_FIELDS else []
    if found:
        cleaned = visible_name(cleaned)
        src.warnings.append(Finding(src.place(t.where), say(
            "convert.invisible_dropped", what=t.what, text=repr(text), now=repr(cleaned),
            characters=[character_named(c) for c in found])))
    if cleaned != text:
        setattr(t.holder, t.attribute, cleaned)
