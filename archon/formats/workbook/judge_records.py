"""The judges' warnings in a workbook: custom document properties.

A workbook keeps archon's records where The Archon's formulas never look and
Excel and LibreOffice keep them when they save: its custom document
properties (``docProps/custom.xml``; File > Properties > Custom in both).
One property per warning, numbered in the order given
(:attr:`archon.formats.layout.ARCHON_MARKS.warning_property_prefix`)::

    archon:warning:1 = 7|2|slow play
    archon:warning:2 = 12||unsporting conduct

``player number|round (1, 2, 3, F or empty)|reason``.
"""

from __future__ import annotations

import re
from typing import Mapping

from archon.formats import layout as L
from archon.rules.model import FINAL, JudgeWarning
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["warning_properties", "read_warnings"]

_PREFIX = L.ARCHON_MARKS.warning_property_prefix
_VALUE = re.compile(r"^\s*(\d+)\s*\|\s*([0-9]*|[Ff])\s*\|(.*)$", re.S)


def warning_properties(warnings: list[JudgeWarning]) -> dict[str, str]:
    """The document properties that hold ``warnings``."""
    return {
        f"{_PREFIX}{i}": f"{w.player}|{'' if w.round is None else w.round}|{w.reason}"
        for i, w in enumerate(warnings, start=1)
    }


def _numbers(player: str, rnd: str) -> bool:
    """Whether a warning's player and round are numbers ``int`` reads as
    typed (digits 0-9, at most 18; the round may be empty or F)."""
    return is_whole_number_text(player) and (not rnd or rnd.upper() == FINAL or is_whole_number_text(rnd))


def read_warnings(properties: Mapping[str, str]) -> tuple[list[JudgeWarning], list[tuple[str, Message]]]:
    """The warnings in a workbook's properties, in order, and what could not be
    read as ``(property name, message)``."""
    found: list[tuple[int, JudgeWarning]] = []
    bad: list[tuple[str, Message]] = []
    for name, value in properties.items():
        if not name.startswith(_PREFIX):
            continue
        index = name[len(_PREFIX):]
        m = _VALUE.match(value or "")
        if not is_whole_number_text(index) or not m or not _numbers(*m.groups()[:2]):
            bad.append((name, say("read.warning_unreadable", value=value)))
            continue
        player, rnd, reason = m.groups()
        round_key = None if not rnd else (FINAL if rnd.upper() == FINAL else int(rnd))
        found.append((int(index), JudgeWarning(int(player), reason.strip(), round_key)))
    return [w for _, w in sorted(found, key=lambda x: x[0])], bad
