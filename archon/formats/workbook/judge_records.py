"""The judges' warnings in a workbook: custom document properties.

A workbook keeps archon's records where The Archon's formulas never look and
Excel and LibreOffice keep them when they save: its custom document
properties (``docProps/custom.xml``; File > Properties > Custom in both).
One property per warning, numbered in the order given
(:attr:`archon.formats.layout.ARCHON_MARKS.warning_property_prefix`)::

    archon:warning:1 = 7|2|slow play
    archon:warning:2 = 12||unsporting conduct

``player number|round (1, 2, 3, F or empty)|reason``. A sanction with more
than a plain warning's fields (its level, infraction, table or judge) puts
them between the round and the reason, after an ``@``::

    archon:warning:3 = 9|2|@standings_adjustment;failure_to_maintain_game_state;4;Ada|forgot a bleed

A value without them (every file written before sanctions had levels) reads
as a warning with no infraction.
"""

from __future__ import annotations

import re
from typing import Mapping

from archon.formats import layout as L
from archon.rules.model import FINAL, JudgeWarning
from archon.rules.sanctions import LEVELS, SUBCATEGORIES
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["warning_properties", "read_warnings"]

_PREFIX = L.ARCHON_MARKS.warning_property_prefix
_VALUE = re.compile(r"^\s*(\d+)\s*\|\s*([0-9]*|[Ff])\s*\|(?:@([a-z_]+);([a-z_]*);([0-9]*);([^|;]*)\|)?(.*)$", re.S)


def _value(w: JudgeWarning) -> str:
    """The property's value for ``w``."""
    head = f"{w.player}|{'' if w.round is None else w.round}|"
    if w.level != "warning" or w.category or w.table is not None or w.judge:
        head += f"@{w.level};{w.category or ''};{'' if w.table is None else w.table};{w.judge or ''}|"
    return head + w.reason


def warning_properties(warnings: list[JudgeWarning]) -> dict[str, str]:
    """The document properties that hold ``warnings``."""
    return {
        f"{_PREFIX}{i}": _value(w)
        for i, w in enumerate(warnings, start=1)
    }


def _numbers(player: str, rnd: str) -> bool:
    """Whether a warning's player and round are numbers ``int`` reads as
    typed (digits 0-9, at most 18; the round may be empty or F)."""
    return is_whole_number_text(player) and (not rnd or rnd.upper() == FINAL or is_whole_number_text(rnd))


def _known(level: "str | None", category: "str | None", table: "str | None") -> bool:
    """Whether a sanction's level and infraction are the guide's (none: a plain warning)."""
    if level is None:
        return True
    return (level in LEVELS and (not category or category in SUBCATEGORIES)
            and (not table or is_whole_number_text(table)))


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
        if (not is_whole_number_text(index) or not m or not _numbers(*m.groups()[:2])
                or not _known(m.group(3), m.group(4), m.group(5))):
            bad.append((name, say("read.warning_unreadable", value=value)))
            continue
        player, rnd, level, category, table, judge, reason = m.groups()
        round_key = None if not rnd else (FINAL if rnd.upper() == FINAL else int(rnd))
        found.append((int(index), JudgeWarning(int(player), reason.strip(), round_key, level or "warning",
                                               category or None, int(table) if table else None,
                                               (judge or "").strip() or None)))
    return [w for _, w in sorted(found, key=lambda x: x[0])], bad
