"""Every problem of a workbook, placed on the cell an organizer must fix.

What ``archon check`` reports: the values the reader could not use in the
cells, and the rules' checks (:func:`archon.rules.validation.check_event`) on the
event it read, each moved onto its sheet and cell.
"""

from __future__ import annotations

from archon.formats.workbook.reader import read_event
from archon.rules.standings import compute
from archon.rules.validation import check_event
from archon.words.message import PLAIN_TEXT, Message, say
from archon.words.render import PLAIN

__all__ = ["CheckedProblem", "check_workbook", "problems_of"]


class CheckedProblem:
    """A problem ``archon check`` reports: where (``Sheet!Cell``), what, what to do.

    ``said`` is what (a :class:`~archon.words.message.Message`: a reader's
    problem has its own id, ``read.*``, a rule's ``check.*``) and
    ``advice_said`` what to do (a message, or None): the shells render them
    (the command to type, the console's button); ``message`` and ``advice``
    are them in plain English."""

    def __init__(self, where: str, message: "Message | str", advice: "Message | str" = "",
                 severity: str = "error") -> None:
        self.where = where
        self.said = message if isinstance(message, Message) else say(PLAIN_TEXT, text=message)
        self.message = PLAIN.render(self.said)
        self.advice_said = (advice if isinstance(advice, Message)
                            else say(PLAIN_TEXT, text=advice) if advice else None)
        self.advice = PLAIN.render(self.advice_said) if self.advice_said is not None else ""
        self.severity = severity

    def as_dict(self) -> dict:
        """``where``, ``severity``, ``message`` (English), ``advice``, and the
        message as data: ``id`` and ``fields``."""
        return {"where": self.where, "severity": self.severity, "message": self.message, "advice": self.advice,
                **self.said.as_dict()}

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return text + (f" — {self.advice}" if self.advice else "")

    def __repr__(self) -> str:
        return f"CheckedProblem({str(self)!r})"


def check_workbook(path, edition=None) -> list[CheckedProblem]:
    """Every problem of the workbook at ``path``, with its sheet and cell.

    Combines what the reader found in the cells (values it could not use) with
    the rules' checks, each placed on the cell an organizer must fix. An empty
    list means the workbook is clean. Raises
    :class:`archon.formats.workbook.WorkbookError` for an unreadable file.
    """
    read = read_event(path)
    return problems_of(read, compute(read.event, edition))


def problems_of(read, st) -> list[CheckedProblem]:
    """:func:`check_workbook` for a workbook already read (``read``, a
    :class:`~archon.formats.workbook.reader.ReadResult`) and its computed standings
    ``st``: the event console reads and computes once per version."""
    rules = []
    for p in check_event(read.event, st, read.chart_rounds):
        cell = read.cells.locate(p.where)
        rules.append(CheckedProblem(str(cell) if cell else p.where.describe(), p.said, p.advice_said or "",
                                    p.severity))
    # A cell both the reader and the rules flag (a table of 3) is said once, with the rules' advice.
    flagged = {p.where for p in rules if p.severity == "error"}
    return [CheckedProblem(p.where, p.message, "", "error") for p in read.problems if p.where not in flagged] + rules
