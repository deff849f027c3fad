"""Python twins of the command-line commands.

Every ``archon`` command calls one function here (or in the module it names),
so a script can do what the command does and get data back instead of text.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from archon.exits import ExitStatus
from archon.rules.editions import RuleEdition, get_edition
from archon.rules.scoring import COMPLETE, PENDING, TableResult, VPError, score_table
from archon.words.message import Message
from archon.words.render import PLAIN

if TYPE_CHECKING:
    from archon.formats.workbook.problems import CheckedProblem

__all__ = [
    "score", "score_lines", "parse_vps", "InputError", "report", "ReportResult",
    "EventDayReport", "register", "unregister", "drop", "result", "toss", "finals", "seat_final",
    "close_without_final", "vekn_report", "report_standings", "archondata", "twd", "plan", "PlanResult",
    "standings", "check", "CheckedProblem", "new", "update", "seat", "convert", "warn", "warnings",
    "results_frame", "rating", "league", "undo",
    "RoundSeating",
]


class InputError(ValueError):
    """Input a user typed that archon cannot read (exit status 2 on the command line)."""

    exit_status = ExitStatus.UNREADABLE


def parse_vps(tokens: Sequence[str]) -> list[float]:
    """Read VPs typed as text: ``"1.5"``, ``"2,5"`` (decimal comma), ``"1/2"``, ``"½"``.
    A seat left blank is named (a form's empty field), not read as a bad number."""
    from archon.rules.typed import number_from_text

    blank = [seat for seat, t in enumerate(tokens, start=1) if not str(t).strip()]
    if blank:
        raise InputError(_no_vp_typed(blank))
    out = []
    for t in tokens:
        x = number_from_text(t)
        if x is None:
            raise InputError(f"{t!r} is not a number of VPs")
        out.append(x)
    return out


def _no_vp_typed(seats: Sequence[int]) -> str:
    """Why a result with the ``seats`` left blank is not recorded yet."""
    return f"no VP typed for seat {', '.join(map(str, seats))}: type 0 for a player who scored none"


def score(vps: Sequence[Optional[float]], edition: "str | RuleEdition | None" = None) -> TableResult:
    """Twin of ``archon score VP VP ...``: classify one table and score each seat.

    ``None`` is a seat whose VP is not typed yet (a form's empty field, the
    event console's verdict as the VPs are typed): a table a game can end
    with once those seats read 0 is ``pending`` until every seat is typed,
    with the reason :func:`parse_vps` gives (a result is recorded with every
    seat typed); otherwise blanks read 0, as in the workbook.

    Raises :class:`archon.rules.scoring.VPError` for a table that is not 4 or 5 seats
    or a VP that is not a half point between 0 and the table size.
    """
    import dataclasses

    verdict = score_table(list(vps), get_edition(edition))
    blank = [seat for seat, v in enumerate(vps, start=1) if v is None]
    if blank and verdict.status == COMPLETE:
        return dataclasses.replace(verdict, status=PENDING, reason=_no_vp_typed(blank))
    return verdict


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
    """What :func:`report` did: ``written`` = [(path, what)], ``notes``: what
    a written file cannot hold (the CSV set), in sentences. ``problems`` is
    always empty: a workbook read only in part is refused
    (:func:`report_standings`), no report is made of it."""

    def __init__(self, written: list, problems: list, notes: Optional[list] = None) -> None:
        self.written = written
        self.problems = problems
        self.notes = list(notes or [])

    def __repr__(self) -> str:
        return f"ReportResult(written={self.written!r}, problems={len(self.problems)})"


def report(
    path,
    *,
    xlsx=None,
    html=None,
    round: Optional[int] = None,
    edition: "str | RuleEdition | None" = None,
    csv=None,
    dry_run: bool = False,
    force: bool = False,
) -> ReportResult:
    """Twin of ``archon report FILE [--xlsx OUT.xlsx] [--html OUT.html] [--round N] [--csv DIR] [--force]``.

    With ``dry_run`` every report is made in a temporary folder (so every
    check runs) and thrown away: ``written`` then lists what would be written
    where, and nothing is.

    Reads the Archon workbook ``path``, computes its standings once
    (:func:`archon.rules.standings.compute`, the numbers of ``archon standings``)
    and writes each report asked for:

    * ``xlsx``: the report workbook (:func:`archon.reports.write_xlsx_report`),
      or with ``round`` just that round's printable seat list
      (:func:`archon.reports.write_posting_sheet`);
    * ``html``: the one-page HTML report (:func:`archon.reports.write_html_report`);
    * ``csv``: a folder for the Archon-compatible CSV set
      (:func:`archon.formats.csvset.write_csv_set`: ``Methuselahs.csv``, ``Round-N.csv``,
      ``Finals.csv``, ``Override.csv`` when a judge overrode a table, ``Report.csv``).

    (``archon report FILE`` with no output prints the VEKN report:
    :func:`vekn_report`, :func:`archondata`, :func:`twd`.) Raises :class:`InputError` when no output is asked for or ``round`` is
    given without ``xlsx``; :class:`archon.formats.workbook.WorkbookError` for a file
    that is not an Archon workbook; :class:`archon.reports.ReportError` when
    a report cannot be written (round not seated, folder missing, file open,
    an output that is an Archon event workbook, a name without the report's
    suffix, a file in a workbook's backups folder, a file that exists:
    :func:`archon.reports.check_target`); nothing is written then. An
    existing output is replaced only when it is an earlier report of the
    same kind and ``force`` says so.
    """
    from archon.reports import check_target, write_html_report, write_posting_sheet, write_xlsx_report
    from archon.reports.output import CSV_SET, HTML_REPORT, REPORT_WORKBOOK, SEAT_LIST
    from archon.formats.serialize import standings_to_dict

    if xlsx is None and html is None and csv is None:
        raise InputError("nothing to write: give --xlsx OUT.xlsx, --html OUT.html and/or --csv DIR")
    if round is not None and xlsx is None:
        raise InputError("--round N writes that round's seat list to a workbook: give --xlsx OUT.xlsx")
    # Every output checked before any is written (and never over the event workbook).
    if xlsx is not None:
        check_target(xlsx, REPORT_WORKBOOK if round is None else SEAT_LIST, force=force)
    if html is not None:
        check_target(html, HTML_REPORT, force=force)
    if csv is not None:
        check_target(csv, CSV_SET, force=force)
    st = report_standings(path, edition)
    data = standings_to_dict(st, extras=True)  # the reports also show the deck format
    if dry_run:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="archon-dry-run-") as tmp:
            rehearsal = report(
                path, edition=edition, round=round,
                xlsx=Path(tmp) / "report.xlsx" if xlsx is not None else None,
                html=Path(tmp) / "report.html" if html is not None else None,
                csv=Path(tmp) / "csv" if csv is not None else None,
            )
        targets = {".xlsx": xlsx, ".html": html}
        planned = []
        for done, what in rehearsal.written:
            done = Path(done)
            target = targets.get(done.suffix) if done.parent.name != "csv" else Path(csv) / done.name
            planned.append((Path(target), what))
        return ReportResult(planned, rehearsal.problems, rehearsal.notes)
    written = []
    if xlsx is not None:
        if round is not None:
            written.append((write_posting_sheet(data, round, xlsx, force=force), f"round {round} seat list"))
        else:
            written.append((write_xlsx_report(data, xlsx, force=force), "report workbook"))
    if html is not None:
        written.append((write_html_report(data, html, force=force), "HTML report"))
    if csv is not None:
        from archon.formats.csvset import write_csv_set

        done = write_csv_set(st, csv)  # checked above (check_target)
        written.extend((p, "Archon-compatible CSV") for p in done.files)
        notes = list(done.not_held) + [
            f"{p} is left from an earlier export and is not part of this event: delete it" for p in done.stale
        ]
        return ReportResult(written, [], notes)
    return ReportResult(written, [])


# ---------------------------------------------------------------------------
# archon standings / check / new / update


def standings(path, edition: "str | RuleEdition | None" = None) -> dict:
    """Twin of ``archon standings FILE --json``: the standings contract.

    Reads the workbook's inputs only and computes everything with the rules
    engine (:func:`archon.rules.standings.compute`); see
    :mod:`archon.formats.serialize` for the contract. ``edition`` overrides the rule
    edition recorded in the workbook.
    """
    from archon.formats.serialize import standings_to_dict
    from archon.rules.standings import compute
    from archon.formats.workbook import load_event

    return standings_to_dict(compute(load_event(path), edition))


def check(path, edition: "str | RuleEdition | None" = None) -> "list[CheckedProblem]":
    """Twin of ``archon check FILE``: every problem, with its sheet and cell.

    Combines what the reader found in the cells (values it could not use) with
    the rules' checks (:func:`archon.rules.validation.check_event`), each placed on
    the cell an organizer must fix (:func:`archon.formats.workbook.problems.check_workbook`).
    An empty list means the workbook is clean. Raises
    :class:`archon.formats.workbook.WorkbookError` for an unreadable file.
    """
    from archon.formats.workbook.problems import check_workbook

    return check_workbook(path, edition)


def __getattr__(name: str):
    # archon.api.CheckedProblem, without loading the workbook modules when the
    # command line starts (``archon score`` needs none of them)
    if name == "CheckedProblem":
        from archon.formats.workbook.problems import CheckedProblem

        return CheckedProblem
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    deck_format: Optional[str] = None,
    dry_run: bool = False,
):
    """Twin of ``archon new FILE``: create an event workbook.

    ``level`` defaults to Limited for a Limited ``deck_format``, else to
    Standard Constructed (The Archon needs a level to compute rating points;
    the returned report's ``level`` says which). ``deck_format``:
    Constructed or Limited (Tournament Info, "Format"; the reports show it). ``players`` is a
    players CSV path (see :mod:`archon.formats.players_csv`); players are numbered
    1..N in file order. ``template`` is an official Archon workbook to copy
    instead of archon's built-in template. Returns the
    :class:`archon.formats.workbook.WriteReport` (``.players``: how many were
    registered; ``.notes``: how names of three or more words in a single
    name column were split). Nothing is written when an input is wrong
    (:class:`InputError`), nor with ``dry_run`` (every check runs).
    """
    import datetime as dt

    from archon.rules.editions import LEVELS, LIMITED, get_edition
    from archon.rules.model import DECK_FORMATS, Event, parse_format
    from archon.formats.players_csv import PlayersCSVError, read_players_csv, split_lines
    from archon.formats.workbook import new_event

    try:
        prelim = parse_format(format)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if isinstance(date, str) and date:
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            raise InputError(f"date {date!r}: expected YYYY-MM-DD, e.g. 2026-12-05") from None
    try:
        ed = get_edition(edition).name
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if deck_format is not None:
        match = [f for f in DECK_FORMATS if f.casefold() == deck_format.strip().casefold()]
        if not match:
            raise InputError(f"deck format {deck_format!r}: expected {' or '.join(DECK_FORMATS)}")
        deck_format = match[0]
    level = level or (LIMITED if deck_format == LIMITED else "Standard Constructed")
    match = [lv for lv in LEVELS if lv.casefold() == level.strip().casefold()]
    if not match:
        raise InputError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
    level = match[0]
    name, city, organizer = _typed_texts(name=name, city=city, organizer=organizer)
    event = Event(
        name=name or "",
        date=date or None,
        city=city,
        organizer=organizer,
        level=level,
        preliminary_rounds=prelim,
        edition=ed,
        deck_format=deck_format,
    )
    if players is not None:
        try:
            rows = read_players_csv(players)
        except PlayersCSVError as exc:
            raise InputError(str(exc)) from None
        from pathlib import Path

        from archon.eventday import EventDayError, register_many

        try:  # the same checks as 'archon register --from' (names, VEKN numbers, duplicates)
            event = register_many(event, rows, source=Path(str(players)).name).event
        except EventDayError as exc:
            raise InputError(str(exc)) from None
    written = new_event(path, event, template=template, dry_run=dry_run)
    if players is not None:
        written.notes = split_lines(rows, Path(str(players)).name)
    return written


def _typed_texts(**texts: Optional[str]) -> list[Optional[str]]:
    """The event's texts as typed (``name``, ``city``, ``organizer``), each
    refused (:class:`InputError`, naming it) with a control character or
    longer than a cell holds (:func:`archon.eventday.typed_text`)."""
    from archon.eventday import EventDayError, typed_text

    try:
        return [typed_text(v, "event " + k) if v else v for k, v in texts.items()]
    except EventDayError as exc:
        raise InputError(str(exc)) from None


def update(path, edition: Optional[str] = None, *, dry_run: bool = False):
    """Twin of ``archon update FILE``: recompute and write back (see :func:`archon.formats.workbook.update`).
    With ``dry_run`` every check runs and nothing is written.

    Like the event-day commands, it refuses (:class:`InputError`, naming the
    cells) to write over an input cell it cannot read, and leaves the seating
    chart's formulas of a round The Archon only proposes (no seat typed, no
    VP) in place. ``edition`` is recorded in the workbook when given (the
    report's ``edition_was`` is then the edition it recorded before, when
    that was another). Returns the :class:`archon.formats.workbook.WriteReport`.
    """
    import copy

    from archon.formats.workbook import write_event
    from archon.formats.workbook.grid import refuse_special_file
    from archon.formats.workbook.safety import hold

    refuse_special_file(Path(path))  # a FIFO or a device is refused before anything waits on it
    with hold(path) as held:  # no other archon command changes it between the read and the write
        read = _read_for_event_day(path, held.fingerprint)
        proposed = read.chart_rounds
        ev = copy.copy(read.event)
        was = get_edition(ev.edition).name
        if edition is not None:
            ev.edition = get_edition(edition).name
        ev.rounds = [r for r in ev.rounds if r.number not in proposed]
        written = write_event(read.path, ev, dry_run=dry_run, chart_rounds=proposed)
        if was != get_edition(ev.edition).name:
            written.edition_was = was
        return written


# ---------------------------------------------------------------------------
# Event day: archon register / drop / result / toss / finals, and the VEKN
# report (archon report FILE [--archondata] [--twd]). The rules live in
# archon.eventday and archon.formats.vekn (pure functions over the event); these
# twins read the workbook, call them, and write the new event back.


class EventDayReport:
    """What an event-day command did (or, with ``dry_run``, would do).

    ``lines``: what changed, one sentence each; ``changed``: False when there
    was nothing to do; ``written``: the :class:`archon.formats.workbook.WriteReport`
    (None for a dry run or no change); ``event``: the event after the change;
    ``seed``: the draw's seed (``toss``).
    """

    def __init__(self, path, lines, *, changed, dry_run, written=None, event=None, seed=None, player=None) -> None:
        self.path = path
        self.lines = list(lines)
        self.changed = changed
        self.dry_run = dry_run
        self.written = written
        self.event = event
        self.seed = seed
        self.player = player
        #: The seat list written by ``seat(..., print_to=...)``, if any.
        self.printed = None
        #: The round's :class:`RoundSeating` (``seat``), else None.
        self.seating = None

    @property
    def backups_removed(self) -> list:
        """Older backups the retention removed after the write (``archon --keep-backups N``)."""
        return self.written.backups_removed if self.written is not None else []

    #: The first line of a dry run's report: what follows is a preview.
    DRY_RUN_HEAD = "dry run: nothing written; this is what it would do:"

    def describe(self) -> str:
        out = [PLAIN.render(line) if isinstance(line, Message) else line for line in self.lines]
        if not self.changed:
            out.append("nothing to write")
        elif self.dry_run:
            out.insert(0, self.DRY_RUN_HEAD)
        elif self.written is not None:
            out.append(self.written.describe())
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"EventDayReport(changed={self.changed}, dry_run={self.dry_run}, lines={self.lines!r})"


#: Sheets archon writes an event's inputs to: a cell it could not read there
#: would be overwritten, so event-day commands refuse to write over it.
def _input_sheets() -> set[str]:
    from archon.formats import layout as L

    return {L.INFO.sheet, L.METHUSELAHS.sheet, L.FINAL.sheet, L.OVERRIDE.sheet, *L.ROUND_SHEETS.values()}


def _read_for_event_day(path, fp=None):
    """The workbook read to change it (``fp``: the fingerprint of the bytes
    the hold will check the write against); the same bytes are read once
    per process (:mod:`archon.formats.workbook.readcache`: the event console)."""
    from archon.formats.workbook.readcache import read_event_cached

    read = read_event_cached(path, fp)
    sheets = _input_sheets()
    blocking = [p for p in read.problems if p.sheet in sheets]
    if blocking:
        shown = "; ".join(str(p) for p in blocking[:3])
        more = f" (and {len(blocking) - 3} more)" if len(blocking) > 3 else ""
        raise InputError(
            f"{read.path.name}: archon will not write over cells it cannot read: {shown}{more}; "
            f"fix them (archon check {read.path.name}) and run the command again"
        )
    return read


def _event_day(path, change_of, *, dry_run: bool, typed_rounds: Iterable[int] = ()) -> EventDayReport:
    """Read ``path``, apply ``change_of(event, proposed, locate)``, write the result back.

    Rounds The Archon only proposes (its chart formulas, nothing typed) keep
    their formulas, except ``typed_rounds``, which the change seated.

    The workbook is read and written within one
    :func:`archon.formats.workbook.safety.hold`: another archon command waits, then
    applies its change to the new workbook. A ``dry_run`` goes the same way
    to the end: the new workbook is made and every check of the write runs
    (:func:`archon.formats.workbook.safety.safe_write` with ``dry_run``), so that
    it is refused as the command would be; nothing is written.
    """
    from archon.formats.workbook.grid import refuse_special_file
    from archon.formats.workbook.safety import hold

    refuse_special_file(Path(path))  # a FIFO or a device is refused before anything waits on it
    with hold(path) as held:
        return _event_day_held(path, change_of, dry_run=dry_run, typed_rounds=typed_rounds, fp=held.fingerprint)


def _event_day_held(path, change_of, *, dry_run: bool, typed_rounds: Iterable[int], fp=None) -> EventDayReport:
    import copy

    from archon.formats.workbook import write_event

    read = _read_for_event_day(path, fp)
    proposed = read.chart_rounds  # The Archon's chart formulas, nothing typed: left in place

    def locate(where):
        cell = read.cells.locate(where)
        return str(cell) if cell is not None else None

    change = change_of(read.event, proposed, locate)
    written = None
    if change.changed:
        ev = copy.copy(change.event)
        ev.rounds = [
            r for r in ev.rounds
            if r.number in typed_rounds
            or not (r.number in proposed and not r.has_results())
        ]
        written = write_event(read.path, ev, chart_rounds=proposed, dry_run=dry_run)
        if dry_run:
            written = None  # a rehearsal: refused as the write would be, nothing written
    return EventDayReport(read.path, change.lines, changed=change.changed, dry_run=dry_run, written=written,
                          event=change.event, seed=change.seed, player=change.player)


def register(
    path,
    name: Optional[str] = None,
    *,
    vekn: Optional[str] = None,
    city: Optional[str] = None,
    players=None,
    dry_run: bool = False,
) -> EventDayReport:
    """Twin of ``archon register FILE "First Last" [--vekn N] [--city C]`` and
    ``archon register FILE --from players.csv``.

    Players get the next numbers (1..N); a player registered once a round has
    results is a late arrival and joins from the next round (rules 3.3.1). A
    name or VEKN number already registered is refused naming its row
    (:class:`archon.eventday.EventDayError`); ``players`` is a players CSV
    (columns found by their header, :mod:`archon.formats.players_csv`), registered
    all or none. ``name`` is "First Last" (the last word is the last name)
    or "Last, First" (a last name of several words: "de la Cruz, Carl"); a
    name of three or more words without a comma gets a line saying how it
    was split (:func:`archon.formats.players_csv.split_said`). See
    :func:`archon.eventday.register_many`.
    """
    from archon import eventday
    from archon.formats.players_csv import PlayersCSVError, read_players_csv, split_lines, split_name, split_said

    if (name is None) == (players is None):
        raise InputError('give a player\'s name ("First Last") or --from players.csv, not both')
    if players is not None:
        if vekn is not None or city is not None:
            raise InputError("--vekn and --city go with one player's name; a players CSV has its own columns")
        try:
            rows = read_players_csv(players)
        except PlayersCSVError as exc:
            raise InputError(str(exc)) from None
        from pathlib import Path

        source = Path(str(players)).name

        def change(ev, proposed, locate):
            done = eventday.register_many(ev, rows, source=source, proposed=proposed, locate=locate)
            done.lines[len(rows):len(rows)] = split_lines(rows, source)
            return done
    else:
        typed = eventday.typed_text(name, "player's name")
        first, last = split_name(typed)
        said = split_said(typed)

        def change(ev, proposed, locate):
            done = eventday.register(ev, first, last, vekn=vekn, city=city, proposed=proposed, locate=locate)
            done.lines[1:1] = [said] if said else []
            return done

    return _event_day(path, change, dry_run=dry_run)


def unregister(path, player, *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon unregister FILE PLAYER``: remove a player registered by
    mistake, or a no-show who has played no game.

    The players after them move up one number everywhere (The Archon's
    seating chart seats players 1 to N: a number left free would seat a
    player who does not exist). Refused with the reason for a player who has
    played (:class:`archon.eventday.EventDayError`: drop them instead). See
    :func:`archon.eventday.unregister`.
    """
    from archon import eventday

    return _event_day(
        path,
        lambda ev, proposed, locate: eventday.unregister(ev, player, proposed=proposed, locate=locate),
        dry_run=dry_run,
    )


def drop(path, player, *, reason: str = "WD", undo: bool = False, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon drop FILE PLAYER [--reason WD|DQ|...] [--undo]``.

    ``player``: a player number, a VEKN number or a unique part of a name
    (:class:`archon.eventday.AmbiguousPlayer` lists the candidates). Sets the
    player's DQ flag (Methuselahs column G) to ``reason``, or clears it with
    ``undo``. See :func:`archon.eventday.drop` and :func:`archon.eventday.undo_drop`.
    """
    from archon import eventday

    if undo:
        return _event_day(path, lambda ev, proposed, locate: eventday.undo_drop(ev, player, locate=locate),
                          dry_run=dry_run)
    return _event_day(
        path,
        lambda ev, proposed, locate: eventday.drop(ev, player, reason, proposed=proposed, locate=locate),
        dry_run=dry_run,
    )


def warn(path, player, reason: str, *, round=None, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon warn FILE PLAYER "reason" [--round N]``: record a
    judge's warning (:func:`archon.eventday.judging.warn`).

    ``player``: a player number, a VEKN number or a unique part of a name;
    ``round``: 1, 2, 3, ``"F"`` (the final) or None. The workbook keeps the
    warnings in its custom document properties
    (:mod:`archon.formats.workbook.judge_records`), which Excel and LibreOffice keep
    and The Archon's formulas ignore; ``archon convert`` carries them over
    from a workbook (.xlsx, .ods, .xls) or the standings JSON (each checked
    as here; the CSV set does not hold them) and the reports show them. Raises
    :class:`archon.eventday.WrongInput` (exit status 2) for an unknown
    player, a round the event does not have or a reason that is blank or
    longer than 200 characters; :class:`archon.eventday.EventDayError` (1)
    for a round not seated yet, the final before it is seated, or the same
    warning (player, reason, round) already recorded.
    """
    from archon.eventday import judging

    return _event_day(
        path, lambda ev, proposed, locate: judging.warn(ev, player, reason, round=round, locate=locate,
                                                           proposed=proposed),
        dry_run=dry_run,
    )


def warnings(path) -> list[dict]:
    """Twin of ``archon warnings FILE`` (``archon warn FILE --list``): the
    judges' warnings recorded in the workbook, in the order given, as
    :func:`archon.eventday.judging.warning_rows` gives them (player number, name,
    round, reason)."""
    from archon.eventday.judging import warning_rows
    from archon.formats.workbook import read_event

    return warning_rows(read_event(path).event)


def result(
    path,
    vps: Sequence,
    *,
    round: Optional[int] = None,
    table: Optional[int] = None,
    final: bool = False,
    override: Optional[str] = None,
    replace: bool = False,
    dry_run: bool = False,
) -> EventDayReport:
    """Twin of ``archon result FILE --round N --table T VP...`` and
    ``archon result FILE --final VP...``: record a table's VPs in seat order.

    ``vps`` may be numbers or text (``"2,5"``, ``"1/2"``). An impossible
    result is refused with the reason unless ``override`` gives a judge's
    reason (recorded on the Override sheet). A table that already has a
    complete, different result is refused (showing it) unless ``replace``.
    Refusals raise :class:`archon.eventday.EventDayError` (exit status 1);
    no such round or table, or VPs that cannot be VPs,
    :class:`archon.eventday.WrongInput` (2). See :func:`archon.eventday.record_result`.
    """
    from archon import eventday
    from archon.rules.model import FINAL

    if final and (round is not None or table is not None):
        raise InputError("--final records the final table: leave out --round and --table")
    if not final and (round is None or table is None):
        raise InputError("say which table: --round N --table T (or --final)")
    values = [v if isinstance(v, (int, float)) and not isinstance(v, bool) else None for v in vps]
    if any(v is None for v in values):
        values = parse_vps([str(v) for v in vps])
    key = FINAL if final else round
    return _event_day(
        path,
        lambda ev, proposed, locate: eventday.record_result(
            ev, key, 1 if final else int(table), values, override=override, replace=replace, locate=locate),
        dry_run=dry_run,
    )


def seat(
    path,
    round: int,
    *,
    seed: Optional[int] = None,
    force: bool = False,
    dry_run: bool = False,
    time_budget: Optional[float] = None,
    progress=None,
    print_to=None,
    show: bool = False,
) -> EventDayReport:
    """Twin of ``archon seat FILE --round N [--print OUT.xlsx] [--show]``: seat a preliminary round.

    Rounds already played stay as they were and count in the seating
    criteria, players flagged out are left out, players registered since are
    in (see :func:`archon.eventday.seat_round`). The seating is written as
    typed player numbers over The Archon's chart formulas. Without ``seed`` a
    random one is drawn; it is in the report (``.seed``) so the seating can
    be reproduced. A round that already has results, or one before later
    rounds seated but not played, is refused unless ``force`` (which clears
    them); one before a later round played is refused. A round seated
    without results is not seated again unless ``force``
    (:class:`archon.eventday.ForceNeeded`, saying how to see it).

    ``show``: seat nothing; the report's ``.seating`` is the round as seated
    (and ``print_to`` writes its seat list again). A round not seated is
    refused (:class:`archon.eventday.EventDayError`).

    ``print_to``: also write the round's seat list, to print and post
    (:func:`archon.reports.write_posting_sheet`; not on a dry run; it replaces
    a seat list archon printed before under that name, never another file);
    its path is the report's ``.printed``. It is checked before anything is seated:
    :class:`archon.reports.ReportError` when it cannot be written.

    The report's ``.seating`` is the round's :class:`RoundSeating`: its
    tables, the score of the rounds seated so far on the nine criteria and,
    per criterion, the lower bound no seating can beat, given the rounds
    already played ("optimal" or the gap); ``.seating.as_dict()`` is what
    ``archon seat --json`` prints.
    """
    import random as _random

    from archon import eventday

    check_time_budget(time_budget)
    if print_to is not None:
        from archon.reports.output import SEAT_LIST, check_target

        check_target(print_to, SEAT_LIST, force=True)  # a seat list printed before is printed anew
    if show:
        if seed is not None or force or dry_run or time_budget is not None:
            raise InputError("--show prints the round as seated: leave out --seed, --force, --dry-run "
                             "and --time-budget")
        return _show_seating(path, int(round), print_to)
    if seed is None:
        seed = _random.SystemRandom().randrange(10**9)
    rep = _event_day(
        path,
        lambda ev, proposed, locate: eventday.seat_round(
            ev, int(round), seed=seed, force=force, time_budget=time_budget,
            progress=progress, proposed=proposed),
        dry_run=dry_run,
        typed_rounds=set(range(int(round), 4)),
    )
    if print_to is not None and not dry_run:
        rep.printed = _print_seat_list(rep.event, int(round), print_to)
    rep.seating = RoundSeating.of(rep.event, int(round), rep.seed)
    return rep


def _print_seat_list(event, round: int, print_to):
    """Write round ``round``'s seat list to ``print_to``; its path."""
    from archon.reports import write_posting_sheet
    from archon.formats.serialize import standings_to_dict
    from archon.rules.standings import compute

    return write_posting_sheet(standings_to_dict(compute(event), extras=True), round, print_to,
                               force=True)  # a seat list printed before is printed anew, never another file


def _show_seating(path, round: int, print_to) -> EventDayReport:
    """``archon seat FILE --round N --show``: the round as seated, nothing written
    but the seat list asked for."""
    from archon import eventday
    from archon.formats.workbook import read_event

    read = read_event(path)
    ev = read.event
    eventday.check_preliminary_round(ev, round)
    tables = [t for r in ev.rounds if r.number == round for t in r.tables]
    if not tables:
        raise eventday.EventDayError(
            f"{read.path.name}: round {round} is not seated yet: seat it (archon seat FILE --round {round})")
    players = sum(len(t.players) for t in tables)
    from archon.words.wording import count

    lines = [f"round {round} as seated: {players} players at {count(len(tables), 'table')}"]
    if round in read.chart_rounds:
        lines.append(f"round {round} only shows The Archon's seating chart (no seat typed): "
                     f"'archon seat FILE --round {round}' seats it with archon")
    rep = EventDayReport(read.path, lines, changed=False, dry_run=False, event=ev)
    if print_to is not None:
        rep.printed = _print_seat_list(ev, round, print_to)
    rep.seating = RoundSeating.of(ev, round)
    return rep


class RoundSeating:
    """One preliminary round as :func:`seat` seated it (the report's ``.seating``).

    ``round``; ``seed``: the seed that gives this seating again; ``tables``:
    per table, ``(player number, name)`` in seat order (seat 1 plays first);
    ``score``: the :class:`archon.seating.Score` of the rounds seated up to
    this one; ``proof``: per criterion an :class:`archon.seating.bounds.RuleProof`,
    the figure against the lower bound no seating of this round can beat
    with the rounds before it as played.
    """

    def __init__(self, round: int, seed, tables, score, proof):
        self.round = round
        self.seed = seed
        self.tables = tables
        self.score = score
        self.proof = proof

    @classmethod
    def of(cls, event, round: int, seed=None) -> "RoundSeating":
        from archon.seating import proof, score_plan

        names = {p.number: p.name for p in event.players}
        rounds = _seated_rounds(event, round)
        score = score_plan(rounds)
        tables = [[(p, names.get(p, "")) for p in table] for table in rounds[-1]] if rounds else []
        return cls(round, seed, tables, score, proof(rounds, fixed=len(rounds) - 1, score=score))

    def as_dict(self) -> dict:
        """What ``archon seat --json`` prints: ``{"round": N, "seed": S,
        "tables": [[{"number": 17, "name": "Ada Lovelace"}, ...], ...],
        "score": {"R1": ..., ..., "R9": ...}, "bounds": {"R1": ..., ...},
        "optimal": {"R1": true, ...}, "gaps": {"R1": 0, ...}}``: the tables
        in seat order, the score of the rounds seated so far, and per
        criterion the lower bound, whether it is reached and the gap (the
        keys of ``archon plan --json``, :func:`archon.seating.proof_as_dict`)."""
        from archon.seating import proof_as_dict

        return {
            "round": self.round, "seed": self.seed,
            "tables": [[{"number": p, "name": name} for p, name in table] for table in self.tables],
            "score": self.score.as_dict(), **proof_as_dict(self.proof),
        }

    def score_line(self) -> str:
        """The score as ``archon seat`` prints it under the tables and the
        console shows it: ``score: R1 0  R2 0  R3 0.12 ...``."""
        from archon.words.wording import figure

        return "score: " + "  ".join(f"{rule} {figure(value)}" for rule, value in self.score.as_dict().items())


def _seated_rounds(event, up_to: Optional[int] = None) -> list:
    """The preliminary rounds seated in ``event`` (up to round ``up_to``) as a plan."""
    return [[list(t.players) for t in r.tables] for r in sorted(event.rounds, key=lambda r: r.number)
            if (up_to is None or r.number <= up_to) and r.tables]


def toss(path, *, seed: Optional[int] = None, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon toss FILE [--seed S]``: a fair draw for every tie that
    decides the final cut or the seeds, written as coin rankings (Methuselahs
    column M, 1 = won the toss). Without ``seed`` a random one is drawn; the
    report's ``seed`` (and first line) gives it, so the draw can be checked
    and repeated. See :func:`archon.eventday.toss`.
    """
    import random

    from archon import eventday

    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    return _event_day(path, lambda ev, proposed, locate: eventday.toss(ev, int(seed)), dry_run=dry_run)


def finals(path):
    """Twin of ``archon finals FILE``: the :class:`archon.eventday.FinalsView`
    (finalists and seeds, the order they choose their seats, ties, the final table)."""
    from archon import eventday
    from archon.formats.workbook import read_event

    return eventday.finals_view(read_event(path).event)


def seat_final(path, seating: Sequence[int], *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon finals FILE --seating 17,4,9,1,12``: the final table,
    player numbers in seat order (seat 1 plays first). See :func:`archon.eventday.seat_final`."""
    from archon import eventday

    numbers = [int(n) for n in seating]
    return _event_day(path, lambda ev, proposed, locate: eventday.seat_final(ev, numbers, locate=locate),
                      dry_run=dry_run)


def close_without_final(path, *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon finals FILE --none``: the event closes without a final
    (rules 3.1.6), recorded in the workbook's custom document property
    ``archon:final``. See :func:`archon.eventday.close_without_final`."""
    from archon import eventday

    return _event_day(path, lambda ev, proposed, locate: eventday.close_without_final(ev), dry_run=dry_run)


def report_standings(path, edition: "str | RuleEdition | None" = None):
    """The computed standings every report of the workbook ``path`` is made
    from (:func:`archon.rules.standings.compute`), the one read every report path
    shares.

    A workbook archon could read only in part (a round sheet missing or
    renamed, a formula cell with no saved value: what ``archon standings``
    warns about and exits 1 for) is refused: raises
    :class:`archon.reports.ReportError` (exit status 1) naming the cells,
    whatever the report (``--archondata --force`` too: force passes over
    what 'archon check' says of the values read, not over values unread).
    """
    from archon.reports import ReportError
    from archon.rules.standings import compute
    from archon.formats.workbook import read_event

    read = read_event(path)
    if read.problems:
        shown = "; ".join(str(p) for p in read.problems[:5])
        more = f"; and {len(read.problems) - 5} more" if len(read.problems) > 5 else ""
        err = ReportError(
            f"{Path(path).name} could not be read whole, so a report of it would be wrong: {shown}{more}. "
            f"Fix the workbook ('archon check FILE' says what to do) and report again; nothing was written"
        )
        err.exit_status = ExitStatus.PROBLEMS  # as 'archon standings' on the same file
        raise err
    return compute(read.event, edition)


def vekn_report(path, edition: "str | RuleEdition | None" = None):
    """Twin of ``archon report FILE``: the VEKN Report rows
    (:func:`archon.formats.vekn.vekn_report`; :func:`archon.formats.vekn.vekn_report_text` prints them)."""
    from archon.formats.vekn import vekn_report as rows

    return rows(report_standings(path, edition))


def archondata(path, edition: "str | RuleEdition | None" = None, *, force: bool = False) -> str:
    """Twin of ``archon report FILE --archondata [--force]``: the string
    vekn.net's results endpoint takes (:func:`archon.formats.vekn.archondata`).

    Never what ``archon check`` says is wrong: when :func:`check` finds
    errors (a VEKN number that is not one, an impossible table...) raises
    :class:`archon.formats.vekn.VeknReportError` (exit status 1) listing them, unless
    ``force``. What vekn.net itself refuses (an unfinished event, a missing or
    shared VEKN number) is refused even with ``force``.
    """
    from archon.formats.vekn import VeknReportError
    from archon.formats.vekn import archondata as data
    from archon.words.wording import count
    from archon.formats.workbook.problems import check_workbook

    text = data(report_standings(path, edition))
    errors = [p for p in check_workbook(path, edition) if p.severity == "error"]
    if errors and not force:
        shown = "; ".join(str(p) for p in errors[:8]) + ("; ..." if len(errors) > 8 else "")
        raise VeknReportError(
            f"'archon check' finds {count(len(errors), 'error')}, which vekn.net would receive: {shown}. "
            f"Fix them, or give --force to print the upload anyway"
        )
    return text


def twd(path, *, url: Optional[str] = None, country: Optional[str] = None, deck=None,
        edition: "str | RuleEdition | None" = None) -> str:
    """Twin of ``archon report FILE --twd [--url URL] [--country C] [--deck FILE]``:
    the Tournament Winning Deck entry (:func:`archon.formats.vekn.twd_entry`): the
    header, the winner's score line (``-- 2GW7 + 3vp in final``) and, with
    ``deck`` (a text file: the winner's deck list), that list as given.
    Raises :class:`InputError` for a deck file that cannot be read."""
    from archon.formats.vekn import twd_entry

    from archon.formats.special_files import special_kind

    deck_text = None
    if deck is not None:
        kind = special_kind(deck)
        if kind is not None:
            raise InputError(f"{Path(deck).name} is {kind}, not a deck list: give the path of a text file")
        try:
            deck_text = Path(deck).read_bytes().decode("utf-8-sig")
        except OSError as exc:
            raise InputError(f"cannot read the deck list {deck}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise InputError(f"{deck} is not UTF-8 text: save the deck list as UTF-8 text") from None
    return twd_entry(report_standings(path, edition), url=url, country=country, deck=deck_text)


# ---------------------------------------------------------------------------
# archon undo


def undo(path, *, force: bool = False, dry_run: bool = False):
    """Twin of ``archon undo FILE [--force] [--dry-run]``: restore the workbook
    as it was before the last archon command that changed it (and not undone
    yet), from its backup; undo again to walk further back.

    Returns the :class:`archon.formats.workbook.undo.UndoResult` (which command, when,
    from which backup; ``describe()`` says it). Raises
    :class:`archon.formats.workbook.undo.UndoError` (exit status 1) when nothing is
    left to undo, its backup was deleted, or the workbook was changed since
    archon wrote it (typed in a spreadsheet: that change would be lost),
    unless ``force``. A workbook archon cannot read (damaged) is put back as
    the last change left it (``.damaged`` says why). The undo holds the
    workbook and keeps a backup of the version it replaces, like every
    change. See :mod:`archon.formats.workbook.undo`.
    """
    from archon.formats.workbook.undo import undo as run

    return run(path, force=force, dry_run=dry_run)


# ---------------------------------------------------------------------------
# archon convert


def convert(source, output, *, edition: Optional[str] = None, template=None, force: bool = False, progress=None,
            dry_run: bool = False):
    """Twin of ``archon convert IN OUT.xlsx [--edition E] [--template OFFICIAL.xlsx] [--force] [--dry-run]``
    and of ``archon convert OLD/ NEW/``.

    A folder that is not a CSV set is an archive: every event file under it
    is converted into the same place under the folder ``output``
    (:func:`archon.across.archive.convert_folder`, which returns a
    :class:`archon.across.archive.FolderConversion`; ``progress`` is then called
    with (files done, files in all, the file)), never stopping at a bad file.

    Reads an Archon workbook of any published form and version, the Discord
    bot's CSV set (folder or zip) or archon's standings JSON, writes a new
    current workbook at ``output`` and checks it; returns the
    :class:`archon.formats.convert.ConversionResult`. Raises
    :class:`archon.formats.convert.ConversionStopped` (nothing written) when values
    have no place in the current layout and ``force`` is not given,
    :class:`archon.formats.convert.ConvertError` for an input it cannot read and
    :class:`archon.formats.workbook.WriteError` when ``output`` cannot be written.
    With ``dry_run`` the conversion is made and checked, and nothing written.
    See :mod:`archon.formats.convert`.
    """
    from archon.across.archive import is_csv_folder, convert_folder
    from archon.formats.convert import convert as run
    from pathlib import Path

    if Path(source).is_dir() and not is_csv_folder(Path(source)):
        # a folder of events: archon convert OLD/ NEW/ (progress: (done, total, file))
        if dry_run:
            raise InputError("--dry-run converts one event file: give a file, not a folder of events")
        return convert_folder(source, output, edition=edition, template=template, force=force, progress=progress)
    return run(source, output, edition=edition, template=template, force=force, progress=progress,
               dry_run=dry_run)


# ---------------------------------------------------------------------------
# archon plan

#: Rounds ``archon plan`` plans (rules: 2 or 3 preliminary rounds; up to 5
#: for longer events).
PLAN_ROUNDS = range(1, 6)
#: Most players ``archon plan`` plans for. The largest VTES events have had a
#: few hundred players and The Archon holds 300; 2000 leaves room for any real
#: event while a mistyped N (100000) is refused at once instead of filling
#: the memory (a plan of 2000 players takes seconds).
MAX_PLAN_PLAYERS = 2000


def check_time_budget(time_budget: Optional[float]) -> None:
    """InputError unless ``time_budget`` is None or a number of seconds above 0
    (``plan`` and ``seat`` take it)."""
    if time_budget is None:
        return
    if not isinstance(time_budget, (int, float)) or isinstance(time_budget, bool) or not (
        0 < time_budget < float("inf")
    ):
        raise InputError(f"time budget {time_budget}: give a number of seconds above 0")


class PlanResult:
    """A seating plan from :func:`plan`.

    ``rounds``: rounds of tables of player numbers in seat order (5-player
    tables first); ``score``: the :class:`archon.seating.Score` of the plan;
    ``seed``: the seed that gives this plan again; ``sitting_out``: per
    round, the players who sit it out (empty lists unless staggered).
    """

    def __init__(self, players: int, rounds, score, seed: int, sitting_out, proof=None):
        self.players = players
        self.rounds = rounds
        self.score = score
        self.seed = seed
        self.sitting_out = sitting_out
        self.proof = proof or {}

    @property
    def staggered(self) -> bool:
        return any(self.sitting_out)

    @property
    def proven(self) -> list[str]:
        """The criteria on which no plan can do better (the plan reaches
        their lower bound, :func:`archon.seating.lower_bounds`)."""
        return [rule for rule, p in self.proof.items() if p.optimal]

    def as_dict(self) -> dict:
        """``{"players": N, "rounds": [...], "score": {"R1": ..., ..., "R9": ...},
        "bounds": {"R1": ..., ...}, "optimal": {"R1": true, ...}, "gaps": {"R1": 0, ...}}``:
        per criterion the plan's figure, the lower bound no plan can beat,
        whether the plan reaches it and the gap to it
        (:func:`archon.seating.proof_as_dict`)."""
        from archon.seating import proof_as_dict

        return {"players": self.players, "rounds": self.rounds, "score": self.score.as_dict(),
                **proof_as_dict(self.proof)}


def plan(
    players: int,
    rounds: int = 3,
    *,
    seed: Optional[int] = None,
    time_budget: Optional[float] = None,
    sit_out: Optional[bool] = None,
    games: Optional[int] = None,
    progress=None,
    effort: Optional[float] = None,
) -> PlanResult:
    """Twin of ``archon plan N --rounds R [--seed S] [--time-budget T] [--effort E] [--sit-out] [--games G]``.

    A seating plan for players 1..N over R rounds and its score on the nine
    criteria (:func:`archon.seating.plan` and :func:`archon.seating.score_plan`).
    Without ``seed`` a random one is drawn (and returned in the result).
    6, 7 and 11 players get a staggered plan (everyone plays ``games``
    rounds, by default one less than R; over 2 rounds, 3 rounds of which
    each plays 2, as The Archon's 2R+F chart); ``sit_out=True`` asks for one with
    any N. ``effort`` (default :data:`archon.seating.DEFAULT_EFFORT`)
    scales the search: more finds better plans for unusual requests,
    slowly. The result carries, per criterion, the lower bound no plan can
    beat (``proof``, ``proven``). Raises :class:`InputError` for N < 4 or R outside 1..5, and
    :class:`archon.seating.SeatingError` when the plan cannot be made.
    """
    import random

    from archon import seating

    if isinstance(players, bool) or not isinstance(players, int) or players < seating.MIN_TABLE:
        raise InputError(f"{players} players: a seating plan needs at least {seating.MIN_TABLE}")
    if players > MAX_PLAN_PLAYERS:
        raise InputError(
            f"{players} players: archon plans at most {MAX_PLAN_PLAYERS} (the largest events have a few hundred); "
            f"check the number"
        )
    if rounds not in PLAN_ROUNDS:
        raise InputError(f"{rounds} rounds: plan {PLAN_ROUNDS.start} to {PLAN_ROUNDS.stop - 1}")
    check_time_budget(time_budget)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    if effort is not None and not 0 < effort <= 100:
        raise InputError(f"effort {effort}: give a number above 0 and at most 100 (default {seating.DEFAULT_EFFORT})")
    if sit_out is None and games is None and seating.rounds_to_play(players, rounds) > rounds:
        # 6, 7 or 11 players over 2 rounds: 3 rounds of which each plays 2,
        # as The Archon's 2R+F chart seats them
        rounds, games = seating.rounds_to_play(players, rounds), rounds
    rounds_plan = seating.plan(
        players, rounds, seed=seed, time_budget=time_budget, progress=progress,
        sit_out=sit_out, games=games, effort=seating.DEFAULT_EFFORT if effort is None else effort,
    )
    everyone = set(range(1, players + 1))
    out = [sorted(everyone - {p for t in rnd for p in t}) for rnd in rounds_plan]
    score = seating.score_plan(rounds_plan)
    return PlanResult(players, rounds_plan, score, seed, out, seating.proof(rounds_plan, score=score))


# ---------------------------------------------------------------------------
# Across events: archon rating / archon league (pandas; archon.across.outcome)


def results_frame(paths, *, processes: Optional[int] = None, progress=None):
    """One pandas DataFrame with a row per (event, player) of every event file
    under ``paths`` (files or folders, any form archon reads), the frame
    ``archon rating`` and ``archon league`` compute from.

    Columns (:data:`archon.across.results.RESULT_COLUMNS`): ``event_id``, ``event``,
    ``date``, ``level``, ``category`` (``constructed``/``limited``),
    ``edition``, ``entrants``, ``sanctioned``, ``source`` (the file),
    ``number``, ``vekn`` (None unless 7 digits), ``name``, ``city``,
    ``rated``, ``games`` (rounds played, the final included), ``gw``, ``vp``
    (the final's included), ``tp``, ``rank``, ``finalist``, ``winner``,
    ``rating_points`` (Appendix A, as ``archon standings`` computes them).
    Files that cannot be read and duplicates are left out (``archon rating``
    lists them). Raises :class:`archon.across.outcome.AcrossError` when no event can be read.
    """
    from archon.across.outcome import read_results

    return read_results(paths, processes=processes, progress=progress).results


def rating(paths, *, as_of=None, category: str = "constructed", country: Optional[str] = None,
           system: Optional[str] = None, players: Sequence[str] = (), xlsx=None, force: bool = False,
           processes: Optional[int] = None, progress=None):
    """Twin of ``archon rating PATHS... [--as-of DATE] [--category constructed|limited]
    [--country C] [--system rtp|elo2001] [--player N] [--xlsx OUT [--force]]``.

    The VEKN ranking on ``as_of`` (default today) from every event under
    ``paths``: under ``rtp`` (Appendix A of the current rules) a player's
    rating is the sum of their best 8 events' rating points in the
    preceding 18 months, Constructed and Limited apart, players with no
    rated round in 12 months left out of the ranking; under ``elo2001``
    (Appendix A.1 of the 2001-2002 rules) the Elo rating. Default system:
    ``elo2001`` when every event read runs under the 2001 rules, else ``rtp``.
    Returns an :class:`archon.across.outcome.RatingResult` (DataFrames; ``as_dict()``
    is the ``--json`` output); ``xlsx`` writes the report workbook (an
    existing file only when it is an earlier rating workbook and ``force``:
    :func:`archon.reports.check_target`).
    """
    from archon.across.outcome import rating as run

    return run(paths, as_of=as_of, category=category, country=country, system=system, players=players,
               xlsx=xlsx, force=force, processes=processes, progress=progress)


def league(paths, *, best: Optional[int] = None, points: Optional[str] = None, start=None, end=None,
           name: Optional[str] = None, xlsx=None, force: bool = False, processes: Optional[int] = None,
           progress=None):
    """Twin of ``archon league PATHS... --best N [--points rating|gw-vp] [--from DATE --to DATE]
    [--name NAME] [--xlsx OUT [--force]]`` and ``archon league LEAGUE.toml``.

    Each player's best ``best`` results between ``start`` and ``end``
    (inclusive), by rating points or by GW then VP then TP, summed and
    ranked, ties sharing a rank. ``paths`` may be one league file (TOML:
    ``name``, ``events``, ``best``, ``points``, ``from``, ``to``; see
    :class:`archon.across.league.LeagueDefinition`); arguments given override it.
    Returns an :class:`archon.across.outcome.LeagueResult`; ``xlsx`` writes the
    report workbook (an existing file only when it is an earlier league
    workbook and ``force``: :func:`archon.reports.check_target`).
    """
    from archon.across.outcome import league as run

    return run(paths, best=best, points=points, start=start, end=end, name=name, xlsx=xlsx, force=force,
               processes=processes, progress=progress)
