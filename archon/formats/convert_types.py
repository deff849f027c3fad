"""What a conversion reads and does: the kinds of input, a :class:`Finding`
about the input, the :class:`SourceRead` and the :class:`ConversionResult`,
and the conversion's errors (:mod:`archon.formats.convert`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from archon.exits import ExitStatus
from archon.words.wording import count
from archon.rules.model import Event
from archon.rules.validation import Where

WORKBOOK = "workbook"
CSV_SET = "csv-set"
STANDINGS_JSON = "standings-json"


class ConvertError(ValueError):
    """An input archon cannot read, or arguments it cannot follow; the
    message names the file (and sheet, line or field) and what was expected."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class Finding:
    """One thing about the input: ``where`` (``Round-4.csv``,
    ``Methuselahs!M5``, ``standings.json: players[3].deck``) and ``message``."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class SourceRead:
    """An input read into an event.

    ``kind``: :data:`WORKBOOK`, :data:`CSV_SET` or :data:`STANDINGS_JSON`;
    ``description``: what was found, in words (``The Archon v1.5l, Excel
    workbook (.xlsx)``); ``version``: The Archon's version for a workbook;
    ``edition``: the rule edition the input records (None: it does not say);
    ``unmapped``: values with no place in the current layout (the conversion
    stops on them unless forced); ``warnings``: what the conversion changed
    (control characters dropped from a text, :mod:`archon.rules.celltext`);
    ``notes``: the rest worth telling (values that differ from what archon
    computes, how things were read); ``carried``: cells copied as they are
    into the new workbook (``{sheet: {cell: value}}``); ``locate``: where in
    the input a :class:`~archon.rules.validation.Where` of the event was read, in
    words (``old.xls: Methuselahs!B7``).
    """

    path: Path
    kind: str
    description: str
    event: Event
    version: Optional[str] = None
    edition: Optional[str] = None
    unmapped: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)
    locate: Optional[Callable[[Where], str]] = field(default=None, repr=False)

    def place(self, where: Where) -> str:
        """Where ``where`` was read, in words (the file and the event's place when it is not known)."""
        return self.locate(where) if self.locate else f"{self.path.name}: {where.describe()}"


@dataclass
class ConversionResult:
    """What :func:`convert` did.

    ``source``: the :class:`SourceRead`; ``output``: the workbook path;
    ``edition`` and ``edition_from`` (``"--edition"``, ``"the input"`` or
    ``"default"``); ``left_out``: unmapped values left out because the
    conversion was forced (empty otherwise); ``written``: the
    :class:`~archon.formats.workbook.WriteReport` (None when stopped); ``problems``:
    what ``archon check`` finds in the new workbook
    (:class:`archon.formats.workbook.problems.CheckedProblem`).
    """

    source: SourceRead
    output: Path
    edition: str
    edition_from: str
    left_out: list[Finding] = field(default_factory=list)
    written: Any = None
    problems: list = field(default_factory=list)
    carried_cells: int = 0
    #: A rehearsal (``--dry-run``): converted and checked, nothing written.
    dry_run: bool = False

    @property
    def unmapped(self) -> list[Finding]:
        return self.source.unmapped

    def lines(self) -> list[str]:
        """What happened, one line each, for the command line."""
        src = self.source
        ev = src.event
        out = [f"read {src.path.name}: {src.description}"]
        rounds = sorted(r.number for r in ev.rounds if r.tables)
        summary = f"{len(ev.players)} players, {ev.format}"
        summary += f", rounds {', '.join(map(str, rounds))} seated" if rounds else ", no round seated"
        summary += ", final seated" if ev.final.seated else ""
        out.append(f"  event: {summary}")
        out.append(f"  rule edition: {self.edition} ({self.edition_from})")
        if src.unmapped:
            head = "left out (--force)" if self.written is not None else "no place in the current layout"
            out.append(f"{head}: {len(src.unmapped)}")
            out.extend(f"  {f}" for f in src.unmapped)
        if src.warnings:
            out.append(f"warnings: {len(src.warnings)}")
            out.extend(f"  {f}" for f in src.warnings)
        if src.notes:
            out.append(f"notes: {len(src.notes)}")
            out.extend(f"  {f}" for f in src.notes)
        if self.written is None:
            return out
        w = self.written
        out.append(f"{'would write' if self.dry_run else 'wrote'} {self.output} ({w.kind} template, {w.edition} rules)")
        if self.carried_cells:
            out.append(f"  copied {count(self.carried_cells, 'other input cell')} as they are (judges, round times, notes)")
        if not self.problems:
            out.append(f"archon check {self.output.name}: no problems found")
        else:
            errors = sum(1 for p in self.problems if p.severity == "error")
            out.append(f"archon check {self.output.name}: {count(len(self.problems), 'problem')}, {count(errors, 'error')}")
            out.extend(f"  {p.severity}: {p}" for p in self.problems)
        if self.dry_run:
            out.append("dry run: nothing written")
        return out


class ConversionStopped(ValueError):
    """The input holds values the current layout has no place for; nothing was
    written. ``result`` is the :class:`ConversionResult` (its ``unmapped``)."""

    exit_status = ExitStatus.PROBLEMS

    def __init__(self, result: ConversionResult) -> None:
        self.result = result
        n = len(result.unmapped)
        super().__init__(
            f"{result.source.path.name}: {count(n, 'value')} {'has' if n == 1 else 'have'} no place in the current Archon layout; "
            f"nothing was written (convert with --force to leave them out)"
        )

