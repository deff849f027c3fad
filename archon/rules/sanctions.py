"""Sanctions on the levels of the VEKN Judges' Guide (v2).

The guide's penalties, lightest first: caution, warning, standings
adjustment, disqualification (section 1.1). Its infractions come in three
categories (procedural error, tournament error, unsportsmanlike conduct),
each with sub-categories, and each sub-category has a baseline penalty for
a first offence (sections 2 to 4). A repeat of the same infraction by the
same player escalates along the guide's ladder (section 1.2.1)::

    caution, caution, warning, warning, standings adjustment, standings adjustment, disqualification

entered at the infraction's baseline: a warning's third offence is a
standings adjustment, its fifth a disqualification.

A standings adjustment takes 1 VP from the player's result of a round
(section 1.1.3): the table's GW and TP follow from the VPs after it (the
guide's examples), and what the round's VPs cannot cover (a player with
0 VP) still comes off the player's total. Pure data and functions.
"""

from __future__ import annotations

from typing import Iterable, Optional

from archon.words.message import Message, say

__all__ = ["LEVELS", "CAUTION", "WARNING", "STANDINGS_ADJUSTMENT", "DISQUALIFICATION", "CATEGORIES",
           "SUBCATEGORIES", "BASELINE", "LADDER", "category_of", "suggested_level", "level_name",
           "infraction_name", "vp_penalties", "penalised_vps"]

CAUTION = "caution"
WARNING = "warning"
STANDINGS_ADJUSTMENT = "standings_adjustment"
DISQUALIFICATION = "disqualification"

#: The guide's levels, lightest first.
LEVELS = (CAUTION, WARNING, STANDINGS_ADJUSTMENT, DISQUALIFICATION)

#: The escalation ladder of section 1.2.1: a repeat takes the next step.
LADDER = (CAUTION, CAUTION, WARNING, WARNING, STANDINGS_ADJUSTMENT, STANDINGS_ADJUSTMENT, DISQUALIFICATION)

#: The guide's categories of infractions.
CATEGORIES = ("procedural_error", "tournament_error", "unsportsmanlike_conduct")

#: Sub-category -> (category, baseline level), in the guide's order.
SUBCATEGORIES: dict[str, tuple[str, str]] = {
    # 2. Procedural errors
    "missed_mandatory_effect": ("procedural_error", CAUTION),
    "card_access_error": ("procedural_error", CAUTION),
    "game_rule_violation": ("procedural_error", CAUTION),
    "failure_to_maintain_game_state": ("procedural_error", STANDINGS_ADJUSTMENT),
    # 3. Tournament errors
    "illegal_decklist": ("tournament_error", WARNING),
    "illegal_main_deck_legal_decklist": ("tournament_error", STANDINGS_ADJUSTMENT),
    "illegal_main_deck_no_decklist": ("tournament_error", STANDINGS_ADJUSTMENT),
    "outside_assistance": ("tournament_error", STANDINGS_ADJUSTMENT),
    "slow_play": ("tournament_error", CAUTION),
    "limited_procedure_violation": ("tournament_error", CAUTION),
    "public_info_miscommunication": ("tournament_error", WARNING),
    "obscuring_game_state": ("tournament_error", CAUTION),
    "marked_cards": ("tournament_error", WARNING),
    "insufficient_shuffling": ("tournament_error", WARNING),
    # 4. Unsportsmanlike conduct
    "minor": ("unsportsmanlike_conduct", WARNING),
    "major": ("unsportsmanlike_conduct", STANDINGS_ADJUSTMENT),
    "aggressive_behaviour": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "bribery_and_wagering": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "theft_of_tournament_material": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "stalling": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "cheating": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "fraud": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "collusion": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "health_and_safety_disruption": ("unsportsmanlike_conduct", WARNING),
    "rage_quitting": ("unsportsmanlike_conduct", DISQUALIFICATION),
    "failure_to_play_to_win": ("unsportsmanlike_conduct", WARNING),
}

#: Sub-category -> its baseline level.
BASELINE: dict[str, str] = {sub: level for sub, (_, level) in SUBCATEGORIES.items()}


def category_of(subcategory: str) -> str:
    """The guide's category of an infraction (a key of :data:`SUBCATEGORIES`)."""
    return SUBCATEGORIES[subcategory][0]


def suggested_level(subcategory: str, earlier: int) -> str:
    """The level the guide suggests for an infraction when the player has
    ``earlier`` sanctions for the same infraction in this event: the
    baseline's first step on :data:`LADDER`, ``earlier`` steps further (a
    disqualification stays one)."""
    start = LADDER.index(BASELINE[subcategory])
    return LADDER[min(start + earlier, len(LADDER) - 1)]


def level_name(level: str) -> Message:
    """The level in words ("standings adjustment")."""
    return say(f"sanction.level.{level}")


def infraction_name(subcategory: Optional[str]) -> "Message | str":
    """The infraction in words ("Tournament error: slow play"), "" for none."""
    if not subcategory:
        return ""
    return say("sanction.infraction", category=say(f"sanction.category.{category_of(subcategory)}"),
               name=say(f"sanction.sub.{subcategory}"))


def vp_penalties(sanctions: Iterable[object], round: object) -> dict[int, int]:
    """Player -> the VPs the standings adjustments of ``round`` take off
    (1 each). ``sanctions``: objects with ``player``, ``level`` and ``round``."""
    out: dict[int, int] = {}
    for s in sanctions:
        if getattr(s, "level", None) == STANDINGS_ADJUSTMENT and str(getattr(s, "round")) == str(round):
            player = int(getattr(s, "player"))
            out[player] = out.get(player, 0) + 1
    return out


def penalised_vps(players: list[int], vps: list[float], penalties: dict[int, int]) -> list[float]:
    """The table's VPs in seat order once each player's penalty is taken off:
    what the table's GW and TP follow from (a penalised 0 reads -1, alone
    last, as in the guide's example)."""
    return [v - penalties.get(p, 0) for p, v in zip(players, vps)]
