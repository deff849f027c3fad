"""The custom document properties of an ``.xls`` file (Excel 97-2003).

They sit in the user-defined section of the ``\\x05DocumentSummaryInformation``
stream of the file's compound document, as an OLE property set
([MS-OLEPS] 2.21, 3.1.3): a dictionary (property id -> name) and a value per
id. They only carry archon's marks (the rule edition, the judges'
warnings), never event data: a file whose properties cannot be read has
none.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import Optional

__all__ = ["xls_custom_properties"]

#: FMTID of the user-defined (custom) properties section.
_USER_DEFINED_FMTID = bytes.fromhex("05d5cdd59c2e1b10939708002b2cf9ae")

# Property value types ([MS-OLEPS] 2.15).
_VT_I4, _VT_R8, _VT_BOOL, _VT_LPSTR, _VT_LPWSTR = 0x03, 0x05, 0x0B, 0x1E, 0x1F


def xls_custom_properties(path: Path) -> dict[str, str]:
    """Custom document properties of the .xls file at ``path`` (name ->
    text); {} when it has none or they cannot be read."""
    from xlrd import compdoc

    try:
        doc = compdoc.CompDoc(path.read_bytes(), logfile=io.StringIO())
        data = doc.get_named_stream("\x05DocumentSummaryInformation")
    except Exception:  # noqa: BLE001 - no properties is the answer for a file without them
        return {}
    if not data or len(data) < 28:
        return {}
    try:
        return _properties(data)
    except (struct.error, UnicodeDecodeError):
        return {}


def _section_offset(data: bytes) -> Optional[int]:
    """Where the user-defined section starts in the stream (None: it has none)."""
    (sets,) = struct.unpack_from("<I", data, 24)
    return next(
        (struct.unpack_from("<I", data, 44 + 20 * k)[0] for k in range(min(sets, 2))
         if data[28 + 20 * k: 44 + 20 * k] == _USER_DEFINED_FMTID),
        None,
    )


def _encoding(data: bytes, section: int, offsets: dict[int, int]) -> tuple[str, bool]:
    """(the section's text encoding, whether it is UTF-16): its code page
    (property 1), else Windows-1252."""
    codepage = 1252
    if 1 in offsets:
        vtype, value = struct.unpack_from("<H2xH", data, section + offsets[1])
        codepage = value if vtype == 2 else codepage
    encoding = "utf-8" if codepage == 65001 else f"cp{codepage}"
    try:
        "".encode(encoding)
    except LookupError:
        encoding = "cp1252"
    return encoding, codepage == 1200


def _names(data: bytes, at: int, encoding: str, unicode: bool) -> dict[int, str]:
    """The dictionary (property 0) at offset ``at``: property id -> name."""
    (entries,) = struct.unpack_from("<I", data, at)
    at += 4
    names: dict[int, str] = {}
    for _ in range(entries):
        pid, length = struct.unpack_from("<II", data, at)
        at += 8
        if unicode:
            raw = data[at: at + 2 * length].decode("utf-16-le")
            at += 2 * length + (-2 * length) % 4
        else:
            raw = data[at: at + length].decode(encoding, errors="replace")
            at += length
        names[pid] = raw.split("\x00", 1)[0]
    return names


def _value(data: bytes, at: int, encoding: str, unicode: bool) -> Optional[str]:
    """The value at offset ``at`` as text (None: a type archon never writes)."""
    (vtype,) = struct.unpack_from("<H", data, at)
    at += 4
    if vtype == _VT_LPSTR:  # in the section's code page
        (size,) = struct.unpack_from("<I", data, at)
        text = data[at + 4: at + 4 + size].decode("utf-16-le" if unicode else encoding, errors="replace")
    elif vtype == _VT_LPWSTR:
        (length,) = struct.unpack_from("<I", data, at)
        text = data[at + 4: at + 4 + 2 * length].decode("utf-16-le", errors="replace")
    elif vtype == _VT_I4:
        text = str(struct.unpack_from("<i", data, at)[0])
    elif vtype == _VT_R8:
        text = f"{struct.unpack_from('<d', data, at)[0]:g}"
    elif vtype == _VT_BOOL:
        text = "true" if struct.unpack_from("<H", data, at)[0] else "false"
    else:
        return None
    return text.split("\x00", 1)[0]


def _properties(data: bytes) -> dict[str, str]:
    section = _section_offset(data)
    if section is None:
        return {}
    _size, count = struct.unpack_from("<II", data, section)
    offsets = dict(struct.unpack_from("<II", data, section + 8 + 8 * i) for i in range(count))
    encoding, unicode = _encoding(data, section, offsets)
    names = _names(data, section + offsets[0], encoding, unicode) if 0 in offsets else {}
    out: dict[str, str] = {}
    for pid, name in names.items():
        if pid in offsets:
            text = _value(data, section + offsets[pid], encoding, unicode)
            if text is not None:
                out[name] = text
    return out
