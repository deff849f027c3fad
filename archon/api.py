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


# ---------------------------------------------------------------------------
# archon standings / check / new / update


def standings(path, edition: "str | RuleEdition | None" = None) -> dict:
    """Twin of ``archon standings FILE --json``: the standings contract.

    Reads the workbook's inputs only and computes everything with the rules
    engine (:func:`archon.standings.compute`); see
    :mod:`archon.serialize` for the contract. ``edition`` overrides the rule
    edition recorded in the workbook.
    """
    from .serialize import standings_to_dict
    from .standings import compute
    from .workbook import load_event

    return standings_to_dict(compute(load_event(path), edition))


class CheckedProblem:
    """A problem ``archon check`` reports: where (``Sheet!Cell``), what, what to do."""

    def __init__(self, where: str, message: str, advice: str = "", severity: str = "error") -> None:
        self.where = where
        self.message = message
        self.advice = advice
        self.severity = severity

    def as_dict(self) -> dict:
        return {"where": self.where, "severity": self.severity, "message": self.message, "advice": self.advice}

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return text + (f" — {self.advice}" if self.advice else "")

    def __repr__(self) -> str:
        return f"CheckedProblem({str(self)!r})"


def check(path, edition: "str | RuleEdition | None" = None) -> list[CheckedProblem]:
    """Twin of ``archon check FILE``: every problem, with its sheet and cell.

    Combines what the reader found in the cells (values it could not use) with
    the rules' checks (:func:`archon.validation.check_event`), each placed on
    the cell an organizer must fix. An empty list means the workbook is clean.
    Raises :class:`archon.workbook.WorkbookError` for an unreadable file.
    """
    from .standings import compute
    from .validation import check_event
    from .workbook import read_event

    read = read_event(path)
    out = [CheckedProblem(p.where, p.message, "", "error") for p in read.problems]
    st = compute(read.event, edition)
    for p in check_event(read.event, st):
        cell = read.cells.locate(p.where)
        out.append(CheckedProblem(str(cell) if cell else p.where.describe(), p.message, p.advice, p.severity))
    return out


def new(
    path,
    *,
    name: str = "",
    date=None,
    city: Optional[str] = None,
    organizer: Optional[str] = None,
    level: Optional[str] = None,
    format: str = "3R+F",
    players=None,
    template=None,
    edition: Optional[str] = None,
):
    """Twin of ``archon new FILE``: create an event workbook.

    ``players`` is a players CSV path (see :mod:`archon.players_csv`);
    players are numbered 1..N in file order. ``template`` is an official
    Archon workbook to copy instead of archon's built-in template. Returns the
    :class:`archon.workbook.WriteReport`. Nothing is written when an input is
    wrong (:class:`InputError`).
    """
    import datetime as dt

    from .editions import LEVELS, get_edition
    from .model import Event, Player, parse_format
    from .players_csv import PlayersCSVError, read_players_csv
    from .workbook import new_event

    try:
        prelim = parse_format(format)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if isinstance(date, str) and date:
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            raise InputError(f"date {date!r}: expected YYYY-MM-DD, e.g. 2026-12-05") from None
    if level:
        match = [lv for lv in LEVELS if lv.casefold() == level.strip().casefold()]
        if not match:
            raise InputError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        level = match[0]
    try:
        ed = get_edition(edition).name
    except ValueError as exc:
        raise InputError(str(exc)) from None
    event = Event(
        name=name or "",
        date=date or None,
        city=city,
        organizer=organizer,
        level=level,
        preliminary_rounds=prelim,
        edition=ed,
    )
    if players is not None:
        try:
            rows = read_players_csv(players)
        except PlayersCSVError as exc:
            raise InputError(str(exc)) from None
        seen: dict[str, int] = {}
        for i, r in enumerate(rows, start=1):
            if r.vekn and r.vekn in seen:
                raise InputError(
                    f"{players}, line {r.line}: VEKN number {r.vekn} is already on line {seen[r.vekn]}"
                )
            if r.vekn:
                seen[r.vekn] = r.line
            event.players.append(Player(i, r.first_name, r.last_name, city=r.city, vekn=r.vekn))
    return new_event(path, event, template=template)


def update(path, edition: Optional[str] = None):
    """Twin of ``archon update FILE``: recompute and write back (see :func:`archon.workbook.update`)."""
    from .workbook import update as update_workbook

    return update_workbook(path, edition=edition)


# ---------------------------------------------------------------------------
# archon convert


def convert(source, output, *, edition: Optional[str] = None, template=None, force: bool = False):
    """Twin of ``archon convert IN OUT.xlsx [--edition E] [--template OFFICIAL.xlsx] [--force]``.

    Reads an Archon workbook of any published form and version, the Discord
    bot's CSV set (folder or zip) or archon's standings JSON, writes a new
    current workbook at ``output`` and checks it; returns the
    :class:`archon.convert.ConversionResult`. Raises
    :class:`archon.convert.ConversionStopped` (nothing written) when values
    have no place in the current layout and ``force`` is not given, and
    :class:`archon.convert.ConvertError` for an input it cannot read. See
    :mod:`archon.convert`.
    """
    from .convert import convert as run

    return run(source, output, edition=edition, template=template, force=force)
