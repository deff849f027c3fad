"""A small least-recently-used store, shared by threads.

archon keeps a few reads of a workbook to answer the next read without
parsing again: the scans of sheet parts (:mod:`archon.formats.workbook.xlsx_grid`) and
the last read of each workbook the event console serves
(:mod:`archon.formats.workbook.readcache`). Both need what :func:`functools.lru_cache`
does not give: the value is put by the caller (after it checked the read
was whole) and judged by it when taken back.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Hashable, Optional, TypeVar

__all__ = ["LRU"]

V = TypeVar("V")


class LRU(Generic[V]):
    """The last ``size`` values put, by key: :meth:`get` and :meth:`put`
    make a key the most recent; past ``size`` the least recent goes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: "OrderedDict[Hashable, V]" = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Optional[V]:
        """The value kept for ``key``, or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value`` for ``key``; returns it."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every value (a benchmark timing first reads)."""
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._values)
