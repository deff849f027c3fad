"""Table results: which VP results a game can produce, and GW and TP.

A result (the VPs of each seat, in seat order) is *legal* when some course of
the game produces it. The game, as the tournament rules score it:

* **oust**: a player is ousted (concessions count as ousts); the ousted
  player's predator at that moment (the nearest player still in the game
  before them in seat order) gains 1 VP;
* **withdrawal**: a player withdraws and leaves; the withdrawing player gains
  1/2 VP under the current rules (a full VP under the older texts, which
  leave withdrawal to the game rules); nobody else gains;
* the game ends when one player is left (**last survivor**: +1 VP) or at the
  **time limit** (+1/2 VP to every player still in the game).

With at most 5 seats every course of the game can be explored, so legality is
decided exactly: :func:`legal_results` lists every legal result for a table
size and rule edition, and :func:`score_table` classifies a table.

VPs are handled internally in half points (an ``int``), so 2.5 VP is 5.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Optional, Sequence

from archon.words.errors import WordedError
from archon.words.message import Message, say
from archon.words.render import PLAIN
from archon.exits import ExitStatus
from archon.rules.editions import TABLE_SIZES, RuleEdition, get_edition

__all__ = [
    "COMPLETE",
    "PENDING",
    "INVALID",
    "OVERRIDDEN",
    "SeatResult",
    "TableResult",
    "legal_results",
    "is_legal",
    "score_table",
    "table_points",
    "VPError",
    "status_said",
]

COMPLETE = "complete"
PENDING = "pending"
INVALID = "invalid"
OVERRIDDEN = "overridden"

#: A table's status as a word of a sentence (a status is data in JSON, words in a sentence).
_STATUS_SAID = {COMPLETE: "table.status.complete", PENDING: "table.status.pending",
                INVALID: "table.status.invalid", OVERRIDDEN: "table.status.overridden"}


def status_said(status: str) -> Message:
    """``status`` ("pending", "invalid"...) as a message: the word a sentence
    says it with, in the reader's language."""
    id = _STATUS_SAID.get(status)
    return say(id) if id is not None else say("text", text=status)


class VPError(WordedError, ValueError):
    """A VP value that is not a number of half points between 0 and the table size."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class SeatResult:
    """One seat's score. ``tp`` is None while the table is not scored."""

    seat: int
    vp: float
    gw: int
    tp: Optional[float]

    def as_dict(self) -> dict:
        return {"seat": self.seat, "vp": self.vp, "gw": self.gw, "tp": self.tp}


@dataclass(frozen=True)
class TableResult:
    """A table's status and each seat's VP, GW and TP.

    ``status`` is one of ``complete`` (a legal result), ``pending`` (VPs
    still missing), ``invalid`` (``reason`` says what cannot happen) or
    ``overridden`` (a judge accepted it; ``reason`` is the judge's).

    ``scored`` says whether GW and TP count, exactly as The Archon decides it:
    the table's VPs, each rounded up, add up to the number of players, or a
    judge overrode it. A table can be ``invalid`` and still scored (its VPs
    add up but no game produces them); archon reports it and computes the
    same numbers as The Archon.
    """

    status: str
    #: Why the table is not complete, as a message (a judge's override: their words).
    said: Optional[Message]
    seats: tuple[SeatResult, ...]
    scored: bool = field(default=False)

    @property
    def legal(self) -> bool:
        return self.status == COMPLETE

    @property
    def reason(self) -> Optional[str]:
        """:attr:`said` in plain English."""
        return None if self.said is None else PLAIN.render(self.said)

    def as_dict(self) -> dict:
        return {
            "legal": self.legal,
            "status": self.status,
            "reason": self.reason,
            "seats": [s.as_dict() for s in self.seats],
        }


# ---------------------------------------------------------------------------
# Legal results


@lru_cache(maxsize=None)
def _legal_half_points(size: int, withdrawal_half_vp: int) -> frozenset[tuple[int, ...]]:
    """Every reachable final result, in half points, by exploring game states.

    A state is (players still in the game, VPs so far). From each state the
    game either ends (time limit, or last survivor when one is left) or one
    player leaves (ousted or withdrawing).
    """
    results: set[tuple[int, ...]] = set()
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def predator(alive: tuple[int, ...], seat: int) -> int:
        i = alive.index(seat)
        return alive[i - 1]

    def explore(alive: tuple[int, ...], vps: tuple[int, ...]) -> None:
        key = (alive, vps)
        if key in seen:
            return
        seen.add(key)
        if len(alive) == 1:
            final = list(vps)
            final[alive[0]] += 2
            results.add(tuple(final))
            return
        # time limit: +1/2 to every survivor
        final = list(vps)
        for s in alive:
            final[s] += 1
        results.add(tuple(final))
        for s in alive:
            rest = tuple(a for a in alive if a != s)
            # ousted: predator gains 1 VP
            ousted = list(vps)
            ousted[predator(alive, s)] += 2
            explore(rest, tuple(ousted))
            # withdraws: gains the withdrawal VP, nobody else gains
            withdrew = list(vps)
            withdrew[s] += withdrawal_half_vp
            explore(rest, tuple(withdrew))

    explore(tuple(range(size)), (0,) * size)
    return frozenset(results)


def legal_results(size: int, edition: "str | RuleEdition | None" = None) -> frozenset[tuple[float, ...]]:
    """Every legal result (VPs in seat order) for a table of ``size`` seats."""
    ed = get_edition(edition)
    _check_size(size)
    return frozenset(
        tuple(h / 2 for h in r) for r in _legal_half_points(size, ed.withdrawal_half_vp)
    )


@lru_cache(maxsize=None)
def _projections(size: int, withdrawal_half_vp: int, seats: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The legal results restricted to ``seats`` (for explaining illegal ones)."""
    return frozenset(
        tuple(r[s] for s in seats) for r in _legal_half_points(size, withdrawal_half_vp)
    )


@lru_cache(maxsize=None)
def _dominating(size: int, withdrawal_half_vp: int) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(_legal_half_points(size, withdrawal_half_vp)))


def is_legal(vps: Sequence[float], edition: "str | RuleEdition | None" = None) -> bool:
    """True when some course of the game gives exactly ``vps`` (seat order)."""
    ed = get_edition(edition)
    halves = _to_halves(vps)
    _check_size(len(halves))
    return tuple(halves) in _legal_half_points(len(halves), ed.withdrawal_half_vp)


def _check_size(size: int) -> None:
    if size not in TABLE_SIZES:
        raise VPError(say("vp.table_size", sizes=list(TABLE_SIZES), players=size))


def _to_halves(vps: Sequence[float]) -> list[int]:
    out = []
    for i, v in enumerate(vps, start=1):
        h = _half_points(v)
        if h is None:
            raise VPError(say("vp.not_half_point", seat=i, value=repr(v)))
        out.append(h)
    return out


def _half_points(v: float) -> Optional[int]:
    try:
        x = float(v) * 2
    except (TypeError, ValueError):
        return None
    if not math.isfinite(x) or abs(x - round(x)) > 1e-9:
        return None
    return int(round(x))


def _fmt(v: float) -> str:
    """2.0 -> '2', 2.5 -> '2.5'."""
    return f"{v:g}"


def _explain_missing(halves: list[int], ceil_total: int) -> Message:
    """Why a table's VPs are short of a finished game's: all zero, or fewer
    than its players. A half counts as 1 here: a player not ousted scores
    \u00bd or 1, a player ousted gives 1 to their predator, so The Archon's
    check, the VPs rounded up add up to the number of players, holds for
    every finished game."""
    size = len(halves)
    hands_out = say("vp.game_hands_out")
    if not any(halves):
        return say("vp.no_vp", size=size, hands_out=hands_out)
    return say("vp.missing", size=size, hands_out=hands_out, total=ceil_total)


def _explain_too_many(halves: list[int]) -> Message:
    """Why a table's VPs are more than any game hands out: a half VP goes
    to a player not ousted, so each half leaves one VP fewer to hand out."""
    size = len(halves)
    typed = [h / 2 for h in halves]
    total = sum(halves) / 2
    kept = sum(h % 2 for h in halves)
    if not kept:
        return say("vp.too_many", typed=typed, total=total, size=size)
    return say("vp.too_many_halves", typed=typed, total=total, halves=[h / 2 for h in halves if h % 2],
               kept=kept, ousted=size - kept, size=size, limit=size - kept / 2)


def _explain_illegal(halves: list[int], withdrawal_half_vp: int) -> Message:
    """Name the smallest group of seats whose VPs no game can produce together."""
    size = len(halves)
    for k in range(1, size + 1):
        for seats in combinations(range(size), k):
            got = tuple(halves[s] for s in seats)
            if got not in _projections(size, withdrawal_half_vp, seats):
                numbers = [s + 1 for s in seats]
                values = [halves[s] / 2 for s in seats]
                if k == 1:
                    return say("vp.seat_cannot", seats=numbers, values=values, size=size)
                return say("vp.seats_cannot_together", seats=numbers, values=values)
    return say("vp.no_course")  # pragma: no cover


# ---------------------------------------------------------------------------
# GW and TP


def table_points(vps: Sequence[float], edition: "str | RuleEdition | None" = None) -> list[float]:
    """Tournament Points of each seat from the VPs (ties share the average).

    On a 4-player table third place is the empty seat, so the places go
    1st, 2nd, 4th, 5th.
    """
    ed = get_edition(edition)
    values = [float(v) for v in vps]
    scale = ed.tp_for_size(len(values))
    tps = []
    for v in values:
        better = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        share = scale[better : better + tied]
        tps.append(sum(share) / len(share))
    return tps


def game_wins(vps: Sequence[float], edition: "str | RuleEdition | None" = None) -> list[int]:
    """1 for the seat with at least 2 VP and strictly more than anyone else."""
    ed = get_edition(edition)
    values = [float(v) for v in vps]
    if not ed.game_wins:
        return [0] * len(values)
    out = []
    for i, v in enumerate(values):
        others = values[:i] + values[i + 1 :]
        out.append(1 if v >= ed.gw_min_vp and all(v > w for w in others) else 0)
    return out


def _archon_adds_up(halves: Sequence[int]) -> bool:
    """The Archon's only check: VPs rounded up add up to the number of players."""
    return sum(-(-h // 2) for h in halves) == len(halves)


def score_table(
    vps: Sequence[Optional[float]],
    edition: "str | RuleEdition | None" = None,
    *,
    override: Optional[str] = None,
) -> TableResult:
    """Classify a table and score each seat.

    ``vps`` are in seat order; ``None`` is a blank cell and counts as 0.
    ``override`` is a judge's reason for accepting the table as it is.
    Raises :class:`VPError` for a table of other than 4 or 5 seats or a VP
    that is not a multiple of 1/2 between 0 and the table size.

    Pure: a table's result depends on its VPs, the edition and the override
    alone, so results are remembered by those (an archive scores the same
    few hundred results over and over; the result is immutable).
    """
    ed = get_edition(edition)
    try:
        key = (tuple(vps), id(ed), override)
        known = _REMEMBERED.get(key)
    except TypeError:  # a VP that cannot be a key (not hashable): score it afresh
        return _score_table(vps, ed, override)
    if known is not None and known[0] is ed:
        return known[1]
    result = _score_table(vps, ed, override)  # a VPError is raised each time, never remembered
    if len(_REMEMBERED) >= _REMEMBER_AT_MOST:
        _REMEMBERED.clear()
    _REMEMBERED[key] = (ed, result)
    return result


#: Results scored, by (VPs, the edition's id, override): (the edition, the
#: result). The edition is kept with its result (so its id is not reused
#: while remembered) and compared by identity: hashing a whole edition would
#: cost more than the look-up saves.
_REMEMBERED: dict[tuple, tuple[RuleEdition, TableResult]] = {}
_REMEMBER_AT_MOST = 4096


def _score_table(vps: Sequence[Optional[float]], ed: RuleEdition, override: Optional[str]) -> TableResult:
    size = len(vps)
    _check_size(size)
    values = [0.0 if v is None else v for v in vps]
    halves = _to_halves(values)
    for i, h in enumerate(halves, start=1):
        if h < 0 or h > 2 * size:
            raise VPError(say("vp.out_of_range", seat=i, value=_fmt(h / 2), players=size))

    legal = tuple(halves) in _legal_half_points(size, ed.withdrawal_half_vp)
    adds_up = _archon_adds_up(halves)
    reason: Optional[Message] = None
    if override is not None:
        status, reason = OVERRIDDEN, say("text", text=override) if override else say("vp.accepted_by_judge")
    elif legal:
        status = COMPLETE
    else:
        ceil_total = sum(-(-h // 2) for h in halves)
        if ceil_total < size and any(
            all(r[i] >= halves[i] for i in range(size))
            for r in _dominating(size, ed.withdrawal_half_vp)
        ):
            status = PENDING
            reason = _explain_missing(halves, ceil_total)
        else:
            status = INVALID
            if ceil_total > size:
                reason = _explain_too_many(halves)
            else:
                reason = _explain_illegal(halves, ed.withdrawal_half_vp)

    scored = override is not None or adds_up
    floats = [h / 2 for h in halves]
    if scored:
        tps: list[Optional[float]] = list(table_points(floats, ed))
        gws = game_wins(floats, ed)
    else:
        tps = [None] * size
        gws = [0] * size
    seats = tuple(
        SeatResult(seat=i + 1, vp=floats[i], gw=gws[i], tp=tps[i]) for i in range(size)
    )
    return TableResult(status=status, said=reason, seats=seats, scored=scored)
