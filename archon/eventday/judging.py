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
from archon.eventday.drops import drop
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.rules.celltext import nfc
from archon.rules.model import FINAL, OUT_REASONS, Event, JudgeWarning, Player
from archon.rules.sanctions import (DISQUALIFICATION, LEVELS, STANDINGS_ADJUSTMENT, SUBCATEGORIES,
                                    infraction_name, level_name, suggested_level)
from archon.rules.standings import planned_rounds
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, act, option, say
from archon.words.render import PLAIN

__all__ = ["MAX_REASON", "MAX_JUDGE", "warn", "sanction", "suggestion", "parse_level", "parse_category",
           "checked_warning", "warning_rows", "warning_said", "warning_line", "parse_round"]

#: Longest reason kept: Excel keeps at most 255 characters in a document
#: property, and the player and round take some of them.
MAX_REASON = 200
#: Longest judge's name kept (the same property holds it).
MAX_JUDGE = 40


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
    count = sum(1 for x in ev.warnings if x.player == p.number and x.level == w.level)  # warnings, not cautions
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
    "round": 2 | "F" | None, "reason": "slow play", "level": "caution",
    "category": "slow_play" | None, "table": 3 | None, "judge": "Ada" | None}``
    (a warning recorded before sanctions had levels: level "warning", no
    category). What the reports and the warnings' list show."""
    names = event.players_by_number()
    return [
        {"player": w.player, "name": names[w.player].name if w.player in names else None,
         "round": w.round, "reason": w.reason, "level": w.level, "category": w.category, "table": w.table,
         "judge": w.judge}
        for w in event.warnings
    ]


def warning_said(row: dict) -> Message:
    """``#7 Anna Kowalski, round 2: slow play`` for a row of :func:`warning_rows`,
    as a message (the round in the reader's language; the reason as typed).
    A sanction other than a plain warning reads as :func:`_sanction_said`
    (its level, infraction, table and judge)."""
    if (row.get("level") or "warning") != "warning" or row.get("category") or row.get("table") or row.get("judge"):
        return _sanction_said(row)
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


def _sanction_said(row: dict) -> Message:
    """``caution, slow_play, #7 Anna Kowalski, round 2, table 3: slow play (judge: Ada)``:
    the level in the reader's language, the infraction as it is typed."""
    who = f"#{row['player']}" + (f" {row['name']}" if row.get("name") else "")
    when = JudgeWarning(row["player"], row["reason"], row.get("round")).round_said
    table = row.get("table")
    where: "Message | str" = ""
    if when is not None and table:
        where = say("warning.when_table", when=when, table=table)
    elif when is not None:
        where = say("warning.when", when=when)
    elif table:
        where = say("warning.table_only", table=table)
    judge = say("warning.by_judge", judge=row["judge"]) if row.get("judge") else ""
    level = row.get("level") or "warning"
    head: list = [level_name(level)] if level != "warning" or row.get("category") else []
    head += [row["category"]] if row.get("category") else []
    if not head:
        return say("warning.sanction_line_plain", player=who, when=where, reason=row["reason"], by=judge)
    return say("warning.sanction_line", head=head, player=who, when=where, reason=row["reason"], by=judge)


def _key(text: object) -> str:
    """``Slow play`` and ``slow-play`` as ``slow_play``."""
    return "_".join(str(text or "").strip().lower().replace("-", " ").split())


def parse_level(text: object) -> Optional[str]:
    """The guide's level typed (``caution``, ``warning``, ``standings_adjustment``
    or ``sa``, ``disqualification`` or ``dq``), None for none."""
    key = _key(text)
    if not key:
        return None
    key = {"sa": STANDINGS_ADJUSTMENT, "dq": DISQUALIFICATION}.get(key, key)
    if key not in LEVELS:
        raise WrongInput(say("sanction.unknown_level", level=text, levels=list(LEVELS)))
    return key


def parse_category(text: object) -> Optional[str]:
    """The guide's infraction typed (a sub-category: ``slow_play``,
    ``marked cards``...), None for none."""
    key = _key(text)
    if not key:
        return None
    if key not in SUBCATEGORIES:
        raise WrongInput(say("sanction.unknown_category", category=text, categories=list(SUBCATEGORIES)))
    return key


def suggestion(event: Event, player: int, category: Optional[str]) -> tuple[Optional[str], int]:
    """The level the guide suggests for ``player``'s infraction ``category``
    (its baseline, escalated once a repeat), and how many sanctions for it
    the player has already; ``(None, 0)`` for no category."""
    if category is None:
        return None, 0
    earlier = sum(1 for w in event.warnings if w.player == player and w.category == category)
    return suggested_level(category, earlier), earlier


def _checked_judge(judge: object) -> Optional[str]:
    """The judge's name, checked: at most :data:`MAX_JUDGE` characters, no ``|`` or ``;``."""
    text = " ".join(nfc(str(judge or "")).split())
    if not text:
        return None
    if len(text) > MAX_JUDGE or "|" in text or ";" in text:
        raise WrongInput(say("sanction.bad_judge", judge=text, most=MAX_JUDGE))
    return text


def _checked_table(event: Event, round: Union[int, str, None], table: object) -> Optional[int]:
    """The table typed: a whole number, one of the round's tables when the round is seated."""
    if table is None or str(table).strip() == "":
        return None
    t = str(table).strip()
    seated = {r.number: len(r.tables) for r in event.rounds}
    tables = seated.get(round) if isinstance(round, int) else None
    if not is_whole_number_text(t) or int(t) < 1 or (tables and int(t) > tables):
        raise WrongInput(say("sanction.no_such_table", table=table, tables=tables or 0))
    return int(t)


def sanction(event: Event, player: "str | int", reason: str, *, level: object = None, category: object = None,
             round: Union[int, str, None] = None, table: object = None, judge: object = None,
             locate: "Optional[Locate]" = None, proposed: Iterable[int] = ()) -> "Change":
    """Record a sanction on the Judges' Guide's levels
    (:mod:`archon.rules.sanctions`) to ``player`` for ``reason``: the level
    the guide suggests for ``category`` (its baseline, escalated for a
    repeat) unless ``level`` overrides it. A standings adjustment needs a
    round (its VP comes off that round's result); a disqualification also
    drops the player with reason DQ. The event is copied.

    Refused: an unknown level or infraction, neither given, a standings
    adjustment with no round, a judge's name or table that cannot be kept,
    and what :func:`warn` refuses."""
    ev = copied(event)
    p = find_player(ev, player, locate)
    cat, chosen = parse_category(category), parse_level(level)
    suggested, earlier = suggestion(ev, p.number, cat)
    final_level = chosen or suggested
    if final_level is None:
        raise WrongInput(say("sanction.level_needed", level=option("level"), category=option("category")))
    w = checked_warning(ev, p, reason, round, proposed)
    if final_level == STANDINGS_ADJUSTMENT and w.round is None:
        raise WrongInput(say("sanction.round_needed", round=option("round")))
    w.level, w.category = final_level, cat
    w.table, w.judge = _checked_table(ev, w.round, table), _checked_judge(judge)
    ev.warnings.append(w)
    lines: list = [say("sanction.recorded", level=level_name(final_level), player=str(p), when=_in_round(w),
                       infraction=_infraction(cat), reason=w.reason)]
    if suggested is not None:
        lines.append(say("sanction.suggested" if final_level == suggested else "sanction.overridden",
                         suggested=level_name(suggested), level=level_name(final_level), earlier=earlier))
    if final_level == STANDINGS_ADJUSTMENT:
        lines.append(say("sanction.vp_off", player=str(p), round=w.round))
    if final_level == DISQUALIFICATION and not p.is_out:
        dropped = drop(ev, p.number, "DQ", proposed=proposed, locate=locate)
        ev, lines = dropped.event, lines + dropped.lines
    elif final_level == DISQUALIFICATION and p.out == "WD":  # withdrew, then disqualified
        p.out = "DQ"
        lines.append(say("drop.out", player=str(p), code="DQ", meaning=OUT_REASONS["DQ"]))
    return Change(ev, lines, player=p)


def _infraction(category: Optional[str]) -> "Message | str":
    """" (Tournament error: slow play)" for an infraction, "" for none."""
    return say("sanction.for_infraction", infraction=infraction_name(category)) if category else ""
