"""The workbook the event console serves: its version, its lock files and
the state its pages show.

The *version* of the workbook is its content: its size and SHA-256 (a save
in Excel or LibreOffice, or a write by an ``archon`` command, gives a new
one; a save that keeps the size within one tick of the file system's clock
does too). The content is hashed again only when the file system says the
file changed (size, modification and change times, inode), or while its
times are too recent to tell (:data:`RACY_SECONDS`). The pages carry the
version they show; a write sent from a page that read an older version is
refused (:class:`StaleVersion`), so nothing typed in the spreadsheet
meanwhile is overwritten.

The state (standings, problems, finals) is worked out once per version,
with the functions behind the standings, check and finals commands, from one read of the file
(:func:`archon.formats.workbook.readcache.read_event_cached`: the console's own
writes then read those same bytes again for free), and kept until the
content changes.

Several judges write at once (:mod:`archon.web.judges`): the states of the
last :data:`KEPT_VERSIONS` versions are kept, with who wrote each through
the console, so that a write from a page that read an older version lands
on the file now when what it touches did not change since
(:meth:`ServedWorkbook.admit`), and is refused, naming what changed and who
wrote it, when it did.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from archon.exits import ExitStatus
from archon.web.judges import conflict, refusal, touched
from archon.web.words import CONSOLE, shown, shown_dict
from archon.words.errors import WordedError
from archon.words.message import Message, message_of, say

__all__ = ["Look", "ServedWorkbook", "State", "StaleVersion"]


class StaleVersion(WordedError, ValueError):
    """The workbook changed since the page read it: nothing was written."""

    exit_status = ExitStatus.NOT_WRITTEN


@dataclass
class State:
    """What the pages show for one version of the workbook.

    ``standings``: the standings contract with extras
    (:func:`archon.formats.serialize.standings_to_dict`); ``problems``: the
    check's problems as dicts, worked out the first time a page asks
    (``check``: the players' pages never show them, and after a result the
    phones wait for nothing but what they show); ``finals``: see :func:`_finals_summary`;
    ``error``: why the workbook cannot be read right now (the pages say so and
    keep the last good figures away), else ``None``. Every text is said as
    the console says it in English (:mod:`archon.web.words`); ``said_problems``
    and ``said_finals`` hold the same as messages, which a page says in its
    reader's language (:meth:`problems_in`, :meth:`finals_in`).
    """

    version: str
    standings: Optional[dict] = None
    finals: dict = field(default_factory=dict)
    error: Optional[str] = None
    #: ``error``'s message (its id and fields), else ``None``.
    error_message: Optional[Message] = None
    #: Rounds only The Archon's seating chart shows (its formulas, no seat
    #: typed, no VP): a proposal, not seated by anyone yet.
    chart_rounds: frozenset = frozenset()
    #: Works out the check's problems (``CheckedProblem``), once (None: there are none).
    check: Optional[Callable[[], Any]] = field(default=None, repr=False, compare=False)
    #: ``finals`` with its messages unsaid.
    said_finals: dict = field(default_factory=dict)
    #: The event's details (:func:`archon.eventday.details.details_of`): the organizer's form.
    details: dict = field(default_factory=dict)
    #: The check-in (:func:`archon.eventday.checkin.checkin_summary`): its
    #: ``checkin_code`` (the projector's), each player's personal code (the organizer's only).
    checkin: dict = field(default_factory=dict)
    #: Whether the players may report their table (the organizer did not switch it off).
    reporting: bool = True

    def __post_init__(self) -> None:
        self._said: Optional[list] = None
        self._checking = threading.Lock()

    @property
    def said_problems(self) -> list:
        """The check's problems (``CheckedProblem``), as the check gave them
        (worked out the first time they are asked for)."""
        with self._checking:
            if self._said is None:
                self._said = list(self.check()) if self.check is not None else []
                self.check = None  # the read it kept (about 0.4 MB at 300 players) goes
            return self._said

    @property
    def problems(self) -> list:
        """The check's problems as dicts, said as the console says them in English."""
        return [shown_dict(p) for p in self.said_problems]

    def problems_in(self, renderer) -> list:
        """``problems``, said by ``renderer`` (a console's renderer of any language)."""
        return [shown_dict(p, renderer) for p in self.said_problems]

    def finals_in(self, renderer) -> dict:
        """``finals``, said by ``renderer``."""
        return shown(self.said_finals, renderer)

    def error_in(self, renderer) -> Optional[str]:
        """``error``, said by ``renderer``."""
        return None if self.error_message is None else renderer.render(self.error_message)


def _finals_summary(view) -> dict:
    """The parts of :class:`archon.eventday.FinalsView` the organizer's page
    shows, its messages unsaid (:func:`archon.web.words.shown` says them)."""
    from archon.eventday import NO_FINAL_SAID, SEAT_CHOICE, SEAT_CHOICE_HOW

    ev = view.standings.event
    keys = view.standings.edition.ranking_keys

    def who(f) -> dict:
        return {"seed": f.seed, "number": f.number, "name": f.player.name,
                "figures": [float(getattr(f.standing, k) or 0) for k in keys]}

    return {
        "has_final": view.has_final,
        # the words of the finals command
        "title": view.title, "no_final_said": NO_FINAL_SAID, "seat_choice": SEAT_CHOICE,
        "seat_choice_how": SEAT_CHOICE_HOW, "ranking_keys": [k.upper() for k in keys],
        "ready": view.ready,
        "finalists": [who(f) for f in view.finalists],
        "choosing_order": [who(f) for f in view.choosing_order],
        "ties": [t.describe(ev) for t in view.ties],
        "unfinished": list(view.unfinished),
        "seated": bool(view.seating),
        # why each action of the final would be refused now, in short (None: it would be done)
        "refused": {action: (r.short if r else None) for action, r in view.refused.items()},
    }


@dataclass(frozen=True)
class Look:
    """One look at the served file (:meth:`ServedWorkbook.look_now`): the
    state of its version, the key a page re-reads on, and why writes are
    off (a message, else ``None``). ``serial`` orders the looks: a later
    look saw the file later."""

    serial: int
    state: State
    key: str
    held: Optional[Message] = None

    @property
    def open_in(self) -> Optional[str]:
        """``held``, as the page says it in English."""
        return None if self.held is None else CONSOLE.render(self.held)


#: How long after its last change a file's times cannot tell a new save from
#: the one hashed (file systems keep times to a clock tick, FAT to 2 s): the
#: content is hashed again on every look until then.
RACY_SECONDS = 2.0
#: How many versions' states are kept (a page that read an older one is
#: refused as before: what changed since cannot be told).
KEPT_VERSIONS = 64


class ServedWorkbook:
    """One event workbook served by the console."""

    def __init__(self, path: "str | os.PathLike[str]") -> None:
        self.path = Path(path).resolve()
        #: Writes from the console's own requests, one at a time.
        self.write_lock = threading.Lock()
        self._cache: Optional[State] = None
        self._cache_lock = threading.Lock()
        self._hashed: Optional[tuple] = None  # (stat key, when hashed, Fingerprint)
        self._hash_lock = threading.Lock()
        self._looks = 0
        self._look_lock = threading.Lock()
        self._kept: "OrderedDict[str, State]" = OrderedDict()  # the last versions' states, oldest first
        #: Who wrote each version through the console (version -> name).
        self.writers: dict[str, str] = {}

    @property
    def name(self) -> str:
        return self.path.name

    def fingerprint(self):
        """The file's :class:`~archon.formats.workbook.backups.Fingerprint` now (None: no file)."""
        from archon.formats.workbook.backups import fingerprint

        try:
            st = self.path.stat()
        except OSError:
            return None
        seen = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        with self._hash_lock:
            kept = self._hashed
            if kept is not None and kept[0] == seen and kept[1] - max(st.st_mtime, st.st_ctime) > RACY_SECONDS:
                return kept[2]
            now = time.time()
            fp = fingerprint(self.path)
            if fp is not None and fp.size == st.st_size:
                self._hashed = (seen, now, fp)
            return fp

    def forget(self) -> None:
        """Hash the file again on the next look (the file watcher saw it change)."""
        with self._hash_lock:
            self._hashed = None

    def version(self) -> str:
        """A new value whenever the content of the file changes."""
        fp = self.fingerprint()
        return "missing" if fp is None else self._version_of(fp)

    @staticmethod
    def _version_of(fp) -> str:
        return f"{fp.size:x}-{fp.sha256[:16]}"

    def held(self) -> Optional[Message]:
        """Why writes are off now, as a message: the workbook is open in a
        spreadsheet (its lock file is beside it), else ``None``."""
        from archon.formats.workbook.safety import lock_files

        found = lock_files(self.path)
        if not found:
            return None
        _lock, app = found[0]
        return say("web.open_elsewhere", file=self.name, app=app)

    def look_said(self) -> tuple["State", str, Optional[Message]]:
        """:meth:`look`, with why writes are off as a message (:meth:`held`),
        which a page says in its reader's language."""
        state, held = self.state(), self.held()
        return state, self._key_of(state.version, None if held is None else held.id), held

    def look_now(self) -> Look:
        """One :class:`Look` at the file now (the content hashed at most once
        when the state of this version is known, the lock files listed once),
        numbered: looks are taken one at a time, so a higher ``serial`` saw
        the file later."""
        with self._look_lock:
            self._looks += 1
            state, key, held = self.look_said()
            return Look(self._looks, state, key, held)

    def open_in(self) -> Optional[str]:
        """:meth:`held`, as the page says it."""
        held = self.held()
        return None if held is None else CONSOLE.render(held)

    def key(self) -> str:
        """What a page must re-read on: the version and whether writes are off."""
        return self._key_of(self.version(), self.open_in())

    @staticmethod
    def _key_of(version: str, open_in: Optional[str]) -> str:
        return f"{version}{'-locked' if open_in else ''}"

    def look(self) -> tuple["State", str, Optional[str]]:
        """The state now, its key and why writes are off (:meth:`open_in`),
        from one look: the content hashed once, the lock files listed once."""
        state, open_in = self.state(), self.open_in()
        return state, self._key_of(state.version, open_in), open_in

    def state(self) -> State:
        """The state of the current version (worked out once per version)."""
        with self._cache_lock:
            fp = self.fingerprint()
            for _ in range(3):  # a save in the middle of the read: read again
                version = "missing" if fp is None else self._version_of(fp)
                if self._cache is not None and self._cache.version == version:
                    return self._cache
                state = self._read(version, fp)
                self._cache = state
                self._keep(state)
                now = self.fingerprint()
                if now == fp or (now is not None and now.same_content(fp)):
                    break
                fp = now
            return state

    def _read(self, version: str, fp) -> State:
        from archon.eventday import finals_view
        from archon.eventday.checkin import checkin_summary
        from archon.eventday.details import details_of
        from archon.formats.serialize import standings_to_dict
        from archon.rules.standings import compute
        from archon.formats.workbook.problems import problems_of
        from archon.formats.workbook.readcache import read_event_cached

        try:
            # once per version: standings, problems and finals from one read
            read = read_event_cached(self.path, fp)
            st = compute(read.event)
            said_finals = _finals_summary(finals_view(read.event, st))
            return State(
                version=version,
                standings=standings_to_dict(st, extras=True),
                chart_rounds=frozenset(read.chart_rounds),
                finals=shown(said_finals),
                check=lambda: problems_of(read, st),
                said_finals=said_finals,
                details=details_of(read.event),
                checkin=checkin_summary(read.event, read.chart_rounds),
                reporting=not read.event.reporting_off,
            )
        except Exception as exc:  # noqa: BLE001 - any unreadable state is shown, never raised to a page
            if not hasattr(exc, "exit_status") and not isinstance(exc, OSError):
                raise
            said = message_of(exc)
            return State(version=version, error=CONSOLE.render(said), error_message=said)

    def _keep(self, state: State) -> None:
        self._kept[state.version] = state
        self._kept.move_to_end(state.version)
        while len(self._kept) > KEPT_VERSIONS:
            gone, _ = self._kept.popitem(last=False)
            self.writers.pop(gone, None)

    def state_of(self, version: str) -> Optional[State]:
        """The state of ``version`` when it is one of the last ones read, else ``None``."""
        with self._cache_lock:
            return self._kept.get(version)

    def wrote(self, version: str, who: str) -> None:
        """Note that ``who`` wrote ``version`` (a write of the console)."""
        with self._cache_lock:
            self.writers[version] = who

    def admit(self, seen: Any, action: str, body: dict) -> None:
        """Let the write ``action`` (``body``: its request) from a page that
        read the version ``seen`` go on, or refuse it: the same version, or
        an older one whose state is kept and in which what the write touches
        (:func:`archon.web.judges.touched`) is as it is now, goes on (it is
        applied to the file now); else :class:`~archon.web.judges.Conflict`
        naming what changed and who wrote it (when the console wrote it), or
        :class:`StaleVersion`. Call it under :attr:`write_lock`."""
        if seen is None or str(seen) == self.version():
            return
        then = self.state_of(str(seen))
        now = self.state()
        if then is None:
            raise StaleVersion(say("web.stale_version", file=self.name))
        kind = conflict(action, body, then.standings, now.standings)
        if kind is None:
            return
        said = refusal(kind, body, now.standings or {}, self._writer(str(seen), action, body, then))
        raise said or StaleVersion(say("web.stale_version", file=self.name))

    def _writer(self, seen: str, action: str, body: dict, then: State) -> Optional[str]:
        """Who wrote the first version after ``seen`` that changed what the write touches."""
        with self._cache_lock:
            versions = list(self._kept)
            after = versions[versions.index(seen) + 1:] if seen in versions else []
            was = touched(action, body, then.standings)
            for version in after:
                if touched(action, body, self._kept[version].standings) != was:
                    return self.writers.get(version)
        return None

    def check_version(self, seen: Any) -> None:
        """Refuse a write from a page that read an older version (``seen``;
        ``None``: a script that did not say, checked by the write itself)."""
        if seen is None:
            return
        if str(seen) != self.version():
            raise StaleVersion(say("web.stale_version", file=self.name))
