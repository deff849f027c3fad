"""What a conversion reads and does: the kinds of input, a :class:`Finding`
about the input, the :class:`SourceRead` and the :class:`ConversionResult`,
and the conversion's errors (:mod:`archon.formats.convert`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from archon.words.errors import WordedError
from archon.words.message import Message, act, as_message, option, say
from archon.words.render import PLAIN
from archon.exits import ExitStatus
from archon.rules.model import Event
from archon.rules.validation import Where

WORKBOOK = "workbook"
CSV_SET = "csv-set"
STANDINGS_JSON = "standings-json"


class ConvertError(WordedError, ValueError):
    """An input archon cannot read, or arguments it cannot follow; the
    message names the file (and sheet, line or field) and what was expected."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class Finding:
    """One thing about the input: ``where`` (``Round-4.csv``,
    ``Methuselahs!M5``, ``standings.json: players[3].deck``) and what
    (``said``, a message; ``message``, its plain text)."""

    where: str
    said: Message

    def __post_init__(self) -> None:
        object.__setattr__(self, "said", as_message(self.said))

    @property
    def message(self) -> str:
        return PLAIN.render(self.said)

    def as_message(self) -> Message:
        """The finding as one message: where, then what."""
        return say("convert.finding", where=self.where, what=self.said) if self.where else self.said

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
    into the new workbook (``{sheet: {cell: value}}``); ``records``: the
    document properties that keep archon's records of the event (check-ins,
    codes, reports, decks, warnings, the clock...), carried as they are; ``locate``: where in
    the input a :class:`~archon.rules.validation.Where` of the event was read, in
    words (``old.xls: Methuselahs!B7``).
    """

    path: Path
    kind: str
    description: "Message | str"
    event: Event
    version: Optional[str] = None
    edition: Optional[str] = None
    unmapped: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: archon's records of the event in the input's document properties
    #: (:meth:`archon.formats.layout.ARCHON_MARKS.is_record`), set as they are in the new workbook.
    records: dict[str, str] = field(default_factory=dict)
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

    def lines(self) -> list[Message]:
        """What happened, one message a line (the shell renders them)."""
        src = self.source
        out = [say("convert.read", file=src.path.name, description=src.description), self._event_line(),
               say("convert.edition", edition=self.edition, origin=self._edition_origin())]
        head = ("convert.left_out" if self.written is not None else "convert.no_place")
        for heading, findings in ((head, src.unmapped), ("convert.warnings", src.warnings),
                                  ("convert.notes", src.notes)):
            if findings:
                out.append(say(heading, count=len(findings), force=option("force")))
                out.extend(say("convert.item", item=f.as_message()) for f in findings)
        if self.written is not None:
            out.extend(self._written_lines())
        return out

    def _event_line(self) -> Message:
        ev = self.source.event
        rounds = sorted(r.number for r in ev.rounds if r.tables)
        return say("convert.event", players=len(ev.players), format=ev.format, rounds=rounds,
                   seated=say("convert.event.rounds", rounds=rounds) if rounds else say("convert.event.no_round"),
                   final=say("convert.event.final") if ev.final.seated else say("text", text=""))

    def _edition_origin(self) -> Message:
        if self.edition_from == "--edition":
            return say("convert.edition.given", edition=option("edition"))
        if self.edition_from == "recorded in the input":
            return say("convert.edition.recorded")
        return say("convert.edition.default", edition=option("edition"))

    def _written_lines(self) -> list[Message]:
        w = self.written
        check = act("check", file=self.output.name)
        out = [say("convert.would_write" if self.dry_run else "convert.wrote", output=str(self.output),
                   template=w.kind, edition=w.edition)]
        if self.carried_cells:
            out.append(say("convert.copied", cells=self.carried_cells))
        if not self.problems:
            out.append(say("convert.checked_clean", check=check))
        else:
            errors = sum(1 for p in self.problems if p.severity == "error")
            out.append(say("convert.checked", check=check, problems=len(self.problems), errors=errors))
            out.extend(say("convert.problem", severity=p.severity, problem=str(p)) for p in self.problems)
        if self.dry_run:
            out.append(say("convert.dry_run"))
        return out


class ConversionStopped(WordedError, ValueError):
    """The input holds values the current layout has no place for; nothing was
    written. ``result`` is the :class:`ConversionResult` (its ``unmapped``)."""

    exit_status = ExitStatus.PROBLEMS

    def __init__(self, result: ConversionResult) -> None:
        self.result = result
        super().__init__(say("convert.stopped", file=result.source.path.name, values=len(result.unmapped),
                             force=option("force")))

