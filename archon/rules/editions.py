"""Rule editions: the one table that holds every scoring difference between
the VEKN tournament rule texts archon supports.

No other module spells out Tournament Point values, ranking keys, the VP for
a withdrawal, the rating-point constants or the level coefficients: they all
read them from a :class:`RuleEdition`.

Editions (``../shared/seeds/README.md`` says which text is which):

``current``
    2008 onward, the default. Game Wins, then VP, then TP; a withdrawing
    player scores 1/2 VP (2011 text onward); the final's winner is ranked 1st
    and every other finalist 2nd.
``2004``
    The 1 January 2004 rules. Game Wins are recorded, but the five finalists
    are chosen by VP, then TP; every finalist is placed by final VP, ties by
    preliminary placing. Withdrawal follows the game rules: a full VP. The
    final's winner gets a GW only as any game gives one (3.8.1: at least 2 VP
    and strictly more than anyone).
``2001``
    The 2001-2002 season. No Game Wins; VP, then TP; finalists placed by
    final VP, ties by preliminary placing; withdrawal scores a full VP. Every
    event has a final (no 3.1.6 yet); players are rated by Elo (Appendix A.1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from archon.seating import tables

__all__ = [
    "RuleEdition",
    "EDITIONS",
    "DEFAULT_EDITION",
    "get_edition",
    "LEVELS",
    "level_coefficient",
    "TABLE_SIZES",
    "FINAL_SIZE",
    "RATING_SYSTEMS",
    "UNRATED_LEVELS",
    "LIMITED",
]

#: Rating systems by name: the edition whose Appendix A defines each.
RATING_SYSTEMS: Mapping[str, str] = {"rtp": "current", "elo2001": "2001"}

#: Levels whose events are not sanctioned, hence not rated (Appendix A: "based
#: only on sanctioned tournaments").
UNRATED_LEVELS: tuple[str, ...] = ("Unsanctioned Tournament",)

#: The level (and deck format) that makes an event a Limited one: Appendix A
#: rates Standard Constructed and Limited (all limited formats) apart.
LIMITED = "Limited"

#: Legal numbers of seats at a table (rules 3.1.2: groups of 5, 4 where
#: needed): defined with the seating, the lowest layer that needs it.
TABLE_SIZES = tables.TABLE_SIZES

#: Players at the final table.
FINAL_SIZE = 5

#: Tournament levels as The Archon lists them, with the coefficient each adds
#: to the finalist-bonus multiplier (Appendix A; The Archon's Tournament Info
#: D9:M10).
LEVELS: Mapping[str, float] = {
    "Standard Constructed": 0.0,
    "National Qualifier": 0.0,
    "National Championship": 0.25,
    "Continental Qualifier": 0.25,
    "Continental Championship": 1.0,
    "Grand Prix": 0.0,
    "Storyline": 0.0,
    "Limited": 0.0,
    "Demo": 0.0,
    "Unsanctioned Tournament": 0.0,
}


def level_coefficient(level: str | None) -> float:
    """The coefficient an event level adds to the finalist bonus (0 when unknown)."""
    if not level:
        return 0.0
    wanted = level.strip().casefold()
    for name, coefficient in LEVELS.items():
        if name.casefold() == wanted:
            return coefficient
    return 0.0


@dataclass(frozen=True)
class RuleEdition:
    """Everything about scoring that differs between rule texts."""

    name: str
    title: str
    #: Whether Game Wins exist at all (the 2001 rules have none).
    game_wins: bool
    #: Preliminary ranking keys, most important first; each is a standings
    #: attribute: ``"gw"``, ``"vp"`` or ``"tp"``.
    ranking_keys: tuple[str, ...]
    #: VP scored by a player who withdraws (in half points: 1 = 1/2 VP).
    withdrawal_half_vp: int
    #: True when every finalist is placed by final VP (ties: better seed);
    #: False when only the winner is placed and every other finalist is 2nd.
    all_finalists_placed: bool
    #: Tournament Points by table rank, 5-player table.
    tp_five: tuple[float, ...] = (60, 48, 36, 24, 12)
    #: Tournament Points by table rank, 4-player table (third place is the
    #: empty seat, so 4th and 5th place values follow 2nd).
    tp_four: tuple[float, ...] = (60, 48, 24, 12)
    #: A Game Win needs at least this many VP (and strictly more than anyone).
    gw_min_vp: float = 2.0
    #: True when the final's winner always gets the final's GW (current rules,
    #: Appendix A "GW or final round victory"; The Archon's Final Round H);
    #: False when the final's GW follows the table rule like any game (2004
    #: text 3.8.1: at least 2 VP and strictly more than anyone, else no GW).
    final_winner_always_gw: bool = True
    #: True when an event may close without a final (rules 3.1.6, under 8
    #: players); the 2001-2002 text has no such event.
    no_final_allowed: bool = True
    #: The rating system the edition's Appendix A describes: ``"rtp"`` (rating
    #: points, best 8 events in 18 months) or ``"elo2001"`` (Elo, A.1 of 2001).
    rating_system: str = "rtp"
    # Rating points, Appendix A, as The Archon computes them.
    rating_per_event: float = 5.0
    rating_per_vp: float = 4.0
    rating_per_gw: float = 8.0
    rating_winner_bonus: float = 90.0
    rating_finalist_bonus: float = 30.0
    #: Log base of the finalist-bonus coefficient: log_base(N^2) - 1.
    rating_log_base: float = 15.0
    # Across events, Appendix A.2 of the current rules: a rating is the sum of
    # the best ``rating_best_events`` events in the preceding
    # ``rating_window_months``; no rated round in ``rating_inactive_months``
    # leaves a player out of the ranking (figures kept).
    rating_window_months: int = 18
    rating_best_events: int = 8
    rating_inactive_months: int = 12
    # Elo, Appendix A.1 of the 2001-2002 rules: everyone starts at
    # ``elo_start``; change = ``elo_k`` x (score - expected) summed over each
    # opponent at the table; expected = 1 / (10^((opp - player)/elo_scale) + 1).
    elo_start: float = 3000.0
    elo_k: float = 32.0
    elo_scale: float = 400.0
    notes: tuple[str, ...] = field(default=())

    def tp_for_size(self, size: int) -> tuple[float, ...]:
        """Tournament Points by table rank for a table of ``size`` players."""
        if size == 5:
            return self.tp_five
        if size == 4:
            return self.tp_four
        raise ValueError(f"a table has 4 or 5 players, not {size}")

    def bonus_coefficient(self, players_entered: int, level: str | None) -> float:
        """``log15(N^2) - 1 + level coefficient`` (N = players entered).

        The Archon guards the logarithm with ``MAX(N^2, 1)``; so does this.
        """
        n2 = max(players_entered * players_entered, 1)
        return math.log(n2, self.rating_log_base) - 1 + level_coefficient(level)


CURRENT = RuleEdition(
    name="current",
    title="VEKN Tournament Rules, 2008 onward (current)",
    game_wins=True,
    ranking_keys=("gw", "vp", "tp"),
    withdrawal_half_vp=1,
    all_finalists_placed=False,
)

EDITION_2004 = RuleEdition(
    name="2004",
    title="VEKN Tournament Rules of 1 January 2004",
    game_wins=True,
    ranking_keys=("vp", "tp"),
    withdrawal_half_vp=2,
    all_finalists_placed=True,
    final_winner_always_gw=False,
)

EDITION_2001 = RuleEdition(
    name="2001",
    title="VEKN Tournament Rules, 2001-2002 season",
    game_wins=False,
    ranking_keys=("vp", "tp"),
    withdrawal_half_vp=2,
    all_finalists_placed=True,
    no_final_allowed=False,
    rating_system="elo2001",
)

#: Every supported edition by name.
EDITIONS: Mapping[str, RuleEdition] = {
    e.name: e for e in (CURRENT, EDITION_2004, EDITION_2001)
}

DEFAULT_EDITION = CURRENT


def get_edition(edition: "str | RuleEdition | None") -> RuleEdition:
    """Return the edition named ``edition`` (``None`` gives the default)."""
    if edition is None:
        return DEFAULT_EDITION
    if isinstance(edition, RuleEdition):
        return edition
    key = str(edition).strip().lower()
    if key in EDITIONS:
        return EDITIONS[key]
    raise ValueError(
        f"unknown rule edition {edition!r}: choose one of {', '.join(EDITIONS)}"
    )
