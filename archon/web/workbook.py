"""The workbook the event console serves: its version, its lock files and
the state its pages show.

The *version* of the workbook is what the file system says of it (size,
modification time, inode): a save in Excel or LibreOffice, or a write by an
``archon`` command, gives a new one. The pages carry the version they show;
a write sent from a page that read an older version is refused
(:class:`StaleVersion`), so nothing typed in the spreadsheet meanwhile is
overwritten.

The state (standings, problems, finals) is read once per version, with the
functions behind ``archon standings``, ``archon check`` and ``archon
finals``, and kept until the file changes.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..exits import ExitStatus

__all__ = ["ServedWorkbook", "State", "StaleVersion"]


class StaleVersion(ValueError):
    """The workbook changed since the page read it: nothing was written."""

    exit_status = ExitStatus.NOT_WRITTEN


@dataclass
class State:
    """What the pages show for one version of the workbook.

    ``standings``: the standings contract with extras
    (:func:`archon.serialize.standings_to_dict`); ``problems``: ``archon
    check``'s problems as dicts; ``finals``: see :func:`_finals_summary`;
    ``error``: why the workbook cannot be read right now (the pages say so and
    keep the last good figures away), else ``None``.
    """

    version: str
    standings: Optional[dict] = None
    problems: list = field(default_factory=list)
    finals: dict = field(default_factory=dict)
    error: Optional[str] = None


def _finals_summary(view) -> dict:
    """The parts of :class:`archon.eventday.FinalsView` the organizer's page shows."""
    ev = view.standings.event

    def who(f) -> dict:
        return {"seed": f.seed, "number": f.number, "name": f.player.name}

    return {
        "has_final": view.has_final,
        "ready": view.ready,
        "finalists": [who(f) for f in view.finalists],
        "choosing_order": [who(f) for f in view.choosing_order],
        "ties": [t.describe(ev) for t in view.ties],
        "unfinished": list(view.unfinished),
        "seated": bool(view.seating),
    }


class ServedWorkbook:
    """One event workbook served by the console."""

    def __init__(self, path: "str | os.PathLike[str]") -> None:
        self.path = Path(path).resolve()
        #: Writes from the console's own requests, one at a time.
        self.write_lock = threading.Lock()
        self._cache: Optional[State] = None
        self._cache_lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.path.name

    def version(self) -> str:
        """A new value whenever the file is replaced or saved."""
        try:
            st = self.path.stat()
        except OSError:
            return "missing"
        return f"{st.st_mtime_ns:x}-{st.st_size:x}-{st.st_ino:x}"

    def open_in(self) -> Optional[str]:
        """Why writes are off now: the workbook is open in a spreadsheet
        (its lock file is beside it), else ``None``."""
        from ..workbook.safety import lock_files

        found = lock_files(self.path)
        if not found:
            return None
        _lock, app = found[0]
        return f"close {self.name} in {app} to enter results here (it is open there; archon would overwrite, or be overwritten by, its next save)"

    def key(self) -> str:
        """What a page must re-read on: the version and whether writes are off."""
        return f"{self.version()}{'-locked' if self.open_in() else ''}"

    def state(self) -> State:
        """The state of the current version (read once per version)."""
        with self._cache_lock:
            version = self.version()
            if self._cache is not None and self._cache.version == version:
                return self._cache
            for _ in range(3):  # a save in the middle of the read: read again
                state = self._read(version)
                now = self.version()
                if now == version:
                    break
                version = now
            self._cache = state
            return state

    def _read(self, version: str) -> State:
        from ..eventday import finals_view
        from ..serialize import standings_to_dict
        from ..standings import compute
        from ..workbook import read_event
        from ..workbook.problems import problems_of

        try:
            read = read_event(self.path)  # once per version: standings, problems and finals from one read
            st = compute(read.event)
            problems = [p.as_dict() for p in problems_of(read, st)]
            return State(
                version=version,
                standings=standings_to_dict(st, extras=True),
                problems=problems,
                finals=_finals_summary(finals_view(read.event)),
            )
        except Exception as exc:  # noqa: BLE001 - any unreadable state is shown, never raised to a page
            if not hasattr(exc, "exit_status") and not isinstance(exc, OSError):
                raise
            return State(version=version, error=str(exc))

    def check_version(self, seen: Any) -> None:
        """Refuse a write from a page that read an older version (``seen``;
        ``None``: a script that did not say, checked by the write itself)."""
        if seen is None:
            return
        if str(seen) != self.version():
            raise StaleVersion(
                f"{self.name} changed since this page read it (saved in a spreadsheet, or by another "
                "command): nothing was written; the page now shows the new state, check it and try again"
            )
