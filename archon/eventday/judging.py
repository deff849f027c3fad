"""The judge's records: warnings given to players during an event.

Head judges report every warning they issue to the VEKN (the tournament
rules' section on judges). archon keeps them with the event
(:attr:`archon.rules.model.Event.warnings`, in the order given); a workbook keeps
them in its document properties (:mod:`archon.formats.workbook.judge_records`),
which The Archon's formulas never read. Pure functions over the event.
"""

from __future__ import annotations

from typing import Iterable, Optional, Union

from archon.eventday.change import Change, Locate, copied
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.rules.celltext import nfc
from archon.rules.model import FINAL, Event, JudgeWarning, Player
from archon.rules.standings import planned_rounds
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, act, option, say
from archon.words.render import PLAIN

__all__ = ["MAX_REASON", "warn", "checked_warning", "warning_rows", "warning_said", "warning_line", "parse_round"]

#: Longest reason kept: Excel keeps at most 255 characters in a document
#: property, and the player and round take some of them.
MAX_REASON = 200


def parse_round(event: Event, text: Union[int, str, None]) -> Union[int, str, None]:
    """The round typed: a preliminary round number, ``F`` for the final, or None."""
    if text is None or str(text).strip() == "":
        return None
    t = str(text).strip().upper()
    if t in (FINAL, "FINAL"):
        return FINAL
    rounds = planned_rounds(event)
    if is_whole_number_text(t) and 1 <= int(t) <= rounds:
        return int(t)
    raise WrongInput(say("warn.no_such_round", round=text, format=event.format, rounds=rounds))


def rounds_under_way(event: Event, proposed: Iterable[int] = ()) -> list[int]:
    """The preliminary rounds a judge may have given a warning in: every
    round up to the last one seated (seats typed) or with results, and the
    next one when The Archon's chart seats it (``proposed``: its formulas,
    nothing typed) and the rounds before it have their results."""
    proposed = set(proposed)
    chart = {r.number for r in event.rounds if r.tables and r.number in proposed and not r.has_results()}
    begun = [r.number for r in event.rounds if r.tables and r.number not in chart]
    last = max(begun, default=0)
    if last + 1 in chart and all(r.has_results() for r in event.rounds if r.number <= last):
        last += 1
    return list(range(1, last + 1))


def _refuse_a_round_not_under_way(event: Event, key: Union[int, str, None], proposed: Iterable[int],
                                  typed: bool) -> None:
    """A warning in a round not seated yet, or in the final before it is seated, is refused."""
    under_way = rounds_under_way(event, proposed)
    final_seated = event.has_final and event.final.seated
    if key is None or key in under_way or (key == FINAL and final_seated):
        return
    what = say("warn.final_not_seated") if key == FINAL else say("warn.round_not_seated", round=key)
    if under_way:
        seated = say("warn.seated_rounds_and_final" if final_seated else "warn.seated_rounds", rounds=under_way)
    else:
        seated = say("warn.seated_none_and_final" if final_seated else "warn.seated_none")
    fix = say("warn.fix_typed", round=option("round")) if typed else say("warn.fix_read")
    raise EventDayError(say("warn.round_not_under_way", what=what, seated=seated, fix=fix))


def warn(event: Event, player: "str | int", reason: str, *, round: Union[int, str, None] = None,
         locate: "Optional[Locate]" = None, proposed: Iterable[int] = ()) -> "Change":
    """Record a judge's warning to ``player`` (a number, VEKN number or part of
    a name) for ``reason``, in ``round`` when given. The event is copied.

    Refused: a player the event does not have, and what
    :func:`checked_warning` refuses."""
    ev = copied(event)
    p = find_player(ev, player, locate)
    w = checked_warning(ev, p, reason, round, proposed)
    ev.warnings.append(w)
    count = sum(1 for x in ev.warnings if x.player == p.number)
    lines = [say("warn.recorded", player=str(p), when=_in_round(w), reason=w.reason),
             say("warn.count", player=str(p), count=count)]
    return Change(ev, lines, player=p)


def _in_round(w: JudgeWarning) -> "Message | str":
    """" in round 2" for a warning given in a round ("" else)."""
    return say("warn.in_round", round=w.round_said) if w.round_said is not None else ""


def checked_warning(event: Event, p: Player, reason: object, round: Union[int, str, None] = None,
                    proposed: Iterable[int] = (), typed: bool = True) -> JudgeWarning:
    """The warning to ``p`` (a player of ``event``) for ``reason`` in
    ``round``, checked as :func:`warn` and every reader of warnings check it;
    nothing is added to ``event``. ``typed``: given on the command line
    (False: read from a file; the refusals then name no option).

    Refused: a blank reason, one longer than :data:`MAX_REASON`, a round the
    event does not have (:class:`~archon.eventday.WrongInput`); a round not
    seated yet (:func:`rounds_under_way`; ``proposed``: rounds only The
    Archon's chart seats), the final before it is seated, the same warning
    (player, reason, round) recorded already
    (:class:`~archon.eventday.EventDayError`)."""
    text = " ".join(nfc(str(reason or "")).split())  # composed, as every typed text (typed_text)
    if not text:
        raise WrongInput(say("warn.reason_needed"))
    if len(text) > MAX_REASON:
        raise WrongInput(say("warn.reason_too_long", length=len(text), most=MAX_REASON))
    w = JudgeWarning(p.number, text, parse_round(event, round))
    _refuse_a_round_not_under_way(event, w.round, proposed, typed)
    same = [x for x in event.warnings
            if x.player == w.player and str(x.round) == str(w.round) and nfc(x.reason).casefold() == text.casefold()]
    if same:
        listed = say("warn.listed", warnings=act("warnings")) if typed else ""
        raise EventDayError(say("warn.already", player=str(p), when=_in_round(w), reason=same[0].reason,
                                listed=listed))
    return w


def warning_rows(event: Event) -> list[dict]:
    """Every warning as plain data, in the order given: ``{"player": 7,
    "name": "Anna Kowalski" (None for a player no longer registered),
    "round": 2 | "F" | None, "reason": "slow play"}``. What the reports and
    the warnings' list show."""
    names = event.players_by_number()
    return [
        {"player": w.player, "name": names[w.player].name if w.player in names else None,
         "round": w.round, "reason": w.reason}
        for w in event.warnings
    ]


def warning_said(row: dict) -> Message:
    """``#7 Anna Kowalski, round 2: slow play`` for a row of :func:`warning_rows`,
    as a message (the round in the reader's language; the reason as typed)."""
    who = f"#{row['player']}" + (f" {row['name']}" if row.get("name") else "")
    round = row.get("round")
    if round is None:
        return say("warning.line_no_round", player=who, reason=row["reason"])
    if str(round).upper() == FINAL:
        return say("warning.line_final", player=who, reason=row["reason"])
    return say("warning.line", player=who, round=round, reason=row["reason"])


def warning_line(row: dict) -> str:
    """:func:`warning_said` in plain English."""
    return PLAIN.render(warning_said(row))
