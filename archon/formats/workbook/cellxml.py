"""One cell of a sheet part as XML: a value written as a ``<c>`` element,
and the attributes of a start tag read and set, as strings.

Values: ``None`` empties a cell (style kept), :data:`CLEAR_VALUE` empties it
only if it does not hold a formula (used to clear typed input that a
template's formula would otherwise fill), ``int``/``float`` are numbers,
``bool`` a boolean, ``datetime.date``/``datetime`` a date serial number,
``str`` text, written inline (``t="inlineStr"``) so that the shared strings
are left untouched. :class:`PatchError` is the error of every module that
patches a package (:mod:`archon.formats.workbook.xlsxpatch`).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from typing import Mapping, Optional

from archon.exits import ExitStatus
from archon.formats.workbook.cellref import column_letters, split_address
from archon.rules.model import MAX_CELL_TEXT
from archon.words import WordedError, say

__all__ = [
    "CLEAR_VALUE",
    "PatchError",
    "MAX_TEXT",
    "column_letter",
    "split_ref",
    "xml_escape",
    "escape_text",
    "cell_xml",
    "attrs",
    "cell_style",
    "set_attr",
]


class _ClearValue:
    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return "CLEAR_VALUE"


#: Empty the cell if it holds a typed value; leave a formula alone.
CLEAR_VALUE = _ClearValue()


class PatchError(WordedError, ValueError):
    """The package cannot be patched as asked (missing sheet, unsupported cell)."""

    exit_status = ExitStatus.UNREADABLE


# ---------------------------------------------------------------------------
# Cell references

#: ``28`` -> ``"AB"``.
column_letter = column_letters


def split_ref(ref: str) -> tuple[int, int]:
    """``"AB12"`` -> (row 12, column 28); :class:`PatchError` if it is not an address."""
    try:
        return split_address(ref)
    except ValueError:
        raise PatchError(say("writing.not_an_address", ref=ref)) from None


# ---------------------------------------------------------------------------
# Values -> cell XML

_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ESCAPED_X = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_EXCEL_EPOCH = _dt.datetime(1899, 12, 30)
_EXCEL_EPOCH_1904 = _dt.datetime(1904, 1, 1)
#: Excel's longest cell text (input is refused before it comes here:
#: :func:`archon.eventday.typed_text`).
MAX_TEXT = MAX_CELL_TEXT


def xml_escape(text: str, entities: Mapping[str, str] = {}) -> str:  # noqa: B006 - read only
    """``&``, ``<``, ``>`` (and ``entities``) escaped, as ``xml.sax.saxutils.escape``
    does: that module imports ``urllib.request`` and ``http.client``, a tenth of
    the CPU time of an ``archon`` command's imports."""
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for char, entity in entities.items():
        text = text.replace(char, entity)
    return text


def escape_text(text: str) -> str:
    # OOXML escapes characters XML cannot hold as _xHHHH_; a literal "_xHHHH_"
    # in the text must itself be escaped so that it reads back unchanged.
    text = _ESCAPED_X.sub(r"_x005F_\1", text)
    text = _ILLEGAL_XML.sub(lambda m: f"_x{ord(m.group(0)):04X}_", text)
    return xml_escape(text)


def _number(x: float) -> str:
    if isinstance(x, bool):
        return "1" if x else "0"
    if isinstance(x, int):
        return str(x)
    if math.isnan(x) or math.isinf(x):
        raise PatchError(say("writing.not_a_number", value=str(x)))
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return repr(float(x))


def _serial(value: "_dt.date | _dt.datetime", date1904: bool) -> float:
    epoch = _EXCEL_EPOCH_1904 if date1904 else _EXCEL_EPOCH
    if not isinstance(value, _dt.datetime):
        value = _dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    delta = value - epoch
    serial = delta.days + delta.seconds / 86400 + delta.microseconds / 86400e6
    return serial


def cell_xml(p: str, ref: str, style: Optional[str], value, date1904: bool) -> Optional[str]:
    """The ``<c>`` element for ``value`` (None: an empty styled cell or nothing)."""
    s = f' s="{style}"' if style is not None else ""
    if value is None or value is CLEAR_VALUE:
        return f'<{p}c r="{ref}"{s}/>' if style is not None else None
    if isinstance(value, bool):
        return f'<{p}c r="{ref}"{s} t="b"><{p}v>{1 if value else 0}</{p}v></{p}c>'
    if isinstance(value, (int, float)):
        return f"<{p}c r=\"{ref}\"{s}><{p}v>{_number(value)}</{p}v></{p}c>"
    if isinstance(value, (_dt.date, _dt.datetime)):
        return f"<{p}c r=\"{ref}\"{s}><{p}v>{_number(_serial(value, date1904))}</{p}v></{p}c>"
    if isinstance(value, str):  # no longer than a cell holds: sheetpatch's refuse_long_text checked
        space = ' xml:space="preserve"' if value != value.strip() or "\n" in value else ""
        return (
            f'<{p}c r="{ref}"{s} t="inlineStr"><{p}is><{p}t{space}>{escape_text(value)}'
            f"</{p}t></{p}is></{p}c>"
        )
    raise PatchError(say("writing.value_type", cell=ref, type=type(value).__name__))


# ---------------------------------------------------------------------------
# Start tags

_ATTR_RE = re.compile(r'([\w:.-]+)\s*=\s*("[^"]*"|\'[^\']*\')')
#: a cell's start tag as Excel, LibreOffice and openpyxl write it: its
#: address, then its style and type if any (group 1: the style)
_PLAIN_CELL_TAG = re.compile(r'<(?:[\w.-]+:)?c r="[A-Z]{1,3}[0-9]+"(?: s="([^"<&]*)")?(?: t="[^"<&]*")?/?>')


def attrs(tag: str) -> dict[str, str]:
    """The attributes of the start tag ``tag``, by name."""
    return {k: v[1:-1] for k, v in _ATTR_RE.findall(tag)}


def cell_style(tag: str) -> Optional[str]:
    """The ``s`` attribute of a cell's start tag (None: no style); the common
    spelling is read with one match, any other through :func:`attrs`."""
    m = _PLAIN_CELL_TAG.fullmatch(tag)
    return m.group(1) if m else attrs(tag).get("s")


def set_attr(tag: str, name: str, value: str) -> str:
    """Set attribute ``name`` in start tag ``tag`` (``<x a="1">`` or ``<x/>``)."""
    pat = re.compile(r'(\s' + re.escape(name) + r'\s*=\s*)("[^"]*"|\'[^\']*\')')
    if pat.search(tag):
        return pat.sub(lambda m: f'{m.group(1)}"{value}"', tag, count=1)
    end = len(tag) - (2 if tag.endswith("/>") else 1)
    return f'{tag[:end]} {name}="{value}"{tag[end:]}'
