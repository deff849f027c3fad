"""Standings: preliminary ranking, finalists, the final and rating points.

:func:`compute` turns an :class:`~archon.rules.model.Event` into
:class:`Standings`, following the event's rule edition and computing the
same numbers as The Archon's own formulas for every legal event:

* a preliminary table counts (GW, TP, a round played) once it is *scored*:
  complete, overridden by a judge, or, as The Archon decides it, its VPs
  rounded up add up to the number of players; VPs count as typed;
* players are ranked by the edition's keys (current: GW, then VP, then TP),
  competition style (1, 2, 2, 4); a coin ranking (1 = won the toss) orders
  tied players; players flagged out come after everyone and have no rank;
* the top five eligible players are the finalists, seeded by rank; a tie
  that decides a place in the top five and has no coin ranking yet is
  reported as an unresolved :class:`Tie` instead of guessed;
* the final's winner has the most final VP, a tie going to the better seed,
  and gets the final's GW (nobody else does): always under the current
  rules, only with at least 2 VP and strictly the most under 2004 (3.8.1);
* rating points follow Appendix A of the current rules, as The Archon
  computes them (no rounding), but for a no-show (flagged N, no round
  played): the rules give 5 points per tournament *attended* and count the
  players in the tournament in the finalists' coefficient, so a no-show gets
  none and is not counted (:meth:`~archon.rules.model.Event.attended`);
  The Archon's formulas count every registered row
  (:func:`ratings_as_the_archon`, and ``check`` says where they differ).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Optional

from archon.rules.editions import FINAL_SIZE, RuleEdition, get_edition
from archon.rules.model import FINAL, Event, Player
from archon.rules.sanctions import penalised_vps, vp_penalties
from archon.rules.scoring import TableResult, VPError, game_wins, score_table, table_points
from archon.words.message import Message, say


__all__ = [
    "PlayerStanding",
    "TableStanding",
    "RoundStanding",
    "FinalStanding",
    "Tie",
    "Standings",
    "compute",
    "rating_points",
    "preliminary_key",
    "unfinished_preliminaries",
    "tables_without_result",
    "final_game_win",
    "ratings_as_the_archon",
]


@dataclass
class PlayerStanding:
    """One player's numbers. ``gw``, ``vp``, ``tp`` and ``rank`` are preliminary."""

    player: Player
    rounds_played: int = 0
    gw: int = 0
    vp: float = 0.0
    tp: float = 0.0
    rank: Optional[int] = None
    finalist: bool = False
    seed: Optional[int] = None
    final_vp: Optional[float] = None
    final_rank: Optional[int] = None
    rating_points: float = 0.0
    #: VPs the judges' standings adjustments took off the preliminary rounds
    #: (:mod:`archon.rules.sanctions`), already out of :attr:`vp`.
    vp_penalty: float = 0.0

    def __post_init__(self) -> None:
        # the player's number, looked up several times a player by the
        # standings and the archive's rows: an attribute, not a property
        self.number: int = self.player.number

    @property
    def coin(self) -> Optional[int]:
        return self.player.coin


@dataclass
class TableStanding:
    """A scored table: who sat where and the :class:`TableResult`."""

    number: int
    players: list[int]
    result: Optional[TableResult]
    #: VPs as typed (blank = 0), in seat order.
    vps: list[float] = field(default_factory=list)
    #: Whether each seat's VP is typed (False: blank, counted as 0).
    typed: list[bool] = field(default_factory=list)
    #: Set when the table cannot be scored at all (wrong size, bad VP).
    error: Optional[str] = None
    #: :attr:`error` as a message.
    error_said: Optional[Message] = None
    #: VPs each seat's standings adjustments take off (0: none); the
    #: :attr:`result`'s VPs, GW and TP are those after them.
    penalties: list[int] = field(default_factory=list)

    @property
    def status(self) -> str:
        return self.result.status if self.result else "invalid"

    @property
    def reason(self) -> Optional[str]:
        return self.result.reason if self.result else self.error

    @property
    def said(self) -> Optional[Message]:
        """Why the table is not complete, as a message (:attr:`reason` in plain English)."""
        if self.result is not None:
            return self.result.said
        return None if self.error is None else (self.error_said or say("text", text=self.error))


@dataclass
class RoundStanding:
    number: int
    tables: list[TableStanding]


@dataclass
class FinalStanding:
    seating: list[int]
    seeds: list[Optional[int]]
    result: Optional[TableResult]
    winner: Optional[int]
    error: Optional[str] = None

    @property
    def played(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class Tie:
    """Players tied for places ``first``..``last`` that a coin toss must order."""

    players: tuple[int, ...]
    first: int
    last: int
    #: True when the tie decides who reaches the final.
    at_cut: bool
    #: Places in the final (5, or fewer players left).
    final_size: int = FINAL_SIZE

    def stake(self, event: Optional[Event] = None) -> Message:
        """What the coin toss decides, as words of a sentence: "the last place
        in the final", "the last 4 places in the final" (the places of the
        final the tied players share), "their seeds in the final"; what
        ``archon finals`` and ``archon toss`` both say."""
        if event is not None and not event.has_final:
            return say("tie.stake.top_five")  # rules 3.1.6: no final, the ranks are final
        if not self.at_cut:
            return say("tie.stake.seeds")
        places = self.final_size - self.first + 1
        return say("tie.stake.last_place") if places == 1 else say("tie.stake.last_places", places=places)

    def said(self, event: Optional[Event] = None) -> Message:
        """The tie as a message (``check.tie``): the players (named when
        ``event`` is given), the places and what the toss decides."""
        names = []
        for n in self.players:
            if event is not None:
                try:
                    names.append(str(event.player(n)))
                    continue
                except KeyError:
                    pass
            names.append(f"#{n}")
        return say("check.tie", players=names, first=self.first, last=self.last, stake=self.stake(event))

    def describe(self, event: Optional[Event] = None) -> Message:
        """:meth:`said`: what a shell renders in its language (``PLAIN.render``
        of it is the English)."""
        return self.said(event)


@dataclass
class Standings:
    """Everything computed for an event."""

    event: Event
    edition: RuleEdition
    #: Players in display order: final rank (or rank), then player number;
    #: players flagged out last.
    players: list[PlayerStanding]
    rounds: list[RoundStanding]
    final: Optional[FinalStanding]
    finalists: list[int]
    ties: list[Tie] = field(default_factory=list)

    @property
    def cut_tie(self) -> Optional[Tie]:
        for t in self.ties:
            if t.at_cut:
                return t
        return None

    @property
    def winner(self) -> Optional[int]:
        if self.final is not None and self.final.winner is not None:
            return self.final.winner
        if not self.event.has_final:
            first = [s.number for s in self.players if s.rank == 1]
            # players tied for first: no winner until a coin toss orders them
            return first[0] if len(first) == 1 else None
        return None

    def by_number(self) -> dict[int, PlayerStanding]:
        return {s.number: s for s in self.players}


def _add_round(tables: list[TableStanding], standings: dict[int, PlayerStanding]) -> None:
    """Add each player's VP, GW, TP and a round played from the first table
    they sit at in a round's ``tables``. The Archon looks players up with
    VLOOKUP, which finds the first row; a player seated twice is reported by
    ``archon check``."""
    seen: set[int] = set()
    for t in tables:
        result = t.result
        seats = result.seats if result is not None and result.scored else None
        vps, penalties = t.vps, t.penalties
        for i, p in enumerate(t.players):
            if p in seen:
                continue
            seen.add(p)
            s = standings.get(p)
            if s is None:
                continue
            # VPs count as typed, whether or not the table is finished.
            s.vp += vps[i] - penalties[i]
            s.vp_penalty += penalties[i]
            if seats is not None:
                seat = seats[i]
                s.gw += seat.gw
                s.tp += seat.tp or 0.0
                s.rounds_played += 1


def _score(players: list[int], vps: list[Optional[float]], ed: RuleEdition, override: Optional[str]):
    """The table's result, or ``(None, the error, the error's message)`` when it cannot be scored."""
    try:
        return score_table(vps, ed, override=override), None, None
    except VPError as exc:
        return None, str(exc), exc.message


def compute(event: Event, edition: "str | RuleEdition | None" = None) -> Standings:
    """Compute the standings of ``event`` (``edition`` overrides the event's own)."""
    ed = get_edition(edition if edition is not None else event.edition)
    standings = {p.number: PlayerStanding(player=p) for p in event.players}
    rounds = _preliminary_rounds(event, ed, standings)
    eligible = [s for s in standings.values() if not s.player.is_out]
    keys = _rank_preliminaries(event, ed, eligible)
    final_size = min(FINAL_SIZE, len(eligible))
    ties = _top_five_ties(eligible, keys, final_size)
    finalists = _choose_finalists(event, eligible, ties, final_size) if event.has_final else []
    final: Optional[FinalStanding] = None
    if event.has_final and event.final.seated:
        final = _final(event, ed, standings)
    _final_ranks(event, ed, standings, final)
    # Rounds played: a seat at the final table counts as soon as it is seated.
    if final is not None:
        for p in final.seating:
            if p in standings:
                standings[p].rounds_played += 1
    # Appendix A.2: NumPlayers is the players in the tournament, and 5 RtP
    # reward attending it: a no-show counts in neither.
    absent = [p for p in event.players if p.out is not None and event.did_not_attend(p)]  # flagged first: cheap
    coefficient = ed.bonus_coefficient(len(event.players) - len(absent), event.level)  # len(event.attended())
    no_shows = {id(p) for p in absent}
    for s in standings.values():
        s.rating_points = 0.0 if id(s.player) in no_shows else rating_points(s, ed, coefficient, final)
    return Standings(
        event=event,
        edition=ed,
        players=sorted(standings.values(), key=_display_key),
        rounds=rounds,
        final=final,
        finalists=finalists,
        ties=ties,
    )


def _preliminary_rounds(event: Event, ed: RuleEdition, standings: dict[int, PlayerStanding]) -> list[RoundStanding]:
    """Score every preliminary table and add each player's VP, GW, TP and
    rounds played (from their first seat in a round) to ``standings``."""
    rounds: list[RoundStanding] = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        tables = []
        penalties = vp_penalties(event.warnings, rnd.number) if event.warnings else {}
        for k, table in enumerate(rnd.tables, start=1):
            o = event.override_for(rnd.number, k) if event.overrides else None
            players, vps = table.players, table.vps
            result, error, error_said = _score(players, list(vps), ed, None if o is None else o.reason)
            if penalties:
                result = _penalised(result, players, penalties, ed)
            tables.append(
                TableStanding(
                    number=k,
                    players=list(players),
                    result=result,
                    vps=_typed(vps),
                    typed=[v is not None for v in vps],
                    error=error,
                    error_said=error_said,
                    penalties=[penalties.get(p, 0) for p in players] if penalties else [0] * len(players),
                )
            )
        rounds.append(RoundStanding(number=rnd.number, tables=tables))
        _add_round(tables, standings)
    return rounds


def _rank_preliminaries(event: Event, ed: RuleEdition, eligible: list[PlayerStanding]) -> dict[int, tuple]:
    """Give each player still in the event their preliminary rank; returns
    each one's ranking key (the edition's keys, then the coin ranking)."""
    coins = [p.coin for p in event.players if p.coin]
    max_coin = max(coins) if coins else 0

    # The coin ranking orders ties: 1 (won the toss) is best. As in The
    # Archon, a player with no coin ranking ties with the worst coin.
    keyed = [(preliminary_key(s, ed) + ((max_coin - s.player.coin) if s.player.coin else 0,), s) for s in eligible]
    # rank: 1 + how many players have a better key (players with equal keys share it);
    # a stable sort on the key alone keeps equal keys in the players' order
    better = 0
    previous = None
    for i, (k, s) in enumerate(sorted(keyed, key=itemgetter(0), reverse=True)):
        if i and k != previous:
            better = i
        s.rank = 1 + better
        previous = k
    return {s.number: k for k, s in keyed}


def _top_five_ties(eligible: list[PlayerStanding], keys: dict[int, tuple], final_size: int) -> list[Tie]:
    """Players tied (same key) for places within the final's size, by place."""
    ties: list[Tie] = []
    groups: dict[tuple, list[PlayerStanding]] = {}
    for s in eligible:
        if (s.rank or 0) <= final_size:  # equal keys share a rank: a group is all in, or all out
            groups.setdefault(keys[s.number], []).append(s)
    for group in groups.values():
        if len(group) < 2:
            continue
        first = group[0].rank or 0
        last = first + len(group) - 1
        if first <= final_size:
            ties.append(
                Tie(
                    players=tuple(sorted(s.number for s in group)),
                    first=first,
                    last=last,
                    at_cut=last > final_size,
                    final_size=final_size,
                )
            )
    ties.sort(key=lambda t: t.first)
    return ties


def _choose_finalists(event: Event, eligible: list[PlayerStanding], ties: list[Tie], final_size: int) -> list[int]:
    """The players sure of a place in the final (a tie at the cut leaves its
    players out until tossed), marked finalists with their seeds (none while
    tied)."""
    tied_players = {n for t in ties for n in t.players}
    cut_tie = any(t.at_cut for t in ties)
    finalists: list[int] = []
    for s in sorted(eligible, key=lambda s: (s.rank, s.number)):
        if s.rank is not None and s.rank <= final_size:
            sure = not (cut_tie and s.number in tied_players and any(
                t.at_cut and s.number in t.players for t in ties))
            if sure:
                s.finalist = True
                s.seed = None if s.number in tied_players else s.rank
                finalists.append(s.number)
    return finalists


def _final_ranks(event: Event, ed: RuleEdition, standings: dict[int, PlayerStanding],
                 final: Optional[FinalStanding]) -> None:
    """Final ranks: the final's places, then the preliminary ranks; without a
    final the preliminary ranks; none while the final is to be played."""
    if final is not None and final.played and final.result is not None:
        placed = _final_places(final, ed, standings)
        for s in standings.values():
            if s.player.is_out:
                s.final_rank = None
            elif s.number in placed:
                s.final_rank = placed[s.number]
            else:
                s.final_rank = s.rank
    elif not event.has_final:
        for s in standings.values():
            s.final_rank = s.rank


def _penalised(result: Optional[TableResult], players: list[int], penalties: dict[int, int],
               ed: RuleEdition) -> Optional[TableResult]:
    """``result`` once the standings adjustments ``penalties`` (player -> VPs)
    are taken off: each penalised seat's VP, and the GW and TP of a scored
    table, follow from the VPs after them (the Judges' Guide, 1.1.3)."""
    if result is None or not any(penalties.get(p, 0) for p in players):
        return result
    vps = penalised_vps(players, [seat.vp for seat in result.seats], penalties)
    gws, tps = (game_wins(vps, ed), table_points(vps, ed)) if result.scored else (None, None)
    seats = tuple(replace(seat, vp=vps[i], gw=gws[i] if gws else seat.gw, tp=tps[i] if tps else seat.tp)
                  for i, seat in enumerate(result.seats))
    return replace(result, seats=seats)


def _typed(vps: list[Optional[float]]) -> list[float]:
    """VPs as The Archon adds them up: blank (or not a number) counts as 0."""
    try:
        return [float(v or 0) for v in vps]  # nearly always: numbers and blanks
    except (TypeError, ValueError):
        pass
    out = []
    for v in vps:
        try:
            out.append(float(v or 0))
        except (TypeError, ValueError):
            out.append(0.0)
    return out


def preliminary_key(s: PlayerStanding, edition: RuleEdition) -> tuple:
    """A player's preliminary ranking key under ``edition`` (e.g. GW, VP, TP),
    before coin ranking: equal keys are a tie."""
    return _exact_all([getattr(s, k) for k in edition.ranking_keys])


#: Below this size a figure doubled is finite: :func:`_exact`'s rounding needs no other check.
_HUGE = 1e300


def _exact_all(figures) -> tuple:
    """:func:`_exact` of each figure, as a tuple; a finite number without a
    call (a whole archive ranks every player)."""
    try:
        return tuple([round(x * 2) / 2 if -_HUGE < x < _HUGE else _exact(x) for x in figures])
    except TypeError:  # None (counts as 0) among them
        return tuple(map(_exact, figures))


def planned_rounds(event: Event) -> int:
    """The preliminary rounds the event plays: its declared ones, or one more
    when 6, 7 or 11 players cannot all sit at tables of 4 and 5 (rules 3.1.2:
    some sit out each round, every player plays the declared number of
    games). A 2R+F event of 7 players plays 3 rounds of which each player
    plays 2 and stays 2R+F, as The Archon's own 2R+F chart seats them. An
    event whose first round was played by everyone present (a drop left 7
    players later) keeps its declared rounds; a round seated but without a VP
    typed yet (an official Archon's chart seats every round in advance) can
    still be seated anew, so it does not count. Pure:
    :func:`archon.seating.rounds_to_play`."""
    from archon.seating.tables import rounds_to_play

    present = {p.number for p in event.players if not p.is_out}
    rounds = rounds_to_play(len(present), event.preliminary_rounds)
    first = min((r for r in event.rounds if r.has_results()), key=lambda r: r.number, default=None)
    if rounds > event.preliminary_rounds and first is not None:
        if present <= {n for t in first.tables for n in t.players}:
            return event.preliminary_rounds
    return rounds


def unfinished_preliminaries(event: Event, st: Standings) -> list[Message]:
    """What keeps the preliminary rounds from being over, as messages (empty
    when over): a planned round not seated, or a table not scored yet."""
    out = []
    unscored = tables_without_result(st)
    for k in range(1, planned_rounds(event) + 1):
        if k not in unscored:
            out.append(say("standings.round_not_seated", round=k))
        out += [say("standings.no_complete_result", round=k, table=t) for t in unscored.get(k, [])]
    return out


def tables_without_result(st: Standings) -> dict[int, list[int]]:
    """Each seated preliminary round (by number): its tables not scored yet
    (an empty list once every table has its result)."""
    return {
        r.number: [t.number for t in r.tables if t.result is None or not t.result.scored]
        for r in st.rounds if r.tables
    }


def _exact(x: Optional[float]) -> float:
    """Key values are half points or whole TP: round away float noise."""
    if x is None:
        return 0.0
    x = float(x)
    return round(x * 2) / 2 if math.isfinite(x * 2) else x  # 1e308 typed as a VP: no overflow


def _final(event: Event, ed: RuleEdition, standings: dict[int, PlayerStanding]) -> FinalStanding:
    seating = list(event.final.seating)
    seeds = [standings[p].seed if p in standings else None for p in seating]
    o = event.override_for(FINAL, 0)
    result, error, _ = _score(seating, list(event.final.vps), ed, None if o is None else o.reason)
    result = _penalised(result, seating, vp_penalties(event.warnings, FINAL), ed)
    winner = None
    if result is not None and result.scored:
        for p, seat in zip(seating, result.seats):
            if p in standings:
                standings[p].final_vp = seat.vp
        order = _final_order(seating, result, standings)
        winner = order[0]
        result = _final_game_win(seating, result, winner, ed)
    elif result is not None:
        for p, seat in zip(seating, result.seats):
            if p in standings:
                standings[p].final_vp = None
    return FinalStanding(seating=seating, seeds=seeds, result=result, winner=winner, error=error)


def _final_game_win(seating: list[int], result: TableResult, winner: int, ed: RuleEdition) -> TableResult:
    """In the final the winner always gets the GW, even with less than 2 VP or
    a VP tie decided by seed (The Archon's Final Round H); nobody else does.
    Under an edition where the final's GW follows the table rule (2004,
    3.8.1) the table's own GWs stand: the winner may have none."""
    if not ed.game_wins or not ed.final_winner_always_gw:
        return result
    gws = [1 if p == winner else 0 for p in seating]
    if all(seat.gw == gw for seat, gw in zip(result.seats, gws)):
        return result  # the table's own GWs already (nearly every final): the result as scored
    seats = tuple(seat if seat.gw == gw else replace(seat, gw=gw) for gw, seat in zip(gws, result.seats))
    return replace(result, seats=seats)


def _final_order(seating: list[int], result: TableResult, standings: dict[int, PlayerStanding]) -> list[int]:
    """Finalists by final VP, ties by better seed (preliminary rank)."""

    def seed_of(p: int) -> float:
        s = standings.get(p)
        if s is None:
            return float("inf")
        if s.seed is not None:
            return s.seed
        return s.rank if s.rank is not None else float("inf")

    pairs = list(zip(seating, result.seats))
    pairs.sort(key=lambda ps: (-ps[1].vp, seed_of(ps[0]), ps[0]))
    return [p for p, _ in pairs]


def _final_places(final: FinalStanding, ed: RuleEdition, standings: dict[int, PlayerStanding]) -> dict[int, int]:
    assert final.result is not None
    order = _final_order(final.seating, final.result, standings)
    if ed.all_finalists_placed:
        return {p: i for i, p in enumerate(order, start=1)}
    return {p: (1 if i == 0 else 2) for i, p in enumerate(order)}


def rating_points(
    s: PlayerStanding,
    edition: RuleEdition,
    coefficient: float,
    final: Optional[FinalStanding],
) -> float:
    """Rating points (Appendix A), exactly as The Archon computes them.

    ``5 + 4 x (prelim VP + final VP) + 8 x (prelim GW + 1 for the final
    winner) + bonus``; bonus = 90 for the winner, 30 for every other finalist,
    times the coefficient ``log15(N^2) - 1 + level coefficient``. Final VP and
    the winner's GW count only for a player who gets a bonus (The Archon adds
    them only where the bonus is not zero).
    """
    bonus = 0.0
    won = False
    if final is not None and final.played and s.number in final.seating and s.final_rank is not None:
        won = s.final_rank == 1
        bonus = (edition.rating_winner_bonus if won else edition.rating_finalist_bonus) * coefficient
    final_vp = (s.final_vp or 0.0) if bonus != 0 else 0.0
    extra_gw = final_game_win(final, s.number) if (won and bonus != 0) else 0
    return (
        edition.rating_per_event
        + edition.rating_per_vp * (s.vp + final_vp)
        + edition.rating_per_gw * (s.gw + extra_gw)
        + bonus
    )


def ratings_as_the_archon(st: Standings) -> dict[int, float]:
    """Each player's rating points as The Archon's own formulas compute them
    (Methuselahs AB): its coefficient counts every registered row
    (Methuselahs A4, Tournament Info B10) and every row gets the 5 points of
    attending, a no-show's too. :func:`compute` follows the rules instead
    (:meth:`~archon.rules.model.Event.attended`); the two differ only for an
    event with a no-show."""
    ev, ed = st.event, st.edition
    coefficient = ed.bonus_coefficient(len(ev.players), ev.level)
    return {s.number: rating_points(s, ed, coefficient, st.final) for s in st.players}


def final_game_win(final: Optional[FinalStanding], number: int) -> int:
    """1 when player ``number`` won a GW in the played final, else 0 (the
    edition decides: :func:`_final_game_win`)."""
    if final is None or not final.played or final.result is None or number not in final.seating:
        return 0
    return final.result.seats[final.seating.index(number)].gw


def _display_key(s: PlayerStanding) -> tuple:
    if s.player.is_out:
        return (1, 0, s.number)
    place = s.final_rank if s.final_rank is not None else s.rank
    return (0, place if place is not None else 10**9, s.number)
