"""Write an event into an Archon workbook without losing anything else in it.

Two kinds of workbook:

``official``
    The VEKN's own The Archon (v1.5l). Its formulas compute every result, so
    archon writes the organizer's **inputs** only: event details (Tournament
    Info), players (Methuselahs), seatings and VPs (Round 1..3, typed player
    numbers replacing the seating chart's formulas), the final table and the
    judges' overrides. Every other cell keeps its value, formula and style.
``builtin``
    archon's built-in template (``templates/archon.xlsx``, made by
    :mod:`archon.formats.workbook.template`): the same sheets and the same cell for
    every input and result, but no formulas. archon writes the inputs and the
    **results** it computes (:func:`archon.rules.standings.compute`) as values,
    refreshed by every write.

In the built-in template a table's "Table Rank" is the plain rank by VP
(1, 2, 2, 4); The Archon's column shows the place its TP lookup uses (at a
4-player table 3rd and 4th show as 4 and 5). A player flagged out shows the
flag ("WD", "DQ"...) where The Archon shows "DQ".

archon owns whole input (and, in the built-in template, result) ranges: a
player, table or override the event no longer has is cleared. A round the
event has not seated yet is left as it is in an official workbook (its seating
chart formulas stay) except for typed values, which are cleared.

The cells to write are worked out by :mod:`archon.formats.workbook.celledits`
(every address from :mod:`archon.formats.layout`). Writes patch the package
(:mod:`archon.formats.workbook.xlsxpatch`) and go through
:func:`archon.formats.workbook.safety.safe_write` (lock files, backup, atomic
replacement). The rule edition is recorded in the custom document property
``archon:edition``, which Excel and LibreOffice keep when they save.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from archon.formats import layout as L
from archon.formats.workbook import xlsxpatch
from archon.formats.workbook.celledits import BUILTIN, OFFICIAL, event_edits
from archon.formats.workbook.grid import WorkbookError, refuse_special_file
from archon.formats.workbook.event_records import event_properties
from archon.formats.workbook.deck_records import deck_properties
from archon.formats.workbook.clock_records import clock_value
from archon.formats.workbook.judge_records import warning_properties
from archon.formats.workbook.report_records import report_properties
from archon.formats.workbook.repair import error_of, with_repair_hint
from archon.formats.workbook.safety import WriteError, check_writable, hold, safe_write
from archon.formats.workbook.xlsxpatch import PatchError
from archon.formats.workbook.xmlparts import check_copied_parts
from archon.rules.model import Event
from archon.rules.standings import Standings
from archon.words import Message, act, say
from archon.words.render import PLAIN

__all__ = [
    "WriteReport",
    "EventTooBigError",
    "write_event",
    "new_event",
    "detect_kind",
    "read_edition",
    "event_edits",
    "validate_event",
    "OFFICIAL",
    "BUILTIN",
]

_KINDS = ("auto", OFFICIAL, BUILTIN)


class EventTooBigError(WriteError):
    """The event does not fit in an Archon workbook (too many players, tables...)."""


@dataclass
class WriteReport:
    """What a write did."""

    path: Path
    #: ``"official"`` or ``"builtin"``.
    kind: str
    #: False when the workbook already held exactly this event (nothing written).
    changed: bool
    #: The backup of the replaced workbook (None for a new or unchanged file).
    backup: Optional[Path]
    #: Cells whose content changed.
    cells_changed: int
    #: Rule edition recorded in the workbook.
    edition: str
    seconds: float
    #: Package parts rewritten.
    parts: list[str] = field(default_factory=list)
    #: A rehearsal: every check ran, nothing was written.
    dry_run: bool = False
    #: Players in the event written.
    players: int = 0
    #: The event's level (Tournament Info), as written.
    level: Optional[str] = None
    #: The event's deck format ("Constructed" or "Limited"), as written (None: not said).
    deck_format: Optional[str] = None
    #: The rule edition the workbook recorded before, when this write changed it (``archon update --edition``).
    edition_was: Optional[str] = None
    #: What the command says besides (``archon new --players``: how long names were split).
    notes: list[Message] = field(default_factory=list)
    #: Older backups the retention removed after this write (``archon --keep-backups N``).
    backups_removed: list[Path] = field(default_factory=list)

    @property
    def lines(self) -> list[Message]:
        """What the write did (or would do): one message."""
        name = self.path.name
        if not self.changed:
            return [say("writing.up_to_date", file=name)]
        if self.cells_changed:
            what = say("writing.cells", cells=self.cells_changed, kind=kind_said(self.kind))
        else:
            what = say("writing.properties", edition=self.edition, kind=kind_said(self.kind))
        if self.dry_run:
            return [say("writing.would_write", file=name, what=what)]
        if self.backup is not None:  # in NAME-backups/, not beside it
            return [say("writing.wrote_kept", file=name, what=what,
                        backup=f"{self.backup.parent.name}/{self.backup.name}")]
        return [say("writing.wrote", file=name, what=what)]

    def said(self) -> list[Message]:
        """:attr:`lines`: what a shell renders in its language."""
        return self.lines

    def describe(self) -> str:
        """:attr:`lines` in plain English: one line for the command line."""
        return "\n".join(PLAIN.render(line) for line in self.lines)


def kind_said(kind: str) -> Message:
    """A workbook's kind (``"official"``, ``"builtin"``) as the words of a
    sentence ("builtin" in English, the language's own word in another)."""
    return say("writing.kind.builtin") if kind == BUILTIN else say("writing.kind.official")


# ---------------------------------------------------------------------------
# Kind and edition


def detect_kind(path: "str | Path | bytes") -> str:
    """``"builtin"`` for archon's built-in template, else ``"official"``.

    The built-in template carries the custom document property
    ``archon:template = builtin`` and says so in ``Instructions!A1``.
    """
    source = path if isinstance(path, bytes) else str(path)
    props = xlsxpatch.read_custom_properties(source)
    if props.get(L.ARCHON_MARKS.template_property) == L.ARCHON_MARKS.builtin_value:
        return BUILTIN
    sheet, cell = L.VERSION_CELL
    text = xlsxpatch.read_cell_text(source, sheet, cell) or ""
    if text.strip() == L.ARCHON_MARKS.builtin_version_text:
        return BUILTIN
    return OFFICIAL


def _kind_of(data: bytes, name: "str | Message") -> str:
    """The kind of the workbook ``data`` (see :func:`detect_kind`), once it is
    known archon can write it (:class:`WorkbookError` naming it otherwise)."""
    try:
        xlsxpatch.check_patchable(data)
        return detect_kind(data)
    except PatchError as exc:
        raise error_of(WorkbookError, say("writing.cannot_patch", file=name, problem=exc.message)) from None


def read_edition(path: "str | Path") -> Optional[str]:
    """The rule edition recorded in a workbook (``archon:edition``), or None."""
    return xlsxpatch.read_custom_properties(str(path)).get(L.ARCHON_MARKS.edition_property)


# ---------------------------------------------------------------------------
# Validation


def validate_event(event: Event) -> None:
    """Check that ``event`` fits in an Archon workbook; raise :class:`EventTooBigError`.

    Checked before anything is written: at most 300 players, rounds 1 to 3,
    at most 60 tables per round and 5 players per table, at most 5 seats at
    the final, at most 120 overrides; player numbers are whole numbers.
    """
    problems = [*_player_problems(event), *_round_problems(event)]
    final_seats = L.FINAL.last_row - L.FINAL.first_row + 1
    if len(event.final.seating) > final_seats:
        problems.append(say("writing.final_too_big", seats=len(event.final.seating), sheet=L.FINAL.sheet,
                            most=final_seats))
    max_overrides = L.OVERRIDE.last_row - L.OVERRIDE.first_row + 1
    if len(event.overrides) > max_overrides:
        problems.append(say("writing.too_many_overrides", overrides=len(event.overrides), sheet=L.OVERRIDE.sheet,
                            most=max_overrides))
    if problems:
        raise EventTooBigError(say("writing.too_big", problems=problems))


def _player_problems(event: Event) -> list[Message]:
    """What keeps the event's players out of the Methuselahs sheet."""
    m = L.METHUSELAHS
    problems = []
    max_players = m.last_row - m.first_row + 1
    if len(event.players) > max_players:
        problems.append(say("writing.too_many_players", players=len(event.players), sheet=m.sheet,
                            most=max_players, first=m.first_row, last=m.last_row))
    for p in event.players:
        if isinstance(p.number, bool) or not isinstance(p.number, int) or p.number < 1:
            problems.append(say("writing.bad_player_number", number=repr(p.number),
                                name=p.name or say("writing.no_name")))
    return problems


def _round_problems(event: Event) -> list[Message]:
    """What keeps the event's rounds out of the round sheets."""
    problems = []
    for rnd in event.rounds:
        if rnd.number not in L.ROUND_SHEETS:
            problems.append(say("writing.no_round_sheet", round=rnd.number, rounds=sorted(L.ROUND_SHEETS)))
            continue
        sheet = L.ROUND_SHEETS[rnd.number]
        if len(rnd.tables) > L.ROUND.max_tables:
            problems.append(say("writing.too_many_tables", round=rnd.number, tables=len(rnd.tables), sheet=sheet,
                                most=L.ROUND.max_tables))
        for k, table in enumerate(rnd.tables, start=1):
            if table.size > L.ROUND.rows_per_table:
                problems.append(say("writing.table_too_big", round=rnd.number, table=k, players=table.size,
                                    most=L.ROUND.rows_per_table, sheet=sheet))
    seen_rounds = [r.number for r in event.rounds]
    for n in set(seen_rounds):
        if seen_rounds.count(n) > 1:
            problems.append(say("writing.round_twice", round=n, times=seen_rounds.count(n)))
    return problems


# ---------------------------------------------------------------------------
# Writing


def _builtin_template_bytes() -> bytes:
    """The built-in template: the committed file in a source tree, else a fresh build."""
    from archon.formats.workbook.template import build_bytes, default_path

    repo_file = default_path()
    if repo_file is not None and repo_file.is_file():
        return repo_file.read_bytes()

    return build_bytes()


#: File name endings archon writes (an Excel workbook package).
WRITABLE_SUFFIXES = (".xlsx", ".xlsm")


def _check_suffix(path: Path) -> None:
    if path.suffix.lower() not in WRITABLE_SUFFIXES:
        raise WriteError(say("writing.not_xlsx_name", file=path.name))


def _properties(event: Event, kind: str, current: Optional[dict[str, str]] = None) -> dict[str, str]:
    props = {L.ARCHON_MARKS.edition_property: str(event.edition)}
    if kind == BUILTIN:
        props[L.ARCHON_MARKS.template_property] = L.ARCHON_MARKS.builtin_value
    # An event closed without a final (rules 3.1.6) says so in archon:final;
    # a workbook that carries the property gets it back in step.
    marks = L.ARCHON_MARKS
    if not event.has_final:
        props[marks.final_property] = marks.no_final_value
    elif current and marks.final_property in current:
        props[marks.final_property] = marks.with_final_value
    props.update(warning_properties(event.warnings))
    props.update(report_properties(event.player_reports, event.reporting_off, current))
    props.update(event_properties(event, current))
    props.update(deck_properties(event.decks))
    if event.clock is not None or (current and marks.clock_property in current):
        props[marks.clock_property] = clock_value(event.clock)
    return props


def _writer(source: bytes, event: Event, standings: Optional[Standings], kind: str, chart_rounds=()):
    """A ``write(file)`` for :func:`safe_write`, and where it leaves the patch result.

    The cells are worked out first (so an event archon cannot write fails
    before any file is made); the package is then patched straight into the
    temporary file. ``chart_rounds``: see :func:`write_event`.
    """
    edits = event_edits(event, standings, kind)
    seated = {r.number for r in event.rounds}
    for k in chart_rounds:
        if kind == OFFICIAL and k not in seated and k in L.ROUND_SHEETS:
            del edits[L.ROUND_SHEETS[k]]  # nothing typed there to clear: left as it is, unread
            if k in event.round_times:  # but the round's clock writes its start and end times
                edits[L.ROUND_SHEETS[k]] = dict(zip((L.ROUND.start_time, L.ROUND.end_time), event.round_times[k]))
    properties = _properties(event, kind, xlsxpatch.read_custom_properties(source))
    done: dict[str, xlsxpatch.PatchResult] = {}

    def write(f) -> None:
        try:
            done["result"] = xlsxpatch.patch_package(source, f, edits, properties=properties)
        except PatchError as exc:
            raise WriteError(exc.message) from None

    return write, done


def write_event(
    path: "str | Path",
    event: Event,
    *,
    standings: Optional[Standings] = None,
    template: "str | Path | None" = None,
    kind: str = "auto",
    dry_run: bool = False,
    chart_rounds: "tuple[int, ...] | set[int]" = (),
) -> WriteReport:
    """Write ``event`` into the workbook at ``path`` and return a :class:`WriteReport`.

    ``kind`` is ``"official"`` (inputs only: The Archon's formulas compute the
    rest), ``"builtin"`` (inputs and archon's results as values) or
    ``"auto"`` (read from the workbook). ``standings`` defaults to
    :func:`archon.rules.standings.compute(event) <archon.rules.standings.compute>`.
    ``template``: write into a fresh copy of this workbook instead of
    ``path``'s current content (``path`` is replaced, after a backup, if it
    exists).

    The event is checked against the workbook's limits before anything is
    written (:class:`EventTooBigError`); a workbook open in Excel or
    LibreOffice is refused (:class:`~archon.formats.workbook.safety.WorkbookInUseError`),
    and so is a read-only one; the workbook is read and replaced within one
    :func:`~archon.formats.workbook.safety.hold` (no other archon command changes it meanwhile);
    the previous version is backed up and the new one replaces it atomically
    (:mod:`archon.formats.workbook.safety`). Writing the same event twice leaves the
    file (and its backups) alone the second time. ``dry_run``: every check
    runs and the workbook is made in memory; nothing is written.
    ``chart_rounds``: rounds an official workbook only shows from The
    Archon's seating chart, nothing typed on their sheets (as the reader
    found them): a round ``event`` does not seat keeps its sheet as it is
    without archon going through it (most of the time a write took on a
    large official workbook).
    """
    started = time.perf_counter()
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {', '.join(_KINDS)}, not {kind!r}")
    validate_event(event)
    target = Path(path)
    _check_suffix(target)
    if template is None and not target.is_file():
        raise WriteError(say("writing.no_workbook", path=str(target), new=act("new")))
    check_writable(target)
    refuse_special_file(target)
    kind, done, result = _write_held(target, event, standings, template, kind, dry_run, chart_rounds)
    return WriteReport(
        path=target,
        kind=kind,
        changed=done.changed,
        backup=done.backup,
        cells_changed=result.cells_changed if done.changed else 0,
        edition=str(event.edition),
        seconds=time.perf_counter() - started,
        parts=result.changed_parts if done.changed else [],
        dry_run=dry_run,
        players=len(event.players),
        level=event.level,
        deck_format=event.deck_format,
        backups_removed=done.removed,
    )


def _write_held(target: Path, event: Event, standings: Optional[Standings], template, kind: str, dry_run: bool,
                chart_rounds) -> tuple:
    """Read the workbook (or the template), patch it and replace it (or
    rehearse, ``dry_run``), all in one :func:`hold` (the caller's, when it
    read the event in one). Returns (kind, the write's outcome, the patch's
    result)."""
    with hold(target):
        base = _template_bytes(template) if template is not None else target.read_bytes()
        if template is None:
            try:
                check_copied_parts(base, target)  # a damaged part is refused, not copied on
            except WorkbookError as exc:
                raise with_repair_hint(exc, target) from None
        if kind == "auto":
            kind = _kind_of(base, str(template if template is not None else target))
        write, patched = _writer(base, event, standings, kind, chart_rounds)
        done = safe_write(target, write, must_exist=target.exists(), dry_run=dry_run)
    return kind, done, patched["result"]


def _template_bytes(template: "str | Path") -> bytes:
    """The bytes of a template workbook (a FIFO or device is refused, not read)."""
    path = Path(template)
    refuse_special_file(path)
    return path.read_bytes()


def new_event(
    path: "str | Path",
    event: Optional[Event] = None,
    *,
    template: "str | Path | None" = None,
    dry_run: bool = False,
) -> WriteReport:
    """Create a new workbook at ``path`` (which must not exist) for ``event``.

    From archon's built-in template, or from a copy of ``template`` (an
    official The Archon workbook, or any Archon workbook). With an ``event``
    it is written in (see :func:`write_event`); without one the workbook is
    an empty copy of the template. ``dry_run``: every check runs and the
    workbook is made in memory; nothing is written.
    """
    started = time.perf_counter()
    target = Path(path)
    _check_suffix(target)
    if target.exists():
        raise WriteError(say("writing.exists", path=str(target)))
    base = _template_bytes(template) if template is not None else _builtin_template_bytes()
    kind = _kind_of(base, str(template) if template is not None else say("writing.builtin_template"))
    if template is not None:
        from archon.formats.workbook.reader import read_event

        read_event(template)  # WorkbookError naming the file when it is not an Archon workbook

    def put(write):
        return safe_write(target, write, must_exist=False, dry_run=dry_run)

    if event is None:
        done = put(lambda f: f.write(base))
        cells, parts = 0, []
        edition = xlsxpatch.read_custom_properties(base).get(L.ARCHON_MARKS.edition_property, "")
    else:
        validate_event(event)
        write, patched = _writer(base, event, None, kind)
        done = put(write)
        result = patched["result"]
        cells, parts, edition = result.cells_changed, result.changed_parts, str(event.edition)
    return WriteReport(
        path=target,
        kind=kind,
        changed=done.changed,
        backup=None,
        cells_changed=cells,
        edition=edition,
        seconds=time.perf_counter() - started,
        parts=parts,
        dry_run=dry_run,
        players=len(event.players) if event is not None else 0,
        level=event.level if event is not None else None,
        deck_format=event.deck_format if event is not None else None,
    )

