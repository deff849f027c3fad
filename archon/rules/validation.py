"""Checks on an event: everything an organizer should fix, in plain words.

:func:`check_event` looks at an :class:`~archon.rules.model.Event` and its computed
standings and returns :class:`Problem` objects. Each says what is wrong,
what to do, and *where* in domain terms (:class:`Where`: a player, a round's
table and seat, the final, an override); the workbook layer turns a
:class:`Where` into a sheet and cell, so this module knows nothing of files.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Optional, Union

from archon.rules.celltext import CONTROL_CHARACTER, character_named, described_said, refused_in_name
from archon.rules.editions import LEVELS, TABLE_SIZES
from archon.rules.model import FINAL, Event, name_key
from archon.rules.sanctions import STANDINGS_ADJUSTMENT
from archon.rules.scoring import PENDING
from archon.rules.standings import (
    Standings, compute, planned_rounds, preliminary_key, ratings_as_the_archon, unfinished_preliminaries,
)
from archon.words.message import PLAIN_TEXT, Message, act, as_message, say
from archon.words.render import PLAIN

if TYPE_CHECKING:  # imported where used (below), for start-up
    from archon.seating.criteria import Score

__all__ = ["Where", "Problem", "EventText", "event_texts", "check_event", "ERROR", "WARNING", "NOTE", "NAME_FIELDS"]

ERROR = "error"
WARNING = "warning"
#: Seating quality below the VEKN criteria R2-R7: worth knowing, nothing to fix.
NOTE = "note"

_VEKN = re.compile(r"^\d{7}$")


@dataclass(frozen=True)
class Where:
    """A place in an event, in domain terms.

    ``kind`` is ``"event"``, ``"player"`` (a player's registration row),
    ``"seat"`` (a round's table and seat, or the final's seat when
    ``round == "F"``), ``"table"``, ``"override"`` (``index`` is the row,
    0-based), ``"final"`` or ``"warning"`` (a judge's warning, ``index``
    0-based). ``field`` names the value concerned:
    ``"number"``, ``"vekn"``, ``"out"``, ``"coin"``, ``"player"``, ``"vp"``.
    """

    kind: str
    round: Union[int, str, None] = None
    table: Optional[int] = None
    seat: Optional[int] = None
    player: Optional[int] = None
    index: Optional[int] = None
    field: Optional[str] = None

    def describe(self) -> str:
        if self.kind == "player":
            return f"player #{self.player}"
        if self.kind == "seat" and self.round == FINAL:
            return f"final, seat {self.seat}"
        if self.kind == "seat":
            return f"round {self.round}, table {self.table}, seat {self.seat}"
        if self.kind == "table":
            return "final table" if self.round == FINAL else f"round {self.round}, table {self.table}"
        if self.kind == "override":
            return f"override #{(self.index or 0) + 1}"
        if self.kind == "final":
            return "final"
        if self.kind == "warning":
            return f"judge's warning #{(self.index or 0) + 1}"
        return "event"


@dataclass(frozen=True)
class Problem:
    """Something wrong with an event: what (``said``, a message whose id
    names the kind of problem: ``check.table_size``), where, and what to do
    about it (``advice_said``, a message, or None). A plain text given for
    either is a message of id :data:`~archon.words.message.PLAIN_TEXT`.
    ``message`` and ``advice`` are their plain English texts; a shell renders
    ``said`` and ``advice_said`` its own way (the command to type)."""

    said: Message
    where: Where
    advice_said: Optional[Message] = None
    severity: str = ERROR

    def __post_init__(self) -> None:
        object.__setattr__(self, "said", as_message(self.said))
        if isinstance(self.advice_said, str):
            advice = as_message(self.advice_said) if self.advice_said else None  # type: ignore[unreachable]  # a plain text given (the docstring)
            object.__setattr__(self, "advice_said", advice)

    @property
    def id(self) -> str:
        """The kind of problem: the id of :attr:`said`."""
        return self.said.id

    @property
    def fields(self) -> dict:
        """The problem's values (player, round, table, value...): the fields of :attr:`said`."""
        return dict(self.said.fields)

    @property
    def message(self) -> str:
        return PLAIN.render(self.said)

    @property
    def advice(self) -> str:
        return PLAIN.render(self.advice_said) if self.advice_said is not None else ""

    def __str__(self) -> str:
        text = self.message
        if self.advice:
            text += f" — {self.advice}"
        return text


#: The texts of the event's details and of each player's row: (attribute, in words, as a message id).
_EVENT_TEXTS = (
    ("name", "the event name", "check.text.name"), ("organizer", "the organizer", "check.text.organizer"),
    ("organizer_vekn", "the organizer's VEKN number", "check.text.organizer_vekn"),
    ("city", "the event city", "check.text.city"), ("deck_format", "the deck format", "check.text.deck_format"),
    ("level", "the event level", "check.text.level"),
)
_PLAYER_TEXTS = (
    ("first_name", "first name", "check.text.first_name"), ("last_name", "last name", "check.text.last_name"),
    ("city", "city", "check.text.player_city"), ("vekn", "VEKN number", "check.text.vekn"),
    ("out", "DQ flag", "check.text.out"),
)


@dataclass(frozen=True)
class EventText:
    """One text typed into an event: ``where``, ``what`` it is in words
    (``player #3's first name``; ``said``: the same as a message, in the
    reader's language), and the ``holder`` whose ``attribute`` it is."""

    where: Where
    what: str
    holder: object
    attribute: str
    said: Optional[Message] = None

    @property
    def text(self) -> str:
        value = getattr(self.holder, self.attribute)
        return value if isinstance(value, str) else ""


def event_texts(event: Event) -> list[EventText]:
    """Every text of ``event``: its details, the players' rows, the overrides'
    reasons and the judges' warnings."""
    out = [EventText(Where("event", field=a), what, event, a, say(id)) for a, what, id in _EVENT_TEXTS]
    for p in event.players:
        out += [EventText(Where("player", player=p.number, field=a), f"player #{p.number}'s {what}", p, a,
                          say("check.text.player", player=p.number, what=say(id)))
                for a, what, id in _PLAYER_TEXTS]
    out += [EventText(Where("override", index=i, field="reason"), f"override #{i + 1}'s reason", o, "reason",
                      say("check.text.override", index=i + 1))
            for i, o in enumerate(event.overrides)]
    out += [EventText(Where("warning", player=w.player, index=i), f"judge's warning #{i + 1} (player #{w.player})",
                      w, "reason", say("check.text.warning", index=i + 1, player=w.player))
            for i, w in enumerate(event.warnings)]
    return out


def _control_characters(event: Event) -> list[Problem]:
    """Texts with a control character: invisible in a spreadsheet, stored as
    ``_x0001_`` (:mod:`archon.rules.celltext`)."""
    return [
        Problem(
            say("check.control_character", what=t.said or t.what, value=repr(t.text),
                characters=described_said(t.text)),
            t.where,
            say("check.control_character.advice", convert=act("convert")),
            severity=WARNING,
        )
        for t in event_texts(event) if CONTROL_CHARACTER.search(t.text)
    ]


#: The texts of a player's row that are their name.
NAME_FIELDS = ("first_name", "last_name")


def _invisible_in_names(event: Event) -> list[Problem]:
    """Names typed into the workbook with a character that cannot be seen or
    turns the text around (:func:`archon.rules.celltext.refused_in_name`):
    the file is the organizer's, so they are told, not refused."""
    out = []
    for t in event_texts(event):
        found = refused_in_name(t.text) if t.where.kind == "player" and t.where.field in NAME_FIELDS else []
        if found:
            out.append(Problem(
                say("check.invisible_character", what=t.what, value=repr(t.text),
                    characters=[character_named(c) for c in found]),
                t.where,
                say("check.invisible_character.advice", convert=act("convert")),
                severity=WARNING,
            ))
    return out


def _name(event: Event, number: int) -> str:
    try:
        return str(event.player(number))
    except KeyError:
        return f"#{number}"


def _name_problems(event: Event) -> list[Problem]:
    """Players with no name, and players registered under the same name
    (:func:`archon.rules.model.name_key`, the rule 'archon register' applies)
    not told apart by VEKN numbers: a warning (The Archon accepts them; one
    player registered twice, most likely, or namesakes to give their numbers)."""
    out: list[Problem] = []
    by_key: dict[str, list[int]] = defaultdict(list)
    for p in event.players:
        key = name_key(p.name)
        if not key:
            out.append(Problem(
                say("check.no_name", player=p.number),
                Where("player", player=p.number, field="first_name"),
                say("check.no_name.advice"),
            ))
        else:
            by_key[key].append(p.number)
    vekns = {p.number: p.vekn for p in event.players}
    for numbers in by_key.values():
        told_apart = all(vekns[n] for n in numbers) and len({vekns[n] for n in numbers}) == len(numbers)
        if len(numbers) > 1 and not told_apart:  # two people, two VEKN numbers: no problem
            names = [_name(event, n) for n in numbers]
            for n in numbers[1:]:
                out.append(Problem(
                    say("check.same_name", players=names, player=n),
                    Where("player", player=n, field="first_name"),
                    say("check.same_name.advice"),
                    WARNING,
                ))
    return out


def check_event(event: Event, standings: Optional[Standings] = None, chart_rounds: Iterable[int] = ()) -> list[Problem]:
    """Every problem found in ``event``, in the order an organizer would fix them.

    ``chart_rounds``: rounds only shown by The Archon's seating chart
    formulas (nothing typed): not seated by anyone yet."""
    st = standings if standings is not None else compute(event)
    return [
        *_event_details(event),
        *_control_characters(event),
        *_invisible_in_names(event),
        *_registration(event),
        *_rounds(event, st),
        *_results_missing(event, st, set(chart_rounds)),
        *_seating_criteria(event),
        *_overrides_without_table(event),
        *_cut_and_coins(event, st),
        *_final_table(event, st),
        *_no_shows(event, st),
        *_sanctions(event, st),
    ]


def _shown(points: float) -> int:
    """Rating points as The Archon shows them (Methuselahs AB, number format ``0``)."""
    return int(math.floor(points + 0.5))


def _no_shows(event: Event, st: Standings) -> list[Problem]:
    """Where The Archon's own formulas show another number than the rules
    give because of a no-show (flagged N, no round played): they count every
    registered row (Tournament Info B10, Methuselahs A4 and the coefficient
    from it, 5 rating points in Methuselahs AB for each row); the rules count
    the players who attended (Appendix A.2)."""
    absent = [p for p in event.players if event.did_not_attend(p)]
    if not absent:
        return []
    entered, attended = len(event.players), len(event.attended())
    out = [Problem(
        say("check.no_show.players", entered=entered, attended=attended, players=[str(p) for p in absent]),
        Where("event", field="players"),
        say("check.no_show.players.advice", attended=attended),
        severity=WARNING,
    )]
    archon = ratings_as_the_archon(st)
    for s in st.players:
        theirs, ours = _shown(archon[s.number]), _shown(s.rating_points)
        if theirs == ours:
            continue
        why = say("check.no_show.absent") if event.did_not_attend(s.player) else say(
            "check.no_show.coefficient", entered=entered, attended=attended)
        out.append(Problem(
            say("check.no_show.rating", player=str(s.player), archon=theirs, rules=ours, why=why),
            Where("player", player=s.number, field="AB"),
            say("check.no_show.rating.advice"),
            severity=WARNING,
        ))
    return out


def _sanctions(event: Event, st: Standings) -> list[Problem]:
    """Where The Archon's own formulas show other standings than archon's
    because of a judge's standings adjustment (:mod:`archon.rules.sanctions`):
    they never read the sanctions, so a player's VP (and a table's GW and TP
    that follow from it) differ; archon's are the rules'."""
    if not any(w.level == STANDINGS_ADJUSTMENT for w in event.warnings):
        return []
    plain = replace(event, warnings=[w for w in event.warnings if w.level != STANDINGS_ADJUSTMENT])
    theirs = compute(plain, st.edition).by_number()
    out = []
    for s in st.players:
        t = theirs.get(s.number)
        if t is None:
            continue
        differences = [say("check.sanction.number", what=say(f"check.sanction.{what}"), archon=_number(a),
                           rules=_number(b))
                       for what, a, b in (("gw", t.gw, s.gw), ("vp", t.vp, s.vp), ("tp", t.tp, s.tp),
                                          ("rank", t.rank, s.rank)) if a != b]
        if differences:
            out.append(Problem(say("check.sanction.differs", player=str(s.player), differences=differences),
                               Where("player", player=s.number), say("check.sanction.advice"), severity=NOTE))
    return out


def _number(x: object) -> str:
    """A standings number as shown (6 rather than 6.0)."""
    return "-" if x is None else f"{x:g}" if isinstance(x, float) else str(x)


def _event_details(event: Event) -> list[Problem]:
    """The level, without which The Archon counts no rating bonus."""
    if event.players and (event.level or "").strip() not in LEVELS:
        what = say("check.level.unknown", value=repr(event.level)) if event.level else say("check.level.blank")
        return [Problem(
            say("check.level", what=what, value=event.level or ""),
            Where("event", field="level"),
            say("check.level.advice", levels=list(LEVELS)),
            severity=WARNING,
        )]
    return []


def _registration(event: Event) -> list[Problem]:
    """Player numbers used twice, VEKN numbers that are not 7 digits or are given twice."""
    problems: list[Problem] = []
    add = problems.append
    numbers = Counter(p.number for p in event.players)
    for n, count in sorted(numbers.items()):
        if count > 1:
            add(Problem(
                say("check.number_twice", player=n, count=count),
                Where("player", player=n, field="number"),
                say("check.number_twice.advice"),
            ))
    vekns: dict[str, list[int]] = defaultdict(list)
    for p in event.players:
        if p.vekn:
            vekns[p.vekn].append(p.number)
            if not _VEKN.match(p.vekn):
                add(Problem(
                    say("check.vekn_digits", player=str(p), value=repr(p.vekn)),
                    Where("player", player=p.number, field="vekn"),
                    say("check.vekn_digits.advice"),
                ))
    for vekn, players in sorted(vekns.items()):
        if len(players) > 1:
            names = [_name(event, n) for n in players]
            for n in players[1:]:
                add(Problem(
                    say("check.vekn_twice", value=vekn, players=names, player=n),
                    Where("player", player=n, field="vekn"),
                    say("check.vekn_twice.advice"),
                ))
    problems.extend(_name_problems(event))
    return problems


def _rounds(event: Event, st: Standings) -> list[Problem]:
    """Every preliminary table: its size, its seats and its result."""
    problems: list[Problem] = []
    known = event.players_by_number()
    for rnd_st in st.rounds:
        rnd = event.round(rnd_st.number)
        seen: dict[int, tuple[int, int]] = {}
        for t_st, table in zip(rnd_st.tables, rnd.tables):
            problems.extend(_table_problems(event, known, rnd.number, t_st, table, seen))
    return problems


def _results_missing(event: Event, st: Standings, chart_rounds: set[int]) -> list[Problem]:
    """A table without a result (no VP, or not every VP typed) in a round
    before one already seated, once its round or a later one has a result:
    a result forgotten (rounds seated ahead, none played, are planned). A
    warning on the table's VP cells (a result that cannot be scored is an
    error of its own)."""
    last_seated = max((r.number for r in event.rounds if r.tables and r.number not in chart_rounds), default=0)
    last_played = max((r.number for r in event.rounds if r.has_results()), default=0)
    return [
        Problem(
            say("check.result_missing", round=r.number, table=t.number, seated=last_seated),
            Where("table", round=r.number, table=t.number, field="vp"),
            say("check.result_missing.advice", record=act("result", round=r.number, table=t.number, vps=["VP", "VP", "..."])),
            severity=WARNING,
        )
        for r in st.rounds if r.number < last_seated and r.number <= last_played
        for t in r.tables if t.result is not None and t.result.status == PENDING
    ]


def _table_problems(event: Event, known: dict, round_number: int, t_st, table,
                    seen: dict[int, tuple[int, int]]) -> list[Problem]:
    """One table of a round: its size, who sits there (``known``: the players
    by number; ``seen``: where each player of the round sat before this
    table) and its result."""
    problems: list[Problem] = []
    add = problems.append
    k = t_st.number
    if table.size not in TABLE_SIZES:
        add(Problem(
            say("check.table_size", round=round_number, table=k, players=table.size),
            Where("table", round=round_number, table=k),
            say("check.table_size.advice"),
        ))
    for i, n in enumerate(table.players, start=1):
        where = Where("seat", round=round_number, table=k, seat=i, player=n, field="player")
        if n not in known:
            add(Problem(
                say("check.not_registered", round=round_number, table=k, seat=i, player=n),
                where,
                say("check.not_registered.advice"),
            ))
        if n in seen:
            t0, s0 = seen[n]
            add(Problem(
                say("check.seated_twice", player=_name(event, n), round=round_number, first_table=t0, first_seat=s0,
                    table=k, seat=i),
                where,
                say("check.seated_twice.advice"),
            ))
        else:
            seen[n] = (k, i)
        p = known.get(n)
        if p is not None and p.is_out and t_st.status == "pending":
            add(Problem(
                say("check.out_but_seated", player=str(p), value=p.out, round=round_number, table=k),
                where,
                say("check.out_but_seated.advice"),
            ))
    if t_st.result is None and table.size in TABLE_SIZES:
        add(Problem(
            say("check.vp_unreadable", round=round_number, table=k, error=t_st.error),
            Where("table", round=round_number, table=k, field="vp"),
            say("check.vp_unreadable.advice"),
        ))
    elif t_st.status == "invalid" and table.size in TABLE_SIZES:
        add(Problem(
            say("check.impossible_result", round=round_number, table=k, reason=t_st.said),
            Where("table", round=round_number, table=k, field="vp"),
            say("check.impossible_result.advice"),
        ))
    return problems


def _overrides_without_table(event: Event) -> list[Problem]:
    """Overrides that name no table of the event."""
    problems: list[Problem] = []
    for i, o in enumerate(event.overrides):
        if o.round == FINAL:
            if not event.final.seated:
                problems.append(Problem(
                    say("check.override_final_not_seated"),
                    Where("override", index=i), say("check.override_final_not_seated.advice"),
                    severity=WARNING,
                ))
            continue
        try:
            rnd = event.round(int(o.round))
            ok = 1 <= o.table <= len(rnd.tables)
        except (KeyError, ValueError, TypeError):
            ok = False
        if not ok:
            problems.append(Problem(
                say("check.override_no_table", round=o.round, table=o.table),
                Where("override", index=i),
                say("check.override_no_table.advice"),
            ))
    return problems


def _cut_and_coins(event: Event, st: Standings) -> list[Problem]:
    """Ties for the final cut and the seeds (once the preliminary rounds are
    over), and one coin ranking given to several tied players."""
    problems: list[Problem] = []
    add = problems.append
    for tie in (st.ties if not unfinished_preliminaries(event, st) else []):
        add(Problem(
            tie.said(event),
            Where("player", player=tie.players[0], field="coin"),
            say("check.tie.advice" if tie.at_cut else "check.tie.advice_before_final", toss=act("toss")),
            severity=ERROR if tie.at_cut else WARNING,
        ))
    coins = Counter(p.coin for p in event.players if p.coin)
    for coin, count in sorted(coins.items()):
        if count > 1:
            numbers = [p.number for p in event.players if p.coin == coin]
            by = st.by_number()
            if len({preliminary_key(by[n], st.edition) for n in numbers}) < len(numbers):
                add(Problem(
                    say("check.coin_twice", value=coin, count=count, players=[_name(event, n) for n in numbers],
                        player=numbers[1]),
                    Where("player", player=numbers[1], field="coin"),
                    say("check.coin_twice.advice"),
                ))
    return problems


def _final_table(event: Event, st: Standings) -> list[Problem]:
    """The final table: the finalists seated, once each, and a possible result."""
    if not (event.has_final and event.final.seated):
        return []
    problems: list[Problem] = []
    add = problems.append
    seating = event.final.seating
    finalists = set(st.finalists)
    for i, n in enumerate(seating, start=1):
        if n not in finalists and st.cut_tie is None:
            add(Problem(
                say("check.not_a_finalist", seat=i, player=_name(event, n)),
                Where("seat", round=FINAL, seat=i, player=n, field="player"),
                say("check.not_a_finalist.advice", finalists=[_name(event, f) for f in st.finalists]),
            ))
    missing = [n for n in st.finalists if n not in seating]
    if missing and st.cut_tie is None:
        add(Problem(
            say("check.finalists_missing", players=[_name(event, n) for n in missing]),
            Where("final"),
            say("check.finalists_missing.advice"),
        ))
    if len(seating) != len(set(seating)):
        add(Problem(say("check.final_seated_twice"), Where("final"), say("check.final_seated_twice.advice")))
    if st.final is not None and st.final.result is not None and st.final.result.status == "invalid":
        add(Problem(
            say("check.final_impossible", reason=st.final.result.said),
            Where("table", round=FINAL, field="vp"),
            say("check.final_impossible.advice"),
        ))
    return problems


@functools.lru_cache(maxsize=4)
def _score_of(plan: tuple) -> "Score":
    """:func:`archon.seating.score_plan` of a seating (rounds of tables of
    players), kept for the last few seatings: a result typed does not change
    the seating, and the event console checks the event after every one.
    The score is shared: read it, never change it."""
    from archon.seating import score_plan

    return score_plan([[list(t) for t in r] for r in plan])


def _seating_criteria(event: Event) -> list[Problem]:
    """The VEKN seating criteria R1-R7 over the rounds seated, naming the players.

    R1 (a predator-prey relationship repeated) is mandatory: an error while
    the round has no result yet (it can be reseated), a note once played.
    R2-R7 are notes on the seating's quality.
    """
    from archon.seating.criteria import RULE_SAID, PairIssue

    rounds = [r for r in sorted(event.rounds, key=lambda r: r.number) if r.tables]
    if len(rounds) < 2:
        return []
    try:
        score = _score_of(tuple(tuple(tuple(t.players) for t in r.tables) for r in rounds))
    except ValueError:  # a player seated twice in a round: reported above
        return []
    out = []
    # R2 (a pair at the same table in every round) and R3 (available VPs
    # spread evenly) are judged on the whole event: before the last
    # preliminary round R2 would name every pair that has met in each round
    # so far, and R3 players the rounds to come even out.
    rules = ("R1", "R2", "R3", "R4", "R5", "R6", "R7") if len(rounds) >= planned_rounds(event) else (
        "R1", "R4", "R5", "R6", "R7")
    for rule in rules:
        for issue in score.issues.get(rule, []):
            last = rounds[issue.rounds[-1] - 1]
            who = [issue.player, issue.other] if isinstance(issue, PairIssue) else [issue.player]
            place = next(
                ((k, t.players.index(who[0]) + 1) for k, t in enumerate(last.tables, start=1) if who[0] in t.players),
                (None, None),
            )
            # R1 is mandatory: an error while the round can still be reseated
            # (no result typed yet); once played it is history, a note.
            fixable = rule == "R1" and not last.has_results()
            out.append(Problem(
                say("check.seating_rule", rule=rule, title=RULE_SAID[rule], issue=issue.said,
                    players=[_name(event, n) for n in who], round=last.number),
                Where("seat", round=last.number, table=place[0], seat=place[1], player=who[0], field="player"),
                say("check.seating_rule.advice", round=last.number, reseat=act("seat", round=last.number, force=True))
                if fixable else None,
                severity=ERROR if fixable else NOTE,
            ))
    return out


