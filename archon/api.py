"""Python twins of the command-line commands.

Every ``archon`` command calls one function here (or in the module it names),
so a script can do what the command does and get data back instead of text.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from .editions import RuleEdition, get_edition
from .scoring import TableResult, VPError, score_table

__all__ = ["score", "score_lines", "parse_vps", "InputError", "report", "ReportResult"]


class InputError(ValueError):
    """Input a user typed that archon cannot read (exit status 2 on the command line)."""


def parse_vps(tokens: Sequence[str]) -> list[float]:
    """Read VPs typed as text: ``"1.5"``, ``"2,5"`` (decimal comma), ``"1/2"``, ``"½"``."""
    out = []
    for t in tokens:
        s = str(t).strip().replace(",", ".").replace("½", ".5")
        try:
            if "/" in s:
                a, b = s.split("/", 1)
                out.append(float(a or 0) / float(b))
            else:
                out.append(float(s))
        except (ValueError, ZeroDivisionError):
            raise InputError(f"{t!r} is not a number of VPs") from None
    return out


def score(vps: Sequence[float], edition: "str | RuleEdition | None" = None) -> TableResult:
    """Twin of ``archon score VP VP ...``: classify one table and score each seat.

    Raises :class:`archon.scoring.VPError` for a table that is not 4 or 5 seats
    or a VP that is not a half point between 0 and the table size.
    """
    return score_table(list(vps), get_edition(edition))


def score_lines(lines: Iterable[str], edition: "str | RuleEdition | None" = None) -> list[dict]:
    """Twin of ``archon score -``: one result dict per non-blank line.

    A line that cannot be scored gives ``{"legal": False, "status": "invalid",
    "reason": ..., "seats": []}``; a line that is not numbers raises
    :class:`InputError` naming the line.
    """
    ed = get_edition(edition)
    results = []
    for n, line in enumerate(lines, start=1):
        tokens = line.replace(";", " ").split()
        if not tokens:
            continue
        try:
            vps = parse_vps(tokens)
        except InputError as exc:
            raise InputError(f"line {n}: {exc}") from None
        try:
            results.append(score_table(vps, ed).as_dict())
        except VPError as exc:
            results.append({"legal": False, "status": "invalid", "reason": str(exc), "seats": []})
    return results


# ---------------------------------------------------------------------------
# archon report


class ReportResult:
    """What :func:`report` did: ``written`` = [(path, what)], ``problems`` =
    what the workbook reader reported (``archon check`` explains them)."""

    def __init__(self, written: list, problems: list) -> None:
        self.written = written
        self.problems = problems

    def __repr__(self) -> str:
        return f"ReportResult(written={self.written!r}, problems={len(self.problems)})"


def report(
    path,
    *,
    xlsx=None,
    html=None,
    round: Optional[int] = None,
    edition: "str | RuleEdition | None" = None,
) -> ReportResult:
    """Twin of ``archon report FILE [--xlsx OUT.xlsx] [--html OUT.html] [--round N]``.

    Reads the Archon workbook ``path``, computes its standings once
    (:func:`archon.standings.compute`, the numbers of ``archon standings``)
    and writes each report asked for:

    * ``xlsx``: the report workbook (:func:`archon.reports.write_xlsx_report`),
      or with ``round`` just that round's printable seat list
      (:func:`archon.reports.write_posting_sheet`);
    * ``html``: the one-page HTML report (:func:`archon.reports.write_html_report`).

    Raises :class:`InputError` when no output is asked for or ``round`` is
    given without ``xlsx``; :class:`archon.workbook.WorkbookError` for a file
    that is not an Archon workbook; :class:`archon.reports.ReportError` when
    a report cannot be written (round not seated, folder missing, file open).
    """
    from .reports import write_html_report, write_posting_sheet, write_xlsx_report
    from .serialize import standings_to_dict
    from .standings import compute
    from .workbook import read_event

    if xlsx is None and html is None:
        raise InputError("nothing to write: give --xlsx OUT.xlsx and/or --html OUT.html")
    if round is not None and xlsx is None:
        raise InputError("--round N writes that round's seat list to a workbook: give --xlsx OUT.xlsx")
    read = read_event(path)
    data = standings_to_dict(compute(read.event, edition))
    written = []
    if xlsx is not None:
        if round is not None:
            written.append((write_posting_sheet(data, round, xlsx), f"round {round} seat list"))
        else:
            written.append((write_xlsx_report(data, xlsx), "report workbook"))
    if html is not None:
        written.append((write_html_report(data, html), "HTML report"))
    return ReportResult(written, list(read.problems))
