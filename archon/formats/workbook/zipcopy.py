"""The patched package written as a zip: the members a patch changed
written anew, every other one copied as its compressed bytes are (not
inflated and deflated again), and the sheets archon stored without cached
formula results marked so in their zip comment (:func:`is_bare`), so that
the next patch does not go through them again.
"""

from __future__ import annotations

import copy
import zipfile
import zlib
from typing import IO, Iterable, Mapping

from archon.formats.workbook.inflated import compressed_bytes

__all__ = ["write_zip", "is_bare"]


def _bare_comment(crc: int) -> bytes:
    """The zip comment of a sheet member archon stored without cached formula
    results, naming the CRC-32 of its content. Spreadsheets do not show it;
    one that saves the workbook writes its members anew, without it, and a
    program that changes a member's content but copies its comment leaves a
    CRC that no longer matches."""
    return b"archon: no cached formula results, crc %08x" % crc


def is_bare(info: zipfile.ZipInfo) -> bool:
    """Whether archon stored the member ``info`` without cached formula results
    (its comment says so, with the CRC of what it holds now)."""
    return info.comment == _bare_comment(info.CRC)


def write_zip(
    zf: zipfile.ZipFile,
    destination: IO[bytes],
    replaced: Mapping[str, bytes],
    drop: Iterable[str],
    added: Mapping[str, bytes],
    bare: Iterable[str] = (),
) -> None:
    """``zf`` copied into ``destination`` with the members ``replaced``,
    without those in ``drop``, with those ``added``; the members ``bare`` are
    marked as holding no cached formula result (:func:`_bare_comment`)."""
    drop, bare = set(drop), set(bare)
    # compression level 1: an official Archon (10 MB of XML) compresses in
    # 0.05 s of CPU instead of 0.2 s at the default level, into 1.5 MB
    # instead of 1.1 MB; every event-day command writes the workbook. The
    # parts a write does not change are not compressed again at all.
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as out:
        for info in zf.infolist():
            if info.filename in drop:
                continue
            if info.filename in bare and not is_bare(info) and info.filename not in replaced:
                info = copy.copy(info)  # the same member, its comment saying it is bare
                info.comment = _bare_comment(info.CRC)
            if info.filename not in replaced and _copy_member(zf, info, out):
                continue
            data = replaced[info.filename] if info.filename in replaced else zf.read(info)
            new = zipfile.ZipInfo(info.filename, info.date_time)
            new.compress_type = info.compress_type
            new.external_attr = info.external_attr
            new.create_system = info.create_system
            new.comment = _bare_comment(zlib.crc32(data)) if info.filename in bare else info.comment
            out.writestr(new, data, compresslevel=1)
        for name, data in added.items():
            new = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            new.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(new, data, compresslevel=1)


#: Bits of a member's flags a copy keeps: neither a data descriptor (the
#: copy's sizes are in its header) nor encryption (never copied raw).
_COPIED_FLAGS = 0x0006 | 0x0800


#: The ``zipfile`` internals :func:`_copy_member` relies on, beside the
#: documented ``ZipInfo`` fields: when a Python lacks one, members are
#: written the ordinary way (slower, never wrong).
_ZIPFILE_INTERNALS = (("fp", "filelist", "NameToInfo", "start_dir"), ("FileHeader",))


def _copy_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, out: zipfile.ZipFile) -> bool:
    """Copy an unchanged member as its compressed bytes are, without
    decompressing and compressing it again; False when it cannot be (then it
    is written the ordinary way).

    Why not the public ``zipfile`` API (``zf.read`` + ``out.writestr``): it
    has no way to copy a member's compressed bytes, and recompressing the
    parts a write does not change costs 0.11 s of CPU per write of an
    official Archon (measured on v1.5l, xlsx and Google Sheets editions,
    Python 3.11: 0.002 s copied raw), a tenth of what 'archon register'
    takes in all, and stores it as 1.5 MB instead of 1.0 MB. So the copy
    does what ``writestr`` itself does with undocumented parts of
    ``zipfile`` (:data:`_ZIPFILE_INTERNALS`; ``out`` is open in mode "w",
    which already marks it to write its central directory on close). The
    member's CRC and sizes come from the source's central directory.
    tests/formats/test_unchanged_parts.py fails if a Python changes these internals
    (a copy that is not byte for byte, or an unreadable package).
    """
    out_names, info_names = _ZIPFILE_INTERNALS
    if not all(hasattr(out, n) for n in out_names) or not all(hasattr(info, n) for n in info_names):
        return False
    if out.fp is None:
        return False
    raw = compressed_bytes(zf, info)  # None: encrypted, zip64, or a local header that is not one
    if raw is None:
        return False
    new = zipfile.ZipInfo(info.filename, info.date_time)
    for name in ("compress_type", "external_attr", "internal_attr", "create_system", "comment",
                 "CRC", "compress_size", "file_size"):
        setattr(new, name, getattr(info, name))
    new.flag_bits = info.flag_bits & _COPIED_FLAGS
    new.header_offset = out.fp.tell()
    out.fp.write(new.FileHeader(False))
    out.fp.write(raw)
    out.filelist.append(new)
    out.NameToInfo[new.filename] = new
    out.start_dir = out.fp.tell()
    return True
