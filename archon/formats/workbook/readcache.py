"""Reads of a workbook kept by its content, for a process that reads it again and again.

The event console reads the workbook it serves after every change (to show
it) and every one of its writes reads it again (to change it): the same
bytes twice. :func:`read_event_cached` keeps the last :class:`ReadResult`
of each workbook with the :class:`~archon.formats.workbook.backups.Fingerprint`
(size and SHA-256) of the bytes it was read from, and gives it back while
the file still holds those bytes. The key is the content, not the
modification time: a spreadsheet that saves within the same clock tick,
with the same size, is still a new read.

A read is kept only when the file held the same bytes before and after it
(a save in the middle of a read is read again next time). The kept result
is shared: callers must not change it (the event-day rules copy the event
before they change it, :func:`archon.eventday._new`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, Optional, Union

from archon.formats.workbook.backups import Fingerprint, fingerprint
from archon.formats.workbook.lru import LRU
from archon.formats.workbook.reader import ReadResult, read_event

__all__ = ["read_event_cached"]

#: How many workbooks are kept (the console serves one).
KEEP = 4


class _Kept(NamedTuple):
    fp: Fingerprint  # of the bytes read
    read: ReadResult


#: By the workbook's absolute path.
_kept: "LRU[_Kept]" = LRU(KEEP)


def read_event_cached(path: Union[str, Path], fp: Optional[Fingerprint] = None) -> ReadResult:
    """:func:`archon.formats.workbook.read_event` of ``path``, read again only when its
    content changed. ``fp``: the file's fingerprint when the caller has it
    (:attr:`archon.formats.workbook.safety.Holding.fingerprint`: the bytes a write
    will be checked against), else it is taken here."""
    key = os.path.abspath(path)
    before = fp if fp is not None else fingerprint(path)
    kept = _kept.get(key)
    if kept is not None and kept.fp.same_content(before):
        return kept.read
    read = read_event(path)
    after = fingerprint(path)
    if before is not None and after is not None and before.same_content(after):
        _kept.put(key, _Kept(after, read))
    return read
