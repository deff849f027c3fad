"""Event day: what an organizer changes between rounds, as pure functions.

Each function takes an :class:`~archon.rules.model.Event` and returns a
:class:`Change`: a *new* event (the one given is never modified) and lines
saying exactly what changed. Input that does not fit the whole event is
refused with :class:`EventDayError` (a ``ValueError``), whose message names
the player, table or cell concerned and what to do. Nothing here reads or
writes files: :mod:`archon.api` reads the workbook, calls these functions and
writes the new event back (``archon register``, ``drop``, ``result``,
``toss``, ``finals``).

* :func:`register` / :func:`register_many`: a player gets the next number;
  a late arrival joins from the next round (rules 3.3.1);
* :func:`unregister`: a player registered by mistake, or a no-show who has
  played no game, is removed; the players after them move up one number;
* :func:`drop` / :func:`undo_drop`: the DQ flag (a reason code, The Archon's
  Methuselahs column G) takes a player out of the next seatings and of the
  final; a finalist who leaves before the final is seated is replaced by the
  next-ranked player (rules 3.1: the five highest-ranked players advance,
  and a player who left has no rank); one who leaves once the final is
  seated keeps their seat and takes a Loss there (rules 3.1.4), so the drop
  is refused and their 0 VP is recorded with the final's result;
* :func:`record_result`: a table's VPs in seat order; an impossible result
  is refused unless a judge accepts it (an :class:`~archon.rules.model.Override`);
* :func:`toss`: a reproducible fair draw (``random.Random(seed)``) for every
  tie that decides the final cut or the seeds, written as coin rankings;
* :func:`seat_final` and :func:`close_without_final` (rules 3.1.3, 3.1.6);
  :func:`finals_view` says who the finalists are and in which order they
  choose their seats (the lowest qualifier first).

Places are named by ``locate``, a function from a
:class:`~archon.rules.validation.Where` to a cell name such as ``Methuselahs!E9``
(the workbook reader's :meth:`~archon.formats.workbook.EventCells.locate`); without
it they are named in words ("player #3").
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Sequence

from archon.rules.celltext import CONTROL_CHARACTER
from archon.exits import ExitStatus
from archon.rules.editions import FINAL_SIZE, TABLE_SIZES, get_edition
from archon.rules.model import FINAL, MAX_CELL_TEXT, OUT_REASONS, Event, Final, Override, Player, Round, Table, name_key, plain_name, typed_name_forms
from archon.rules.scoring import COMPLETE, PENDING, VPError, score_table
from archon.rules.standings import PlayerStanding, Standings, Tie, compute, planned_rounds, preliminary_key, tables_without_result, unfinished_preliminaries
from archon.rules.typed import is_whole_number_text
from archon.rules.validation import Where

__all__ = [
    "EventDayError",
    "ForceNeeded",
    "WrongInput",
    "AmbiguousPlayer",
    "Change",
    "Locate",
    "find_player",
    "register",
    "register_many",
    "typed_text",
    "drop",
    "undo_drop",
    "unregister",
    "record_result",
    "toss",
    "seat_final",
    "close_without_final",
    "finals_view",
    "check_preliminary_round",
    "already_seated",
    "FinalsView",
    "Finalist",
    "preliminaries_finished",
    "unfinished",
    "NO_FINAL_MAX_PLAYERS",
]

#: A function naming a place of the event (a workbook cell), or None.
Locate = Callable[[Where], Optional[str]]

#: Rules 3.1.6: a tournament without a final has fewer than 8 players.
NO_FINAL_MAX_PLAYERS = 7

_VEKN = re.compile(r"^\d{7}$")


class EventDayError(ValueError):
    """A change the rules or the state of the event refuse (exit status 1):
    the message says where and what to do."""

    exit_status = ExitStatus.PROBLEMS


class ForceNeeded(EventDayError):
    """A refusal that ``force`` overrides (``archon seat --round N --force``):
    the message says what forcing it would replace and clear."""


class WrongInput(EventDayError):
    """What was typed names nothing in the event, or cannot be what it should
    be: no such player, round or table, a VEKN number that is not 7 digits,
    an unknown reason code, VPs that are not numbers of VPs (exit status 2)."""

    exit_status = ExitStatus.UNREADABLE


class AmbiguousPlayer(WrongInput):
    """A player given by a part of a name that several players share."""

    def __init__(self, message: str, candidates: Sequence[Player]) -> None:
        super().__init__(message)
        self.candidates = list(candidates)


@dataclass
class Change:
    """The result of an event-day function.

    ``event`` is the new event; ``lines`` say what changed, one sentence
    each; ``changed`` is False when there was nothing to do (the event is
    then the same as before). ``seed`` is the draw's seed (:func:`toss`).
    ``player`` is the player concerned, when there is one.
    """

    event: Event
    lines: list[str] = field(default_factory=list)
    changed: bool = True
    seed: Optional[int] = None
    player: Optional[Player] = None

    def __str__(self) -> str:
        return "\n".join(self.lines)


# ---------------------------------------------------------------------------
# Helpers


def _at(locate: Optional[Locate], where: Where) -> str:
    text = locate(where) if locate is not None else None
    return text or where.describe()


def _who(event: Event, number: int) -> str:
    try:
        return str(event.player(number))
    except KeyError:
        return f"#{number}"


def _vp(x: Optional[float]) -> str:
    return "-" if x is None else f"{float(x):g}"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _rounds_text(numbers: Sequence[int]) -> str:
    numbers = list(numbers)
    return ("round " if len(numbers) == 1 else "rounds ") + _and([str(n) for n in numbers])


def _seat_again(rounds: Sequence[int], force: bool = False) -> str:
    """The advice to seat ``rounds`` again with archon, the first one first
    (``force``: with --force, over rounds seated)."""
    return (f"seat {'it' if len(rounds) == 1 else 'them'} again "
            f"(archon seat FILE --round {rounds[0]}{' --force' if force else ''})")


def _new(event: Event) -> Event:
    return copy.deepcopy(event)


def unfinished(event: Event, st: Optional[Standings] = None) -> list[str]:
    """What keeps the preliminary rounds from being over, in words (empty when over)."""
    return unfinished_preliminaries(event, st if st is not None else compute(event))


@dataclass(frozen=True)
class Refusal:
    """Why an action of the event day is refused now: ``message``, what the
    command says when refused, and ``short``, the part that says when it
    will be accepted (the event console shows it beside a button it turns
    off). :func:`toss_refused`, :func:`final_seating_refused` and
    :func:`no_final_refused` are the checks the actions make."""

    message: str
    short: str

    def __str__(self) -> str:
        return self.message


#: When the actions of the final are accepted.
ONCE_PRELIMINARIES_OVER = "once every table has its result"


def _preliminaries_refused(event: Event, st: Standings, what: str) -> Optional[Refusal]:
    """Why ``what`` (e.g. "toss") is refused while a preliminary table has no result."""
    left = unfinished(event, st)
    if not left:
        return None
    return Refusal(
        f"the preliminary rounds are not over ({'; '.join(left[:3])}{'; ...' if len(left) > 3 else ''}): "
        f"{what} {ONCE_PRELIMINARIES_OVER}",
        ONCE_PRELIMINARIES_OVER,
    )


def _refuse(refusal: Optional[Refusal]) -> None:
    if refusal is not None:
        raise EventDayError(refusal.message)


def _said(message: str) -> Refusal:
    """A refusal whose message is short enough to show as it is."""
    return Refusal(message, message)


def preliminaries_finished(event: Event, st: Optional[Standings] = None) -> bool:
    """Every planned preliminary round is seated and every table scored."""
    return not unfinished(event, st)


def _final_guard(before: Event, after: Event, what: str) -> None:
    """Refuse a change that alters who reaches a final already seated, or
    undoes the preliminary results that decided it."""
    if not (after.has_final and after.final.seated):
        return
    old_st = compute(before)
    old = set(old_st.finalists)
    new_st = compute(after)
    new = set(new_st.finalists)
    seating = set(after.final.seating)
    reopened = unfinished(after, new_st) if not unfinished(before, old_st) else []
    if not reopened and (old == new or (new == seating and old != seating)):
        return  # same finalists, or the change makes them match the seated final
    gone = [_who(after, n) for n in sorted(old - new)]
    came = [_who(after, n) for n in sorted(new - old)]
    detail = []
    if gone:
        detail.append(f"{_and(gone)} would no longer reach the final")
    if came:
        detail.append(f"{_and(came)} would")
    if new_st.cut_tie is not None and not came:
        detail.append(f"a new tie would decide {new_st.cut_tie.stake(after)}")
    if reopened and not detail:
        detail.append(f"the preliminary rounds that decided it would no longer be over: {reopened[0]}")
    raise EventDayError(
        f"{what} changes who reaches the final, which is already seated "
        f"({'; '.join(detail) or 'the finalists change'}): record the final's result as played, "
        f"or clear the final table first (Final Round sheet) if it must be seated again"
    )


# ---------------------------------------------------------------------------
# Players


def find_player(event: Event, text: "str | int", locate: Optional[Locate] = None) -> Player:
    """The player ``text`` names: a player number, a VEKN number or a unique
    part of a name, accents and case ignored, "Last, First" as well as
    "First Last" (:func:`archon.rules.model.typed_name_forms`); a name typed
    exactly as registered wins over the others it is part of.

    Raises :class:`AmbiguousPlayer` listing the candidates when a part of a
    name fits several players, :class:`EventDayError` when none fits.
    """
    raw = str(text).strip()
    if not raw:
        raise WrongInput("give a player: a player number, a VEKN number or a part of a name")
    if not event.players:
        raise WrongInput(
            f"no player is registered yet: register the players first "
            f"('archon register FILE \"First Last\"' or --from players.csv)"
        )
    if raw.startswith("#") and is_whole_number_text(raw[1:]):
        raw = raw[1:]
    if is_whole_number_text(raw):
        found = [p for p in event.players if p.number == int(raw) or (p.vekn or "") == raw]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = "; ".join(
                f"{p} ({'player number' if p.number == int(raw) else 'VEKN number'} {raw})" for p in found
            )
            raise AmbiguousPlayer(
                f"{raw} is both a player number and a VEKN number: {names}; "
                f"give '#{raw}' for the player number or a part of the name",
                found,
            )
        last = max(p.number for p in event.players)
        raise WrongInput(
            f"no player has the number or VEKN number {raw}: players are numbered "
            f"{'1 to ' + str(last) if last > 1 else '1'} ('archon standings FILE' lists them)"
        )
    forms = typed_name_forms(raw)
    plain = {p.number: plain_name(p.name) for p in event.players}
    found = [p for p in event.players if any(f in plain[p.number] for f in forms)]
    key = name_key(raw)
    closest = (  # first the whole name as spelled, then the whole name, then a part with its accents
        [p for p in found if name_key(p.name) == key],
        [p for p in found if plain[p.number] in forms],
        [p for p in found if key in name_key(p.name)] if key != plain_name(raw) else [],
        found,
    )
    best = next((fit for fit in closest if len(fit) == 1), None)
    if best:
        return best[0]
    if not found:
        raise WrongInput(f"no player's name contains {raw!r} (accents and case aside; 'Last, First' works too): "
                         f"check the spelling, or give the player number")
    listed = "; ".join(f"{p} ({_at(locate, Where('player', player=p.number, field='number'))})" for p in found)
    raise AmbiguousPlayer(f"{raw!r} fits {len(found)} players: {listed}; give the player number", found)


def typed_text(text: object, field: str, source: str = "") -> str:
    """``text`` as a cell will hold it: runs of spaces, tabs and line breaks
    become one space. Text with a control character, or longer than a cell
    holds (:data:`archon.rules.model.MAX_CELL_TEXT`), is refused naming ``field``
    (:class:`WrongInput`), before anything is written."""
    raw = str(text or "")
    bad = CONTROL_CHARACTER.search(raw)
    if bad:
        raise WrongInput(
            f"{source}the {field} {_shown(raw)} holds a control character (U+{ord(bad.group(0)):04X}), "
            f"which a workbook cannot hold: type it again with letters, digits and punctuation only"
        )
    out = " ".join(raw.split())
    if len(out) > MAX_CELL_TEXT:
        raise WrongInput(
            f"{source}the {field} is {len(out):,} characters long: a workbook cell holds at most "
            f"{MAX_CELL_TEXT:,}; give the {field} itself"
        )
    return out


def _shown(text: str, width: int = 40) -> str:
    """``text`` quoted for a message, control characters escaped, cut to ``width``."""
    return repr(text if len(text) <= width else text[:width] + "...")


def _check_vekn(vekn: Optional[str], source: str) -> Optional[str]:
    if vekn is None:
        return None
    v = str(vekn).strip()
    if not v:
        return None
    if re.fullmatch(r"\d+\.0+", v):
        v = v.split(".")[0]
    if not _VEKN.match(v):
        raise WrongInput(
            f"{source}VEKN number {v!r} is not 7 digits: check it on vekn.net, or leave it out "
            f"(a new member gets one from the organizer's Prince)"
        )
    return v


def _registration_state(event: Event, proposed: Iterable[int]) -> tuple[int, list[int]]:
    """(the round a player registered now joins from, rounds already seated without them)."""
    proposed = set(proposed)
    started = [r.number for r in event.rounds if r.has_results()]
    joins = max(started, default=0) + 1
    seated = sorted(
        r.number for r in event.rounds
        if r.tables and r.number >= joins and r.number not in proposed
    )
    return joins, seated


def register(
    event: Event,
    first_name: str,
    last_name: str = "",
    *,
    vekn: Optional[str] = None,
    city: Optional[str] = None,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Register a player under the next player number.

    A player registered once a round has results is a late arrival: they
    join from the next round (rules 3.3.1). ``proposed``: rounds the
    workbook shows from The Archon's optimal seating chart without typed
    seats or results; they follow the number of players, so the new event
    leaves them out (the workbook's formulas seat them again).
    """
    return register_many(
        event, [(first_name, last_name, vekn, city, None)], proposed=proposed, locate=locate
    )


def register_many(
    event: Event,
    rows: Sequence[object],
    *,
    source: str = "",
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Register several players (all or none), numbered in order.

    ``rows``: ``(first name, last name, VEKN number, city, line)`` tuples or
    objects with those attributes (:class:`archon.formats.players_csv.PlayerRow`);
    ``line`` names the row of ``source`` (a file name) in messages.
    """
    proposed = set(proposed)
    ev = _new(event)
    if ev.final.seated:
        raise EventDayError(
            "the final is seated: the event is over for registration (rules 3.3.1: a late arrival "
            "joins at the start of a preliminary round)"
        )
    joins, seated_without = _registration_state(ev, proposed)
    if joins > planned_rounds(ev):
        raise EventDayError(
            f"every preliminary round has results (round {joins - 1} of {ev.format}): a late arrival "
            f"can no longer join (rules 3.3.1: they begin play at the start of the next round)"
        )
    added = _players_to_register(ev, rows, source, locate)
    _check_room_without_final(ev, added)
    ev.players.extend(added)
    lines = _registered_lines(event, ev, added, joins, seated_without, proposed)
    return Change(ev, lines, player=added[0] if len(added) == 1 else None)


def _row_fields(row: object) -> tuple:
    """(first name, last name, VEKN number, city, line) of a row given as
    a tuple or as an object with those attributes."""
    if isinstance(row, tuple):
        return tuple((list(row) + [None] * 5)[:5])
    return (getattr(row, "first_name", ""), getattr(row, "last_name", ""), getattr(row, "vekn", None),
            getattr(row, "city", None), getattr(row, "line", None))


def _players_to_register(ev: Event, rows: Sequence[object], source: str, locate: Optional[Locate]) -> list[Player]:
    """The new players, numbered after the last one: each with a name, a
    well-formed VEKN number or none, and neither already registered nor
    listed twice (messages name ``source``'s line)."""
    names = {name_key(p.name): p for p in ev.players if p.name}
    vekns = {p.vekn: p for p in ev.players if p.vekn}
    new_names: dict[str, str] = {}
    new_vekns: dict[str, str] = {}
    added: list[Player] = []
    number = max((p.number for p in ev.players), default=0)
    for row in rows:
        first, last, vekn, city, line = _row_fields(row)
        here = f"{source}, line {line}: " if source and line else ""
        first = typed_text(first, "first name", here)
        last = typed_text(last, "last name", here)
        full = " ".join(x for x in (first, last) if x)
        if not full:
            raise WrongInput(f"{here}give the player's name (first and last name)")
        v = _check_vekn(vekn, here)
        key = name_key(full)
        if key in names:
            p = names[key]
            raise EventDayError(
                f"{here}{full} is already registered: "
                f"{_at(locate, Where('player', player=p.number, field='first_name'))}, {p}; "
                f"give the new player's full name if they are someone else"
            )
        if key in new_names:
            raise EventDayError(f"{here}{full} is listed twice ({new_names[key]})")
        if v and v in vekns:
            p = vekns[v]
            raise EventDayError(
                f"{here}VEKN number {v} is already registered: "
                f"{_at(locate, Where('player', player=p.number, field='vekn'))}, {p}"
            )
        if v and v in new_vekns:
            raise EventDayError(f"{here}VEKN number {v} is listed twice ({new_vekns[v]})")
        new_names[key] = f"line {line}" if line else full
        if v:
            new_vekns[v] = f"line {line}" if line else full
        number += 1
        city_text = typed_text(city, "city", here) if city else None
        added.append(Player(number, first, last, city=city_text or None, vekn=v))
    if not added:
        raise EventDayError(f"{source or 'the players list'} has no player to register")
    return added


def _check_room_without_final(ev: Event, added: list[Player]) -> None:
    """Rules 3.1.6: an event without a final, once seated, admits no player
    who would make it too large for one."""
    if not ev.has_final and any(r.tables for r in ev.rounds):
        playing = sum(1 for p in ev.players if not p.is_out) + len(added)
        if playing > NO_FINAL_MAX_PLAYERS:
            raise EventDayError(
                f"this event runs without a final: rules 3.1.6 admit no player between rounds when "
                f"that makes {NO_FINAL_MAX_PLAYERS + 1} or more players ({playing} with "
                f"{'this one' if len(added) == 1 else 'these'})"
            )


def _registered_lines(event: Event, ev: Event, added: list[Player], joins: int, seated_without: list[int],
                      proposed: set[int]) -> list[str]:
    """What ``archon register`` says: each player registered (a late
    arrival's first round), rounds already seated without them, and The
    Archon's chart rounds it clears from ``ev``."""
    lines = []
    late = joins > 1
    for p in added:
        where = f" ({p.city})" if p.city else ""
        vekn_text = f", VEKN {p.vekn}" if p.vekn else ", no VEKN number yet"
        text = f"registered {p}{where}{vekn_text}"
        if late:
            text += f": a late arrival, joins from round {joins} (rules 3.3.1)"
        lines.append(text)
    if seated_without:
        lines.append(_seat_again_advice(seated_without, "them" if len(added) > 1 else str(added[0])))
    chart = sorted(k for k in proposed if any(r.number == k and r.tables for r in event.rounds))
    if chart:
        ev.rounds = [r for r in ev.rounds if r.number not in proposed]
        if late:
            lines.append(
                f"{_rounds_text(chart)}: The Archon's optimal seating chart now seats "
                f"{len(ev.players)} players; it does not know who played "
                f"{_rounds_text(list(range(1, joins)))}: seat {'them' if len(chart) > 1 else 'it'} "
                f"with 'archon seat FILE --round {chart[0]}' instead"
            )
    return lines


def _seat_again_advice(seated_without: list[int], who: str) -> str:
    """What to do about rounds seated, none played, before ``who`` registered:
    seat the first again if it has not started (with --force when later
    rounds are seated too: they are cleared), else the next one."""
    first, *later = seated_without
    text = f"{_rounds_text(seated_without)} already seated without {who}: if round {first} has not started, "
    if not later:
        return text + f"{_seat_again([first], force=True)}, else they join from round {first + 1}"
    return text + (
        f"seat it again (archon seat FILE --round {first} --force: this clears the seating of "
        f"{_rounds_text(later)}; seat {'it' if len(later) == 1 else 'them'} after), else they join from "
        f"round {first + 1}: seat it again before it starts (archon seat FILE --round {first + 1} --force)"
    )


def drop(
    event: Event,
    player: "str | int",
    reason: str = "WD",
    *,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Flag a player out (The Archon's DQ flag, with a reason code).

    ``reason`` is one of :data:`archon.rules.model.OUT_REASONS` (WD: withdrew, DQ:
    disqualified, ...). A flagged player is left out of the next seatings and
    of the final; their results so far stay. Refused for a player seated at
    a final table that is already seated (rules 3.1.4: they keep their seat
    and take a Loss).
    """
    ev = _new(event)
    p = find_player(ev, player, locate)
    code = str(reason or "").strip().upper()
    if code not in OUT_REASONS:
        codes = ", ".join(f"{k} ({v})" for k, v in OUT_REASONS.items())
        raise WrongInput(f"reason {reason!r} is not a code The Archon knows: use one of {codes}")
    flag_cell = _at(locate, Where("player", player=p.number, field="out"))
    if p.is_out:
        raise EventDayError(
            f"{p} is already out ({p.out}, {flag_cell}): nothing to do; "
            f"'archon drop FILE {p.number} --undo' puts them back"
        )
    if ev.has_final and ev.final.seated and p.number in ev.final.seating:
        raise EventDayError(
            f"{p} is seated at the final table: a player who leaves once the seating is made "
            f"takes a Loss in that round (rules 3.1.4): record the final's result with 0 VP for them "
            f"(archon result FILE --final ...; add --override \"reason\" if the other VPs cannot add up)"
        )
    before = compute(ev)
    st_before = before.by_number()
    p.out = code
    after = compute(ev)
    lines = [f"{p} is out ({code}: {OUT_REASONS[code]}): left out of the next seatings and of the final"]
    lines += _still_seated_lines(after, p.number, set(proposed))
    # Who reaches the final, and a tie for its last place, are known once
    # the preliminary rounds are over (as 'archon finals' says): not before.
    if ev.has_final and st_before[p.number].finalist and not unfinished(ev, after):
        came = [n for n in after.finalists if n not in before.finalists]
        if came:
            lines.append(
                f"{_and([_who(ev, n) for n in came])} now reaches the final in their place "
                f"(the next-ranked player, rules 3.1)"
            )
        if after.cut_tie is not None:
            lines.append(f"{after.cut_tie.describe(ev)}: run 'archon toss FILE'")
    return Change(ev, lines, player=p)


def _still_seated_lines(after, number: int, proposed: set[int]) -> list[str]:
    """What to do about each table without a result where a dropped player
    is still seated: a chart round to seat again, or a round begun (a Loss)."""
    lines = []
    for rs in after.rounds:
        for t in rs.tables:
            if number not in t.players:
                continue
            if t.result is not None and t.result.scored:
                continue
            if rs.number in proposed:
                lines.append(
                    f"The Archon's optimal seating chart still seats them in round {rs.number}: "
                    f"seat that round with 'archon seat FILE --round {rs.number}'"
                )
            else:
                lines.append(
                    f"they are seated at round {rs.number}, table {t.number}, which has no result yet: "
                    f"if that round has begun they take a Loss there (rules 3.1.4): record the table's "
                    f"VPs as played; else seat the round again without them "
                    f"(archon seat FILE --round {rs.number} --force)"
                )
    return lines


def undo_drop(event: Event, player: "str | int", *, locate: Optional[Locate] = None) -> Change:
    """Clear a player's DQ flag: they play again (``archon drop --undo``)."""
    ev = _new(event)
    p = find_player(ev, player, locate)
    if not p.is_out:
        raise EventDayError(f"{p} is not out: nothing to undo")
    was = p.out
    p.out = None
    _final_guard(event, ev, f"putting {p} back")
    return Change(ev, [f"{p} plays again (flag {was} cleared)"], player=p)


def unregister(
    event: Event,
    player: "str | int",
    *,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Remove a player registered by mistake, or a no-show who has played no game.

    The players after them move up one number, everywhere the number
    appears (Methuselahs, the round sheets, the final table, the judges'
    warnings): The Archon's
    seating chart seats the players numbered 1 to N and its formulas count
    the players of column A, so a number left free would seat a player who
    does not exist and leave the last one out. At a table of a round seated
    without results they leave their seat and the players after them move up
    one seat: a table of 5 stays a table of 4, the other tables as they
    were; a table left with 3 is named, with the command that seats its
    round again. Refused for a player who has played (a table with a
    result, the final) or sits in a round under way: drop them instead.
    ``proposed``: rounds only shown by The Archon's chart (they follow the
    number of players by themselves).
    """
    ev = _new(event)
    p = find_player(ev, player, locate)
    _refuse_unregistering(ev, p, set(proposed))
    seats_left = _leave_the_tables(ev, p, set(proposed))
    ev.players = [q for q in ev.players if q.number != p.number]
    moved = _close_the_gap(ev, p.number)
    lines = [f"unregistered {p}: {len(ev.players)} players remain"]
    if moved:
        lines.append(f"players #{moved[0] + 1} to #{moved[-1] + 1} move up one number "
                     f"(now #{moved[0]} to #{moved[-1]}), on every sheet")
    return Change(ev, lines + seats_left, player=p)


def _leave_the_tables(ev: Event, p: Player, proposed: set[int]) -> list[str]:
    """Take ``p`` out of every table of a round seated without results (the
    players after them move up one seat); a round where that leaves a table
    of 3 is cleared instead (The Archon holds no such table). What became
    of each table, in words."""
    lines = []
    cleared = []
    for r in sorted(ev.rounds, key=lambda r: r.number):
        spot = next(((k, t) for k, t in enumerate(r.tables, start=1) if p.number in t.players), None)
        if spot is None or r.number in proposed:
            continue
        k, t = spot
        t.players = [n for n in t.players if n != p.number]
        t.vps = [None] * len(t.players)
        if len(t.players) in TABLE_SIZES:
            lines.append(f"round {r.number}, table {k}: {p} leaves their seat; the table seats "
                         f"{len(t.players)}, the players after them move up one seat")
            continue
        r.tables = []
        cleared.append((r.number, k, len(t.players)))
    for n, k, size in cleared:
        later = any(o.tables for o in ev.rounds if o.number > n and o.number not in proposed)
        lines.append(
            f"round {n}, table {k} would be left with {size} players (a table seats {min(TABLE_SIZES)} or "
            f"{max(TABLE_SIZES)}): round {n}'s seating is cleared; {_seat_again([n], force=later)}"
        )
    return lines


def _refuse_unregistering(ev: Event, p: Player, proposed: set[int]) -> None:
    """A player who has played, or sits at a table of a round under way, is dropped, not unregistered."""
    drop_instead = f"drop them instead (archon drop FILE {p.number}): their results stay and they leave the event"
    if ev.final.seated and p.number in ev.final.seating:
        raise EventDayError(f"{p} is seated at the final table: {drop_instead}")
    warned = [w for w in ev.warnings if w.player == p.number]
    if warned:
        raise EventDayError(
            f"{p} has a judge's warning ({warned[0].reason}), which the head judge reports to the VEKN: "
            f"{drop_instead}"
        )
    for r in sorted(ev.rounds, key=lambda r: r.number):
        if r.number in proposed:
            continue
        begun = r.has_results()
        for k, t in enumerate(r.tables, start=1):
            if p.number not in t.players:
                continue
            if any(v is not None for v in t.vps):
                raise EventDayError(f"{p} has played (round {r.number}, table {k} has a result): {drop_instead}")
            if begun:
                raise EventDayError(
                    f"{p} is seated at round {r.number}, table {k}, and round {r.number} has begun: "
                    f"{drop_instead}, and record their table as played"
                )


def _close_the_gap(ev: Event, number: int) -> list[int]:
    """Move every player numbered after ``number`` up one number, in the
    players, the rounds, the final and the judges' warnings; returns their
    new numbers."""

    def new(n: int) -> int:
        return n - 1 if n > number else n

    moved = []
    for q in ev.players:
        if q.number > number:
            q.number -= 1
            moved.append(q.number)
    for r in ev.rounds:
        for t in r.tables:
            t.players = [new(n) for n in t.players]
    ev.final.seating = [new(n) for n in ev.final.seating]
    for w in ev.warnings:
        w.player = new(w.player)
    return sorted(moved)


# ---------------------------------------------------------------------------
# Results


@dataclass
class _Spot:
    """The table a result is recorded on: ``key`` is the round number or
    :data:`~archon.rules.model.FINAL`; ``players`` in seat order; ``old`` the VPs
    it holds."""

    label: str
    key: "int | str"
    table: int
    players: list[int]
    old: list[Optional[float]]

    @property
    def is_final(self) -> bool:
        return self.key == FINAL


def record_result(
    event: Event,
    round: "int | str",
    table: int,
    vps: Sequence[Optional[float]],
    *,
    override: Optional[str] = None,
    replace: bool = False,
    locate: Optional[Locate] = None,
) -> Change:
    """Record a table's VPs in seat order (``round`` = 1..3, or ``"F"`` for the final).

    The result must be one a game can end with (:func:`archon.rules.scoring.score_table`
    says ``complete``); otherwise it is refused with the reason, unless
    ``override`` gives a judge's reason for accepting it, recorded as an
    :class:`~archon.rules.model.Override` (The Archon's Override sheet). A table
    that already has a complete, different result is refused, showing it,
    unless ``replace`` (a mistyped round or table number must not destroy a
    real result).
    """
    ev = _new(event)
    if isinstance(round, str) and round.strip().upper() in (FINAL, "FINAL"):
        spot = _final_table(ev)
    else:
        spot = _preliminary_table(ev, round, table, locate)
    values = _vps_for(ev, spot, vps)
    result, lines, accepted = _judge_result(ev, spot, values, override)
    _refuse_replacing(ev, spot, values, replace)
    if spot.is_final:
        ev.final = Final(spot.players, values)
    else:
        next(r for r in ev.rounds if r.number == spot.key).tables[spot.table - 1].vps = values
    lines[:0] = _result_lines(ev, spot, values, result)
    if accepted:
        lines.append(accepted)
    if not spot.is_final:
        _final_guard(event, ev, f"this result for {spot.label}")
    else:
        st = compute(ev)
        if st.final is not None and st.final.winner is not None:
            lines.append(f"winner: {_who(ev, st.final.winner)}")
    return Change(ev, lines)


def _final_table(ev: Event) -> _Spot:
    """The final table, refused when the event has none or it is not seated."""
    if not ev.has_final:
        raise EventDayError("this event closes without a final (rules 3.1.6): there is no final to record")
    if not ev.final.seated:
        raise EventDayError("the final is not seated: record its seating first (archon finals FILE --seating ...)")
    return _Spot("the final", FINAL, 1, list(ev.final.seating), list(ev.final.vps))


def _preliminary_table(ev: Event, round: "int | str", table: int, locate: Optional[Locate]) -> _Spot:
    """Table ``table`` of preliminary round ``round``, refused when the event
    has no such round or table, or the table's seating is wrong."""
    try:
        k = int(round)
    except (TypeError, ValueError):
        raise WrongInput(f"round {round!r}: give a round number (1 to {planned_rounds(ev)})") from None
    rnd = next((r for r in ev.rounds if r.number == k and r.tables), None)
    if rnd is None and not 1 <= k <= planned_rounds(ev):
        raise WrongInput(
            f"round {k}: this is a {ev.format} event, with {planned_rounds(ev)} preliminary rounds "
            f"(1 to {planned_rounds(ev)}); the final is recorded with --final"
        )
    if rnd is None:
        raise EventDayError(
            f"round {k} is not seated: seat it first (archon seat FILE --round {k}), "
            f"or type its seating on the 'Round {k}' sheet"
        )
    if not 1 <= table <= len(rnd.tables):
        raise WrongInput(f"round {k} has {len(rnd.tables)} tables (1 to {len(rnd.tables)}), not table {table}")
    t = rnd.tables[table - 1]
    if not t.players:
        raise EventDayError(f"round {k}, table {table} has nobody seated")
    spot = _Spot(f"round {k}, table {table}", k, table, list(t.players), list(t.vps))
    _check_seating(ev, rnd, spot, locate)
    return spot


def _check_seating(ev: Event, rnd: Round, spot: _Spot, locate: Optional[Locate]) -> None:
    """VPs go to the players seated: a seating typed wrong is corrected first."""
    players = spot.players
    for i, n in enumerate(players, start=1):
        cell = _at(locate, Where("seat", round=rnd.number, table=spot.table, seat=i, player=n, field="player"))
        if players.index(n) + 1 != i:
            raise EventDayError(
                f"{spot.label}: {_who(ev, n)} is seated twice (seats {players.index(n) + 1} and {i}, {cell}): "
                f"correct the seating, then record the result"
            )
        other = next((j for j, o in enumerate(rnd.tables, start=1) if j != spot.table and n in o.players), None)
        if other is not None:
            raise EventDayError(
                f"{spot.label}: {_who(ev, n)} ({cell}) is also seated at table {other} of round {rnd.number}: "
                f"correct the seating, then record the result"
            )


def _vps_for(ev: Event, spot: _Spot, vps: Sequence[Optional[float]]) -> list[Optional[float]]:
    """The VPs as numbers, one per seat, refused when they are not."""
    if len(vps) != len(spot.players):
        seated = ", ".join(_who(ev, n) for n in spot.players)
        raise WrongInput(
            f"{spot.label} seats {len(spot.players)} players ({seated}): give {len(spot.players)} VPs in "
            f"seat order, not {len(vps)}"
        )
    return [None if v is None else float(v) for v in vps]


def _refuse_replacing(ev: Event, spot: _Spot, values: list[Optional[float]], replace: bool) -> None:
    """A table with a complete result keeps it unless ``replace`` is given."""
    if replace or any(v is None for v in spot.old) or spot.old == values:
        return
    recorded = "; ".join(f"seat {i} {_who(ev, n)} {_vp(v)} VP"
                         for i, (n, v) in enumerate(zip(spot.players, spot.old), start=1))
    raise EventDayError(
        f"{spot.label} already has a result: {recorded}. Nothing changed: check the round and table "
        f"numbers; to change this result, run the command again with --replace"
    )


def _judge_result(ev: Event, spot: _Spot, values: list[Optional[float]], override: Optional[str]):
    """Score the table; an impossible result needs a judge's ``override``.

    Updates the event's overrides and returns (the scored result, lines to
    say first, the line saying a judge accepted it or "")."""
    try:
        result = score_table(values, ev.edition)
    except VPError as exc:
        raise WrongInput(f"{spot.label}: {exc}") from None
    lines: list[str] = []
    existing = ev.override_for(spot.key, spot.table)
    if result.status == COMPLETE:
        if override is not None:
            lines.append(f"{spot.label}: the result is legal, no override needed: none recorded")
        if existing is not None:
            ev.overrides = [o for o in ev.overrides if not _same_table(o, spot.key, spot.table)]
            lines.append(f"{spot.label}: the judge's override ({existing.reason!r}) is removed: the result is legal")
        return result, lines, ""
    if override is None:
        check = ("type every VP the table scored, in seat order; a table still playing is recorded once its "
                 "game is over (until then it stays pending)" if result.status == PENDING
                 else "check the VPs with the table")
        advice = f"{check}; if a judge accepts this result, record it with --override \"the judge's reason\""
        if existing is not None:
            advice += f" (this table has an override: {existing.reason!r}; give --override to keep one)"
        raise EventDayError(f"{spot.label}: {result.status} result: {result.reason}: {advice}")
    reason = typed_text(override, "judge's reason", f"{spot.label}: ")
    if not reason:
        raise WrongInput(f"{spot.label}: --override needs the judge's reason, e.g. --override \"player 12 ejected\"")
    ev.overrides = [o for o in ev.overrides if o is not existing and not _same_table(o, spot.key, spot.table)]
    ev.overrides.append(Override(spot.key, spot.table, reason))
    result = score_table(values, ev.edition, override=reason)
    return result, lines, f"{spot.label} accepted by a judge ({reason}), recorded on the Override sheet"


def _result_lines(ev: Event, spot: _Spot, values: list[Optional[float]], result) -> list[str]:
    """What the table now holds, seat by seat, and the result it replaces."""
    seats = []
    for i, (n, seat) in enumerate(zip(spot.players, result.seats), start=1):
        gw = ", GW" if seat.gw and not spot.is_final else ""
        seats.append(f"seat {i} {_who(ev, n)} {_vp(seat.vp)} VP{gw}")
    lines = [f"{spot.label}: " + "; ".join(seats)]
    if any(v is not None for v in spot.old) and spot.old != values:
        lines.append(f"replaces {' '.join(_vp(v) for v in spot.old)}")
    return lines


def _same_table(o: Override, key: "int | str", table: int) -> bool:
    if str(key).upper() == FINAL:
        return str(o.round).upper() == FINAL
    return str(o.round) == str(key) and o.table == table


# ---------------------------------------------------------------------------
# Coin toss


def _stats(s: PlayerStanding, keys: Sequence[str]) -> str:
    return ", ".join(f"{k.upper()} {float(getattr(s, k) or 0):g}" for k in keys)


def toss(event: Event, seed: int) -> Change:
    """Break every unresolved tie for a place in the top five with a fair draw.

    The draw is ``random.Random(seed)``: the same seed gives the same draw.
    Each tied player gets a coin ranking (The Archon's Methuselahs column M;
    1 = won the toss). As The Archon computes it, a player without a coin
    ranking ties with the worst coin given anywhere, so every player of a
    tied group (players equal on the edition's keys, GW, VP and TP) gets a
    distinct coin ranking, keeping the order coin rankings already gave:
    the order is then total whatever coins other players hold. Refused
    before the preliminary rounds are over, and once the final has a result.
    """
    ev = _new(event)
    st = compute(ev)
    _refuse(toss_refused(ev, st))
    if not st.ties:
        return Change(ev, ["no tie to break: the top five are decided"], changed=False, seed=seed)
    rng = random.Random(seed)
    keys = st.edition.ranking_keys
    lines = [f"draw seed {seed}"]
    first_ties = list(st.ties)
    for _ in range(FINAL_SIZE + 1):
        st = compute(ev)
        if not st.ties:
            break
        tie = st.ties[0]
        _toss_group(ev, st, tie, keys, rng, lines)
    st = compute(ev)
    if st.ties:  # pragma: no cover - the coins above make every order total
        raise EventDayError("the toss left a tie unresolved: " + "; ".join(t.describe(ev) for t in st.ties))
    _final_guard(event, ev, "this draw")
    by = st.by_number()
    for tie in first_ties:
        if tie.at_cut and ev.has_final:
            ins = [n for n in tie.players if by[n].finalist]
            outs = sorted((n for n in tie.players if not by[n].finalist), key=lambda n: by[n].rank or 0)
            lines.append(
                f"{_and([_who(ev, n) for n in ins])} reach{'es' if len(ins) == 1 else ''} the final; "
                + "; ".join(f"{_who(ev, n)} is {by[n].rank}{_suffix(by[n].rank or 0)}" for n in outs)
            )
    return Change(ev, lines, seed=seed)


def toss_refused(event: Event, st: Optional[Standings] = None) -> Optional[Refusal]:
    """Why :func:`toss` is refused now (``None``: it may run): before the
    preliminary rounds are over, and for a tie once the final has a result."""
    st = st if st is not None else compute(event)
    refused = _preliminaries_refused(event, st, "toss")
    if refused is None and st.ties and st.final is not None and st.final.played:
        refused = _said("the final has a result: the seeds can no longer change")
    return refused


def _suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _toss_group(ev: Event, st: Standings, tie: Tie, keys: Sequence[str], rng: random.Random, lines: list[str]) -> None:
    by = st.by_number()
    pk = preliminary_key(by[tie.players[0]], st.edition)
    group = [s for s in st.players if not s.player.is_out and preliminary_key(s, st.edition) == pk]
    coins = [p.coin for p in ev.players if p.coin]
    max_coin = max(coins) if coins else 0

    def order(s: PlayerStanding) -> int:  # The Archon's coin arithmetic: higher is better
        return (max_coin - s.player.coin) if s.player.coin else 0

    blocks: dict[int, list[PlayerStanding]] = {}
    for s in group:
        blocks.setdefault(order(s), []).append(s)
    tied = set(tie.players)
    coin = 0
    for value in sorted(blocks, reverse=True):
        members = sorted(blocks[value], key=lambda s: s.number)
        if {s.number for s in members} == tied:
            drawn = [s.number for s in members]
            rng.shuffle(drawn)
            parts = []
            for n in drawn:
                coin += 1
                ev.player(n).coin = coin
                parts.append(f"{_who(ev, n)} coin {coin}")
            lines.append(
                f"places {tie.first} to {tie.last} ({tie.stake(ev)}; tied on {_stats(members[0], keys)}): "
                f"{_who(ev, drawn[0])} won the toss — " + ", ".join(parts)
            )
        elif len(members) == 1:
            coin += 1
            ev.player(members[0].number).coin = coin
        else:
            # a tie below the top five: one coin for all keeps it a tie
            coin += 1
            for s in members:
                ev.player(s.number).coin = coin


# ---------------------------------------------------------------------------
# The final


#: What ``archon finals`` and the event console say of the final: an event
#: without one, the order of the seat choice and how it goes (rules 3.1.3).
NO_FINAL_SAID = "This event closes without a final (rules 3.1.6): the preliminary standings are final."
SEAT_CHOICE = "Seat choice (rules 3.1.3): the lowest qualifier places first"
SEAT_CHOICE_HOW = ("Each places their card at either end of the row or between two cards; the row, read "
                   "left to right, is the seat order; the judge then draws who plays first (seat 1).")


@dataclass
class Finalist:
    """A finalist (or a player tied for a place in the final)."""

    seed: Optional[int]
    player: Player
    standing: PlayerStanding

    @property
    def number(self) -> int:
        return self.player.number


@dataclass
class FinalsView:
    """What ``archon finals FILE`` shows.

    ``finalists`` by seed; ``choosing_order``: the order in which they place
    their cards (rules 3.1.3: the lowest qualifier first, seed 5 then 4 ...
    then seed 1); ``ties``: unresolved ties in the top five (``archon
    toss``); ``unfinished``: what keeps the preliminary rounds from being
    over; ``seating`` the final table as recorded (seat order) with
    ``seeds``; ``winner`` once it has a result; ``refused``: why each action
    of the final is refused now (a :class:`Refusal`, ``None`` when it would
    be done): ``"toss"``, ``"seat_final"``, ``"no_final"``.
    """

    has_final: bool
    finalists: list[Finalist]
    choosing_order: list[Finalist]
    ties: list[Tie]
    unfinished: list[str]
    seating: list[int]
    seeds: list[Optional[int]]
    vps: list[Optional[float]]
    winner: Optional[int]
    standings: Standings
    refused: dict = field(default_factory=dict)

    @property
    def title(self) -> str:
        """What the list of finalists is: the finalists once the preliminary
        rounds are over, the current leaders before."""
        return "Finalists" if not self.unfinished else "Current leaders (the preliminary rounds are not over)"

    @property
    def ready(self) -> bool:
        """The final can be seated: preliminaries over, no tie in the top five."""
        return self.has_final and not self.unfinished and not self.ties

    @property
    def waiting_for_toss(self) -> bool:
        """The preliminaries are over and a tie at the cut (who reaches the
        final) waits for ``archon toss``."""
        return not self.unfinished and any(t.at_cut for t in self.ties)


def finals_view(event: Event, st: Optional[Standings] = None) -> FinalsView:
    """The finalists, their seeds and the order they choose their seats in
    (``st``: the event's standings, when the caller has them)."""
    st = st if st is not None else compute(event)
    by = st.by_number()
    finalists = [Finalist(by[n].seed, by[n].player, by[n]) for n in st.finalists]
    finalists.sort(key=lambda f: (f.seed if f.seed is not None else FINAL_SIZE + 1, f.number))
    ready = not st.ties and all(f.seed is not None for f in finalists)
    choosing = list(reversed(finalists)) if ready else []
    seats = st.final.seeds if st.final is not None else []
    return FinalsView(
        has_final=event.has_final,
        finalists=finalists,
        choosing_order=choosing,
        ties=list(st.ties),
        unfinished=unfinished(event, st),
        seating=list(event.final.seating),
        seeds=list(seats),
        vps=list(event.final.vps),
        winner=st.final.winner if st.final is not None else None,
        standings=st,
        refused={"toss": toss_refused(event, st), "seat_final": final_seating_refused(event, st),
                 "no_final": no_final_refused(event)},
    )


def seat_final(event: Event, seating: Sequence[int], *, locate: Optional[Locate] = None) -> Change:
    """Record the final table: the finalists' player numbers in seat order.

    Seat 1 is the player who plays first (the judge draws who, rules 3.1.3).
    Refused before the preliminary rounds are over, while a tie in the top
    five is unresolved (``archon toss``), once the final has a result, and
    for a seating that is not exactly the finalists.
    """
    ev = _new(event)
    st = compute(ev)
    _refuse(final_seating_refused(ev, st))
    finalists = list(st.finalists)
    by = st.by_number()
    names = ", ".join(f"{_who(ev, n)} (seed {by[n].seed})" for n in finalists)
    known = ev.players_by_number()
    seen: set[int] = set()
    for i, n in enumerate(seating, start=1):
        if n in seen:
            raise EventDayError(f"seat {i}: {_who(ev, n)} is already at seat {list(seating).index(n) + 1}")
        seen.add(n)
        if n not in known:
            raise WrongInput(f"seat {i}: no player has the number {n}; the finalists are {names}")
        if n not in finalists:
            p = known[n]
            why = f"out ({p.out})" if p.is_out else f"ranked {by[n].rank}"
            raise EventDayError(f"seat {i}: {p} is not a finalist ({why}); the finalists are {names}")
    missing = [n for n in finalists if n not in seen]
    if missing:
        raise EventDayError(
            f"{_and([_who(ev, n) for n in missing])} missing: the final seats every finalist ({names})"
        )
    previous = list(ev.final.seating)
    ev.final = Final(list(seating))
    seats = "; ".join(f"seat {i} {_who(ev, n)} (seed {by[n].seed})" for i, n in enumerate(seating, start=1))
    lines = [f"final table: {seats}"]
    if previous and previous != list(seating):
        lines.append(f"replaces the seating {', '.join(str(n) for n in previous)}")
    return Change(ev, lines, changed=previous != list(seating))


def final_seating_refused(event: Event, st: Optional[Standings] = None) -> Optional[Refusal]:
    """Why :func:`seat_final` is refused now whatever the seating (``None``:
    the finalists may be seated): no final, the preliminary rounds not over,
    a tie in the top five, a final with a result, too few finalists."""
    if not event.has_final:
        return _said("this event closes without a final (rules 3.1.6): there is no final to seat")
    st = st if st is not None else compute(event)
    refused = _preliminaries_refused(event, st, "seat the final")
    if refused is not None:
        return refused
    if st.ties:
        return Refusal("; ".join(t.describe(event) for t in st.ties) + ": run 'archon toss FILE' first",
                       "once the toss has decided the tie")
    if any(v is not None for v in event.final.vps):
        return _said("the final already has a result: clear its VPs on the Final Round sheet before seating it again")
    if len(st.finalists) not in TABLE_SIZES:
        return _said(
            f"only {len(st.finalists)} players can reach the final: a final table seats "
            f"{' or '.join(str(s) for s in TABLE_SIZES)}; close the event without a final "
            f"(archon finals FILE --none) if the rules allow it"
        )
    return None


def no_final_refused(event: Event) -> Optional[Refusal]:
    """Why :func:`close_without_final` is refused (``None``: the event may
    close without a final): a final seated, rules without it, too many players."""
    if not event.has_final:
        return None
    if event.final.seated:
        return _said("the final is seated: clear the final table (Final Round sheet) before closing the event without it")
    ed = get_edition(event.edition)
    if not ed.no_final_allowed:
        return _said(
            f"this event runs under the {ed.name} rules ({ed.title}), which have no tournament without a final "
            f"(rules 3.1.6 came later): seat the final ('archon finals FILE')"
        )
    if len(event.players) > NO_FINAL_MAX_PLAYERS:
        return _said(
            f"{len(event.players)} players entered: rules 3.1.6 allow a tournament without a final only "
            f"with fewer than {NO_FINAL_MAX_PLAYERS + 1} players"
        )
    return None


def close_without_final(event: Event) -> Change:
    """Close the event without a final (rules 3.1.6: fewer than 8 players).

    The preliminary standings are then the final standings.
    """
    ev = _new(event)
    if not ev.has_final:
        return Change(ev, ["this event already closes without a final"], changed=False)
    _refuse(no_final_refused(ev))
    ev.has_final = False
    lines = ["this event closes without a final (rules 3.1.6): the preliminary standings are the final standings"]
    st = compute(ev)
    if preliminaries_finished(ev, st) and st.winner is not None and not st.ties:
        lines.append(f"winner: {_who(ev, st.winner)}")
    elif st.ties and preliminaries_finished(ev, st):
        lines.append("; ".join(t.describe(ev) for t in st.ties) + ": run 'archon toss FILE'")
    return Change(ev, lines)


# ---------------------------------------------------------------------------
# Seating a preliminary round (archon seat FILE --round N)


def seat_round(
    event: Event,
    round_number: int,
    *,
    seed: int,
    force: bool = False,
    time_budget: Optional[float] = None,
    progress=None,
    proposed: Iterable[int] = (),
) -> Change:
    """Seat preliminary round ``round_number`` with archon's seating engine.

    The rounds before it stay as they were and count in the criteria;
    players flagged out are left out, players registered since are in. The
    remaining rounds of the event are planned together (so a staggered
    event of 6, 7 or 11 players stays fair) and round ``round_number`` of
    that plan is kept. Players are shuffled with ``seed`` first: groups are
    random (rules 3.1.2), not by registration order. The same event and seed
    give the same seating. When the players left cannot all end with the
    same number of games (a drop leaving 6, 7 or 11 players mid-event), the
    round seats as many as tables of 4 and 5 hold and the players who have
    played most sit out.

    Refused: a round outside the event's format, an earlier round not seated
    yet, a later round with results, and unless ``force`` a round that
    already has results or a later round seated (``force`` clears a later
    round's seating, which has no result). ``proposed``: rounds only shown
    by The Archon's chart formulas (no seat typed): they do not count as
    seated.
    """
    proposed = set(proposed)
    seated = _seated_rounds_before(event, round_number, proposed, force)
    present = [p.number for p in sorted(event.players, key=lambda p: p.number) if not p.is_out]
    if not event.players:
        raise EventDayError(f"no player is registered yet: register the players first, then seat round {round_number}")
    if len(present) < min(TABLE_SIZES):
        raise EventDayError(f"{len(present)} players still playing: a table needs at least {min(TABLE_SIZES)}")
    random.Random(f"archon-seat:{seed}:{round_number}").shuffle(present)
    fixed = [[list(t.players) for t in seated[k].tables] for k in range(1, round_number)]
    rounds = planned_rounds(event)  # the declared rounds stay as declared (Tournament Info)
    tables, uneven = _plan_the_round(event, round_number, rounds, present, fixed, seed=seed,
                                     time_budget=time_budget, progress=progress)
    ev = _new(event)
    # Later rounds (The Archon's chart, made for the chart's own earlier
    # rounds, or with --force a seating not played yet) no longer fit: cleared.
    cleared = sorted(k for k in seated if k > round_number)
    ev.rounds = [r for r in ev.rounds if r.number < round_number]
    ev.rounds.append(Round(round_number, tables))
    ev.rounds.extend(Round(k, []) for k in cleared)
    # a judge's overrides of the old seating no longer apply
    ev.overrides = [o for o in ev.overrides if str(o.round) not in {str(k) for k in [round_number, *cleared]}]
    replaced = round_number in seated and round_number not in proposed
    lines = _seated_round_lines(event, ev, round_number, tables, present, seed, replaced,
                                cleared, proposed, uneven)
    lines += _results_missing_before(event, round_number)
    return Change(event=ev, lines=lines, seed=seed)


def _seated_round_lines(event: Event, ev: Event, round_number: int, tables: list, present: list[int], seed: int,
                        replaced: bool, cleared: list[int], proposed: set[int], uneven: Optional[str]) -> list[str]:
    """What ``archon seat`` says of the round it seated (``event`` before,
    ``ev`` after): tables and sizes, the seating replaced, the later rounds
    cleared (those only The Archon's chart seated are in ``proposed``), who
    sits out, and a staggered event's extra round."""
    chart = [k for k in cleared if k in proposed]
    typed = [k for k in cleared if k not in proposed]
    seated_players = {p for t in tables for p in t.players}
    out = [n for n in present if n not in seated_players]
    lines = [
        f"round {round_number} seated: {len(present) - len(out)} players at {len(tables)} "
        f"table{'s' if len(tables) != 1 else ''} "
        f"({_table_sizes_text(tables)}), seed {seed}"
    ]
    if replaced:
        had = event.round(round_number)
        if had is not None and had.has_results():
            lines.append(f"the previous seating of round {round_number} is replaced and its results are cleared "
                         f"(archon undo FILE puts them back)")
        else:
            lines.append(f"the previous seating of round {round_number} is replaced")
    if typed:
        lines.append(f"the seating of {_rounds_text(typed)} (no result yet) is cleared: {_seat_again(typed)}")
    if chart:
        lines.append(f"The Archon's chart seating of {_rounds_text(chart)} is cleared: seat "
                     f"{'it' if len(chart) == 1 else 'them'} with archon when the time comes")
    if out:
        lines.append("sitting out this round: " + _and([_who(event, n) for n in sorted(out)]))
    if uneven:
        lines.append(uneven)
    rounds = planned_rounds(ev)
    if round_number == 1 and rounds != event.preliminary_rounds:
        lines.append(
            f"{len(present)} players in a {event.format} event: {rounds} rounds where each player plays "
            f"{event.preliminary_rounds}, as The Archon's {event.format} seating chart seats them (rules "
            f"3.1.2: some sit out each round); the event stays {event.format}"
        )
    return lines


def _results_missing_before(event: Event, round_number: int) -> list[str]:
    """A warning for each round before ``round_number`` with a table that has
    no result: seating goes ahead, but the result must not be forgotten."""
    lines = []
    for k, tables in sorted(tables_without_result(compute(event)).items()):
        if k >= round_number or not tables:
            continue
        whole = len(tables) == len(event.round(k).tables)
        where = f"round {k}" if whole else f"round {k}, table{'s' if len(tables) > 1 else ''} {_and([str(t) for t in tables])}"
        lines.append(
            f"warning: {where} {'have' if len(tables) > 1 and not whole else 'has'} no result yet: record "
            f"{'them' if len(tables) > 1 else 'it'} (archon result FILE --round {k} --table {tables[0]} VP VP ...)"
        )
    return lines


def check_preliminary_round(event: Event, round_number: int) -> None:
    """Refuse (:class:`WrongInput`) a round number outside the event's preliminary rounds."""
    rounds = planned_rounds(event)
    if not 1 <= round_number <= rounds:
        raise WrongInput(
            f"round {round_number}: this is a {event.format} event, with preliminary rounds 1 to {rounds}"
        )


def _seated_rounds_before(event: Event, round_number: int, proposed: set[int], force: bool) -> dict[int, Round]:
    """The rounds seated (by number), once the round may be seated: refused
    outside the format, before an earlier round is seated, once a later one
    has results, and unless ``force`` over results or a later round seated
    (the round's own results are named first: the real reason)."""
    check_preliminary_round(event, round_number)
    seated = {r.number: r for r in event.rounds if r.tables}
    for k in range(1, round_number):
        if k not in seated:
            raise EventDayError(f"round {k} is not seated yet: seat it first (archon seat FILE --round {k})")
        if k in proposed:
            raise EventDayError(
                f"round {k} only shows The Archon's seating chart (no seat typed, no result): seat it first "
                f"(archon seat FILE --round {k}), or type its seating"
            )
    later = sorted(k for k in seated if k > round_number and k not in proposed)
    played_later = [k for k in later if seated[k].has_results()]
    if played_later:
        raise EventDayError(
            f"round {round_number} cannot be seated again: {_rounds_text(played_later)} after it already "
            f"{'has' if len(played_later) == 1 else 'have'} results (a judge may correct its seating "
            f"on the 'Round {round_number}' sheet)"
        )
    if event.has_final and event.final.seated:  # only then can it change who reaches it: copy the event
        _final_guard(event, _results_cleared(event, round_number), f"seating round {round_number} again")
    clears_later = f"clear the seating of {_rounds_text(later)}, not played yet"
    current = seated.get(round_number)
    if current is not None and current.has_results() and not force:
        raise ForceNeeded(
            f"round {round_number} already has results: archon will not reseat it (use --force to "
            f"replace its seating{', clear its results and ' + clears_later if later else ' and clear its results'})"
        )
    if later and not force:
        raise ForceNeeded(
            f"{_rounds_text(later)} {'is' if len(later) == 1 else 'are'} already seated (no result yet): "
            f"add --force to seat round {round_number} again and {clears_later}, then {_seat_again(later)}"
        )
    if current is not None and round_number not in proposed and not force:
        raise ForceNeeded(already_seated(round_number))
    return seated


def already_seated(round_number: int) -> str:
    """Why ``archon seat`` does not draw a new seating of a round seated
    without results (run twice, or to reprint its list), and what to type."""
    return (
        f"round {round_number} is already seated (no result yet): archon keeps its seating; "
        f"'archon seat FILE --round {round_number} --show' prints it (add --print OUT.xlsx for its seat "
        f"list); add --force to draw a new seating"
    )


def _results_cleared(event: Event, round_number: int) -> Event:
    """``event`` as seating round ``round_number`` again leaves it, as far as
    the standings go: that round and the later ones without results."""
    ev = _new(event)
    ev.rounds = [r if r.number < round_number else Round(r.number, [Table(list(t.players)) for t in r.tables])
                 for r in ev.rounds]
    ev.overrides = [o for o in ev.overrides if not (str(o.round).isdigit() and int(o.round) >= round_number)]
    return ev


def _plan_the_round(event: Event, round_number: int, rounds: int, present: list[int], fixed: list, *,
                    seed: int, time_budget: Optional[float], progress) -> tuple[list[Table], str]:
    """The round's tables from a plan of the ``rounds`` preliminary rounds,
    and a sentence when the players left cannot all end with the same number
    of games ("" else)."""
    from archon import seating

    try:
        seating.check_plan(fixed)
    except seating.SeatingError as exc:
        raise EventDayError(
            f"round {round_number} cannot be seated: {exc}: correct the seating of that round first "
            f"('archon check FILE' names the cells)"
        ) from None
    uneven = ""
    try:
        tables = seating.next_round(
            present, rounds, seed=seed, fixed_rounds=fixed,
            time_budget=time_budget, progress=progress,
        )
    except seating.SeatingError as exc:
        if not fixed:
            raise EventDayError(f"round {round_number} cannot be seated: {exc}") from None
        # Players left (a drop, a late arrival) such that nobody can make
        # everyone end with the same number of games: this round seats as
        # many as tables of 4 and 5 can, those who have played most sit out.
        playing = _fewest_games_play(present, fixed)
        try:
            tables = seating.next_round(
                playing, round_number, seed=seed, fixed_rounds=fixed, sit_out=False,
                time_budget=time_budget, progress=progress,
            )
        except seating.SeatingError:
            raise EventDayError(f"round {round_number} cannot be seated: {exc}") from None
        uneven = (
            f"{len(present)} players cannot all end with the same number of games (rules 3.1.2): "
            f"the players who have played the most sit out; a judge may type another seating on the "
            f"'Round {round_number}' sheet"
        )
    return [Table(list(t)) for t in tables], uneven




def _fewest_games_play(present: list[int], fixed: list[list[list[int]]]) -> list[int]:
    """Who plays a round that cannot seat everyone: as many players as tables
    of 4 and 5 hold, those with the fewest games first; among players with
    as many games, those who have not shared tables (every round first,
    then any) so the round repeats as few pairs as it can. ``present`` is in
    a seeded random order, which breaks the remaining ties."""
    import itertools
    import math

    from archon import seating

    games = {n: sum(n in t for rnd in fixed for t in rnd) for n in present}
    seats = max(k for k in range(len(present) + 1) if seating.can_seat(k))
    order = sorted(present, key=lambda n: games[n])  # stable: keeps the seeded order among equals
    last = games[order[seats - 1]]
    surely = [n for n in order if games[n] < last]
    boundary = [n for n in order if games[n] == last]
    need = seats - len(surely)
    if math.comb(len(boundary), need) > 5000:
        return surely + boundary[:need]
    met: dict[frozenset, int] = {}
    for rnd in fixed:
        for t in rnd:
            for pair in itertools.combinations(t, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1

    def repeats(group) -> tuple[int, int]:
        counts = [met.get(frozenset(pair), 0) for pair in itertools.combinations(group, 2)]
        return sum(1 for c in counts if c >= len(fixed)), sum(counts)

    best = min(itertools.combinations(boundary, need), key=lambda c: repeats(surely + list(c)))
    return surely + list(best)


def _table_sizes_text(tables: Sequence[Table]) -> str:
    fives = sum(1 for t in tables if t.size == 5)
    fours = sum(1 for t in tables if t.size == 4)
    parts = []
    if fives:
        parts.append(f"{fives} of 5")
    if fours:
        parts.append(f"{fours} of 4")
    return ", ".join(parts)
