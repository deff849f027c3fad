"""Twins of the workbook commands: standings, check, new, update."""

from __future__ import annotations

import copy
import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from archon import eventday
from archon.api.changes import read_for_event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.api.players_input import players_source, read_players
from archon.formats.players_csv import PlayersCSVError, split_lines
from archon.formats.serialize import standings_to_dict
from archon.formats.workbook import load_event, new_event, write_event
from archon.formats.workbook.grid import refuse_special_file
from archon.formats.workbook.problems import check_workbook
from archon.formats.workbook.safety import hold
from archon.rules.editions import LEVELS, LIMITED, RuleEdition, get_edition
from archon.rules.model import DECK_FORMATS, Event, parse_format
from archon.rules.standings import compute
from archon.words.message import message_of, say

if TYPE_CHECKING:
    from archon.formats.workbook.problems import CheckedProblem

__all__ = ["standings", "check", "new", "update"]


@twin_of("standings")
def standings(path, edition: "str | RuleEdition | None" = None) -> dict:
    """Twin of ``archon standings FILE --json``: the standings contract.

    Reads the workbook's inputs only and computes everything with the rules
    engine (:func:`archon.rules.standings.compute`); see
    :mod:`archon.formats.serialize` for the contract. ``edition`` overrides the rule
    edition recorded in the workbook.
    """
    return standings_to_dict(compute(load_event(path), edition))


@twin_of("check")
def check(path, edition: "str | RuleEdition | None" = None) -> "list[CheckedProblem]":
    """Twin of ``archon check FILE``: every problem, with its sheet and cell.

    Combines what the reader found in the cells (values it could not use) with
    the rules' checks (:func:`archon.rules.validation.check_event`), each placed on
    the cell an organizer must fix (:func:`archon.formats.workbook.problems.check_workbook`).
    An empty list means the workbook is clean. Raises
    :class:`archon.formats.workbook.WorkbookError` for an unreadable file.
    """
    return check_workbook(path, edition)


def _input_error(exc: Exception) -> InputError:
    return InputError(message_of(exc))


def _one_of(value: str, known, refused: str, **fields):
    """``value`` as one of ``known`` (case aside), else :class:`InputError` ``refused``."""
    match = [k for k in known if k.casefold() == value.strip().casefold()]
    if not match:
        raise InputError(say(refused, value=value, **fields))
    return match[0]


@twin_of("new")
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
    players CSV path, or an open file read to its end (``--players -``: standard
    input; see :mod:`archon.formats.players_csv`); players are numbered
    1..N in file order. ``template`` is an official Archon workbook to copy
    instead of archon's built-in template. Returns the
    :class:`archon.formats.workbook.WriteReport` (``.players``: how many were
    registered; ``.notes``: how names of three or more words in a single
    name column were split). Nothing is written when an input is wrong
    (:class:`InputError`), nor with ``dry_run`` (every check runs).
    """
    event = _new_event(name=name, date=date, city=city, organizer=organizer, level=level, format=format,
                       edition=edition, deck_format=deck_format)
    rows = None
    if players is not None:
        try:
            rows = read_players(players)
        except PlayersCSVError as exc:
            raise _input_error(exc) from None
        try:  # the same checks as registering them (names, VEKN numbers, duplicates)
            registered = eventday.register_many(event, rows, source=players_source(players))
        except eventday.EventDayError as exc:
            raise _input_error(exc) from None
        event = registered.event
    written = new_event(path, event, template=template, dry_run=dry_run)
    if rows is not None:  # how names were split; players of the same name, told apart by their VEKN numbers
        written.notes = split_lines(rows, players_source(players)) + [
            line for line in registered.lines if getattr(line, "id", None) == "register.namesake"]
    return written


def _new_event(*, name, date, city, organizer, level, format, edition, deck_format) -> Event:
    """The event :func:`new` creates, each value checked as typed."""
    try:
        prelim = parse_format(format)
        ed = get_edition(edition).name
    except ValueError as exc:
        raise _input_error(exc) from None
    if isinstance(date, str) and date:
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            raise InputError(say("api.bad_date", value=date)) from None
    if deck_format is not None:
        deck_format = _one_of(deck_format, DECK_FORMATS, "api.bad_deck_format", formats=list(DECK_FORMATS))
    level = _one_of(level or (LIMITED if deck_format == LIMITED else "Standard Constructed"), LEVELS,
                    "api.bad_level", levels=list(LEVELS))
    name, city, organizer = typed_texts(name=name, city=city, organizer=organizer)
    return Event(name=name or "", date=date or None, city=city, organizer=organizer, level=level,
                 preliminary_rounds=prelim, edition=ed, deck_format=deck_format)


#: The event's texts as a refusal names them.
_EVENT_FIELDS = {"name": say("field.event_name"), "city": say("field.event_city"),
                 "organizer": say("field.event_organizer")}


def typed_texts(**texts: Optional[str]) -> list[Optional[str]]:
    """The event's texts as typed (``name``, ``city``, ``organizer``), each
    refused (:class:`InputError`, naming it) with a control character or
    longer than a cell holds (:func:`archon.eventday.typed_text`)."""
    try:
        return [eventday.typed_text(v, _EVENT_FIELDS.get(k, k)) if v else v for k, v in texts.items()]
    except eventday.EventDayError as exc:
        raise _input_error(exc) from None


@twin_of("update")
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
    refuse_special_file(Path(path))  # a FIFO or a device is refused before anything waits on it
    with hold(path) as held:  # no other archon command changes it between the read and the write
        read = read_for_event_day(path, held.fingerprint)
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
