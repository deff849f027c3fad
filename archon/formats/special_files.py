"""Paths that are not plain files: a named pipe (FIFO), a device, a socket.

Reading one could wait forever (a FIFO nobody writes to) or never end
(``/dev/zero``), so every file archon reads as input is looked at first.
"""

from __future__ import annotations

import os
import stat
from typing import Optional

__all__ = ["special_kind"]


def special_kind(path: "str | os.PathLike") -> Optional[str]:
    """What ``path`` is when it is neither a plain file nor a folder ("a named
    pipe (FIFO)", "a device", "not a regular file"); None for a plain file, a
    folder, or a path that cannot be looked at (its reader says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"
