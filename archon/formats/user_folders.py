"""The user's own folders for archon: where it keeps what it derives (the
archive cache) and what the user gave it (a newer card list).

One definition of where each lives on each system, chosen as the system's
conventions say: an ``ARCHON_..._DIR`` variable first, then the XDG folders
(Linux and the like), ``~/Library`` (macOS), ``%APPDATA%`` or
``%LOCALAPPDATA%`` (Windows).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

__all__ = ["UserFolder", "DATA", "CACHE", "user_folder"]


@dataclass(frozen=True)
class UserFolder:
    """Where one kind of folder lives: ``variable`` overrides it; ``xdg`` (a
    variable holding an absolute path) or ``~/<home...>`` on Linux and the
    like; ``~/<macos...>`` on macOS; ``%<windows_variable>%`` (or
    ``~/<windows_home...>`` without it) then ``<windows_tail...>`` on Windows."""

    variable: str
    xdg: str
    home: tuple[str, ...]
    macos: tuple[str, ...]
    windows_variable: str
    windows_home: tuple[str, ...]
    windows_tail: tuple[str, ...] = ()


#: What the user gave archon to keep (``archon cards update``).
DATA = UserFolder("ARCHON_DATA_DIR", "XDG_DATA_HOME", (".local", "share"), ("Library", "Application Support"),
                  "APPDATA", ("AppData", "Roaming"))
#: What archon derives and may derive again (the archive cache): safe to delete.
CACHE = UserFolder("ARCHON_CACHE_DIR", "XDG_CACHE_HOME", (".cache",), ("Library", "Caches"),
                   "LOCALAPPDATA", ("AppData", "Local"), ("Cache",))


def user_folder(kind: UserFolder) -> Optional[Path]:
    """The folder of ``kind`` for this user (``.../archon``), or None when
    there is no home folder to put it in."""
    given = os.environ.get(kind.variable, "").strip()
    if given:
        return Path(given)
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        return None
    if sys.platform == "win32":
        base = os.environ.get(kind.windows_variable, "").strip()
        return (Path(base) if base else home.joinpath(*kind.windows_home)).joinpath("archon", *kind.windows_tail)
    if sys.platform == "darwin":
        return home.joinpath(*kind.macos, "archon")
    xdg = os.environ.get(kind.xdg, "").strip()
    return (Path(xdg) if xdg and os.path.isabs(xdg) else home.joinpath(*kind.home)) / "archon"
