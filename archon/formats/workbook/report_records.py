"""Players' reports of their table in a workbook: custom document properties.

A report a player sent from their phone waits, with the table's other
reports, in one property per table
(:attr:`archon.formats.layout.ARCHON_MARKS.report_property_prefix`)::

    archon:report:1:3 = 7|2 0 1 1 1|2026-11-27T10:42:05Z;12|2 0 1 0 2|2026-11-27T10:43:11Z
    archon:report:F:1 = 4|0 3 0 2 0|2026-11-27T15:02:40Z        (the final)

``player number|VPs in seat order (a space between)|when (UTC)``, a ``;``
between reports. A table whose reports were confirmed keeps its property,
empty (a document property is set, never removed: the writer blanks it).
``archon:reporting = off``: the organizer switched the reports off.
"""

from __future__ import annotations

import re
from typing import Mapping, Optional

from archon.formats import layout as L
from archon.rules.model import FINAL, PlayerReport
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["report_properties", "read_reports", "read_reporting_off", "OFF"]

_PREFIX = L.ARCHON_MARKS.report_property_prefix
#: The value of ``archon:reporting`` that switches the players' reports off.
OFF = "off"
_ON = "on"
_ONE = re.compile(r"^\s*(\d{1,6})\|([0-9. ]{1,60})\|([0-9T:Z.+-]{0,40})\s*$")


def _vp(v: float) -> str:
    return f"{v:g}"


def _value(reports: list[PlayerReport]) -> str:
    return ";".join(f"{r.player}|{' '.join(_vp(v) for v in r.vps)}|{r.when}" for r in reports)


def report_properties(reports: list[PlayerReport], reporting_off: bool,
                      current: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """The document properties that hold ``reports`` and the switch; a
    table's property the workbook has (``current``) and no report now is
    blanked. The switch is written once it has been off."""
    tables: dict[str, list[PlayerReport]] = {}
    for r in reports:
        tables.setdefault(f"{_PREFIX}{r.round}:{r.table}", []).append(r)
    props = {name: "" for name, value in (current or {}).items() if name.startswith(_PREFIX) and value}
    props.update({name: _value(rs) for name, rs in tables.items()})
    if reporting_off or (current and L.ARCHON_MARKS.reporting_property in current):
        props[L.ARCHON_MARKS.reporting_property] = OFF if reporting_off else _ON
    return props


def _table_of(name: str) -> "Optional[tuple[int | str, int]]":
    parts = name[len(_PREFIX):].split(":")
    if len(parts) != 2 or not all(is_whole_number_text(p) and len(p) < 6 for p in parts[1:]):
        return None
    if parts[0] == FINAL:
        return (FINAL, 1) if parts[1] == "1" else None
    if not (is_whole_number_text(parts[0]) and len(parts[0]) < 6):
        return None
    return int(parts[0]), int(parts[1])


def _reports_of(round: "int | str", table: int, value: str) -> Optional[list[PlayerReport]]:
    out = []
    for part in value.split(";"):
        m = _ONE.match(part)
        if not m:
            return None
        try:
            vps = [float(v) for v in m.group(2).split()]
        except ValueError:
            return None
        out.append(PlayerReport(round, table, vps, int(m.group(1)), m.group(3)))
    return out


def read_reports(properties: Mapping[str, str]) -> tuple[list[PlayerReport], list[tuple[str, Message]]]:
    """The players' reports in a workbook's properties (by round, table,
    then in the order sent), and what could not be read as ``(property name, message)``."""
    found: list[PlayerReport] = []
    bad: list[tuple[str, Message]] = []
    for name, value in properties.items():
        if not name.startswith(_PREFIX) or not (value or "").strip():
            continue
        where = _table_of(name)
        reports = _reports_of(*where, value) if where is not None else None
        if reports is None:
            bad.append((name, say("read.report_unreadable", value=value[:200])))
            continue
        found.extend(reports)
    return sorted(found, key=lambda r: (r.round == FINAL, 0 if r.round == FINAL else r.round, r.table)), bad


def read_reporting_off(properties: Mapping[str, str]) -> bool:
    """Whether the organizer switched the players' reports off."""
    return (properties.get(L.ARCHON_MARKS.reporting_property) or "").strip().lower() == OFF
