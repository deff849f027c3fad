"""Recording a table's result: its VPs in seat order. A result no game can
end with is refused unless a judge accepts it (an
:class:`~archon.rules.model.Override`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from archon.eventday.change import Change, Locate, copied, place, vp_text, who
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import typed_text
from archon.eventday.refusals import final_guard
from archon.rules.model import FINAL, Event, Final, Override, Round
from archon.rules.scoring import COMPLETE, PENDING, VPError, score_table, status_said
from archon.rules.standings import compute, planned_rounds
from archon.rules.validation import Where
from archon.words.message import Message, act, message_of, option, say

__all__ = ["record_result"]


@dataclass
class _Spot:
    """The table a result is recorded on: ``label`` names it ("round 1,
    table 2", "the final"); ``key`` is the round number or
    :data:`~archon.rules.model.FINAL`; ``players`` in seat order; ``old``
    the VPs it holds."""

    label: Message
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
    ev = copied(event)
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
    _clear_player_reports(ev, spot)
    lines[:0] = _result_lines(ev, spot, values, result)
    if len(ev.player_reports) < len(event.player_reports):
        lines.append(say("playerreport.cleared", at=spot.label))
    if accepted:
        lines.append(accepted)
    if not spot.is_final:
        final_guard(event, ev, say("guard.this_result", at=spot.label))
    else:
        st = compute(ev)
        if st.final is not None and st.final.winner is not None:
            lines.append(say("final.winner", player=who(ev, st.final.winner)))
    return Change(ev, lines)


def _clear_player_reports(ev: Event, spot: _Spot) -> None:
    """The table's result is recorded: its players' reports waiting for it are done with (issue 25)."""
    ev.player_reports = [r for r in ev.player_reports if not (r.round == spot.key and r.table == spot.table)]


def _final_table(ev: Event) -> _Spot:
    """The final table, refused when the event has none or it is not seated."""
    if not ev.has_final:
        raise EventDayError(say("result.no_final"))
    if not ev.final.seated:
        raise EventDayError(say("result.final_not_seated", seat_final=act("finals", seating="...")))
    return _Spot(say("result.the_final"), FINAL, 1, list(ev.final.seating), list(ev.final.vps))


def _preliminary_table(ev: Event, round: "int | str", table: int, locate: Optional[Locate]) -> _Spot:
    """Table ``table`` of preliminary round ``round``, refused when the event
    has no such round or table, or the table's seating is wrong."""
    rounds = planned_rounds(ev)
    try:
        k = int(round)
    except (TypeError, ValueError):
        raise WrongInput(say("result.round_not_a_number", round=round, rounds=rounds)) from None
    rnd = next((r for r in ev.rounds if r.number == k and r.tables), None)
    if rnd is None and not 1 <= k <= rounds:
        raise WrongInput(say("result.no_such_round", round=k, format=ev.format, rounds=rounds, final=option("final")))
    if rnd is None:
        raise EventDayError(say("result.round_not_seated", round=k, seat=act("seat", round=k)))
    if not 1 <= table <= len(rnd.tables):
        raise WrongInput(say("result.no_such_table", round=k, tables=len(rnd.tables), table=table))
    t = rnd.tables[table - 1]
    if not t.players:
        raise EventDayError(say("result.nobody_seated", round=k, table=table))
    spot = _Spot(say("result.table", round=k, table=table), k, table, list(t.players), list(t.vps))
    _check_seating(ev, rnd, spot, locate)
    return spot


def _check_seating(ev: Event, rnd: Round, spot: _Spot, locate: Optional[Locate]) -> None:
    """VPs go to the players seated: a seating typed wrong is corrected first."""
    players = spot.players
    for i, n in enumerate(players, start=1):
        cell = place(locate, Where("seat", round=rnd.number, table=spot.table, seat=i, player=n, field="player"))
        if players.index(n) + 1 != i:
            raise EventDayError(say("result.seated_twice", at=spot.label, player=who(ev, n),
                                    first=players.index(n) + 1, second=i, cell=cell))
        other = next((j for j, o in enumerate(rnd.tables, start=1) if j != spot.table and n in o.players), None)
        if other is not None:
            raise EventDayError(say("result.seated_elsewhere", at=spot.label, player=who(ev, n), cell=cell,
                                    other=other, round=rnd.number))


def _vps_for(ev: Event, spot: _Spot, vps: Sequence[Optional[float]]) -> list[Optional[float]]:
    """The VPs as numbers, one per seat, refused when they are not."""
    if len(vps) != len(spot.players):
        raise WrongInput(say("result.wrong_vp_count", at=spot.label, seats=len(spot.players),
                             seated=[who(ev, n) for n in spot.players], given=len(vps)))
    return [None if v is None else float(v) for v in vps]


def _seat_vps(ev: Event, spot: _Spot, vps: Sequence[Optional[float]], gws: Sequence[bool] = ()) -> list[Message]:
    """"seat 1 #3 Chloé Martin 2.5 VP" for each seat (", GW" where ``gws`` says so)."""
    gws = list(gws) or [False] * len(spot.players)
    return [say("result.seat_vp_gw" if gw else "result.seat_vp", seat=i, player=who(ev, n), vp=vp_text(v))
            for i, (n, v, gw) in enumerate(zip(spot.players, vps, gws), start=1)]


def _refuse_replacing(ev: Event, spot: _Spot, values: list[Optional[float]], replace: bool) -> None:
    """A table with a complete result keeps it unless ``replace`` is given."""
    if replace or any(v is None for v in spot.old) or spot.old == values:
        return
    raise EventDayError(say("result.already_has_result", at=spot.label, recorded=_seat_vps(ev, spot, spot.old),
                            replace=option("replace")))


def _judge_result(ev: Event, spot: _Spot, values: list[Optional[float]], override: Optional[str]):
    """Score the table; an impossible result needs a judge's ``override``.

    Updates the event's overrides and returns (the scored result, lines to
    say first, the line saying a judge accepted it or None)."""
    try:
        result = score_table(values, ev.edition)
    except VPError as exc:
        raise WrongInput(say("result.vp_error", at=spot.label, problem=message_of(exc))) from None
    existing = ev.override_for(spot.key, spot.table)
    if result.status == COMPLETE:
        return result, _legal_lines(ev, spot, override, existing), None
    if override is None:
        _refuse_impossible(spot, result, existing)
    reason = typed_text(override, say("field.judges_reason"), say("where.at", at=spot.label))
    if not reason:
        raise WrongInput(say("result.override_reason_needed", at=spot.label, override=option("override")))
    ev.overrides = [o for o in ev.overrides if o is not existing and not _same_table(o, spot.key, spot.table)]
    ev.overrides.append(Override(spot.key, spot.table, reason))
    result = score_table(values, ev.edition, override=reason)
    return result, [], say("result.accepted", at=spot.label, reason=reason)


def _legal_lines(ev: Event, spot: _Spot, override: Optional[str], existing: Optional[Override]) -> list[Message]:
    """A legal result needs no override: one given is not recorded, one the table had is removed."""
    lines = []
    if override is not None:
        lines.append(say("result.override_not_needed", at=spot.label))
    if existing is not None:
        ev.overrides = [o for o in ev.overrides if not _same_table(o, spot.key, spot.table)]
        lines.append(say("result.override_removed", at=spot.label, reason=existing.reason))
    return lines


def _refuse_impossible(spot: _Spot, result, existing: Optional[Override]) -> None:
    """Refuse a result no game ends with (pending or invalid), saying what a judge may do."""
    check = say("result.check_pending" if result.status == PENDING else "result.check_vps")
    kept = say("result.has_override", reason=existing.reason, override=option("override")) if existing else ""
    raise EventDayError(say("result.impossible", at=spot.label, status=status_said(result.status), reason=result.said,
                            check=check, override=option("override"), kept=kept))


def _result_lines(ev: Event, spot: _Spot, values: list[Optional[float]], result) -> list[Message]:
    """What the table now holds, seat by seat, and the result it replaces."""
    gws = [seat.gw and not spot.is_final for seat in result.seats]
    lines = [say("result.seats", at=spot.label, seats=_seat_vps(ev, spot, [s.vp for s in result.seats], gws))]
    if any(v is not None for v in spot.old) and spot.old != values:
        lines.append(say("result.replaces", old=[vp_text(v) for v in spot.old]))
    return lines


def _same_table(o: Override, key: "int | str", table: int) -> bool:
    if str(key).upper() == FINAL:
        return str(o.round).upper() == FINAL
    return str(o.round) == str(key) and o.table == table
