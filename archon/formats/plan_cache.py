"""Seating plans kept between ``archon seat`` commands, in the user's cache folder.

Seating round k + 1 after a drop or a late arrival judges its candidates by
plans that seating round k already searched
(:func:`archon.seating.seat_next`); the console finds them in memory, each
``seat`` command is a new process and would search them again. This file
keeps them: ``plans.sqlite3`` in the user's cache folder
(:class:`archon.formats.cache_file.CacheFile`), safe to delete at any time,
off with ``ARCHON_CACHE=off``.

* the key is the SHA-256 of the request (:func:`archon.seating.planner.request_key`:
  the players, the rounds, the rounds played, the effort), of archon's and
  Python's versions and of the seating code itself (every source file of
  :mod:`archon.seating`): a plan searched by other code is never found;
* the value is the plan as JSON behind a CRC-32 and its key; one that
  fails either is a miss, and the planner checks that a plan found fits
  its request before using it (:func:`archon.seating.planner._kept`);
* at most :data:`KEPT` plans, the newest.

A plan found is the one the search gives for that request (the search
depends on the request alone): the cache changes how long ``seat`` takes,
never what it seats.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Optional

from archon import seating
from archon.formats.cache_file import CacheFile, code_digest, in_cache_folder
from archon.seating.planner import keeping_plans

__all__ = ["PLANS_FILE", "KEPT", "PlanCache", "open_plan_cache", "plans_kept"]

#: The file's name in the user's cache folder.
PLANS_FILE = "plans.sqlite3"
#: The table; a new layout of the value gets a new table name.
_TABLE = "plans_1"
#: The plans kept (the newest): a few a round seated, a few KB each at 300 players.
KEPT = 2000
#: Seconds to wait for another ``seat`` writing the file: a plan missed is
#: only searched again, and each wait would add to the seating's time.
WAIT = 0.2


@lru_cache(maxsize=1)
def seating_code() -> str:
    """The SHA-256 of archon's version, Python's (the search draws from
    :mod:`random` and adds floats) and every source file of
    :mod:`archon.seating`, by name: what a plan depends on besides its
    request (the versions alone where the sources cannot be read, as in a
    frozen build)."""
    try:
        files = list(Path(seating.__file__).parent.glob("*.py"))  # None in a frozen build: TypeError
    except (OSError, TypeError):
        files = []
    return code_digest(files)


class PlanCache:
    """The plans file of ``folder``, as the planner's store
    (:class:`archon.seating.planner.PlanStore`). It never raises: a plans
    file that fails in any way is a miss (a seating searched as without
    it), and is given up for the rest of the command."""

    def __init__(self, folder: Path):
        self.file = CacheFile(folder, PLANS_FILE, _TABLE, wait=WAIT)

    def _key(self, key: str) -> str:
        # the seating code hashed at the first plan looked up, not by every seat (round 1 looks up none)
        return hashlib.sha256(f"{seating_code()}:{key}".encode()).hexdigest()

    def lookup(self, key: str) -> object:
        """The plan kept under ``key`` (None: none, or one that fails its checks)."""
        try:
            full = self._key(key)
            value = self.file.lookup([full]).get(full)
            if value is None or len(value) < 5 or zlib.crc32(value[4:]) != int.from_bytes(value[:4], "big"):
                return None
            kept_as, plan = json.loads(value[4:].decode("utf-8"))
        except Exception:  # noqa: BLE001 - a cache: whatever fails is a miss, never the seating's failure
            return None
        return plan if kept_as == full else None

    def remember(self, key: str, plan: list) -> None:
        """Keep ``plan`` under ``key`` (written by :meth:`close`)."""
        try:
            full = self._key(key)
            data = json.dumps([full, plan], separators=(",", ":")).encode("utf-8")
            self.file.remember(full, zlib.crc32(data).to_bytes(4, "big") + data)
        except Exception:  # noqa: BLE001 - not kept: the next seat searches it again
            pass

    def close(self) -> None:
        """Write the plans searched, keep the newest :data:`KEPT`, close the file."""
        try:
            self.file.close(keep=KEPT)
        except Exception:  # noqa: BLE001 - not kept: the next seat searches them again
            pass


def open_plan_cache(cache: Optional[bool] = None) -> Optional[PlanCache]:
    """The user's plans file, or None when caches are off or there is no folder for it
    (:func:`archon.formats.cache_file.in_cache_folder`)."""
    return in_cache_folder(PlanCache, cache)


@contextmanager
def plans_kept(cache: Optional[bool] = None) -> Iterator[None]:
    """Within the block, the planner keeps and finds plans in the user's
    plans file (:func:`open_plan_cache`; nothing when it is off)."""
    store = open_plan_cache(cache)
    try:
        with keeping_plans(store):
            yield
    finally:
        if store is not None:
            store.close()
