"""Paths that are not plain files: a named pipe (FIFO), a device, a socket.

Reading one could wait forever (a FIFO nobody writes to) or never end
(``/dev/zero``), so every file archon reads as input is looked at first.
"""

from __future__ import annotations

import os
import stat
from typing import Optional

from archon.words.message import Message, say
from archon.words.render import PLAIN

__all__ = ["special_kind", "special_kind_message"]


def special_kind_message(path: "str | os.PathLike") -> Optional[Message]:
    """What ``path`` is when it is neither a plain file nor a folder, as a
    message (``special_file.fifo``: "a named pipe (FIFO)",
    ``special_file.device``: "a device", ``special_file.other``: "not a
    regular file"); None for a plain file, a folder, or a path that cannot
    be looked at (its reader says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return say("special_file.fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return say("special_file.device")
    return say("special_file.other")


def special_kind(path: "str | os.PathLike") -> Optional[str]:
    """:func:`special_kind_message` in plain English ("a named pipe
    (FIFO)", "a device", "not a regular file"), or None."""
    kind = special_kind_message(path)
    return None if kind is None else PLAIN.render(kind)
